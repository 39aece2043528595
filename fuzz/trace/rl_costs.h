/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_costs.h - work per packet (issue 21): workloads named after the tools
 * users run (xdpsock rxdrop/txonly/l2fwd, iperf-like stack RX/TX, the XDP
 * samples' drop and TX), each a trace run on the world; the model's cost
 * counters (model/cost.h) are read over the measured packets only, after
 * the rings and pools are warm.  Host tool (fuzz/harness/costs_main.c) and
 * KUnit (kunit/suites/costs_test.c) run the same cases, so the counts
 * compare across host, UML and arm64 like the trace digests do.
 */
#ifndef RL_COSTS_H
#define RL_COSTS_H

#include "rl_trace.h"

#define RL_COSTS_BATCH		16	/* packets per batch (xsk ring size) */
#define RL_COSTS_WARM		2	/* batches before the measure */
#define RL_COSTS_MEASURED	4	/* batches measured */
#define RL_COSTS_PACKETS	(RL_COSTS_BATCH * RL_COSTS_MEASURED)
#define RL_COSTS_TEXT_LEN	4096

/* What the run's packets are expected to do: device RX, TX or both. */
#define RL_COSTS_RX		1
#define RL_COSTS_TX		2

struct rl_costs_case {
	const char *driver;	/* am65, stmmac */
	const char *workload;	/* rxdrop, txonly, l2fwd, stack_rx, ... */
	const char *mode;	/* zc, native, stack */
	u8 expect;		/* RL_COSTS_RX | RL_COSTS_TX */
	const char *what;
	const char *modes;	/* xdp_mode/xsk_mode lines, or NULL */
	const char *prelude;	/* trace lines once, after the config */
	const char *batch;	/* trace lines per batch; "%L": the length */
};

extern const struct rl_costs_case rl_costs_cases[];
extern const u32 rl_costs_nr_cases;
extern const u32 rl_costs_sizes[];
extern const u32 rl_costs_nr_sizes;

struct rl_costs_result {
	u64 total[RL_COST_NR];	/* over the measured packets */
	u32 findings;		/* ledger findings in the whole run */
	char first[160];	/* the first of them, formatted */
	u32 rx, tx;		/* frames the device received / sent (measured) */
	bool stalled;		/* fewer than RL_COSTS_PACKETS where expected */
	u64 digest;		/* of total[] (FNV-1a), for cross-build compare */
};

/*
 * The trace text of case @c at packet size @len, with the performance
 * variants @perf (BIT of the case's driver's rl_*_perf) on "perf" lines
 * and the catalogued bugs @variants; its length, or -1 if @cap is short.
 */
int rl_costs_text(const struct rl_costs_case *c, u32 len, u32 perf, u64 variants,
		  char *buf, size_t cap);
/*
 * Run case @c at size @len with @perf and @variants: 0 and @res filled, or
 * -EINVAL (the trace does not parse: @err says why) / -ENOMEM.
 */
int rl_costs_run(const struct rl_costs_case *c, u32 len, u32 perf,
		 u64 variants, struct rl_costs_result *res, char *err,
		 size_t errlen);
/* Per-packet count of counter @k in hundredths (deterministic, no FP). */
static inline u64 rl_costs_per_pkt_x100(const struct rl_costs_result *r,
					u32 k)
{
	return (r->total[k] * 100 + RL_COSTS_PACKETS / 2) / RL_COSTS_PACKETS;
}
/* Estimated A53 cycles per packet (cost.h's table). */
u64 rl_costs_cycles_per_pkt(const struct rl_costs_result *r);
/*
 * The same with cache maintenance free: a DMA-coherent platform (the
 * x86 hosts of the stmmac seed's figures).
 */
u64 rl_costs_cycles_per_pkt_coherent(const struct rl_costs_result *r);

#endif /* RL_COSTS_H */
