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
# seconds a boot may take before it counts as stalled (below)
boot_limit=${RL_UML_BOOT_LIMIT:-300}
[[ $boot_limit =~ ^[1-9][0-9]{0,4}$ ]] ||
	{ echo "module-uml: RL_UML_BOOT_LIMIT must be whole seconds (1 to 99999), not '$boot_limit'" >&2; exit 1; }
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
# boot_uml INIT LOG LIMIT: one UML boot with INIT as its init, console to
# LOG; succeeds when INIT got to its end (RL-RMMOD) within LIMIT seconds.
# UML aborts once init has exited after the power-off request: expected.
boot_uml() {
	{ timeout -k 10 "$3" "$kbuild/linux" mem=512M rootfstype=hostfs rw init="$1" \
		con=null con0=fd:0,fd:1 </dev/null >"$2" 2>&1; } 2>/dev/null || true
	grep -q '^RL-RMMOD' "$2"
}
# The whole boot takes seconds (every suite well under one).  A UML boot
# once stalled on a CI machine with every suite passed, before insmod
# returned, and sat out its time-out (stop 61, no output for 20 minutes):
# a stalled boot is named, its log kept (never overwritten) and the kernel
# booted again, three boots at most.  A hang in the suites themselves is
# deterministic (same code, same steps) and stalls every boot: it fails.
# The stall check is tried first on an init that never ends.
printf '#!/bin/sh\necho RL-HANG\nwhile :; do sleep 1; done\n' > "$out/uml-hang.sh"
chmod +x "$out/uml-hang.sh"
if boot_uml "$out/uml-hang.sh" "$out/uml-hang.log" 10 || ! grep -q '^RL-HANG' "$out/uml-hang.log"; then
	echo "module-uml: stall check self-test: an init that never ends was not caught (see $out/uml-hang.log)" >&2
	exit 1
fi
finished=false
for boot in 1 2 3; do
	boot_uml "$init" "$log" "$boot_limit" && { finished=true; break; }
	k=1
	while [ -e "$out/uml-module.stall-$k.log" ]; do k=$((k + 1)); done
	cp "$log" "$out/uml-module.stall-$k.log"
	echo "module-uml: boot $boot stalled (init unfinished after ${boot_limit} s," \
		"last line: $(tail -1 "$log" | cut -c1-80)); log kept as $out/uml-module.stall-$k.log" >&2
done
$finished || { echo "module-uml: every boot stalled (logs kept in $out)" >&2; exit 1; }
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
