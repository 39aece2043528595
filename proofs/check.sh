#!/usr/bin/env bash
# Both directions of the proofs (run by make check):
#  1. every unit proves on the patched driver (from scratch, no cache);
#  2. for every unit with a leak variant in proofs/units.txt, proving that
#     unit with the variant re-injected fails, and the unproved goal is the
#     unit's theorem (an assertion or postcondition naming the leak), not
#     some unrelated goal;
#  3. the vacuity detector fires: a fixture with contradictory
#     preconditions (proofs/fixtures/) is reported VACUOUS and fails.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(UNITS_FILE=proofs/fixtures/units.txt TAG=fixture bash proofs/prove.sh 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'VACUOUS.*rl_fixture_vacuous' <<<"$log"; then
	echo "prove-check: the smoke tests did not flag the vacuous fixture (exit $rc)" >&2
	exit 1
fi
echo "prove-check: a contract with contradictory preconditions is reported VACUOUS"
bash proofs/prove.sh || { echo "prove-check: the patched driver does not prove" >&2; exit 1; }
status=0
while IFS='|' read -r name file fcts breaks; do
	name=$(echo $name); breaks=$(echo $breaks)
	[ -z "$name" ] || [ "${name:0:1}" = "#" ] || [ "$breaks" = - ] && continue
	for v in $breaks; do
		log=$(UNITS=$name VARIANT=$v bash proofs/prove.sh 2>&1)
		rc=$?
		goals=$(grep -o 'UNPROVED [^ ]*: [a-z0-9_]*' <<<"$log" | sed 's/UNPROVED //')
		if [ $rc -ne 1 ] || [ -z "$goals" ]; then
			echo "prove-check: $v does not break unit $name (exit $rc)" >&2
			status=1
		elif grep -vq '_assert_[a-z_]*drops_nothing\|_ensures_[a-z_]*\(returned\|given_back\|accounted\)' <<<"$goals"; then
			echo "prove-check: $v breaks unit $name but also unrelated goals:" >&2
			echo "$goals" >&2
			status=1
		else
			echo "prove-check: $v breaks unit $name at: $(tr '\n' ' ' <<<"$goals")"
		fi
	done
done < proofs/units.txt
exit $status
