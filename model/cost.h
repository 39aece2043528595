/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cost.h - the work a packet costs, counted where the model's facilities
 * do it (issue 21): DMA API calls and bytes, cache maintenance, page
 * allocator and page_pool paths, skbs, copies, descriptor pool and ring
 * operations, doorbells, NAPI polls, interrupts, XSK ring entries, XDP
 * program runs.  Counting never changes what the model does: the ledger
 * and its digests do not see these counters.
 *
 * rl_cost_info[] (model/cost.c) is the one table: for each counter its
 * name, unit and an estimate of the Cortex-A53 cycles one unit costs on
 * an AM62x (1.4 GHz, 32 KiB L1D, 512 KiB L2, DMA not cache-coherent), with
 * where that estimate comes from.  The estimates are orders of magnitude
 * for ranking paths, not a timing model; fuzz/costs/README.md explains.
 */
#ifndef RL_COST_H
#define RL_COST_H

enum rl_cost {
	RL_COST_DMA_MAP,
	RL_COST_DMA_UNMAP,
	RL_COST_SYNC_CPU,
	RL_COST_SYNC_DEV,
	RL_COST_DMA_BYTES,
	RL_COST_CACHE_BYTES,
	RL_COST_PAGE_ALLOC,
	RL_COST_PAGE_FREE,
	RL_COST_PP_FAST,
	RL_COST_PP_SLOW,
	RL_COST_PP_RECYCLE_DIRECT,
	RL_COST_PP_RECYCLE_RING,
	RL_COST_PP_RELEASE,
	RL_COST_SKB_ALLOC,
	RL_COST_SKB_BUILD,
	RL_COST_SKB_FREE,
	RL_COST_COPY_BYTES,
	RL_COST_DESC_ALLOC,
	RL_COST_DESC_FREE,
	RL_COST_RING_PUSH,
	RL_COST_RING_POP,
	RL_COST_DOORBELL,
	RL_COST_NAPI_POLL,
	RL_COST_IRQ,
	RL_COST_XSK_RING,
	RL_COST_XDP_RUN,
	RL_COST_HW_RX,
	RL_COST_HW_TX,
	RL_COST_NR
};

struct rl_cost_info {
	const char *name;
	const char *unit;
	unsigned int a53_cycles;
	const char *source;
};

extern const struct rl_cost_info rl_cost_info[RL_COST_NR];

#endif /* RL_COST_H */
