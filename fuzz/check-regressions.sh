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
# the variant and the patched replay side by side (two processes)
"$fz/rl_replay" -q -patched "${traces[@]}" > "$fz/regressions-patched.log" 2>&1 &
patched=$!
"$fz/rl_replay" -q "${traces[@]}" > "$fz/regressions.log" 2>&1 ||
	{ grep -B1 'NOT as expected\|expected a' "$fz/regressions.log" >&2; wait "$patched" || true; exit 1; }
wait "$patched" ||
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
# one conversion process per file, as many side by side as there are cores
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
each_parallel() { # function file...
	local fn=$1
	shift
	printf '%s\0' "$@" | xargs -0 -n 1 -P "$(nproc)" bash -c "$fn"' "$1"' _ >/dev/null ||
		exit 1
}
export fz tmp
export -f trace_driver
seed_is_trace() { # trace
	local t=$1 base seed
	base=$(basename "$t" .trace)
	seed=fuzz/corpus/$(trace_driver "$t")/$base.bin
	grep -vE '^(variant|expect) ' "$t" > "$tmp/$base.trace"
	"$fz/rl_trace_conv" "$tmp/$base.trace" "$tmp/$base.bin"
	cmp -s "$tmp/$base.bin" "$seed" ||
		{ echo "regressions: $seed is not $t as fuzz bytes (missing or stale): make corpus" >&2; exit 1; }
}
export -f seed_is_trace
each_parallel seed_is_trace "${traces[@]}"
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
	round_trips() { # corpus file
		local f=$1 w
		w=$tmp/rt-$(basename "$(dirname "$f")")-$(basename "$f")
		export RINGLEDGER_DRIVER
		RINGLEDGER_DRIVER=$(basename "$(dirname "$f")")
		"$fz/rl_trace_conv" "$f" "$w.a.trace"
		"$fz/rl_trace_conv" "$w.a.trace" "$w.b.bin"
		"$fz/rl_trace_conv" "$w.b.bin" "$w.b.trace"
		cmp -s "$w.a.trace" "$w.b.trace" ||
			{ echo "regressions: $f does not survive text -> bytes -> text" >&2; exit 1; }
	}
	export -f round_trips
	each_parallel round_trips "${corpus[@]}"
fi
echo "regressions: ${#traces[@]} traces reproduce their findings and run clean on the patched driver; ${#corpus[@]} corpus inputs run clean and round-trip"
