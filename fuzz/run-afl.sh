#!/usr/bin/env bash
# make fuzz-afl: AFL++ on the extracted driver (persistent mode through
# -fsanitize=fuzzer, a CMPLOG build beside it), JOBS-1 secondaries on a
# shared sync dir.  afl-fuzz exits 0 even after crashes, so crashes/id:*
# are checked here: each is minimised with afl-tmin, turned into a trace,
# and makes the exit status 1.
#   run-afl.sh FZ_DIR SECONDS [VARIANT] [JOBS]
set -euo pipefail
fz=$1 secs=$2 variant=${3:-} jobs=${4:-1}
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "$variant" ] && ! "$fz/../variants" "$variant"; then
	exit 2
fi
name=${variant:-patched}
out=$fz/afl-$name
rm -rf "$out"
mkdir -p "$out"
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	AFL_NO_AFFINITY=1 AFL_SUPPRESS_ERROR_LOG=1 RINGLEDGER_VARIANT=$variant
echo "== AFL++ on the ${variant:+variant }$name driver for ${secs}s, $jobs job(s) (sync dir $out)"
pids=()
for ((j = 1; j < jobs; j++)); do
	afl-fuzz -V "$secs" -i "$repo/fuzz/corpus/am65" -o "$out" -S "s$j" -m none \
		-- "$fz/am65_afl" > "$out/s$j.log" 2>&1 &
	pids+=($!)
done
afl-fuzz -V "$secs" -i "$repo/fuzz/corpus/am65" -o "$out" -M main -m none \
	-c "$fz/am65_afl_cmplog" -- "$fz/am65_afl" 2>&1 | tee "$out/main.log" |
	grep --line-buffered -E 'fuzz_one|Fuzzing test case|saved|Statistics|exec' || true
for p in "${pids[@]}"; do wait "$p" || true; done
bash "$repo/fuzz/afl-reap.sh" "$fz"
st=$out/main/fuzzer_stats
get() { sed -n "s/^$1 *: *//p" "$st" 2>/dev/null | tail -n 1; }
echo "== summary ($name): $(get execs_done) executions, $(get execs_per_sec) exec/s, coverage $(get bitmap_cvg), corpus $(get corpus_count) inputs"
found=0
for c in "$out"/*/crashes/id:*; do
	[ -f "$c" ] || continue
	found=1
	m=$out/$(basename "$(dirname "$(dirname "$c")")")-$(basename "$c" | cut -d, -f1 | tr ':' '_')
	afl-tmin -i "$c" -o "$m.min" -m none -- "$fz/am65_afl" > /dev/null 2>&1 || cp "$c" "$m.min"
	line=$(bash "$repo/fuzz/finding-to-trace.sh" "$fz" "$m.min" "$m.trace" "$variant" \
		"make fuzz-afl")
	echo "== FINDING: ${line}"
	echo "   minimised trace: $m.trace  (make replay TRACE=$m.trace)"
done
[ $found = 0 ] && { echo "== no finding"; exit 0; }
exit 1
