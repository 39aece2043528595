#!/usr/bin/env bash
# Kill the AFL++ targets of FZ_DIR whose afl-fuzz is gone.  afl-fuzz 4.04c
# exits (-V, or AFL_BENCH_UNTIL_CRASH) leaving the CMPLOG run's persistent
# child stopped, in a session of its own, under init; one still under a
# live afl-fuzz (a parallel run) is left alone.
#   afl-reap.sh FZ_DIR
fz=$(realpath "$1")
for exe in /proc/[0-9]*/exe; do
	pid=${exe#/proc/}
	pid=${pid%/exe}
	case $(readlink "$exe" 2>/dev/null) in
	"$fz/am65_afl" | "$fz/am65_afl_cmplog") ;;
	*) continue ;;
	esac
	ppid=$(awk '{ sub(/.*\) /, ""); print $2 }' "/proc/$pid/stat" 2>/dev/null) || continue
	[ "$(cat "/proc/$ppid/comm" 2>/dev/null)" = afl-fuzz ] && continue
	kill -9 "$pid" 2>/dev/null
done
exit 0
