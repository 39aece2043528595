#!/usr/bin/env bash
# The tools refuse bad input with one line and a non-zero exit, and do
# what they say with good input (part of make check).  Then: findings
# survive the runs after them.
#   cli-selftest.sh BUILD_DIR
set -uo pipefail
build=$(realpath "$1")
fz=$build/fuzz
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 rows=0

# row WANT_EXIT STDERR_REGEX DESCRIPTION -- COMMAND...
# WANT_EXIT 2: exactly one line on stderr, matching STDERR_REGEX (besides
# make's "*** [target] Error 2" when a make recipe failed).
# WANT_EXIT 0: STDERR_REGEX is matched against stdout instead.
row() {
	local want=$1 rx=$2 what=$3 out err rc lines
	shift 4
	rows=$((rows + 1))
	"$@" >"$tmp/out" 2>"$tmp/err.all" </dev/null
	rc=$?
	# make's own trailer for a failed recipe is not the tool's output
	grep -vE '^make(\[[0-9]+\])?: \*\*\* \[' "$tmp/err.all" >"$tmp/err"
	out=$(cat "$tmp/out") err=$(cat "$tmp/err")
	lines=$(grep -c . "$tmp/err")
	if [ "$want" = 0 ]; then
		if [ $rc -ne 0 ] || ! grep -qE -- "$rx" <<<"$out"; then
			echo "cli-selftest: $what: exit $rc (want 0), output not matching /$rx/:" >&2
			tail -n 3 "$tmp/out" "$tmp/err" >&2
			fails=$((fails + 1))
		fi
		return
	fi
	if [ $rc -ne "$want" ] || [ "$lines" -ne 1 ] || ! grep -qE -- "$rx" <<<"$err"; then
		echo "cli-selftest: $what: exit $rc (want $want), $lines stderr line(s) (want 1 matching /$rx/):" >&2
		head -5 "$tmp/err" >&2
		fails=$((fails + 1))
	fi
}

# inputs
mkdir "$tmp/dir"
: >"$tmp/empty.bin"
head -c $((2 * 1024 * 1024)) /dev/zero >"$tmp/big.bin"
good=fuzz/regressions/rx_tdown_no_drain.trace
sed 's/cpus=[0-9]*/cpus=999999/' "$good" >"$tmp/cpus.trace"
{ grep '^config' "$good"; cat "$good"; } >"$tmp/twoconfig.trace"
printf 'open 0\nstop 0 {\nhw_step 1\n' >"$tmp/open-block.trace"
printf 'open 0\nhw_step 1\n}\n' >"$tmp/stray-close.trace"
printf 'open 0\nstop 0 {\nhw_step 1 {\n}\n' >"$tmp/two-levels.trace"
printf 'open 0 ; stop 0\n' >"$tmp/semicolon.trace"
printf 'config driver=stmmac\nvariant rx_tdown_no_drain\nopen 0\n' >"$tmp/stmmac.trace"
printf 'variant rx_tdown_no_drain\nconfig driver=stmmac\nopen 0\n' >"$tmp/stmmac-late.trace"
printf 'open 0\nstop 0 { @rx_drain hw_step 1 }\n' >"$tmp/badwait.trace"
printf 'open 0\n@tx_tdown hw_step 1\n' >"$tmp/outwait.trace"
printf 'open 0\nstop 0 { rx 0 0 1 64 ; xdp_xmit 0 2 ; open 0 }\n' >"$tmp/nested.trace"
grep -vE '^(variant|expect) ' "$good" >"$tmp/named.txt"
nops=$(grep -cvE '^(#|config|variant|expect|$)' "$tmp/named.txt")

m=(make --no-print-directory -s BUILD="$build")
row 2 'FUZZ_TIME=abc: expected a whole number' "make fuzz FUZZ_TIME=abc" -- "${m[@]}" fuzz FUZZ_TIME=abc
row 2 'FUZZ_TIME=-5: expected' "make fuzz FUZZ_TIME=-5" -- "${m[@]}" fuzz FUZZ_TIME=-5
row 2 'FUZZ_TIME=0: expected' "make fuzz FUZZ_TIME=0" -- "${m[@]}" fuzz FUZZ_TIME=0
row 2 'FUZZ_TIME=\(empty\): expected' "make fuzz FUZZ_TIME=" -- "${m[@]}" fuzz FUZZ_TIME=
row 2 'FUZZ_TIME=abc: expected' "make fuzz-afl FUZZ_TIME=abc" -- "${m[@]}" fuzz-afl FUZZ_TIME=abc
row 2 'JOBS=abc: expected' "make fuzz-afl JOBS=abc" -- "${m[@]}" fuzz-afl FUZZ_TIME=5 JOBS=abc
row 2 'SEEDS=0: expected' "make bench SEEDS=0" -- "${m[@]}" bench SEEDS=0
row 2 'CAP=x: expected' "make bench CAP=x" -- "${m[@]}" bench CAP=x
row 2 'BENCH_JOBS=999: expected' "make bench BENCH_JOBS=999" -- "${m[@]}" bench BENCH_JOBS=999
row 2 'VARIANTS="..." is required' "make bench-pair without VARIANTS" -- "${m[@]}" bench-pair
row 2 'SEEDS=0: expected' "make bench-pair SEEDS=0" -- "${m[@]}" bench-pair VARIANTS=x SEEDS=0
row 2 'measures the am65 catalogue only' "make bench-pair DRIVER=stmmac" -- "${m[@]}" bench-pair VARIANTS=x DRIVER=stmmac
row 2 'DRIVER=foo: expected am65 or stmmac' "make fuzz DRIVER=foo" -- "${m[@]}" fuzz DRIVER=foo
row 2 "RINGLEDGER_DRIVER: 'foo' is not am65 or stmmac" "rl_replay of bytes with RINGLEDGER_DRIVER=foo" -- \
	env RINGLEDGER_DRIVER=foo "$fz/rl_replay" -q fuzz/corpus/am65/desc_stale_swdata.bin
row 2 'a stmmac trace in a matrix of am65 traces' "rl_matrix over two drivers' traces" -- \
	"$fz/rl_matrix" "$tmp/m.dat" "$good" fuzz/regressions/stmmac-xdp-traffic.trace
row 0 'of 156 state x operation cells exercised by 2 inputs' "rl_matrix over stmmac traces" -- \
	"$fz/rl_matrix" "$tmp/m.dat" fuzz/regressions/stmmac-xdp-traffic.trace fuzz/regressions/stmmac-rx-suspend-refill.trace

# make costs' tool (fuzz/costs/README.md)
printf 'am65 rxdrop zc 64 dma_map lots\n' >"$tmp/bad.gate"
row 2 'unknown argument' "rl_costs with an unknown option" -- "$fz/rl_costs" --bogus
row 2 'no such performance variant: nope' "rl_costs --perf with a bad name" -- "$fz/rl_costs" --perf nope
row 2 "unknown variant 'nope'" "rl_costs --variants with a bad name" -- "$fz/rl_costs" --variants nope
row 2 'missing argument to --check' "rl_costs --check without a file" -- "$fz/rl_costs" --check
row 2 'No such file' "rl_costs --check on a missing file" -- "$fz/rl_costs" --quiet --check "$tmp/none.gate"
row 2 'bad.gate:1: expected' "rl_costs --check on a malformed gate" -- "$fz/rl_costs" --quiet --check "$tmp/bad.gate"
row 2 'no such driver:workload/mode' "rl_costs --trace of an unknown workload" -- "$fz/rl_costs" --trace am65:fly/zc/64
row 2 'Is a directory' "rl_costs --csv into a directory" -- "$fz/rl_costs" --quiet --csv "$tmp/dir"
row 0 '^am65 +l2fwd +zc +64 .*STALLED \(alone: zc_refill_poll_count\)' "rl_costs on the v2 profile names the stall's variant" -- \
	"$fz/rl_costs" --variants v2
row 0 '^\| am65 \| txonly \| .*\| differs: ' "rl_costs --seeds sees an order the variant breaks" -- \
	"$fz/rl_costs" --seeds --perf perf_xsk_tx_sync_full
row 0 '^config ports=2' "rl_costs --trace prints a replayable trace" -- "$fz/rl_costs" --trace am65:l2fwd/zc/64
row 2 "unknown variant 'rx_tdown_no_drain' \(make variants DRIVER=stmmac" "fuzz.py --driver stmmac with an am65 variant" -- \
	python3 fuzz/fuzz.py --build "$build" libfuzzer --time 5 --driver stmmac --variant rx_tdown_no_drain
row 2 "unknown variant 'rx_tdown_no_drain' \(make variants DRIVER=stmmac" "rl_replay of a stmmac trace with an am65 variant" -- \
	"$fz/rl_replay" --variant rx_tdown_no_drain fuzz/regressions/stmmac-xdp-traffic.trace
row 2 "stmmac.trace:2:9: expected a variant or profile name" "rl_replay: an am65 variant line in a stmmac trace" -- \
	"$fz/rl_replay" "$tmp/stmmac.trace"
row 2 "stmmac-late.trace:2:8: expected the config line before the variant lines" "rl_replay: a variant line before driver=stmmac" -- \
	"$fz/rl_replay" "$tmp/stmmac-late.trace"
row 2 "unknown variant 'stmmac_xmit_map_err_stale' \(make variants lists" "make variants VARIANT=<a stmmac one> (am65's catalogue)" -- \
	"${m[@]}" variants VARIANT=stmmac_xmit_map_err_stale
row 0 "^stmmac_xmit_map_err_stale$" "variants --driver stmmac --expand" -- \
	"$build/variants" --driver stmmac --expand stmmac_xmit_map_err_stale
row 2 'TRACE=file is required' "make replay without TRACE" -- "${m[@]}" replay
row 2 'TRACE=/nonexistent: no such file' "make replay TRACE=/nonexistent" -- "${m[@]}" replay TRACE=/nonexistent
row 2 'KDIR=/tmp: not a kernel build tree' "make module KDIR=/tmp" -- "${m[@]}" module KDIR=/tmp
row 2 "unknown variant 'no_such_bug'" "fuzz.py with an unknown VARIANT" -- \
	python3 fuzz/fuzz.py --build "$build" libfuzzer --time 5 --variant no_such_bug
row 2 'JOBS=.0.: expected' "fuzz.py afl --jobs 0" -- \
	python3 fuzz/fuzz.py --build "$build" afl --time 5 --jobs 0
row 2 "RINGLEDGER_CHECK: 'fast' is not full, incr or dual" "rl_replay with RINGLEDGER_CHECK=fast" -- \
	env RINGLEDGER_CHECK=fast "$fz/rl_replay" -q fuzz/regressions/desc_stale_swdata.trace
row 2 "not a regular file" "rl_replay of a directory" -- "$fz/rl_replay" "$tmp/dir"
row 2 "empty file" "rl_replay of an empty file" -- "$fz/rl_replay" "$tmp/empty.bin"
row 2 "2097152 bytes, over the 1048576-byte limit" "rl_replay of a 2 MiB file" -- "$fz/rl_replay" "$tmp/big.bin"
row 2 "cpus.trace:[0-9]+:[0-9]+: expected cpus 1\.\.64" "rl_replay: cpus=999999" -- "$fz/rl_replay" "$tmp/cpus.trace"
row 2 "badwait.trace:2:10: expected a wait point after '@'" "rl_replay: an unknown wait point" -- \
	"$fz/rl_replay" "$tmp/badwait.trace"
row 2 "outwait.trace:2:1: expected '@wait' only on an operation inside" "rl_replay: '@wait' outside a block" -- \
	"$fz/rl_replay" "$tmp/outwait.trace"
row 2 "twoconfig.trace:[0-9]+:1: expected one config line" "rl_replay: a second config line" -- \
	"$fz/rl_replay" "$tmp/twoconfig.trace"
row 2 "open-block.trace:2: expected a '}' for this line's '\{'" "rl_replay: a '{' never closed" -- \
	"$fz/rl_replay" "$tmp/open-block.trace"
row 2 "stray-close.trace:3:1: expected a '\{' before this '}'" "rl_replay: a '}' with no '{'" -- \
	"$fz/rl_replay" "$tmp/stray-close.trace"
row 2 "two-levels.trace:3:11: expected one level of nesting" "rl_replay: '{' inside '{ }'" -- \
	"$fz/rl_replay" "$tmp/two-levels.trace"
row 2 "semicolon.trace:1:8: expected '\{' or end of line" "rl_replay: ' ; ' outside '{ }'" -- \
	"$fz/rl_replay" "$tmp/semicolon.trace"
row 0 "nested.trace: as expected; 0 finding" "rl_replay: nested operations, an rtnl one refused at the wait" -- \
	"$fz/rl_replay" -q "$tmp/nested.trace"
row 2 "unknown option '--bogus'" "rl_replay --bogus" -- "$fz/rl_replay" --bogus "$good"
row 2 "unknown variant 'no_such_bug'" "rl_replay --variant no_such_bug" -- \
	"$fz/rl_replay" --variant no_such_bug "$good"
row 0 "^usage: rl_replay" "rl_replay --help" -- "$fz/rl_replay" --help
row 0 "named.txt \($nops operations\)" "a text trace named .txt is read as text" -- \
	"$fz/rl_replay" "$tmp/named.txt"
row 2 "a text trace, not fuzz bytes" "am65_plain of a text trace" -- "$fz/am65_plain" "$good"
row 0 "^usage:" "am65_plain --help" -- "$fz/am65_plain" --help
row 2 "^usage: rl_trace_conv" "rl_trace_conv with one argument" -- "$fz/rl_trace_conv" "$good"
row 0 "variant none \(the patched driver\) from the command line; the trace names rx_tdown_no_drain" \
	"make replay VARIANT=patched says it overrides the trace" -- "${m[@]}" replay TRACE="$good" VARIANT=patched
row 0 "as expected; 0 finding" "make replay VARIANT=patched runs the patched driver" -- \
	"${m[@]}" replay TRACE="$good" VARIANT=patched
row 0 "variant xdp_no_flush from the command line" "make replay VARIANT=other overrides the trace" -- \
	"${m[@]}" replay TRACE="$good" VARIANT=xdp_no_flush
row 0 "as expected; [0-9]+ finding.*DROPPED" "make replay TRACE=<variant trace> keeps its variant" -- \
	"${m[@]}" replay TRACE="$good"
printf 'u1 | model/dma.c | f | v1\n' >"$tmp/units4.txt"
printf 'u1 | model/dma.c | f | v1 | -\n' >"$tmp/units-notheorem.txt"
printf 'u1 | model/dma.c | f | - | -\nu1 | model/dma.c | g | - | -\n' >"$tmp/units-twice.txt"
printf 'u1 | model/nope.c | f | - | -\n' >"$tmp/units-nofile.txt"
printf 'u1 | model/dma.c | f | - | - | fast\n' >"$tmp/units-wpopt.txt"
printf 'u1 | model/dma.c | f | - | - | split variant-call:9x\n' >"$tmp/units-vcall.txt"
printf 'u1 | model/dma.c | f | - | - | default-assigns:g,9x\n' >"$tmp/units-dflt.txt"
printf 'u1 | model/dma.c | f | v1 | f_ensures_a | prop:b\n' >"$tmp/units-prop.txt"
row 2 "units4.txt:1: 4 columns, want 5 or 6" "units.py: a line without its theorem column" -- \
	python3 proofs/units.py --file "$tmp/units4.txt" tsv
row 2 "a variant needs its theorem goals" "units.py: a variant with theorem -" -- \
	python3 proofs/units.py --file "$tmp/units-notheorem.txt" tsv
row 2 "bad or repeated unit name 'u1'" "units.py: a unit named twice" -- \
	python3 proofs/units.py --file "$tmp/units-twice.txt" tsv
row 2 "source model/nope.c not found" "units.py: a missing source" -- \
	python3 proofs/units.py --file "$tmp/units-nofile.txt" tsv
row 2 "unit options are cast, split, variant-call:FUNC, prop:NAME\\[,NAME\\] and default-assigns:FUNC\\[,FUNC\\], not 'fast'" \
	"units.py: an unknown wp option" -- \
	python3 proofs/units.py --file "$tmp/units-wpopt.txt" tsv
row 2 "not 'split variant-call:9x'" "units.py: a variant-call that is no C name" -- \
	python3 proofs/units.py --file "$tmp/units-vcall.txt" tsv
row 2 "not 'default-assigns:g,9x'" "units.py: a default-assigns name that is no C name" -- \
	python3 proofs/units.py --file "$tmp/units-dflt.txt" tsv
row 2 "v1's theorem is not among the unit's prop: names" \
	"units.py: a unit of some properties whose variant breaks another" -- \
	python3 proofs/units.py --file "$tmp/units-prop.txt" tsv
row 2 "no unit nope in" "units.py --only nope" -- python3 proofs/units.py --only nope tsv
row 2 "unknown variant 'no_such_bug'" "make prove VARIANT=no_such_bug" -- \
	"${m[@]}" prove VARIANT=no_such_bug
row 2 "FRESH must be 0 or 1, not 'yes'" "make prove FRESH=yes" -- "${m[@]}" prove FRESH=yes
row 2 "FRESH must be 0 or 1, not 'yes'" "make prove-check FRESH=yes" -- "${m[@]}" prove-check FRESH=yes
row 2 "unknown argument '--fresh'" "prove.sh with an argument" -- bash proofs/prove.sh --fresh
row 2 "are seconds, not '0'" "prove: a break time limit of 0" -- env WP_BREAK_TIMEOUT=0 bash proofs/prove.sh
row 2 "are seconds, not '1m'" "prove: a time limit not in seconds" -- env WP_TIMEOUT=1m bash proofs/prove.sh
row 2 "are counts of prover steps, not '3M'" "prove: a step budget not a count" -- env WP_STEPS=3M bash proofs/prove.sh
row 2 "are counts of prover steps, not '0'" "prove: a smoke step budget of 0" -- env WP_SMOKE_STEPS=0 bash proofs/prove.sh
row 2 "WP_SMOKE_TIMEOUT is gone" "prove: the smoke tests' former time limit" -- env WP_SMOKE_TIMEOUT=1 bash proofs/prove.sh
row 2 "are counts, not '0'" "prove: no unit at a time" -- env WP_JOBS=0 bash proofs/prove.sh
row 2 "^prove: WP_PAR and WP_JOBS are counts, not 'two'" "prove-check: no count of units at a time" -- \
	env WP_JOBS=two bash proofs/check.sh
printf 'tx_tdown | driver/am65-cpsw/am65_cpsw_tdown.c | rl_am65_cpsw_tx_reclaim | tx_tdown_timeout_leak | rl_am65_cpsw_tx_reclaim_requires_x\n' >"$tmp/units-label.txt"
row 2 "^prove: unit tx_tdown: theorem goal .* is not FUNCTION_" "prove: a theorem goal that is no ensures/assert/loop invariant" -- \
	env UNITS_FILE="$tmp/units-label.txt" VARIANT=tx_tdown_timeout_leak VARIANTS_BIN="$build/variants" bash proofs/prove.sh
row 2 "cannot write the goal cache" "prove: the goal cache not writable" -- \
	env WP_CACHE_DIR=/proc/ringledger-wp-cache bash proofs/prove.sh
row 0 "^[0-9]+$" "variants --bit" -- "$build/variants" --bit rx_tdown_no_drain

# Findings survive: two runs that find the same bug, each finding kept,
# the first still listed after the second (a copy of the build's tools).
sb=$tmp/build
mkdir -p "$sb/fuzz"
cp "$fz/am65_libfuzzer" "$fz/rl_replay" "$fz/rl_trace_conv" "$sb/fuzz/"
cp "$build/variants" "$sb/"
run() {
	python3 fuzz/fuzz.py --build "$sb" libfuzzer --time 20 --variant rx_tdown_no_drain \
		--minimise-time 2 >"$tmp/run$1.log" 2>&1
}
run 1
first=$(sed -n 's/^== FINDING \([^ :]*\).*/\1/p' "$tmp/run1.log" | head -n 1)
if [ -z "$first" ] || [ ! -f "$sb/fuzz/findings/$first/finding.trace" ]; then
	echo "cli-selftest: the first run kept no finding:" >&2
	tail -5 "$tmp/run1.log" >&2
	fails=$((fails + 1))
else
	run 2
	python3 fuzz/fuzz.py --build "$sb" findings >"$tmp/list.log"
	if [ ! -f "$sb/fuzz/findings/$first/finding.trace" ] || ! grep -q "$first" "$tmp/list.log" ||
	   [ "$(ls "$sb/fuzz/runs" | wc -l)" -ne 2 ] ||
	   ! grep -q "^== FINDING" "$tmp/run2.log"; then
		echo "cli-selftest: the second run lost the first one's finding or its own:" >&2
		cat "$tmp/list.log" >&2
		fails=$((fails + 1))
	fi
fi
rows=$((rows + 1))
if [ $fails -ne 0 ]; then
	echo "cli-selftest: $fails of $rows rows failed" >&2
	exit 1
fi
echo "cli-selftest: $rows rows: bad input refused with one line and exit 2, good input does what it says; findings survive the next run"
