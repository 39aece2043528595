#!/usr/bin/env bash
# Run every ringledger suite in-kernel under User-Mode Linux with KASAN,
# with kunit.py from Debian's linux-source-6.1.  Gated on kunit.py's exit
# code (never a --raw_output run) and on the kernel log having no KASAN
# report, no BUG/panic, and no WARNING raised from ringledger code.  (UML
# 6.1 itself warns once in um_pci_init at boot; that one is not ours.)
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
bad='BUG: KASAN|BUG:|Kernel panic|WARNING: CPU: [0-9]+ PID: [0-9]+ at drivers/ringledger'
if grep -nE "$bad" "$build/test.log" >/dev/null 2>&1; then
	echo "kunit: the kernel log has a KASAN/BUG/WARNING report:" >&2
	grep -nE -A20 "$bad" "$build/test.log" | head -60 >&2
	exit 1
fi
