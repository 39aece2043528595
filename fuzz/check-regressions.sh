#!/usr/bin/env bash
# make regressions (part of make check):
#  1. every trace in fuzz/regressions/ reproduces its expected finding with
#     the variant it names;
#  2. the patched driver runs every one of them without a finding;
#  3. every corpus input runs clean through the plain build of the target;
#  4. text -> bytes -> text is the identity on every corpus input's trace;
#  5. a trace's expected kind is one its variant is catalogued as caught as;
#  6. each trace's "# finding:" line is what the replay prints now;
#  7. the committed corpus is the traces, one seed each, up to date.
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
shopt -s nullglob
. fuzz/trace-driver.sh
traces=(fuzz/regressions/*.trace)
corpus=()
for d in "${RL_DRIVERS[@]}"; do
	corpus+=(fuzz/corpus/"$d"/*)
done
[ ${#traces[@]} -gt 0 ] || { echo "regressions: no trace in fuzz/regressions/" >&2; exit 1; }
"$fz/rl_replay" -q "${traces[@]}" > "$fz/regressions.log" 2>&1 ||
	{ grep -B1 'NOT as expected\|expected a' "$fz/regressions.log" >&2; exit 1; }
"$fz/rl_replay" -q -patched "${traces[@]}" > "$fz/regressions-patched.log" 2>&1 ||
	{ grep 'NOT as expected' "$fz/regressions-patched.log" >&2; exit 1; }
variants=$(dirname "$fz")/variants
for t in "${traces[@]}"; do
	v=$(sed -n 's/^variant  *//p' "$t" | head -n 1)
	k=$(sed -n 's/^expect  *//p' "$t" | head -n 1)
	[ -n "$v" ] && [ -n "$k" ] || continue
	"$variants" --driver "$(trace_driver "$t")" --caught-as "$v" "$k" ||
		{ echo "regressions: $t expects $k, not a kind $v is catalogued as caught as (make variants)" >&2; exit 1; }
done
python3 fuzz/trace_headers.py check "$fz" "${traces[@]}"
tmp=$(mktemp -d)
for t in "${traces[@]}"; do
	base=$(basename "$t" .trace)
	seed=fuzz/corpus/$(trace_driver "$t")/$base.bin
	grep -vE '^(variant|expect) ' "$t" > "$tmp/$base.trace"
	"$fz/rl_trace_conv" "$tmp/$base.trace" "$tmp/$base.bin"
	cmp -s "$tmp/$base.bin" "$seed" ||
		{ echo "regressions: $seed is not $t as fuzz bytes (missing or stale): make corpus" >&2; rm -rf "$tmp"; exit 1; }
done
rm -rf "$tmp"
for s in "${corpus[@]}"; do
	[ -f "fuzz/regressions/$(basename "$s" .bin).trace" ] ||
		{ echo "regressions: $s has no trace in fuzz/regressions/ (every seed is a regression trace)" >&2; exit 1; }
done
if [ ${#corpus[@]} -gt 0 ]; then
	# fuzz bytes name no driver: the corpus directory says which
	for d in "${RL_DRIVERS[@]}"; do
		seeds=(fuzz/corpus/"$d"/*)
		[ ${#seeds[@]} -eq 0 ] || RINGLEDGER_DRIVER=$d "$fz/am65_plain" "${seeds[@]}" > /dev/null
	done
	tmp=$(mktemp -d)
	for f in "${corpus[@]}"; do
		export RINGLEDGER_DRIVER
		RINGLEDGER_DRIVER=$(basename "$(dirname "$f")")
		"$fz/rl_trace_conv" "$f" "$tmp/a.trace"
		"$fz/rl_trace_conv" "$tmp/a.trace" "$tmp/b.bin"
		"$fz/rl_trace_conv" "$tmp/b.bin" "$tmp/b.trace"
		cmp -s "$tmp/a.trace" "$tmp/b.trace" ||
			{ echo "regressions: $f does not survive text -> bytes -> text" >&2; rm -rf "$tmp"; exit 1; }
	done
	rm -rf "$tmp"
fi
echo "regressions: ${#traces[@]} traces reproduce their findings and run clean on the patched driver; ${#corpus[@]} corpus inputs run clean and round-trip"
