#!/usr/bin/env bash
# make prove [VARIANT=name]: run Frama-C WP (-wp-rte, Z3 + CVC4) on every
# unit of proofs/units.txt, print a per-function dashboard, write
# proofs/results/report.{json,html}.  Exit 1 if any goal is unproved.
# With VARIANT=name the driver is proved with that bug re-injected
# (RL_PROOF_VARIANTS = BIT(variant)); the run must then fail.
# UNITS="a b" limits the run to those units (local iteration).
# Caches: WP_CACHE_DIR (default outside the clone, in the user's cache)
# holds WP's goal cache and, in units/, whole units' outcomes keyed by
# their inputs; FRESH=1 runs every unit and sends every goal to the
# provers, refreshing the entries (a proof from scratch).
set -uo pipefail
cd "$(dirname "$0")/.."
cache_dir=${WP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ringledger/wp-cache}
# prove.sh --cache-dir: the settings below checked, then where the goal
# cache is (for check.sh, which calls it before anything runs)
query=
[ "${1:-}" = --cache-dir ] && { query=1; shift; }
[ $# -eq 0 ] || { echo "prove: unknown argument '$1' (settings come from the environment)" >&2; exit 2; }
variant=${VARIANT:-}
# A goal's budget is counted in prover steps (CVC4's resource units), not
# seconds: the same goal proves or fails the same way on every machine,
# however slow or loaded (a 60 s limit failed a CI run whose machine took
# 1368 s over what takes 455 s here).  The goal needing most takes 1.76 M
# (rx_destroy's done_step, proofs/README.md).  WP_TIMEOUT is
# only a backstop against a prover that hangs, far beyond the budget.
steps=${WP_STEPS:-3000000}
timeout=${WP_TIMEOUT:-600}
# a variant run's goals that must break (units.txt's theorem column) get
# this limit; every other goal keeps WP_STEPS and must prove
btimeout=${WP_BREAK_TIMEOUT:-10}
# A smoke test (below) that finds nothing runs until its budget is spent,
# so the smoke tests have one of their own, in prover steps like the
# goals' (the same verdict on every machine; until 2026-12-05 a limit
# of 1 CPU second, in which a slower machine does less).  A contradiction
# put into the largest context (unit rx_destroy's per-flow destroy: a
# requires against the shape predicate's bound, or one that only an
# instance of its quantifier refutes) makes the smoke test prove at
# 30,000 steps, not at 20,000: CVC4 needs about that to read the goal.
# The budget is over three times that (proofs/README.md).
ssteps=${WP_SMOKE_STEPS:-100000}
[ -z "${WP_SMOKE_TIMEOUT+set}" ] ||
	{ echo "prove: WP_SMOKE_TIMEOUT is gone: the smoke tests' budget is WP_SMOKE_STEPS, in prover steps" >&2; exit 2; }
for v in "$timeout" "$btimeout"; do
	[[ $v =~ ^[1-9][0-9]*$ ]] || { echo "prove: WP_TIMEOUT and WP_BREAK_TIMEOUT are seconds, not '$v'" >&2; exit 2; }
done
for v in "$steps" "$ssteps"; do
	[[ $v =~ ^[1-9][0-9]*$ ]] || { echo "prove: WP_STEPS and WP_SMOKE_STEPS are counts of prover steps, not '$v'" >&2; exit 2; }
done
par=${WP_PAR:-2}
# CVC4 alone proves every goal of the set; with Z3 beside it (WP runs the
# provers of a goal side by side until one answers) the Z3 runs took half
# the CPU and closed no goal CVC4 could not.  Z3 joins where it may help:
# a patched unit left with an unproved goal is proved again with both,
# and a variant's broken goals must fail both (WP_PROVERS overrides).
provers=${WP_PROVERS:-cvc4}
# units proved side by side: WP's own work on a goal (building and
# simplifying it, one thread) leaves a core idle that another unit's
# provers can use (xsk_tx is almost all of that, stmmac_zc_fill almost
# all prover time); units.txt lists the longest first
jobs=${WP_JOBS:-2}
for v in "$par" "$jobs"; do
	[[ $v =~ ^[1-9][0-9]*$ ]] || { echo "prove: WP_PAR and WP_JOBS are counts, not '$v'" >&2; exit 2; }
done
[ -z "$query" ] || { echo "$cache_dir"; exit 0; }
out=proofs/results
mkdir -p "$out"
for t in frama-c why3 z3 cvc4 python3; do
	command -v "$t" >/dev/null || { echo "prove: $t not found (run make deps)" >&2; exit 2; }
done
# proofs/footprints.h writes the rings of RL_MAX_FLOWS flows out one by one
grep -q '^#define RL_MAX_FLOWS[[:space:]]*8$' model/k3_udma_glue.h ||
	{ echo "prove: RL_MAX_FLOWS is no longer 8: update RL_RX_PUSH_FOOTPRINT and RL_RX_RINGS_FOOTPRINT in proofs/footprints.h" >&2; exit 2; }
# and every port's xdp_rxq_info of a flow, AM65_CPSW_MAX_PORTS of them
# (the footprint and rl_am65_cpsw_destroy_rxqs' loop assigns)
grep -q '^#define AM65_CPSW_MAX_PORTS[[:space:]]*2[[:space:]]' driver/am65-cpsw/am65_cpsw.h ||
	{ echo "prove: AM65_CPSW_MAX_PORTS is no longer 2: update RL_AM65_RXQ_INFO_FOOTPRINT in proofs/footprints.h and rl_am65_cpsw_destroy_rxqs' loop assigns" >&2; exit 2; }
# the variant's bit comes from the catalogue tool (make builds it)
# (its driver's units only: a bit means another bug in the other driver)
mask=0 vdir=-
if [ -n "$variant" ] && [ "$variant" != patched ]; then
	[ -x "${VARIANTS_BIN:-build/variants}" ] || { echo "prove: ${VARIANTS_BIN:-build/variants} not built (make variants)" >&2; exit 2; }
	vm=$(python3 proofs/units.py --variants "${VARIANTS_BIN:-build/variants}" mask "$variant" 2>&1) ||
		{ echo "prove: ${vm#units: }" >&2; exit 2; }
	read -r vdir mask <<<"$vm"
fi
# header directories from the one source list (fuzz/trace/sources.mk)
inc=$(make -s --no-print-directory -f fuzz/trace/sources.mk -f - rl-print \
	<<<'rl-print: ; @echo $(call rl_inc,,$(RL_CORE_DIRS))')
[ -n "$inc" ] || { echo "prove: cannot read fuzz/trace/sources.mk" >&2; exit 2; }
export WHY3CONFIG=$PWD/$out/why3.conf
# project-local prover configuration, never the user's ~/.why3.conf
[ -s "$WHY3CONFIG" ] || why3 config detect -C "$WHY3CONFIG" >/dev/null 2>&1 ||
	{ echo "prove: why3 config detect failed" >&2; exit 2; }
tag=${TAG:-${variant:-patched}}
# Frama-C's WP cache names each entry by the digest of the task exactly as
# the prover receives it (prover and version included), so a goal whose
# text changed misses and is proved again; a cached step-out or timeout
# is replayed only if it was reached with at least this run's limits
# (Cache.ml, promote).  A hit costs no prover time.
case ${FRESH:-0} in
0) cache_mode=update ;;
1) cache_mode=rebuild ;;
*) echo "prove: FRESH must be 0 or 1, not '${FRESH}'" >&2; exit 2 ;;
esac
if ! mkdir -p "$cache_dir" 2>/dev/null || ! [ -w "$cache_dir" ]; then
	echo "prove: cannot write the goal cache $cache_dir (set WP_CACHE_DIR)" >&2
	exit 2
fi
# FRESH=1 proves into an empty goal cache of its own, not with WP's
# "rebuild" (which sends every goal to the provers even when the same
# goal was proved a moment before in this run: some are one task twice,
# e.g. a loop's effect checked for the normal and the exit path - how
# many, proofs/README.md); the new entries then replace the
# user's (the refresh FRESH promises).  The unit cache stays the user's.
goal_cache=$cache_dir wp_mode=$cache_mode label=$cache_mode
if [ "$cache_mode" = rebuild ]; then
	goal_cache=$(mktemp -d) wp_mode=update label="FRESH, the run's own" || exit 2
	# shellcheck disable=SC2064 # the directory is fixed now
	trap "rm -rf '$goal_cache'" EXIT
fi
# Smoke tests guard the patched run against vacuous proofs.  They run in a
# second WP pass over the unit (-then), where the goals already proved
# are not tried again, so that they alone get WP_SMOKE_STEPS (the time
# limit then only a backstop).  A variant run only has to show that its
# theorem fails and nothing else does: without them it takes about half
# the time.
if [ "$mask" -eq 0 ]; then
	smoke="-wp-smoke-tests -wp-no-smoke-dead-code -wp-steps $ssteps -wp-smoke-timeout $timeout"
else
	smoke=
fi
rm -f "$out"/unit-"$tag"-*.json "$out"/unit-"$tag"-*.log* "$out"/unit-"$tag"-*.print
# the unit cache, beside the goal cache; the tools' versions for its keys
ucache=$cache_dir/units
mkdir -p "$ucache" || { echo "prove: cannot write the unit cache $ucache" >&2; exit 2; }
tools=$( { frama-c -version; why3 --version; z3 --version; cvc4 --version | head -n 1; cat "$WHY3CONFIG"; } 2>&1 | sha256sum)
start=$(date +%s)
units=$(python3 proofs/units.py --file "${UNITS_FILE:-proofs/units.txt}" --only "${UNITS:-}" tsv) || exit 2
# frama_c ARGS...: Frama-C on the unit's source as every step parses it
# (one command line, so the unit key digests what WP proves)
frama_c() {
	frama-c -machdep gcc_x86_64 -pp-annot \
		-cpp-extra-args="-std=gnu11 -include proofs/footprints.h -include proofs/walks.h $inc -DRL_PROOF_VARIANTS=$m" \
		"$file" "$@"
}
# prove_unit MODE PROVERS: one unit through WP, with the goal cache in MODE.  In
# a variant run the goals the variant must break ($brk, their ACSL names)
# are proved last, in a second WP pass (-then) with WP_BREAK_TIMEOUT: a
# broken goal waits out its time limit, twice (once per prover), and in
# the patched proof each of them proves in well under a second.  The
# report is written after both passes and holds every goal.
prove_unit() {
	local then=() spass=() sel=()
	# the unit's functions named again: a second pass without -wp-fct
	# generated no goal (Frama-C 25)
	# shellcheck disable=SC2206 # the smoke options are words
	[ -z "$smoke" ] || [ "$props" != - ] || spass=(-then -wp-fct "$fcts" $smoke)
	# A unit of some properties only (units.txt prop:) proves those; in a
	# variant run the first pass proves those of them the variant must not
	# break (when none is left, a name no property has: no goal)
	if [ "$props" != - ]; then
		sel=(-wp-prop="$props")
		[ "$brk" = - ] || sel=(-wp-prop="$(comm -23 <(tr , '\n' <<<"$props" | sort) \
			<(tr , '\n' <<<"$brk" | sort) | paste -sd, -)")
		[ "${sel[0]}" != -wp-prop= ] || sel=(-wp-prop=rl_no_property)
	fi
	[ "$brk" = - ] || [ ${#sel[@]} -gt 0 ] || sel=(-wp-prop="$(sed 's/^/-/; s/,/,-/g' <<<"$brk")")
	[ "$brk" = - ] || then=(
		-then -wp-timeout "$btimeout" -wp-prover z3,cvc4
		-wp-prop="$(sed 's/^/+/; s/,/,+/g' <<<"$brk")")
	# shellcheck disable=SC2086 # the unit's WP flags are words
	frama_c -wp -wp-rte -wp-prover "$2" -wp-steps "$steps" -wp-timeout "$timeout" -wp-par "$par" \
		-wp-cache "$1" -wp-cache-dir "$goal_cache" $wpflags -wp-fct "$fcts" "${sel[@]}" \
		"${then[@]}" "${spass[@]}" -wp-report-json "$out/unit-$tag-$name.json" >"$log" 2>&1
}
# unit_key: a digest of everything the unit's goals and verdicts depend
# on - the source as Frama-C parsed it (every header, contract and
# footprint, macros expanded, the variant bit applied), the unit's
# functions and options, the step budget and time limits, the tools'
# versions
# (the source as parsed is kept beside the log: the dashboard reads the
# calls of the unit's functions there)
unit_key() {
	frama_c -print >"$out/unit-$tag-$name.print" 2>&1
	{
		cat "$out/unit-$tag-$name.print"
		echo "$fcts|$wpflags|$props|$smoke|$steps|$timeout|$brk|$btimeout|$par|$provers|$tools"
	} | sha256sum | cut -c1-40
}
# smoke LOG CALLS: "V E", the smoke tests that proved in LOG - V vacuous,
# E the dead_call of a call only a variant makes (CALLS: units.txt
# variant-call; units.py smoke reads them as the dashboard does)
smoke() {
	python3 proofs/units.py smoke "$1" "$2"
}
# unproved LOG CALLS: WP's summary counts fewer proved goals than goals (a
# smoke test that proved counts as unproved there) beyond those E
unproved() {
	local v e
	read -r v e < <(smoke "$1" "$2") || return 0
	awk -v ok="$e" '/^\[wp\] Proved goals:/ { n += $6 - $4 } END { exit !(n > ok) }' "$1"
}
# vacuous LOG CALLS: a smoke test proved, other than those E
vacuous() {
	local v e
	read -r v e < <(smoke "$1" "$2") || return 0
	[ "$v" -gt 0 ]
}
# unit_mask: the variant bit as the unit's source file sees it
unit_mask() {
	if [[ $file == "$vdir"/* ]]; then echo "$mask"; else echo 0; fi
}
# every unit's goals to break, read before any unit starts (bad input
# stops the run before any prover does)
declare -A brks
while IFS=$'\t' read -r name file fcts wpflags vcalls props; do
	brks[$name]=-
	[ "$(unit_mask)" -eq 0 ] && continue
	brks[$name]=$(python3 proofs/units.py --file "${UNITS_FILE:-proofs/units.txt}" labels "$name" "$variant" 2>&1) ||
		{ echo "prove: ${brks[$name]#units: }" >&2; exit 2; }
done <<<"$units"
# prove_one: one unit of the list (name file fcts wpflags vcalls set),
# in the background beside others
prove_one() {
	t0=$(date +%s.%N)
	m=$(unit_mask)
	[ "$wpflags" = - ] && wpflags=
	brk=${brks[$name]}
	log=$out/unit-$tag-$name.log
	# A unit whose inputs did not change is not run again: its report and
	# log come back from the unit cache (FRESH=1 always runs it).
	key=$(unit_key)
	ukey=$ucache/$key
	if [ "$cache_mode" = update ] && [ -s "$ukey.json" ] && [ -s "$ukey.log" ]; then
		cp "$ukey.json" "$out/unit-$tag-$name.json"
		{ cat "$ukey.log"; echo "[ringledger] unit replayed whole: inputs unchanged (key $key)"; } >"$log"
		echo "$name 0 $(echo "$(date +%s.%N) - $t0" | bc)" >>"$log.time"
		return 0
	fi
	prove_unit "$wp_mode" "$provers"
	rc=$?
	# A failed goal is cached like a proved one; a step-out is the same on
	# every machine, but a goal the time backstop stopped would be replayed
	# as failed.  On the patched driver, where every goal must prove, a
	# unit with an unproved goal is proved again from scratch, with Z3
	# beside CVC4, before the failure is reported (its first log kept
	# beside: .log.cached).  Z3's steps are smaller units than CVC4's:
	# within the same budget it closes only its quick goals.
	if [ $rc -eq 0 ] && [ "$mask" -eq 0 ] && unproved "$log" "$vcalls" &&
		{ [ "$cache_mode" = update ] || [ "$provers" != z3,cvc4 ]; }; then
		mv "$log" "$log.cached"
		prove_unit rebuild z3,cvc4
		rc=$?
	fi
	# keep the outcome for the next run with the same inputs: on the
	# patched driver only a full proof with no vacuous unit (a failure is
	# always proved again); a variant run's expected failure as it is
	if [ $rc -eq 0 ] && { [ "$mask" -ne 0 ] ||
		! { unproved "$log" "$vcalls" || vacuous "$log" "$vcalls"; }; }; then
		cp "$out/unit-$tag-$name.json" "$ukey.json.$$" && cp "$log" "$ukey.log.$$" &&
			mv "$ukey.json.$$" "$ukey.json" && mv "$ukey.log.$$" "$ukey.log"
	fi
	t1=$(date +%s.%N)
	echo "$name $rc $(echo "$t1 - $t0" | bc)" >>"$log.time"
	[ $rc -eq 0 ] || echo "prove: frama-c failed on unit $name (see $log)" >&2
}
while IFS=$'\t' read -r name file fcts wpflags vcalls props; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	prove_one &
done <<<"$units"
wait
[ "$goal_cache" = "$cache_dir" ] || cp -R "$goal_cache/." "$cache_dir/" ||
	echo "prove: could not copy the new goal cache entries into $cache_dir" >&2
PROVE_MASK=$mask python3 proofs/dashboard.py "$out" "$tag" "$(( $(date +%s) - start ))" "$label"
