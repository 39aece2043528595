#!/usr/bin/env bash
# Kill the AFL++ targets of FZ_DIR that no afl-fuzz runs any more.
# afl-fuzz 4.04c exits (-V, or AFL_BENCH_UNTIL_CRASH) leaving the CMPLOG
# run's persistent child stopped, in a session of its own, under init.  A
# target with an afl-fuzz among its ancestors is part of a run still going
# (the fork server, or the child it forked for an input) and is left alone.
#   afl-reap.sh FZ_DIR
fz=$(realpath "$1")
ppid_of() { awk '{ sub(/.*\) /, ""); print $2 }' "/proc/$1/stat" 2>/dev/null; }
under_afl_fuzz() {
	local p=$1 hops=0
	while [ -n "$p" ] && [ "$p" -gt 1 ] && [ $hops -lt 64 ]; do
		[ "$(cat "/proc/$p/comm" 2>/dev/null)" = afl-fuzz ] && return 0
		p=$(ppid_of "$p")
		hops=$((hops + 1))
	done
	return 1
}
for exe in /proc/[0-9]*/exe; do
	pid=${exe#/proc/}
	pid=${pid%/exe}
	case $(readlink "$exe" 2>/dev/null) in
	"$fz/am65_afl" | "$fz/am65_afl_cmplog") ;;
	*) continue ;;
	esac
	under_afl_fuzz "$(ppid_of "$pid")" || kill -9 "$pid" 2>/dev/null
done
exit 0
