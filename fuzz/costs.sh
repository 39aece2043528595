#!/usr/bin/env bash
# costs.sh - work per packet (issue 21), over fuzz/harness/costs_main.c.
#   costs.sh table RL_COSTS OUTDIR   make costs: table, CSV, JSON, chart
#   costs.sh check RL_COSTS          make costs-check: the gate, then each
#                                    performance variant must fail it
#   costs.sh update RL_COSTS         make costs-update: rewrite the gate
set -euo pipefail
gate=fuzz/costs/expected.txt
usage() { echo "usage: costs.sh table RL_COSTS OUTDIR | check RL_COSTS | update RL_COSTS" >&2; exit 2; }
[ $# -ge 2 ] || usage
cmd=$1 tool=$2
[ -x "$tool" ] || { echo "costs: $tool is not built" >&2; exit 2; }
case $cmd in
table)
	[ $# -eq 3 ] || usage
	out=$3
	mkdir -p "$out"
	"$tool" --csv "$out/costs.csv" --json "$out/costs.json" --dat "$out/costs.dat"
	gp() {
		cat <<GP
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key top left title "packet size"
set ylabel "estimated A53 cycles per packet"
set xtics rotate by -45 scale 0 font ",9"
set grid ytics
plot for [c=2:4] "$out/costs.dat" using c:xtic(1) title columnhead(c)
GP
	}
	# columnhead needs a header without '#'
	sed -i '1s/^# //' "$out/costs.dat"
	{ echo 'set terminal png size 1400,700 noenhanced'
	  echo "set output \"$out/costs.png\""
	  echo 'set title "ringledger: work per packet, am65-cpsw and stmmac patched (make costs)"'
	  echo 'set bmargin 11'
	  echo 'set rmargin 6'
	  gp; } | gnuplot
	{ echo 'set terminal dumb size 110,32'; gp; } | gnuplot
	echo "costs: $out/costs.csv, $out/costs.json, $out/costs.png"
	;;
check)
	[ $# -eq 2 ] || usage
	"$tool" --quiet --check "$gate"
	# every performance variant must raise a count above the gate
	for p in $("$tool" --list-perf); do
		rc=0
		log=$("$tool" --quiet --perf "$p" --check "$gate") || rc=$?
		if [ $rc -ne 1 ] || ! grep -q 'rose from' <<<"$log"; then
			echo "costs-check: FAIL: performance variant $p is not caught by the gate (exit $rc)" >&2
			exit 1
		fi
		echo "costs-check: $p caught: $(grep -c 'rose from' <<<"$log") counts above the gate, e.g. $(grep -m1 'rose from' <<<"$log" | sed 's/^costs-check: //')"
	done
	;;
update)
	[ $# -eq 2 ] || usage
	"$tool" --quiet --write "$gate.new"
	"$tool" --quiet --check "$gate.new" >/dev/null
	mv "$gate.new" "$gate"
	echo "costs: $gate rewritten; review git diff $gate"
	;;
*) usage ;;
esac
