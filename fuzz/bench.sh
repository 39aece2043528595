#!/usr/bin/env bash
# make bench-fuzz: exec/s of the harness and of an empty target built with
# the same flags (ASan+UBSan+libFuzzer), measured in one run, and the ratio.
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
secs=${BENCH_SECS:-20}
rate() {
	local dir
	dir=$(mktemp -d)
	"$@" -max_total_time="$secs" -print_final_stats=1 "$dir" "$repo/fuzz/corpus/am65" 2>&1 |
		sed -n 's/^stat::average_exec_per_sec: *//p' | tail -n 1
	rm -rf "$dir"
}
empty=$(rate "$fz/empty_libfuzzer")
harness=$(rate "$fz/am65_libfuzzer")
ratio=$(awk -v h="$harness" -v e="$empty" 'BEGIN { printf "%.4f", (e > 0 ? h / e : 0) }')
echo "bench-fuzz (${secs}s each, ASan+UBSan, libFuzzer): empty target $empty exec/s, am65 harness $harness exec/s, ratio $ratio"
