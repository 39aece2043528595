#!/usr/bin/env bash
# run-module-uml.sh KSRC KBUILD OUT: the out-of-tree module, loaded and run
# in a kernel with modules.  Builds a User-Mode Linux kernel with
# CONFIG_MODULES, KUnit (+ debugfs) and hostfs in KBUILD (cached), builds
# ringledger_kunit.ko against it (build-module.sh), boots UML with the host
# directory tree as its root (hostfs), loads the module - which runs every
# suite -, prints each suite's KTAP from debugfs, unloads it and powers off.
# Passes when the module loads and unloads, KTAP from every suite is read,
# and no case (or suite: a long debugfs log is cut short) failed.
set -euo pipefail
ksrc=${1:?usage: run-module-uml.sh KSRC KBUILD OUT}
kbuild=${2:?}
out=${3:?}
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$kbuild" "$out"
kbuild=$(cd "$kbuild" && pwd)
out=$(cd "$out" && pwd)
if [ ! -f "$kbuild/Module.symvers" ]; then
	make -C "$ksrc" ARCH=um O="$kbuild" defconfig >/dev/null
	"$ksrc/scripts/config" --file "$kbuild/.config" \
		-e MODULES -e MODULE_UNLOAD -e KUNIT -e KUNIT_DEBUGFS -e DEBUG_FS \
		-e HOSTFS -e MAGIC_SYSRQ -d KUNIT_ALL_TESTS -d RINGLEDGER_KUNIT_TEST
	make -C "$ksrc" ARCH=um O="$kbuild" olddefconfig >/dev/null
	echo "module-uml: building a UML kernel with modules in $kbuild"
	make -C "$ksrc" ARCH=um O="$kbuild" -j"$(nproc)" >/dev/null
fi
bash "$repo/kunit/kernel/build-module.sh" "$kbuild" "$out/src" um >/dev/null
ko=$out/src/ringledger_kunit.ko
init=$out/uml-init.sh
log=$out/uml-module.log
# insmod/rmmod come from the host tree (hostfs root): kmod, deps-kernel
for t in insmod rmmod; do
	PATH=/usr/sbin:/sbin:$PATH command -v $t >/dev/null ||
		{ echo "module-uml: $t not found (Debian package kmod: make deps-kernel)" >&2; exit 1; }
done
cat > "$init" <<INIT
#!/bin/sh
export PATH=/usr/sbin:/sbin:/usr/bin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs none /sys/kernel/debug
if insmod $ko; then echo "RL-INSMOD ok"; else echo "RL-INSMOD failed"; fi
for d in /sys/kernel/debug/kunit/ringledger*; do
	echo "RL-SUITE \$(basename \$d)"
	cat \$d/results
	echo "RL-END"
done
if rmmod ringledger_kunit; then echo "RL-RMMOD ok"; else echo "RL-RMMOD failed"; fi
echo o > /proc/sysrq-trigger
INIT
chmod +x "$init"
# UML aborts once init has exited after the power-off request: expected
{ timeout 1200 "$kbuild/linux" mem=512M rootfstype=hostfs rw init="$init" \
	con=null con0=fd:0,fd:1 </dev/null >"$log" 2>&1; } 2>/dev/null || true
grep -q 'RL-INSMOD ok' "$log" || { echo "module-uml: insmod failed (see $log)" >&2; tail -20 "$log" >&2; exit 1; }
grep -q 'RL-RMMOD ok' "$log" || { echo "module-uml: rmmod failed (see $log)" >&2; exit 1; }
suites=$(grep -c '^RL-SUITE ' "$log" || true)
[ "$suites" -gt 0 ] || { echo "module-uml: no suite results in debugfs (see $log)" >&2; exit 1; }
status=0 passed=0
while read -r s; do
	res=$(awk -v s="$s" '$0 == "RL-SUITE " s { on = 1; next } on && /^RL-END/ { exit } on' "$log" |
		sh "$repo/kunit/lava/ktap-results.sh" "$s") || status=1
	passed=$((passed + $(grep -c ' pass$' <<<"$res" || true)))
	grep ' fail$' <<<"$res" >&2 || true
done < <(sed -n 's/^RL-SUITE //p' "$log")
# init exits after the power-off request: only a panic before that counts
sed -n '1,/RL-RMMOD/p' "$log" | grep -nE 'BUG:|Kernel panic' >&2 && status=1
[ $status -eq 0 ] || { echo "module-uml: failures (see $log)" >&2; exit 1; }
echo "module-uml: ringledger_kunit.ko loaded in UML, $suites suites, $passed results passed, unloaded"
