#!/usr/bin/env bash
# Run every ringledger suite in-kernel under User-Mode Linux with KASAN,
# with kunit.py from Debian's linux-source-6.1.  Gated on kunit.py's exit
# code (never a --raw_output run) and on the kernel log having no KASAN or
# WARNING report.
set -euo pipefail
ksrc=${1:?usage: run-uml.sh KSRC BUILD_DIR JOBS}
build=${2:?}
jobs=${3:-2}
repo=$(cd "$(dirname "$0")/../.." && pwd)
bash "$repo/kunit/kernel/wire-tree.sh" "$ksrc" "$repo"
cd "$ksrc"
python3 tools/testing/kunit/kunit.py run \
	--kunitconfig="$repo/kunit/kernel/ringledger.kunitconfig" \
	--build_dir="$build" --jobs="$jobs" --timeout=900 \
	--kconfig_add CONFIG_KASAN=y --kconfig_add CONFIG_KASAN_VMALLOC=y \
	--kconfig_add CONFIG_KASAN_GENERIC=y
if grep -nE 'BUG: KASAN|WARNING: CPU|Kernel panic' "$build/test.log" >/dev/null 2>&1; then
	echo "kunit: the kernel log has a KASAN/WARNING report:" >&2
	grep -nE -A20 'BUG: KASAN|WARNING: CPU|Kernel panic' "$build/test.log" | head -60 >&2
	exit 1
fi
