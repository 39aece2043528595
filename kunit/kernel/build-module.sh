#!/usr/bin/env bash
# build-module.sh KDIR OUT [ARCH] [CROSS_COMPILE]: ringledger_kunit.ko as an
# external module (Kbuild + Kconfig in kunit/kernel/) against a configured
# and built kernel tree or kbuild output directory KDIR, which must have
# CONFIG_MODULES=y and CONFIG_KUNIT=y.  OUT gets a copy of what the module
# compiles (an external build writes its objects beside them, never into
# the clone) - model/, driver/, fuzz/trace/ (the run layer and the source
# list), fuzz/regressions/ (the trace cases) and kunit/ - in the layout
# the in-tree build sees, and the module.
set -euo pipefail
kdir=${1:?usage: build-module.sh KDIR OUT [ARCH] [CROSS_COMPILE]}
out=${2:?}
arch=${3:-}
cross=${4:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$kdir/.config" ] || { echo "module: $kdir has no .config (KDIR must be a configured, built kernel)" >&2; exit 2; }
[ -f "$kdir/Module.symvers" ] || { echo "module: $kdir has no Module.symvers (build the kernel first)" >&2; exit 2; }
grep -q '^CONFIG_MODULES=y' "$kdir/.config" || { echo "module: $kdir was built without CONFIG_MODULES=y" >&2; exit 2; }
grep -q '^CONFIG_KUNIT=[ym]' "$kdir/.config" || { echo "module: $kdir was built without CONFIG_KUNIT" >&2; exit 2; }
[ -z "$cross" ] || command -v "${cross}gcc" >/dev/null ||
	{ echo "module: ${cross}gcc not found (make deps installs gcc-aarch64-linux-gnu)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "${out:?}/fuzz"
mkdir -p "$out/fuzz"
for d in model driver fuzz/trace fuzz/regressions kunit; do
	rm -rf "${out:?}/$d"
	cp -a "$repo/$d" "$out/$d"
done
cp "$repo/kunit/kernel/Kbuild" "$out/Kbuild"
make -C "$kdir" M="$out" ${arch:+ARCH=$arch} ${cross:+CROSS_COMPILE=$cross} \
	CONFIG_RINGLEDGER_KUNIT_TEST=m -j"$(nproc)" modules
[ -f "$out/ringledger_kunit.ko" ] || { echo "module: no ringledger_kunit.ko was built" >&2; exit 1; }
echo "module: $out/ringledger_kunit.ko"
