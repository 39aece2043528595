#!/usr/bin/env bash
# make bench-fuzz: executions per second of the am65 harness against an
# empty target built with the same flags, measured in one command, RUNS
# runs of SECS seconds each, medians and their ratio:
#   libFuzzer (ASan+UBSan): empty target, harness with the incremental
#     per-step check (what the fuzzers run), harness with the full check
#     (RINGLEDGER_CHECK=full, the same binary) - the two harness runs of a
#     round use the same -seed, so they start from the same inputs;
#   AFL++ (plain, persistent, no CMPLOG): empty target, harness.
# Run it on a quiet machine: every figure is a rate.
#   bench.sh FZ_DIR
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
secs=${BENCH_SECS:-20}
runs=${BENCH_RUNS:-3}
corpus=$repo/fuzz/corpus/am65
for b in am65_libfuzzer empty_libfuzzer am65_afl empty_afl; do
	[ -x "$fz/$b" ] || { echo "bench-fuzz: $fz/$b is missing (make bench-fuzz builds it)" >&2; exit 2; }
done
# what a run finds on the patched driver is kept here, never lost
keep=$fz/findings/bench-fuzz
mkdir -p "$keep"
tmp=$(mktemp -d)
trap 'bash "$repo/fuzz/afl-reap.sh" "$fz"; rm -rf "$tmp"' EXIT

lf_rate() { # seed binary [env...]
	local seed=$1 bin=$2 dir
	shift 2
	dir=$(mktemp -d -p "$tmp")
	env "$@" "$fz/$bin" -seed="$seed" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$keep/" "$dir" "$corpus" 2>&1 | sed -n 's/^stat::average_exec_per_sec: *//p' | tail -n 1
}

# AFL++'s unattended environment: one list (fuzz/bench/engines.py)
mapfile -t afl_env < <(python3 "$repo/fuzz/bench/engines.py" --afl-env)
afl_rate() { # seed binary
	local out
	out=$(mktemp -d -p "$tmp")
	env "${afl_env[@]}" afl-fuzz -V "$secs" -s "$1" -i "$corpus" -o "$out" -m none -- "$fz/$2" \
		>"$out.log" 2>&1 || true
	# an AFL_* name afl-fuzz does not know costs a 2 s sleep: no rate then
	local bad
	bad=$(python3 "$repo/fuzz/bench/engines.py" --afl-env-problem "$out.log")
	if [ -n "$bad" ]; then
		echo "bench-fuzz: afl-fuzz calls $bad mistyped and sleeps 2 s at start: unset it" >&2
		return
	fi
	cp -n "$out"/default/crashes/id:* "$keep/" 2>/dev/null || true
	sed -n 's/^execs_per_sec *: *//p' "$out/default/fuzzer_stats" 2>/dev/null | cut -d. -f1
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'; }

declare -A all
for r in $(seq 1 "$runs"); do
	all[lf_empty]+="$(lf_rate "$r" empty_libfuzzer) "
	all[lf_incr]+="$(lf_rate "$r" am65_libfuzzer RINGLEDGER_CHECK=incr) "
	all[lf_full]+="$(lf_rate "$r" am65_libfuzzer RINGLEDGER_CHECK=full) "
	all[afl_empty]+="$(afl_rate "$r" empty_afl) "
	all[afl_harness]+="$(afl_rate "$r" am65_afl) "
done
declare -A med
for k in "${!all[@]}"; do
	for v in ${all[$k]}; do
		[[ $v =~ ^[0-9]+$ ]] || { echo "bench-fuzz: $k gave no rate ('${all[$k]}')" >&2; exit 1; }
	done
	med[$k]=$(tr ' ' '\n' <<<"${all[$k]}" | grep . | median)
done
ratio() { awk -v h="$1" -v e="$2" 'BEGIN { printf "%.4f", (e > 0 ? h / e : 0) }'; }
found=$(find "$keep" -type f | wc -l)
[ "$found" -eq 0 ] || echo "bench-fuzz: $found finding(s) on the patched driver kept in $keep (replay them: build/fuzz/rl_replay --bytes FILE)"
echo "bench-fuzz: $runs runs of ${secs}s each, medians (every run: exec/s)"
printf '  %-34s %9s  %s\n' "libFuzzer ASan+UBSan empty target" "${med[lf_empty]}" "(${all[lf_empty]% })"
printf '  %-34s %9s  %s\n' "libFuzzer harness, incremental" "${med[lf_incr]}" "(${all[lf_incr]% })"
printf '  %-34s %9s  %s\n' "libFuzzer harness, full check" "${med[lf_full]}" "(${all[lf_full]% })"
printf '  %-34s %9s  %s\n' "AFL++ plain empty target" "${med[afl_empty]}" "(${all[afl_empty]% })"
printf '  %-34s %9s  %s\n' "AFL++ plain harness" "${med[afl_harness]}" "(${all[afl_harness]% })"
echo "  ratio libFuzzer incremental $(ratio "${med[lf_incr]}" "${med[lf_empty]}"), full $(ratio "${med[lf_full]}" "${med[lf_empty]}"); AFL++ $(ratio "${med[afl_harness]}" "${med[afl_empty]}")"
