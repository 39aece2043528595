#!/usr/bin/env bash
# Turn a minimised fuzz input into a regression-ready trace: its variant,
# the finding it produces now (minimising keeps "a finding", not its kind),
# and the operations.  Prints the finding line.
#   finding-to-trace.sh FZ_DIR INPUT OUT.trace VARIANT ENGINE
set -euo pipefail
fz=$1 in=$2 out=$3 variant=$4 engine=$5
tmp=${out%.trace}.tmp.trace
"$fz/rl_trace_conv" "$in" "$tmp"
report=$(RINGLEDGER_VARIANT=$variant "$fz/rl_replay" -q "$tmp" 2>/dev/null || true)
kind=$(sed -n 's/.*first: step [0-9]*: \([A-Z_]*\) .*/\1/p' <<<"$report" | head -n 1)
line=$(sed -n 's/.*first: //p' <<<"$report" | head -n 1)
{
	echo "# found by $engine${variant:+ VARIANT=$variant}: $line"
	[ -n "$variant" ] && echo "variant $variant"
	[ -n "$kind" ] && echo "expect $kind"
	cat "$tmp"
} > "$out"
rm -f "$tmp"
echo "${line:-no finding when replayed}"
