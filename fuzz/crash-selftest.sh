#!/usr/bin/env bash
# A sanitizer abort or a signal in the driver is a finding of kind CRASH
# (part of make check).  Shown end to end on xdp_tx_chn_past_num, whose
# XDP_TX lands on a TX channel that was never set up:
#  1. the fuzz input (the regression trace as bytes, padded) crashes the
#     libFuzzer target; libFuzzer minimises it as make fuzz does;
#  2. fuzz.py turns it into a trace with "expect CRASH", as make fuzz does;
#  3. the replay reports it as CRASH at the operation, naming the
#     sanitizer and the driver function, and the patched driver runs it
#     clean;
#  4. a plain signal (no sanitizer in the process) is a CRASH too.
#   crash-selftest.sh FZ_DIR
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
v=xdp_tx_chn_past_num
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "crash-selftest: $*" >&2; exit 1; }

grep -vE '^(variant|expect) ' "$repo/fuzz/regressions/$v.trace" > "$tmp/in.trace"
# a few operations that change nothing, for the minimiser to remove
printf 'flush\nstack_release 3\nflush\n' >> "$tmp/in.trace"
"$fz/rl_trace_conv" "$tmp/in.trace" "$tmp/in.bin" >/dev/null
RINGLEDGER_VARIANT=$v "$fz/am65_libfuzzer" -minimize_crash=1 -runs=3000 \
	-exact_artifact_path="$tmp/min.bin" "$tmp/in.bin" >"$tmp/min.log" 2>&1 || true
[ -s "$tmp/min.bin" ] || fail "libFuzzer did not minimise the crash (see below)" \
	"$(tail -5 "$tmp/min.log")"
[ "$(stat -c %s "$tmp/min.bin")" -lt "$(stat -c %s "$tmp/in.bin")" ] ||
	fail "the minimised input is not smaller"
line=$(python3 "$repo/fuzz/fuzz.py" --build "$(dirname "$fz")" trace --variant "$v" \
	--source crash-selftest "$tmp/min.bin" "$tmp/min.trace")
grep -qx "variant $v" "$tmp/min.trace" || fail "no variant line in the trace"
grep -qx "expect CRASH" "$tmp/min.trace" || fail "no 'expect CRASH' in the trace: $line"
grep -q "CRASH op#[0-9]*: UndefinedBehaviorSanitizer: member access within null pointer" <<<"$line" ||
	fail "the finding does not name the sanitizer: $line"
grep -q " in tx_desc_fill$" <<<"$line" ||
	fail "the finding does not name the driver function: $line"
"$fz/rl_replay" -q "$tmp/min.trace" >"$tmp/replay.log" 2>&1 ||
	fail "the trace does not replay as expected: $(tail -2 "$tmp/replay.log")"
"$fz/rl_replay" -q -patched "$tmp/min.trace" >"$tmp/patched.log" 2>&1 ||
	fail "the patched driver does not run it clean: $(tail -2 "$tmp/patched.log")"
# a CRASH trace that does not crash is not as expected
sed 's/^variant .*//' "$tmp/min.trace" > "$tmp/nocrash.trace"
if "$fz/rl_replay" -q "$tmp/nocrash.trace" >"$tmp/nocrash.log" 2>&1; then
	fail "a trace expecting CRASH passed without crashing"
fi
# without a sanitizer in the process the signal alone is the finding
"$fz/rl_replay_nosan" -q "$tmp/min.trace" >"$tmp/nosan.log" 2>&1 ||
	fail "without sanitizers the trace does not replay as expected: $(tail -2 "$tmp/nosan.log")"
grep -q "first: step [0-9]*: CRASH op#[0-9]*: killed by signal 11" "$tmp/nosan.log" ||
	fail "without sanitizers the finding is not the signal: $(tail -1 "$tmp/nosan.log")"
# the fuzz targets' model-memory cache (rl_alloc_cache.c): a stale read in
# the same input is still a sanitizer report, and reuse waits for the end
# of the input
"$fz/alloc_cache_selftest" reuse || fail "the cache did not hand a freed block out zeroed"
"$fz/alloc_cache_selftest" early || fail "the cache reused a block within the input that freed it"
if ASAN_OPTIONS=detect_leaks=0 "$fz/alloc_cache_selftest" stale >"$tmp/stale.log" 2>&1 ||
	! grep -q "AddressSanitizer: use-after-poison" "$tmp/stale.log"; then
	fail "a read of a freed model block was not reported: $(tail -1 "$tmp/stale.log")"
fi
echo "crash-selftest: a crash in the driver is minimised into a trace with 'expect CRASH': $line"
