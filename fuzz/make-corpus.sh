#!/usr/bin/env bash
# Regenerate fuzz/corpus/DRIVER/ from the regression traces: each trace,
# without its variant/expect lines, as fuzz bytes (one seed per trace), in
# the corpus of the driver its config line names (am65 when it names none).
#   make-corpus.sh FZ_DIR
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
. fuzz/trace-driver.sh
tmp=$(mktemp -d)
for t in fuzz/regressions/*.trace; do
	base=$(basename "$t" .trace)
	d=$(trace_driver "$t")
	mkdir -p "fuzz/corpus/$d"
	grep -vE '^(variant|expect) ' "$t" > "$tmp/$base.trace"
	"$fz/rl_trace_conv" "$tmp/$base.trace" "fuzz/corpus/$d/$base.bin"
done
rm -rf "$tmp"
for d in "${RL_DRIVERS[@]}"; do
	[ -d "fuzz/corpus/$d" ] && echo "corpus: $(ls "fuzz/corpus/$d" | wc -l) seeds in fuzz/corpus/$d"
done
