#!/usr/bin/env bash
# make fuzz: libFuzzer on the extracted driver from the committed corpus,
# live progress, then a summary; a finding is minimised, turned into a
# trace (with its variant and expected finding) and makes the exit status 1.
#   run-libfuzzer.sh FZ_DIR SECONDS [VARIANT] [smoke]
set -euo pipefail
fz=$1 secs=$2 variant=${3:-} mode=${4:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=$fz/am65_libfuzzer
if [ -n "$variant" ] && ! "$fz/../variants" "$variant"; then
	exit 2
fi
name=${variant:-patched}
work=$fz/work-$name
rm -rf "$work"
mkdir -p "$work/corpus" "$work/findings"
log=$work/libfuzzer.log
echo "== libFuzzer on the ${variant:+variant }$name driver for ${secs}s (corpus: fuzz/corpus/am65, log: $log)"
start=$(date +%s)
set +e
RINGLEDGER_VARIANT=$variant "$bin" -max_total_time="$secs" -print_final_stats=1 \
	-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/findings/" \
	"$work/corpus" "$repo/fuzz/corpus/am65" 2>&1 | tee "$log" |
	{ if [ "$mode" = smoke ]; then grep -E '^#[0-9]+.*(pulse|DONE)|ringledger:' || true;
	  else grep --line-buffered -E '^#[0-9]+.*(pulse|REDUCE|NEW|DONE)|ringledger:|ERROR' || true; fi; }
set -e
elapsed=$(( $(date +%s) - start ))
stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
feat=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
echo "== summary ($name): ${elapsed}s, $(stat number_of_executed_units) executions, $(stat average_exec_per_sec) exec/s, ${feat:-?} coverage features, corpus ${corp:-?} inputs"
found=0
for f in "$work"/findings/crash-* "$work"/findings/timeout-* "$work"/findings/leak-*; do
	[ -f "$f" ] || continue
	found=1
	RINGLEDGER_VARIANT=$variant "$bin" -minimize_crash=1 -max_total_time=15 \
		-exact_artifact_path="$f.min" "$f" >/dev/null 2>&1 || true
	[ -s "$f.min" ] || cp "$f" "$f.min"
	line=$(bash "$repo/fuzz/finding-to-trace.sh" "$fz" "$f.min" "$f.trace" "$variant" \
		"make fuzz after ${elapsed}s")
	echo "== FINDING (${elapsed}s): ${line}"
	echo "   minimised trace: $f.trace  (make replay TRACE=$f.trace)"
	echo "   keep it as a regression: cp $f.trace fuzz/regressions/"
done
if [ $found = 0 ]; then
	echo "== no finding"
	exit 0
fi
exit 1
