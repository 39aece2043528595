#!/bin/sh
# run-on-board.sh MODULE: load ringledger_kunit.ko, read every ringledger
# suite's KTAP from debugfs, report each case (and parameter) to LAVA with
# lava-test-case (printed instead when not under LAVA), unload.  Exit 1 if
# any case failed or the module did not load.  POSIX sh: boards run busybox.
set -u
module=${1:?usage: run-on-board.sh MODULE}
here=$(dirname "$0")
report() {
	if command -v lava-test-case >/dev/null 2>&1; then
		lava-test-case "$1" --result "$2"
	else
		echo "RESULT $1 $2"
	fi
}
mountpoint -q /sys/kernel/debug 2>/dev/null || mount -t debugfs none /sys/kernel/debug
kml=/sys/kernel/debug/kmemleak
[ -w $kml ] && echo clear > $kml
if ! insmod "$module"; then
	report ringledger-insmod fail
	exit 1
fi
report ringledger-insmod pass
status=0
found=0
for dir in /sys/kernel/debug/kunit/ringledger*; do
	[ -r "$dir/results" ] || continue
	found=1
	suite=$(basename "$dir")
	"$here/ktap-results.sh" "$suite" < "$dir/results" > /tmp/ringledger-results.$$ || status=1
	while read -r name result; do
		report "$name" "$result"
	done < /tmp/ringledger-results.$$
	rm -f /tmp/ringledger-results.$$
done
[ $found -eq 1 ] || { report ringledger-suites fail; status=1; }
dmesg | grep -E 'BUG: KASAN|BUG:|Kernel panic' >/dev/null && { report ringledger-kasan fail; status=1; }
rmmod ringledger_kunit || { report ringledger-rmmod fail; status=1; }
# kmemleak, when the kernel has it: scan after the suites, fail on a report
if [ -w $kml ]; then
	echo scan > $kml
	if grep -q 'unreferenced object' $kml; then
		report ringledger-kmemleak fail
		cat $kml
		status=1
	else
		report ringledger-kmemleak pass
	fi
fi
exit $status
