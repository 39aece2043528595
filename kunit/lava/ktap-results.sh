#!/bin/sh
# ktap-results.sh SUITE < KTAP: one "NAME pass|fail|skip" line per test
# case of one suite's KTAP (debugfs results on a board, or the host shim's
# output), a parameter as SUITE.CASE.PARAM.  Exit 1 if any result failed
# or none was found.  POSIX sh + awk: runs on the board and on the host.
suite=${1:?usage: ktap-results.sh SUITE < KTAP}
awk -v suite="$suite" '
function clean(s) { gsub(/[^A-Za-z0-9_.-]/, "_", s); return s }
function indent(s) { return match(s, /[^ \t]/) - 1 }
# "# Subtest: NAME" names the tests that follow at the same indentation
/^[ \t]*# Subtest: / {
	d = indent($0)
	for (k in hdr) if (k + 0 >= d) delete hdr[k]
	name = $0; sub(/^[ \t]*# Subtest: /, "", name)
	hdr[d] = name
	next
}
/^[ \t]*(not )?ok [0-9]+ / {
	d = indent($0)
	line = $0; sub(/^[ \t]*/, "", line)
	res = (line ~ /^not ok/) ? "fail" : "pass"
	if (line ~ /# SKIP/) res = "skip"
	sub(/^(not )?ok [0-9]+ /, "", line); sub(/ # .*$/, "", line)
	# the suite verdict too: a debugfs log may be cut short
	parent = (d in hdr) ? hdr[d] : suite
	if (line == suite) key = suite
	else if (parent == suite) key = suite "." clean(line)
	else key = suite "." clean(parent) "." clean(line)
	print key, res
	n++
	if (res == "fail") bad = 1
}
END {
	if (!n) { print "ktap-results: no results for " suite > "/dev/stderr"; exit 1 }
	exit bad
}'
