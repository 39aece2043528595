#!/usr/bin/env bash
# footprints-check.sh CC: compile proofs/footprints_test.c, which uses
# every footprint macro of proofs/footprints.h on a pointer of the type
# its contracts give it, so a renamed model field fails make host-check.
# Between preprocessing and compiling, ACSL becomes C: ranges "[a .. b]"
# and "(a .. b)" become "[a]" and "(a)", \old(x) and \at(x, L) become
# (x) (x == \old(x) is no tautology to the compiler's warning), \null a
# null pointer, \valid and \separated calls of rl_fp_valid() and
# rl_fp_apart(); a quantifier's binder "\forall integer j;" or
# "\exists integer j;" goes (the test declares the bound variable),
# "==>" becomes "&&", and ACSL's chained "0 <= j < n" compiles (a
# warning of its own, off).
# A function-like macro of footprints.h that neither the test nor another
# macro of footprints.h uses fails.
# --selftest: a copy of footprints.h with a field renamed must fail (one
# in a plain footprint, one inside a quantified macro).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --selftest ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# a plain footprint, and a field inside a quantifier (RL_AM65_RX_KEPT)
	for rename in 's/(p)->acct\.avail,/(p)->acct.avail_renamed,/' \
		's/flows\[j\]\.napi_enabled, L)/flows[j].napi_enabled_renamed, L)/'; do
		sed "$rename" proofs/footprints.h >"$tmp/footprints.h"
		cmp -s proofs/footprints.h "$tmp/footprints.h" &&
			{ echo "footprints-check: self-test could not rename a field ($rename)" >&2; exit 1; }
		if RL_FOOTPRINTS_DIR=$tmp bash "$0" "${2:-gcc}" >/dev/null 2>&1; then
			echo "footprints-check: a renamed field was NOT caught ($rename)" >&2
			exit 1
		fi
	done
	echo "footprints-check: self-test: a footprint naming a missing field is caught, inside a quantifier too"
	exit 0
fi
cc=${1:-gcc}
fdir=${RL_FOOTPRINTS_DIR:-proofs}
inc=$(make -s --no-print-directory -f fuzz/trace/sources.mk -f - rl-print \
	<<<'rl-print: ; @echo $(call rl_inc,,$(RL_CORE_DIRS))')
# shellcheck disable=SC2086
expanded=$($cc -std=gnu11 -E -P -I"$fdir" $inc proofs/footprints_test.c) ||
	{ echo "footprints-check: preprocessing failed" >&2; exit 1; }
# shellcheck disable=SC2086
sed 's/\[\([^]]*\) \.\. [^]]*\]/[\1]/g; s/(\([^()]*\) \.\. [^()]*)/(\1)/g
	s/\\old(/(/g; s/\\at(\([^,]*\), *[A-Za-z_]*)/(\1)/g
	s/\\valid(/rl_fp_valid(/g; s/\\null/((void *)0)/g
	s/\\separated(/rl_fp_apart(/g
	s/\\\(forall\|exists\) integer [a-z_]*;//g; s/==>/\&\&/g' <<<"$expanded" |
	$cc -std=gnu11 -fsyntax-only -Wall -Werror -Wno-unused-value -Wno-tautological-compare \
		-Wno-unknown-warning-option -Wno-bool-compare \
		-Wno-parentheses -x c - ||
	{ echo "footprints-check: proofs/footprints.h names a field the model does not have (above)" >&2; exit 1; }
for mac in $(sed -n 's/^#define \([A-Z0-9_]*\)(.*/\1/p' "$fdir/footprints.h"); do
	grep -q "$mac(" proofs/footprints_test.c ||
		[ "$(grep -v '^ \*\|^/\*' "$fdir/footprints.h" | grep -c "$mac(")" -gt 1 ] ||
		{ echo "footprints-check: $mac is not used in proofs/footprints_test.c" >&2; exit 1; }
done
echo "footprints-check: every field proofs/footprints.h names compiles against the model"
