#!/usr/bin/env bash
# Both directions of the proofs (run by make check):
#  1. every unit proves on the patched driver (goals already in the goal
#     cache replayed; with FRESH=1 every goal proved from scratch once, in
#     a cache private to this run that the variant runs then reuse, and
#     the new entries added to the user's cache at the end);
#  2. for every unit with a leak variant in proofs/units.txt, proving that
#     unit with the variant re-injected fails, and the goals left unproved
#     are exactly the unit's theorem column (its assertion or
#     postconditions naming the leak): an unrelated unproved goal, or a
#     theorem goal that still proves, fails the check;
#  3. the vacuity detector fires: a fixture with contradictory
#     preconditions (proofs/fixtures/) is reported VACUOUS and fails, a
#     call named as a variant's (variant-call) is exempt only while dead;
#     a callee left to Frama-C's prototype-made assigns is reported unless
#     its unit names it (default-assigns), and a name that is not one is;
#  4. the unit cache replays an unchanged unit whole and proves a changed
#     one again (a fixture whose contract is then made false must fail).
set -uo pipefail
cd "$(dirname "$0")/.."
out=proofs/results
case ${FRESH:-0} in
0|1) ;;
*) echo "prove-check: FRESH must be 0 or 1, not '${FRESH}'" >&2; exit 2 ;;
esac
# prove.sh's settings (step and time limits, WP_PAR, WP_JOBS) checked by
# prove.sh before anything runs: a bad one would otherwise stop the first
# prove.sh call and leave a misleading second line here
cache=$(bash proofs/prove.sh --cache-dir) || exit 2
global=
case ${FRESH:-0} in
1)	global=$cache
	WP_CACHE_DIR=$(mktemp -d) || exit 2
	export WP_CACHE_DIR
	# shellcheck disable=SC2064 # the directory is fixed now
	trap "rm -rf '$WP_CACHE_DIR'" EXIT ;;
esac
export FRESH=0
log=$(UNITS_FILE=proofs/fixtures/units.txt TAG=fixture bash proofs/prove.sh 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'VACUOUS.*rl_fixture_vacuous' <<<"$log"; then
	echo "prove-check: the smoke tests did not flag the vacuous fixture (exit $rc)" >&2
	exit 1
fi
# a patched unit left unproved is proved a second time (with Z3 and CVC4)
# before the failure is reported; its first log is kept beside
if ! [ -s "$out/unit-fixture-vacuous.log.cached" ]; then
	echo "prove-check: the vacuous fixture was not proved a second time before it was reported" >&2
	exit 1
fi
echo "prove-check: a contract with contradictory preconditions is reported VACUOUS (after a second try)"
# a call units.txt names as a variant's (variant-call:FUNC) is expected
# dead; one the patched code makes is reported
if grep -q 'VACUOUS.*variant_call:' <<<"$log" ||
	! grep -q 'VARIANT CALL REACHABLE.*variant_live: rl_fixture_new' <<<"$log"; then
	echo "prove-check: variant-call (units.txt) did not exempt the variant's call, or let a live call pass" >&2
	exit 1
fi
echo "prove-check: a call only a variant makes is exempt from the smoke tests, a live one so named is reported"
# a callee whose assigns Frama-C made from its prototype must be named by
# its unit (default-assigns:FUNC), and a name must be such a callee
if ! grep -q 'DEFAULT ASSIGNS (.*default_unnamed: rl_fixture_unspecified$' <<<"$log" ||
	grep -q 'default_named:' <<<"$log" ||
	! grep -q 'DEFAULT ASSIGNS NAMED BUT NOT MADE .*default_stale: rl_fixture_specified$' <<<"$log" ||
	grep -q 'default_stale: rl_fixture_unspecified' <<<"$log"; then
	echo "prove-check: a callee with prototype-made assigns went unreported, or a default-assigns: name was misread" >&2
	exit 1
fi
echo "prove-check: a callee with prototype-made assigns must be named by its unit, and a name must be one"
# the unit cache replays a unit only while its inputs are unchanged: a
# fixture proves, is replayed, then its contract is made false and must
# be proved again - and fail
t=$(mktemp -d "$out/cachetest.XXXXXX") || exit 2
printf '%s\n' '/*@ requires 0 < x < 100;' '  @ assigns \nothing;' '  @ ensures r: \result == x;' \
	'  @*/' 'int rl_fixture_tiny(int x)' '{' '	return x;' '}' >"$t/tiny.c"
echo "tiny | $t/tiny.c | rl_fixture_tiny | - | -" >"$t/units.txt"
# (short limits: the false contract steps out or times out, twice - see
# prove.sh)
ct() { WP_STEPS=100000 WP_TIMEOUT=3 WP_CACHE_DIR=$t/cache UNITS_FILE=$t/units.txt TAG=cachetest bash proofs/prove.sh 2>&1; }
l1=$(ct) && l2=$(ct) && sed -i 's/== x;/== x + 1;/' "$t/tiny.c" && ! l3=$(ct)
rc=$?
if [ $rc -ne 0 ] || ! grep -q ' 0 of 1 units replayed whole' <<<"$l1" ||
	! grep -q ' 1 of 1 units replayed whole' <<<"$l2" ||
	! grep -q ' 0 of 1 units replayed whole' <<<"$l3" || ! grep -q 'UNPROVED.*ensures_r' <<<"$l3"; then
	echo "prove-check: the unit cache replayed a changed unit, or did not replay an unchanged one" >&2
	printf '%s\n' "$l1" "$l2" "$l3" | grep 'prove\[' >&2
	rm -rf "$t"
	exit 1
fi
rm -rf "$t"
echo "prove-check: the unit cache replays an unchanged unit and proves a changed one again"
bash proofs/prove.sh || { echo "prove-check: the patched driver does not prove" >&2; exit 1; }
breaks=$(python3 proofs/units.py breaks) || exit 2
# check_variant NAME VARIANT WANT: one variant run and its verdict, a line
# on stdout (exit 1 when it does not break exactly its theorem)
check_variant() {
	local rc got
	UNITS=$1 VARIANT=$2 bash proofs/prove.sh >/dev/null 2>&1
	rc=$?
	got=$(python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["unproved_goals"]))' \
		"$out/report-$2.json" 2>/dev/null)
	if [ $rc -ne 1 ] || [ -z "$got" ]; then
		echo "prove-check: $2 does not break unit $1 (exit $rc)"
		return 1
	elif [ "$got" != "$3" ]; then
		echo "prove-check: $2 breaks unit $1 at $got, not exactly its theorem $3"
		return 1
	fi
	echo "prove-check: $2 breaks unit $1 at exactly: $got"
}
# the variant runs go WP_JOBS at a time (each proves one unit, WP's own
# work beside another's provers), their verdicts printed in list order
vdir=$(mktemp -d) || exit 2
i=0 pids=()
while IFS=$'\t' read -r name variant want; do
	while [ "$(jobs -rp | wc -l)" -ge "${WP_JOBS:-2}" ]; do
		wait -n
	done
	WP_JOBS=1 check_variant "$name" "$variant" "$want" >"$vdir/$i" &
	pids+=($!)
	i=$((i + 1))
done <<<"$breaks"
status=0
for j in "${!pids[@]}"; do
	if wait "${pids[$j]}"; then
		cat "$vdir/$j"
	else
		status=1
		cat "$vdir/$j" >&2
	fi
done
rm -rf "$vdir"
if [ -n "$global" ] && mkdir -p "$global"; then
	# keep what this run proved, goals and units (never overwrite an entry)
	cp -Rn "$WP_CACHE_DIR/." "$global/"
fi
exit $status
