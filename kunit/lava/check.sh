#!/usr/bin/env bash
# kunit/lava/check.sh HOST_KTAP (part of make check):
#  1. the LAVA test definition and the example job are valid YAML with the
#     keys LAVA needs, and the job points at the definition in this tree;
#  2. the board scripts parse (sh -n);
#  3. ktap-results.sh turns the host suites' KTAP into one result per case
#     and parameter, all "pass"; with one case flipped to "not ok" it
#     reports that case as "fail" and exits 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
ktap=${1:?usage: check.sh HOST_KTAP}
python3 - <<'PY'
import sys, yaml
d = yaml.safe_load(open('kunit/lava/ringledger-kunit.yaml'))
m = d.get('metadata', {})
assert m.get('format') == 'Lava-Test Test Definition 1.0', 'metadata.format'
assert m.get('name') and m.get('description'), 'metadata name/description'
assert 'k3-am625-sk' in m.get('devices', []), 'metadata.devices'
steps = d.get('run', {}).get('steps')
assert isinstance(steps, list) and steps, 'run.steps'
assert any('run-on-board.sh' in s for s in steps), 'run.steps call run-on-board.sh'
j = yaml.safe_load(open('kunit/lava/k3-am625-sk-job.yaml'))
assert j.get('device_type') == 'k3-am625-sk', 'job device_type'
kinds = [list(a)[0] for a in j.get('actions', [])]
assert kinds == ['deploy', 'boot', 'test'], f'job actions {kinds}'
defs = j['actions'][2]['test']['definitions']
import os
for x in defs:
    assert os.path.exists(x['path']), f"job test definition {x['path']} missing"
print('lava: test definition and k3-am625-sk job are valid YAML with the keys LAVA needs')
PY
sh -n kunit/lava/run-on-board.sh
sh -n kunit/lava/ktap-results.sh
suites=$(sed -n 's/^    # Subtest: \(ringledger_[a-z0-9_]*\)$/\1/p' "$ktap")
[ -n "$suites" ] || { echo "lava: no ringledger suite in $ktap" >&2; exit 1; }
# one suite's KTAP, from its Subtest line to its own result line
suite_block() {
	awk -v s="$1" '$0 == "    # Subtest: " s { on = 1 } on { print } on && $0 ~ "^(not )?ok [0-9]+ " s "$" { exit }' "$ktap"
}
total=0
for s in $suites; do
	block=$(suite_block "$s")
	oks=$(grep -cE '^ *(not )?ok [0-9]+ ' <<<"$block")
	out=$(sh kunit/lava/ktap-results.sh "$s" <<<"$block") ||
		{ echo "lava: ktap-results failed on suite $s:" >&2; echo "$out" >&2; exit 1; }
	got=$(grep -c ' pass$' <<<"$out")
	[ "$got" -eq "$oks" ] ||
		{ echo "lava: suite $s has $oks results, ktap-results passed $got" >&2; exit 1; }
	total=$((total + got))
done
# the converter must report a failure as one
s=$(head -n 1 <<<"$suites")
block=$(suite_block "$s")
flipped=$(sed '0,/^    ok 1 /s/^    ok 1 /    not ok 1 /' <<<"$block")
if out=$(sh kunit/lava/ktap-results.sh "$s" <<<"$flipped"); then
	echo "lava: a failed case was reported as passing" >&2
	exit 1
fi
grep -q ' fail$' <<<"$out" || { echo "lava: no fail line for the flipped case" >&2; exit 1; }
echo "lava: KTAP -> LAVA results: $total passing results over $(wc -w <<<"$suites") suites; a failed case is reported as fail"
