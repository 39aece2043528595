#!/usr/bin/env bash
# Make this clone reachable from a kernel source tree as drivers/ringledger:
# a directory of links (Kbuild, Kconfig, model/, driver/, kunit/, and of
# fuzz/ only the run layer fuzz/trace/ and the regression traces the
# trace cases are made from) plus one line each in drivers/Kconfig and
# drivers/Makefile.  Idempotent; re-points
# the links at the clone given, so the tree always builds the current text.
set -euo pipefail
ksrc=${1:?usage: wire-tree.sh KSRC REPO}
repo=${2:?usage: wire-tree.sh KSRC REPO}
[ -f "$ksrc/drivers/Kconfig" ] || { echo "wire-tree: $ksrc is not a kernel tree" >&2; exit 1; }
dir=$ksrc/drivers/ringledger
mkdir -p "$dir"
ln -sfn "$repo/kunit/kernel/Kbuild" "$dir/Kbuild"
ln -sfn "$repo/kunit/kernel/Kconfig" "$dir/Kconfig"
ln -sfn "$repo/model" "$dir/model"
ln -sfn "$repo/kunit" "$dir/kunit"
# an earlier version linked all of fuzz/: replace that link by a directory
[ ! -L "$dir/fuzz" ] || rm -f "$dir/fuzz"
mkdir -p "$dir/fuzz"
ln -sfn "$repo/fuzz/trace" "$dir/fuzz/trace"
ln -sfn "$repo/fuzz/regressions" "$dir/fuzz/regressions"
mkdir -p "$repo/driver"
ln -sfn "$repo/driver" "$dir/driver"
grep -q 'drivers/ringledger/Kconfig' "$ksrc/drivers/Kconfig" ||
	sed -i 's|^endmenu$|source "drivers/ringledger/Kconfig"\n\nendmenu|' "$ksrc/drivers/Kconfig"
grep -q 'drivers/ringledger/Kconfig' "$ksrc/drivers/Kconfig" ||
	{ echo "wire-tree: could not hook drivers/Kconfig" >&2; exit 1; }
grep -q 'ringledger/' "$ksrc/drivers/Makefile" ||
	echo 'obj-$(CONFIG_RINGLEDGER_KUNIT_TEST) += ringledger/' >> "$ksrc/drivers/Makefile"
