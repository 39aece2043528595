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
#     preconditions (proofs/fixtures/) is reported VACUOUS and fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out=proofs/results
case ${FRESH:-0} in
0) ;;
1)	global=$(bash proofs/prove.sh --cache-dir) || exit 2
	WP_CACHE_DIR=$(mktemp -d) || exit 2
	export WP_CACHE_DIR
	# shellcheck disable=SC2064 # the directory is fixed now
	trap "rm -rf '$WP_CACHE_DIR'" EXIT ;;
*) echo "prove-check: FRESH must be 0 or 1, not '${FRESH}'" >&2; exit 2 ;;
esac
export FRESH=0
log=$(UNITS_FILE=proofs/fixtures/units.txt TAG=fixture bash proofs/prove.sh 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'VACUOUS.*rl_fixture_vacuous' <<<"$log"; then
	echo "prove-check: the smoke tests did not flag the vacuous fixture (exit $rc)" >&2
	exit 1
fi
echo "prove-check: a contract with contradictory preconditions is reported VACUOUS"
bash proofs/prove.sh || { echo "prove-check: the patched driver does not prove" >&2; exit 1; }
breaks=$(python3 proofs/units.py breaks) || exit 2
status=0
while IFS=$'\t' read -r name variant want; do
	UNITS=$name VARIANT=$variant bash proofs/prove.sh >/dev/null 2>&1
	rc=$?
	got=$(python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["unproved_goals"]))' \
		"$out/report-$variant.json" 2>/dev/null)
	if [ $rc -ne 1 ] || [ -z "$got" ]; then
		echo "prove-check: $variant does not break unit $name (exit $rc)" >&2
		status=1
	elif [ "$got" != "$want" ]; then
		echo "prove-check: $variant breaks unit $name at $got, not exactly its theorem $want" >&2
		status=1
	else
		echo "prove-check: $variant breaks unit $name at exactly: $got"
	fi
done <<<"$breaks"
if [ -n "${global:-}" ] && mkdir -p "$global"; then
	# keep what this run proved (never overwrite an entry)
	find "$WP_CACHE_DIR" -name '*.json' -exec cp -n -t "$global" {} +
fi
exit $status
