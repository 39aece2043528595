#!/usr/bin/env python3
"""compare-digests.py REF_LOG OTHER_LOG...

Checks that every regression trace takes the same steps everywhere: the
per-step ledger digests and the first finding that
kunit/suites/trace_replay_test.c logs ("replay NAME RUN step N digest X",
"... end digest X", "... first LINE") must be identical in every log
(host KTAP, UML test.log, arm64 test.log).  Names the first differing step.
Exit 0 when all agree, 1 on any difference or missing trace, 2 on bad input.
"""
import re
import sys

LINE = re.compile(r'replay (\S+) (patched|variant) '
                  r'(?:step (\d+) digest ([0-9a-f]{16})|end digest ([0-9a-f]{16})|first (.*))$')


def load(path):
    runs = {}
    try:
        text = open(path, errors='replace').read()
    except OSError as e:
        print(f'compare-digests: cannot read {path}: {e.strerror}', file=sys.stderr)
        sys.exit(2)
    for raw in text.splitlines():
        m = LINE.search(raw.rstrip())
        if not m:
            continue
        name, run, step, dig, end, first = m.groups()
        r = runs.setdefault((name, run), {'steps': [], 'end': None, 'first': None})
        if step:
            r['steps'].append((int(step), dig))
        elif end:
            r['end'] = end
        else:
            r['first'] = first.strip()
    return runs


def main(argv):
    if len(argv) < 3:
        print('usage: compare-digests.py REF_LOG OTHER_LOG...', file=sys.stderr)
        return 2
    ref_path, others = argv[1], argv[2:]
    ref = load(ref_path)
    if not ref:
        print(f'compare-digests: no replay lines in {ref_path}', file=sys.stderr)
        return 1
    bad = 0
    for path in others:
        got = load(path)
        for key in sorted(ref):
            name, run = key
            a, b = ref[key], got.get(key)
            if b is None:
                print(f'compare-digests: {path}: trace {name} ({run}) did not run')
                bad += 1
                continue
            diff = None
            for (sa, da), (sb, db) in zip(a['steps'], b['steps']):
                if sa != sb or da != db:
                    diff = f'step {sa}: {ref_path} {da}, {path} {db}'
                    break
            if diff is None and len(a['steps']) != len(b['steps']):
                diff = f'{len(a["steps"])} steps in {ref_path}, {len(b["steps"])} in {path}'
            if diff is None and a['end'] != b['end']:
                diff = f'end of run: {ref_path} {a["end"]}, {path} {b["end"]}'
            if diff is None and a['first'] != b['first']:
                diff = f'first finding: {ref_path} "{a["first"]}", {path} "{b["first"]}"'
            if diff:
                print(f'compare-digests: {name} ({run}) differs at {diff}')
                bad += 1
        extra = sorted(set(got) - set(ref))
        for name, run in extra:
            print(f'compare-digests: {path}: trace {name} ({run}) is not in {ref_path}')
            bad += 1
    if bad:
        return 1
    print(f'compare-digests: {len(ref)} trace runs, identical digests at every step '
          f'in {ref_path} and {", ".join(others)}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
