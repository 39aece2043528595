#!/usr/bin/env bash
# make check-equiv: the incremental per-step check (what the fuzzers run)
# finds exactly what the full one finds.  Every regression trace, the seed
# corpus and N generated inputs run three times - RINGLEDGER_CHECK=full,
# incr and dual - on the patched driver and with every bug of the v2
# profile put back; each run's verdict line (first finding: kind, object,
# step, operation, and the digest of every step) must be the same in the
# three modes, and dual mode (both checks at every step) must never report
# that they disagree.
#   check-equiv.sh FZ_DIR [N]
set -euo pipefail
fz=$1
n=${2:-200}
repo=$(cd "$(dirname "$0")/.." && pwd)
replay=$fz/rl_replay
[ -x "$replay" ] || { echo "check-equiv: $replay is missing (make fuzz-build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# N inputs of 8..400 bytes, the same every run (fixed seed)
mkdir "$tmp/gen"
python3 - "$tmp/gen" "$n" <<'EOF'
import random, sys
rnd = random.Random(19)
for i in range(int(sys.argv[2])):
    with open("%s/gen-%04d" % (sys.argv[1], i), "wb") as f:
        f.write(bytes(rnd.getrandbits(8) for _ in range(rnd.randint(8, 400))))
EOF

# replay's verdict lines, without what differs between processes (pids,
# addresses in a sanitizer's first line)
verdicts() { # mode variant-env files...
	local mode=$1 venv=$2 rc=0
	shift 2
	env RINGLEDGER_CHECK="$mode" $venv "$replay" -q "$@" >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" -gt 1 ]; then
		echo "check-equiv: rl_replay failed ($mode, $venv):" >&2
		tail -n 3 "$tmp/out" >&2
		exit 1
	fi
	grep -E '^[^ ].*: (as expected|NOT as expected)' "$tmp/out" |
		sed -E 's/0x[0-9a-f]+/0x_/g; s/==[0-9]+==/==_==/g'
	grep -q 'disagrees with the full one' "$tmp/out" && {
		echo "check-equiv: DUAL: incremental and full checks disagree ($venv):" >&2
		grep 'disagrees' "$tmp/out" | head -n 3 >&2
		exit 1
	}
	return 0
}

runs=0 findings=0
check_set() { # label variant-env files...
	local label=$1 venv=$2 m
	shift 2
	verdicts full "$venv" "$@" >"$tmp/full"
	for m in incr dual; do
		verdicts "$m" "$venv" "$@" >"$tmp/$m"
		if ! cmp -s "$tmp/full" "$tmp/$m"; then
			echo "check-equiv: $label ($venv): $m differs from full:" >&2
			diff "$tmp/full" "$tmp/$m" | head -n 6 >&2
			exit 1
		fi
	done
	runs=$((runs + $(wc -l <"$tmp/full")))
	findings=$((findings + $(grep -c 'first: ' "$tmp/full" || true)))
}

check_set "regression traces" "" "$repo"/fuzz/regressions/*.trace
for venv in "RINGLEDGER_VARIANT=" "RINGLEDGER_VARIANT=v2"; do
	check_set corpus "$venv" --bytes "$repo"/fuzz/corpus/am65/*
	check_set generated "$venv" --bytes "$tmp"/gen/*
done
[ "$findings" -gt 0 ] || { echo "check-equiv: no run had a finding: nothing was compared" >&2; exit 1; }
echo "check-equiv: $runs runs x 3 check modes, $findings with findings: same first finding and digests; dual never disagreed"
