#!/usr/bin/env bash
# make coverage: llvm-cov HTML of the corpus (committed + the make fuzz
# working corpus of the patched driver), and the state x operation matrix
# as text and as a PNG.
#   coverage.sh FZ_DIR
set -euo pipefail
fz=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
out=$fz/coverage
rm -rf "$out"
mkdir -p "$out"
shopt -s nullglob
inputs=(fuzz/corpus/am65/* "$fz"/corpus/patched/*)
[ ${#inputs[@]} -gt 0 ] || { echo "coverage: no corpus input" >&2; exit 1; }
LLVM_PROFILE_FILE="$out/%p.profraw" "$fz/am65_cov" "${inputs[@]}" > /dev/null
llvm-profdata-14 merge -sparse "$out"/*.profraw -o "$out/am65.profdata"
srcs=(model driver/am65-cpsw fuzz/trace)
llvm-cov-14 show "$fz/am65_cov" -instr-profile="$out/am65.profdata" -format=html \
	-output-dir="$out/html" "${srcs[@]}" > /dev/null
llvm-cov-14 report "$fz/am65_cov" -instr-profile="$out/am65.profdata" "${srcs[@]}" |
	tail -n 1 | awk '{ printf "coverage: lines %s, functions %s, regions %s (%d inputs)\n", $10, $7, $4, n }' n=${#inputs[@]}
"$fz/rl_matrix" "$out/matrix.dat" "${inputs[@]}" | tee "$out/matrix.txt"
gnuplot <<GP
set terminal png size 900,700 noenhanced
set output "$out/matrix.png"
set title "ringledger: operations x driver states exercised by the corpus"
set xtics ("down" 0, "queues_down" 1, "up" 2, "up_xdp" 3, "up_zc" 4, "marker_pending" 5) rotate by -30
load "$out/matrix.dat.ytics"
set logscale cb
set cblabel "operations (log)"
plot "$out/matrix.dat" using 1:2:(\$3 > 0 ? \$3 : 1/0) with image notitle
GP
echo "coverage: $out/html/index.html, $out/matrix.txt, $out/matrix.png"
