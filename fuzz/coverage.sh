#!/usr/bin/env bash
# make coverage: llvm-cov HTML of the corpus (committed + the make fuzz
# working corpus of the patched driver), and the state x operation matrix
# as text and as a PNG, for one driver (fuzz bytes decode for it:
# RINGLEDGER_DRIVER).
#   coverage.sh FZ_DIR [DRIVER]
set -euo pipefail
fz=$1
driver=${2:-am65}
case $driver in
am65) work=patched srcdir=driver/am65-cpsw ;;
stmmac) work=stmmac-patched srcdir=driver/stmmac ;;
*) echo "coverage: DRIVER=$driver: expected am65 or stmmac" >&2; exit 2 ;;
esac
export RINGLEDGER_DRIVER=$driver
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
out=$fz/coverage$([ "$driver" = am65 ] || echo "-$driver")
rm -rf "$out"
mkdir -p "$out"
shopt -s nullglob
inputs=(fuzz/corpus/"$driver"/* "$fz"/corpus/"$work"/*)
[ ${#inputs[@]} -gt 0 ] || { echo "coverage: no corpus input" >&2; exit 1; }
LLVM_PROFILE_FILE="$out/%p.profraw" "$fz/am65_cov" "${inputs[@]}" > /dev/null
llvm-profdata-14 merge -sparse "$out"/*.profraw -o "$out/am65.profdata"
srcs=(model "$srcdir" fuzz/trace)
llvm-cov-14 show "$fz/am65_cov" -instr-profile="$out/am65.profdata" -format=html \
	-output-dir="$out/html" "${srcs[@]}" > /dev/null
llvm-cov-14 report "$fz/am65_cov" -instr-profile="$out/am65.profdata" "${srcs[@]}" |
	tail -n 1 | awk '{ printf "coverage: lines %s, functions %s, regions %s (%d inputs)\n", $10, $7, $4, n }' n=${#inputs[@]}
"$fz/rl_matrix" "$out/matrix.dat" "${inputs[@]}" | tee "$out/matrix.txt"
gnuplot <<GP
set terminal png size 900,700 noenhanced
set output "$out/matrix.png"
set title "ringledger ($driver): operations x driver states exercised by the corpus"
load "$out/matrix.dat.xtics"
load "$out/matrix.dat.ytics"
set logscale cb
set cblabel "operations (log)"
plot "$out/matrix.dat" using 1:2:(\$3 > 0 ? \$3 : 1/0) with image notitle
GP
echo "coverage: $out/html/index.html, $out/matrix.txt, $out/matrix.png"
