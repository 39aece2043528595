#!/usr/bin/env bash
# bench-kunit.sh KSRC CACHE JOBS [ARCH...]: cold and warm wall times of the
# in-kernel runs.  Cold: a fresh kbuild directory (the kernel is configured
# and built from scratch, then the suites run); warm: the same command
# again on that directory (incremental build, boot, suites).  Targets on 2
# cores: arm64+KASAN cold under ~12 min, warm under a minute.
set -euo pipefail
ksrc=${1:?usage: bench-kunit.sh KSRC CACHE JOBS [ARCH...]}
cache=${2:?}
jobs=${3:-2}
shift 3
archs=${*:-arm64 um}
here=$(dirname "$0")
for arch in $archs; do
	dir=$cache/bench-kunit-$arch
	rm -rf "$dir"
	t0=$(date +%s)
	bash "$here/run-kunit.sh" "$ksrc" "$dir" "$jobs" "$arch" >"$dir.cold.log" 2>&1 ||
		{ echo "bench-kunit: cold $arch run failed (see $dir.cold.log)" >&2; exit 1; }
	t1=$(date +%s)
	bash "$here/run-kunit.sh" "$ksrc" "$dir" "$jobs" "$arch" >"$dir.warm.log" 2>&1 ||
		{ echo "bench-kunit: warm $arch run failed (see $dir.warm.log)" >&2; exit 1; }
	t2=$(date +%s)
	printf 'bench-kunit: %-5s KASAN  cold %4d s  warm %4d s  (%s cores)\n' \
		"$arch" $((t1 - t0)) $((t2 - t1)) "$jobs"
	rm -rf "$dir"
done
