# shellcheck shell=bash
# Sourced by the corpus and regression scripts: the drivers a trace can
# name (rl_driver_names in fuzz/trace/rl_trace_ops.c) and which one a
# trace file names on its config line (am65 when none).
RL_DRIVERS=(am65 stmmac)
trace_driver() {
	local d
	d=$(sed -n 's/^config  *driver=\([a-z0-9]*\).*/\1/p' "$1" | head -n 1)
	echo "${d:-am65}"
}
