#!/usr/bin/env bash
# Regenerate fuzz/corpus/am65 from the regression traces: each trace,
# without its variant/expect lines, as fuzz bytes (one seed per trace).
#   make-corpus.sh FZ_DIR
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
mkdir -p fuzz/corpus/am65
tmp=$(mktemp -d)
for t in fuzz/regressions/*.trace; do
	base=$(basename "$t" .trace)
	grep -vE '^(variant|expect) ' "$t" > "$tmp/$base.trace"
	"$fz/rl_trace_conv" "$tmp/$base.trace" "fuzz/corpus/am65/$base.bin"
done
rm -rf "$tmp"
echo "corpus: $(ls fuzz/corpus/am65 | wc -l) seeds in fuzz/corpus/am65"
