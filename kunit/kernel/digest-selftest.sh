#!/usr/bin/env bash
# digest-selftest.sh GCC_LOG CLANG_LOG (part of make host-check):
#  1. the host gcc and clang builds replay every regression trace with the
#     same digests at every step (compare-digests.py passes);
#  2. the comparison fires: one step's digest altered in a copy is named,
#     with its step, and the comparison fails.
set -euo pipefail
here=$(dirname "$0")
a=${1:?usage: digest-selftest.sh LOG_A LOG_B}
b=${2:?}
python3 "$here/compare-digests.py" "$a" "$b"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
line=$(grep -m1 -n 'replay [^ ]* patched step 2 digest' "$b" | cut -d: -f1)
[ -n "$line" ] || { echo "digest selftest: no step-2 digest in $b" >&2; exit 1; }
sed "${line}s/digest [0-9a-f]\{16\}/digest 0123456789abcdef/" "$b" > "$tmp"
if out=$(python3 "$here/compare-digests.py" "$a" "$tmp"); then
	echo "digest selftest: an altered digest was not noticed" >&2
	exit 1
fi
grep -q 'differs at step 2:' <<<"$out" ||
	{ echo "digest selftest: the difference was not named by its step: $out" >&2; exit 1; }
echo "digest selftest: an altered step digest is caught: ${out#compare-digests: }"
