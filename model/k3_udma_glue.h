/* SPDX-License-Identifier: GPL-2.0 */
/*
 * k3_udma_glue.h - drivers/dma/ti/k3-udma-glue.c channels plus the DMA
 * hardware behind them, driven by the harness:
 *  - RX channel with flows; each flow has a free-descriptor queue (FDQ)
 *    and a completion ring.  PKTDMA: one FDQ per flow.  UDMA-P: one FDQ
 *    shared by the channel's flows (single_fdq).
 *  - TX channel with a submit ring and a completion ring.
 *  - Teardown: tdown_*_chn() makes the hardware put a teardown completion
 *    marker (TDCM) in a completion ring once it is done; the harness picks
 *    when: at once, after k hardware steps, or never.  A TX channel first
 *    finishes the packets already queued (one per hardware step), so a
 *    late marker comes with late completions; "never" is a hung DMA.
 *  - reset_rx_chn() cleans only the FDQ (cleanup callback per entry) and
 *    resets the completion ring with no callback, exactly like the glue:
 *    whatever was completed but not popped is lost (RL_F_DROPPED).
 */
#ifndef RL_K3_UDMA_GLUE_H
#define RL_K3_UDMA_GLUE_H

#include "model.h"
#include "k3_ring.h"

#define RL_MAX_FLOWS	8

enum rl_tdown_mode {
	RL_TDOWN_NOW,		/* marker queued by the tdown call itself */
	RL_TDOWN_AFTER,		/* marker after tdown_delay hardware steps */
	RL_TDOWN_NEVER,		/* marker never arrives */
};

struct rl_udma_rx_flow {
	struct rl_ring *fdq;	/* shared with flow 0 when single_fdq */
	struct rl_ring *ring;	/* completion ring */
};

/* Teardown progress of one channel. */
struct rl_udma_tdown {
	bool requested;		/* tdown_*_chn() called, marker not yet out */
	bool stopped;		/* torn down: no traffic until re-enabled */
	u32 countdown;		/* hardware steps left before the marker */
	bool never;
	bool now;		/* RL_TDOWN_NOW: everything happens at once */
};

struct rl_k3_udma_glue_rx_channel {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	struct rl_k3_cppi_desc_pool *pool;
	u32 flow_num;
	bool single_fdq;	/* UDMA-P: one FDQ for the whole channel */
	bool enabled;
	struct rl_udma_rx_flow flows[RL_MAX_FLOWS];
	struct rl_udma_tdown tdown;
	u32 rx_dropped;		/* packets dropped by hw: no free descriptor */
};

struct rl_k3_udma_glue_tx_channel {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	struct rl_k3_cppi_desc_pool *pool;
	bool enabled;
	struct rl_ring *ring;	/* submit ring */
	struct rl_ring *ringtxcq;	/* completion ring */
	struct rl_udma_tdown tdown;
};

/*
 * Model queries for the oracle: descriptors in @flow's FDQ (a shared FDQ
 * counted once, with flow 0) and in its completion ring; whether a TX
 * channel runs (enabled and not torn down).
 */
u32 rl_udma_rx_flow_fdq_descs(const struct rl_k3_udma_glue_rx_channel *chn,
			      u32 flow);
u32 rl_udma_rx_flow_compl_descs(const struct rl_k3_udma_glue_rx_channel *chn,
				u32 flow);
bool rl_udma_tx_chn_running(const struct rl_k3_udma_glue_tx_channel *chn);

/* Teardown marker policy for every channel (harness knob). */
void rl_hw_set_tdown_mode(struct rl_model *m, enum rl_tdown_mode mode,
			  u32 delay);

/* k3_udma_glue_request_rx_chn() + rx flow init */
struct rl_k3_udma_glue_rx_channel *
rl_k3_udma_glue_request_rx_chn(struct rl_model *m, struct rl_k3_cppi_desc_pool *pool,
			       u32 flow_num, u32 ring_size, bool single_fdq);
void rl_k3_udma_glue_release_rx_chn(struct rl_k3_udma_glue_rx_channel *chn);
bool rl_udma_rx_chn_is_valid(const struct rl_k3_udma_glue_rx_channel *chn);
int rl_k3_udma_glue_enable_rx_chn(struct rl_k3_udma_glue_rx_channel *chn);
/* The channel stops; no ring is touched (proven, unit udma_reset). */
/*@ requires \valid(chn);
  @ assigns chn->enabled;
  @*/
void rl_k3_udma_glue_disable_rx_chn(struct rl_k3_udma_glue_rx_channel *chn);
/*
 * Proof view (A5): a push that succeeds moves the driver-held descriptor
 * (and what it carries) to the flow's FDQ; one that fails changes nothing.
 */
/*@ requires chn: \valid(chn);
  @ requires held: rl_g_desc_held > 0;
  @ requires room: rl_g_desc_queued < RL_GHOST_MAX;
  @ assigns RL_RX_PUSH_FOOTPRINT(chn), rl_g_desc_held,
  @   rl_g_desc_queued;
  @ RL_DESC_PUSH_EFFECT
  @*/
int rl_k3_udma_glue_push_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				u32 flow, void *desc, rl_dma_addr_t dma);
/*
 * k3_udma_glue_pop_rx_chn(): the next completion of @flow.  Proven
 * (unit udma_reset) over the ring pop's contract (A5): -ENODATA only when
 * the ring is empty; a pop takes one entry; of what the proofs read it
 * writes the ring's counters only (the ledger's bookkeeping is not driver
 * memory).
 */
/*@ requires \valid(chn) && flow < chn->flow_num && flow < RL_MAX_FLOWS &&
  @   \valid(chn->flows[flow].ring) && \valid(dma);
  @ requires apart: \separated(chn, chn->flows[flow].ring, dma);
  @ assigns chn->flows[flow].ring->idx, *dma;
  @ ensures same: chn->flow_num == \old(chn->flow_num);
  @ ensures empty: \result != 0 ==>
  @   rl_ridx_occ(&chn->flows[flow].ring->idx) == 0;
  @ ensures found_empty: \result != 0 ==>
  @   \old(rl_ridx_occ(&chn->flows[flow].ring->idx)) == 0;
  @ ensures one_less: \result == 0 ==>
  @   rl_ridx_occ(&chn->flows[flow].ring->idx) ==
  @   \old(rl_ridx_occ(&chn->flows[flow].ring->idx)) - 1;
  @*/
int rl_k3_udma_glue_pop_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
			       u32 flow, rl_dma_addr_t *dma);
/*
 * Proof view (A5): the teardown request; of the rings the proofs read only
 * flow 0's completion ring may change (the marker, when it is due now).
 */
/*@ requires \valid(chn) && \valid(chn->flows[0].ring);
  @ assigns chn->tdown, chn->flows[0].ring->idx;
  @ ensures same: chn->flow_num == \old(chn->flow_num) &&
  @   chn->single_fdq == \old(chn->single_fdq);
  @*/
void rl_k3_udma_glue_tdown_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				  bool sync);
/*
 * k3_udma_glue_reset_rx_chn(): proven (unit udma_reset) over the ring's
 * pop and reset contracts and the callback's (A1).  The flow's completion
 * ring ends empty (what it held is lost: pop it first); its FDQ ends
 * empty, every entry popped through @cleanup before the ring is reset,
 * unless the channel has one FDQ for all flows and @flow is not 0.
 */
/*@ predicate rl_udma_flow_rings{L}(struct rl_k3_udma_glue_rx_channel *chn,
  @                                 integer flow) =
  @   \valid(chn) && 0 <= flow < chn->flow_num && flow < RL_MAX_FLOWS &&
  @   \valid(chn->flows[flow].fdq) && \valid(chn->flows[flow].ring) &&
  @   \separated(chn->flows[flow].fdq, chn->flows[flow].ring);
  @
  @ // a flow has an FDQ of its own unless the channel has one for all
  @ // flows (UDMA-P), which flow 0 holds: k3_udma_glue_cfg_rx_flow
  @ predicate rl_udma_owns_fdq{L}(struct rl_k3_udma_glue_rx_channel *chn,
  @                               integer flow) =
  @   !(chn->single_fdq && flow != 0);
  @
  @ // the first n flows' rings, @shared the channel's single_fdq: each
  @ // flow's pair valid and apart; the completion rings apart from each
  @ // other, from every FDQ and from the channel; the FDQs apart (PKTDMA)
  @ // or one ring, flow 0's (UDMA-P).  Pointers only: it holds across
  @ // any write to a counter.
  @ predicate rl_udma_chn_rings{L}(struct rl_k3_udma_glue_rx_channel *chn,
  @                                integer n, integer shared) =
  @   \valid(chn) && 0 <= n <= RL_MAX_FLOWS &&
  @   (\forall integer f; 0 <= f < n ==>
  @     \valid(chn->flows[f].fdq) && \valid(chn->flows[f].ring) &&
  @     \separated(chn, chn->flows[f].ring) &&
  @     \separated(chn, chn->flows[f].fdq)) &&
  @   (\forall integer f, g; 0 <= f < n && 0 <= g < n ==>
  @     \separated(chn->flows[f].ring, chn->flows[g].fdq)) &&
  @   (\forall integer f, g; 0 <= f < n && 0 <= g < n && f != g ==>
  @     \separated(chn->flows[f].ring, chn->flows[g].ring) &&
  @     (shared == 0 ==>
  @       \separated(chn->flows[f].fdq, chn->flows[g].fdq))) &&
  @   (shared != 0 ==> \forall integer f; 0 <= f < n ==>
  @     chn->flows[f].fdq == chn->flows[0].fdq);
  @*/
/*@ requires rings: rl_udma_flow_rings(chn, flow);
  @ assigns chn->flows[flow].fdq->idx, chn->flows[flow].ring->idx;
  @ ensures fdq_cleaned: rl_udma_owns_fdq(chn, flow) ==>
  @   rl_ridx_occ(&chn->flows[flow].fdq->idx) == 0;
  @ ensures compl_reset: rl_ridx_occ(&chn->flows[flow].ring->idx) == 0;
  @*/
void rl_k3_udma_glue_reset_rx_chn(struct rl_k3_udma_glue_rx_channel *chn,
				  u32 flow, void *data,
				  void (*cleanup)(void *data,
						  rl_dma_addr_t desc_dma));
/*
 * The signature before 0da30874729b (6.1 to 6.14): the caller says whether
 * the flow's FDQ is skipped.  am65-cpsw passed "!!flow", right only where
 * the flows share one FDQ (UDMA-P); only the variant rx_reset_skip_fdq
 * calls it.
 */
/*@ requires rings: rl_udma_flow_rings(chn, flow);
  @ assigns chn->flows[flow].fdq->idx, chn->flows[flow].ring->idx;
  @ ensures fdq_cleaned: !skip_fdq ==>
  @   rl_ridx_occ(&chn->flows[flow].fdq->idx) == 0;
  @ ensures compl_reset: rl_ridx_occ(&chn->flows[flow].ring->idx) == 0;
  @*/
void rl_k3_udma_glue_reset_rx_chn_skip(struct rl_k3_udma_glue_rx_channel *chn,
				       u32 flow, void *data,
				       void (*cleanup)(void *data,
						       rl_dma_addr_t desc_dma),
				       bool skip_fdq);

/* k3_udma_glue_request_tx_chn(): @name as the driver's "tx%d" */
struct rl_k3_udma_glue_tx_channel *
rl_k3_udma_glue_request_tx_chn(struct rl_model *m, const char *name,
			       struct rl_k3_cppi_desc_pool *pool, u32 ring_size);
void rl_k3_udma_glue_release_tx_chn(struct rl_k3_udma_glue_tx_channel *chn);
bool rl_udma_tx_chn_is_valid(const struct rl_k3_udma_glue_tx_channel *chn);
int rl_k3_udma_glue_enable_tx_chn(struct rl_k3_udma_glue_tx_channel *chn);
/* The channel stops; no ring is touched (proven, unit udma_reset). */
/*@ requires \valid(chn);
  @ assigns chn->enabled;
  @ ensures off: !chn->enabled;
  @*/
void rl_k3_udma_glue_disable_tx_chn(struct rl_k3_udma_glue_tx_channel *chn);
/* Proof view (A5): as the RX push, into the channel's submit ring. */
/*@ requires chn: \valid(chn);
  @ requires held: rl_g_desc_held > 0;
  @ requires room: rl_g_desc_queued < RL_GHOST_MAX;
  @ assigns RL_TX_PUSH_FOOTPRINT(chn), rl_g_desc_held, rl_g_desc_queued;
  @ RL_DESC_PUSH_EFFECT
  @*/
int rl_k3_udma_glue_push_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				void *desc, rl_dma_addr_t dma);
/* k3_udma_glue_pop_tx_chn(): the same for the completion ring (proven). */
/*@ requires \valid(chn) && \valid(chn->ringtxcq) && \valid(dma);
  @ requires apart: \separated(chn->ringtxcq, dma);
  @ assigns chn->ringtxcq->idx, *dma;
  @ ensures empty: \result != 0 ==> rl_ridx_occ(&chn->ringtxcq->idx) == 0;
  @ ensures found_empty: \result != 0 ==>
  @   \old(rl_ridx_occ(&chn->ringtxcq->idx)) == 0;
  @ ensures one_less: \result == 0 ==>
  @   rl_ridx_occ(&chn->ringtxcq->idx) ==
  @   \old(rl_ridx_occ(&chn->ringtxcq->idx)) - 1;
  @*/
int rl_k3_udma_glue_pop_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
			       rl_dma_addr_t *dma);
void rl_k3_udma_glue_tdown_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				  bool sync);
/*
 * k3_udma_glue_reset_tx_chn(): proven like the RX reset (unit udma_reset):
 * the submit ring is popped empty through @cleanup before it is reset;
 * the completion ring is reset as it is (pop it first).
 */
/*@ requires \valid(chn) && \valid(chn->ring) && \valid(chn->ringtxcq) &&
  @   \separated(chn->ring, chn->ringtxcq);
  @ assigns chn->ring->idx, chn->ringtxcq->idx;
  @ ensures submit_cleaned: rl_ridx_occ(&chn->ring->idx) == 0;
  @ ensures compl_reset: rl_ridx_occ(&chn->ringtxcq->idx) == 0;
  @*/
void rl_k3_udma_glue_reset_tx_chn(struct rl_k3_udma_glue_tx_channel *chn,
				  void *data,
				  void (*cleanup)(void *data,
						  rl_dma_addr_t desc_dma));

/*
 * Hardware side.  rl_hw_rx_packet(): a packet of @len bytes arrives on
 * @flow from @port; the DMA takes the FDQ head, writes the buffer (checked
 * against the DMA mappings), fills length, source port and the checksum
 * word (psdata[2]) and queues it on the flow's completion ring.  Returns 0,
 * or -ENOSPC when no descriptor was free (packet dropped), -EIO when the
 * channel is not running.
 */
int rl_hw_rx_packet(struct rl_k3_udma_glue_rx_channel *chn, u32 flow,
		    u32 port, u32 len, u32 csum_info);
/* Hardware sends up to @k queued TX packets; returns how many completed. */
u32 rl_hw_tx_complete(struct rl_k3_udma_glue_tx_channel *chn, u32 k);
/* One hardware step on every channel: delayed teardown markers arrive. */
void rl_hw_step(struct rl_model *m);

#endif /* RL_K3_UDMA_GLUE_H */
