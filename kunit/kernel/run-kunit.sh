#!/usr/bin/env bash
# run-kunit.sh KSRC BUILD_DIR JOBS [ARCH]: every ringledger suite in-kernel
# with KASAN, through kunit.py from Debian's linux-source-6.1:
#   ARCH=um (default): User-Mode Linux, x86_64;
#   ARCH=arm64: qemu-system-aarch64 ("virt"), cross-built with
#               aarch64-linux-gnu- (Debian gcc-aarch64-linux-gnu).
# Gated on kunit.py's exit code (never a --raw_output run) and on the kernel
# log having no KASAN report, no BUG/panic, and no WARNING raised from
# ringledger code.  (UML 6.1 itself warns once in um_pci_init at boot; that
# one is not ours.)
set -euo pipefail
ksrc=${1:?usage: run-kunit.sh KSRC BUILD_DIR JOBS [ARCH]}
build=${2:?}
jobs=${3:-2}
arch=${4:-um}
repo=$(cd "$(dirname "$0")/../.." && pwd)
archargs=()
case $arch in
um) ;;
arm64)
	for t in aarch64-linux-gnu-gcc qemu-system-aarch64; do
		command -v $t >/dev/null ||
			{ echo "kunit-arm64: $t not found (make deps installs gcc-aarch64-linux-gnu qemu-system-arm)" >&2; exit 2; }
	done
	# with modules, so that the same cached tree builds the external module
	archargs=(--arch=arm64 --cross_compile=aarch64-linux-gnu-
		  --kconfig_add CONFIG_MODULES=y) ;;
*) echo "kunit: unknown ARCH '$arch' (um or arm64)" >&2; exit 2 ;;
esac
bash "$repo/kunit/kernel/wire-tree.sh" "$ksrc" "$repo"
# The kernel tree and its build directory are shared by every clone
# (cache): objects built from another clone can look newer than this
# clone's sources, and Kbuild would keep them.  Rebuild ours when the
# clone behind drivers/ringledger changed.
mkdir -p "$build"
if [ "$(cat "$build/.ringledger-repo" 2>/dev/null)" != "$repo" ]; then
	rm -rf "$build/drivers/ringledger"
	echo "$repo" >"$build/.ringledger-repo"
fi
cd "$ksrc"
python3 tools/testing/kunit/kunit.py run "${archargs[@]}" \
	--kunitconfig="$repo/kunit/kernel/ringledger.kunitconfig" \
	--build_dir="$build" --jobs="$jobs" --timeout=1800 \
	--kconfig_add CONFIG_KASAN=y --kconfig_add CONFIG_KASAN_VMALLOC=y \
	--kconfig_add CONFIG_KASAN_GENERIC=y
bad='BUG: KASAN|BUG:|Kernel panic|WARNING: CPU: [0-9]+ PID: [0-9]+ at drivers/ringledger'
if grep -nE "$bad" "$build/test.log" >/dev/null 2>&1; then
	echo "kunit: the kernel log has a KASAN/BUG/WARNING report:" >&2
	grep -nE -A20 "$bad" "$build/test.log" | head -60 >&2
	exit 1
fi
