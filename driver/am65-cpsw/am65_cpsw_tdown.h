/* SPDX-License-Identifier: GPL-2.0 */
/*
 * am65_cpsw_tdown.h - the teardown's entry points and what the proofs
 * say of them: the channels' and flows' destroys, the teardown wait, the
 * reclaims and the cleanups they call, with the shapes (which pointers
 * are valid and apart) their contracts read.  Included by am65_cpsw.h
 * after the driver's types; the code is in am65_cpsw_rx.c,
 * am65_cpsw_tx.c and am65_cpsw_tdown.c.
 */
#ifndef RL_AM65_CPSW_TDOWN_H
#define RL_AM65_CPSW_TDOWN_H

/*
 * Teardown shapes for the proofs (am65_cpsw_tdown.c): the channel and ring
 * pointers a reclaim walks.
 */
/*@ predicate am65_tx_shape{L}(struct am65_cpsw_common *c) =
  @   \valid(c) && c->tx_ch_num <= AM65_CPSW_MAX_QUEUES &&
  @   (\forall integer i; 0 <= i < c->tx_ch_num ==>
  @     \valid(c->tx_chns[i].tx_chn) &&
  @     \valid(c->tx_chns[i].tx_chn->ringtxcq));
  @
  @ predicate am65_rx_shape{L}(struct am65_cpsw_common *c) =
  @   \valid(c) && c->rx_ch_num_flows <= AM65_CPSW_MAX_RX_FLOWS &&
  @   c->rx_ch_num_flows <= RL_MAX_FLOWS && \valid(c->rx_chns.rx_chn) &&
  @   c->rx_ch_num_flows <= c->rx_chns.rx_chn->flow_num &&
  @   (\forall integer f; 0 <= f < c->rx_ch_num_flows ==>
  @     \valid(c->rx_chns.rx_chn->flows[f].ring));
  @
  @ // what a flow's destroy reads beyond the rings: the ports it walks
  @ // and each flow's page_pool, none or a pool (am65_cpsw_create_rxq)
  @ predicate am65_rx_pools{L}(struct am65_cpsw_common *c) =
  @   c->port_num <= AM65_CPSW_MAX_PORTS &&
  @   (\forall integer f; 0 <= f < AM65_CPSW_MAX_RX_FLOWS ==>
  @     c->rx_chns.flows[f].page_pool == \null ||
  @     \valid(c->rx_chns.flows[f].page_pool));
  @
  @ // flows lo .. hi - 1 torn down: NAPI off, the completion ring empty,
  @ // and the FDQ if the flow owns one (rl_am65_cpsw_destroy_rxqs' loop)
  @ predicate am65_rx_flows_done{L}(struct am65_cpsw_common *c,
  @                                 integer lo, integer hi) =
  @   \forall integer j; 0 <= lo <= j < hi ==>
  @     !c->rx_chns.flows[j].napi_enabled &&
  @     rl_ridx_occ(&c->rx_chns.rx_chn->flows[j].ring->idx) == 0 &&
  @     (rl_udma_owns_fdq(c->rx_chns.rx_chn, j) ==>
  @       rl_ridx_occ(&c->rx_chns.rx_chn->flows[j].fdq->idx) == 0);
  @
  @ // the driver's state apart from the RX channel and its rings (separate
  @ // allocations, in the model as in the kernel); flow 0 always exists
  @ predicate am65_rx_apart{L}(struct am65_cpsw_common *c) =
  @   1 <= c->rx_ch_num_flows && \separated(c, c->rx_chns.rx_chn) &&
  @   \base_addr(c) != \base_addr(c->rx_chns.rx_chn) &&
  @   (\forall integer f; 0 <= f < c->rx_ch_num_flows ==>
  @     \separated(c, c->rx_chns.rx_chn->flows[f].ring) &&
  @     \separated(c, c->rx_chns.rx_chn->flows[f].fdq) &&
  @     \base_addr(c) != \base_addr(c->rx_chns.rx_chn->flows[f].ring) &&
  @     \base_addr(c) != \base_addr(c->rx_chns.rx_chn->flows[f].fdq)) &&
  @   (\forall integer f, g; 0 <= f < c->rx_ch_num_flows &&
  @     0 <= g < c->rx_ch_num_flows ==>
  @     \base_addr(c->rx_chns.rx_chn->flows[f].ring) !=
  @       \base_addr(c->rx_chns.rx_chn->flows[g].fdq) &&
  @     (f != g ==> \base_addr(c->rx_chns.rx_chn->flows[f].ring) !=
  @       \base_addr(c->rx_chns.rx_chn->flows[g].ring)) &&
  @     (f != g && !c->rx_chns.rx_chn->single_fdq ==>
  @       \base_addr(c->rx_chns.rx_chn->flows[f].fdq) !=
  @       \base_addr(c->rx_chns.rx_chn->flows[g].fdq)));
  @*/

/*
 * Flow @id's rxq infos of the first @n ports that hold a user of a
 * page_pool: registered with it as the XDP memory model
 * (am65_cpsw_create_rxq).  AM65_CPSW_MAX_PORTS = 2 written out, like
 * RL_AM65_RXQ_INFO_FOOTPRINT; an annotation of its own, so that the
 * teardown goals that do not read it do not import it.
 */
/*@ logic integer am65_rx_pp_regs{L}(struct am65_cpsw_common *c,
  @                                  integer id, integer n) =
  @   (n >= 1 && c->ports[0].xdp_rxq[id].pp != \null ? 1 : 0) +
  @   (n >= 2 && c->ports[1].xdp_rxq[id].pp != \null ? 1 : 0);
  @*/

/*
 * Tear the RX channel down.  Proven (unit rx_destroy): every ring of the
 * channel ends empty - each flow's completion ring, each FDQ, a shared one
 * included - whatever the other contexts did at its waits.
 */
/*@ requires shape: am65_rx_shape(common) && am65_rx_apart(common);
  @ requires rings: rl_udma_chn_rings(common->rx_chns.rx_chn,
  @                                   common->rx_ch_num_flows,
  @                                   common->rx_chns.rx_chn->single_fdq);
  @ requires pools: am65_rx_pools(common);
  @ ensures rx_rings_empty: \forall integer f;
  @   0 <= f < \old(common->rx_ch_num_flows) ==>
  @   rl_ridx_occ(&\old(common->rx_chns.rx_chn)->flows[f].ring->idx) == 0 &&
  @   rl_ridx_occ(&\old(common->rx_chns.rx_chn)->flows[f].fdq->idx) == 0;
  @*/
void rl_am65_cpsw_destroy_rxqs(struct am65_cpsw_common *common,
			       bool retain_page_pool);
/*
 * wait_for_completion_timeout(&common->tdown_complete, 1 s) at wait point
 * @wp: false when it timed out.  Proof view (A3): other contexts act at
 * each step (the world's function, which WP cannot follow); of what the
 * proofs read they write the completion and the channels' rings (the
 * NAPIs still on pop and refill them, XDP transmits, the hardware adds
 * the markers), never a count, a flag of a flow or a channel's shape.
 */
/*@ requires \valid(common) && \valid(common->rx_chns.rx_chn);
  @ assigns common->tdown_complete,
  @   RL_RX_RINGS_FOOTPRINT(common->rx_chns.rx_chn),
  @   common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ring->idx,
  @   common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx;
  @ ensures same: common->rx_ch_num_flows == \old(common->rx_ch_num_flows) &&
  @   common->rx_chns.rx_chn->flow_num == \old(common->rx_chns.rx_chn->flow_num) &&
  @   common->rx_chns.rx_chn->single_fdq == \old(common->rx_chns.rx_chn->single_fdq) &&
  @   (\forall integer j; 0 <= j < AM65_CPSW_MAX_RX_FLOWS ==>
  @     common->rx_chns.flows[j].napi_enabled ==
  @     \old(common->rx_chns.flows[j].napi_enabled));
  @ ensures shape: \old(am65_rx_shape(common) && am65_rx_apart(common) &&
  @   am65_rx_pools(common) &&
  @   rl_udma_chn_rings(common->rx_chns.rx_chn, common->rx_ch_num_flows,
  @     common->rx_chns.rx_chn->single_fdq)) ==>
  @   am65_rx_shape(common) && am65_rx_apart(common) &&
  @   am65_rx_pools(common) &&
  @   rl_udma_chn_rings(common->rx_chns.rx_chn, common->rx_ch_num_flows,
  @     common->rx_chns.rx_chn->single_fdq);
  @*/
bool rl_am65_cpsw_wait_tdown(struct am65_cpsw_common *common,
			     enum rl_wait_point wp);
void rl_am65_cpsw_destroy_txqs(struct am65_cpsw_common *common);
/*
 * @retain_page_pool: keep the flow's page_pool (XDP program exchange).
 * Proven (unit rx_destroy), over its callees' contracts: NAPI off, the
 * flow reclaimed (rl_am65_cpsw_rx_reclaim, unit rx_tdown: its completion
 * ring popped empty, its own FDQ cleaned), then nothing writes a ring.
 * What runs at its waits (napi_disable, hrtimer_cancel) is A3: the
 * flow's own pending poll and the NAPIs still on write their own flows'
 * rings (a refill of a shared FDQ writes flow 0's) and the hardware may
 * add the teardown marker to flow 0's completion ring - no ring of
 * another flow whose NAPI is off, which is what `kept` reads; the waits'
 * contracts name no ring.  `done_step` is the channel loop's step: the
 * flows after @id torn down before the call, @id and they after it.
 * `napi_untouched`: a NAPI the driver did not enable (napi_enabled) is
 * not disabled - napi_disable() of a NAPI never enabled waits for ever
 * (create_rxq_napi_disable).
 * `pp_drops`: it drops exactly the page_pool users the flow held - one
 * per port whose rxq info registered the pool, and the driver's own
 * unless @retain_page_pool (page_pool_double_destroy drops one more).
 */
/*@ requires shape: am65_rx_shape(common) && am65_rx_apart(common) &&
  @   id < common->rx_ch_num_flows;
  @ requires rings: rl_udma_chn_rings(common->rx_chns.rx_chn,
  @                                   common->rx_ch_num_flows,
  @                                   common->rx_chns.rx_chn->single_fdq);
  @ requires pools: am65_rx_pools(common);
  @ assigns RL_AM65_RXQ_DESTROY_FOOTPRINT(common, id),
  @   RL_RX_RINGS_FOOTPRINT(common->rx_chns.rx_chn), rl_g_pp_drops;
  @ ensures same: common->rx_ch_num_flows == \old(common->rx_ch_num_flows) &&
  @   common->rx_chns.rx_chn == \old(common->rx_chns.rx_chn);
  @ ensures shape: am65_rx_shape(common);
  @ ensures apart: am65_rx_apart(common);
  @ ensures rings: rl_udma_chn_rings(common->rx_chns.rx_chn,
  @   common->rx_ch_num_flows, common->rx_chns.rx_chn->single_fdq);
  @ ensures napis: \forall integer j;
  @   0 <= j < AM65_CPSW_MAX_RX_FLOWS && j != id ==>
  @     common->rx_chns.flows[j].napi_enabled ==
  @     \old(common->rx_chns.flows[j].napi_enabled);
  @ ensures off: !common->rx_chns.flows[id].napi_enabled;
  @ ensures napi_untouched: !\old(common->rx_chns.flows[id].napi_enabled) ==>
  @   common->rx_chns.flows[id].napi_rx.enabled ==
  @     \old(common->rx_chns.flows[id].napi_rx.enabled);
  @ ensures drained:
  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[id].ring->idx) == 0;
  @ ensures fdq_cleaned: rl_udma_owns_fdq(common->rx_chns.rx_chn, id) ==>
  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[id].fdq->idx) == 0;
  @ ensures kept: RL_AM65_RX_KEPT(common, id, Pre);
  @ ensures ptrs: common->rx_chns.rx_chn->single_fdq ==
  @     \old(common->rx_chns.rx_chn->single_fdq) &&
  @   \forall integer f; 0 <= f < RL_MAX_FLOWS ==>
  @   common->rx_chns.rx_chn->flows[f].ring ==
  @     \old(common->rx_chns.rx_chn->flows[f].ring) &&
  @   common->rx_chns.rx_chn->flows[f].fdq ==
  @     \old(common->rx_chns.rx_chn->flows[f].fdq);
  @ ensures pools: am65_rx_pools(common);
  @ ensures pp_drops: rl_g_pp_drops ==
  @   \old(am65_rx_pp_regs(common, id, common->port_num)) +
  @   (\old(common->rx_chns.flows[id].page_pool) != \null &&
  @     !retain_page_pool ? 1 : 0);
  @ ensures done_step: \old(am65_rx_flows_done(common, id + 1,
  @     common->rx_ch_num_flows)) ==>
  @   am65_rx_flows_done(common, id, common->rx_ch_num_flows);
  @*/
void rl_am65_cpsw_destroy_rxq(struct am65_cpsw_common *common, u32 id,
			      bool retain_page_pool);
/*
 * Tear TX channel @id down.  Proven (unit tx_destroy): NAPI off, the
 * completion ring drained through the cleanup before the reset (unit
 * tx_tdown), both rings empty after it, the channel stopped, and the XSK
 * completion slots kept accounted: those the channel owed for frames it
 * peeked and never sent are published (xsk_tx_completed), so that reserved
 * less in flight drops by exactly them.
 */
/*@ requires shape: am65_tx_shape(common) && id < common->tx_ch_num;
  @ requires rings: \valid(common->tx_chns[id].tx_chn->ring) &&
  @   \separated(common, common->tx_chns[id].tx_chn) &&
  @   \separated(common, common->tx_chns[id].tx_chn->ring) &&
  @   \separated(common, common->tx_chns[id].tx_chn->ringtxcq) &&
  @   \separated(common->tx_chns[id].tx_chn,
  @     common->tx_chns[id].tx_chn->ring) &&
  @   \separated(common->tx_chns[id].tx_chn,
  @     common->tx_chns[id].tx_chn->ringtxcq) &&
  @   \separated(common->tx_chns[id].tx_chn->ring,
  @     common->tx_chns[id].tx_chn->ringtxcq);
  @ requires xsk: common->tx_chns[id].xsk_pool == \null ||
  @   (\valid(common->tx_chns[id].xsk_pool) &&
  @    \valid(common->tx_chns[id].xsk_pool->m) &&
  @    \valid(common->tx_chns[id].xsk_pool->m->ledger) &&
  @    RL_XSK_TX_APART(common->tx_chns[id].xsk_pool, common) &&
  @    RL_XSK_TX_APART(common->tx_chns[id].xsk_pool,
  @      common->tx_chns[id].tx_chn) &&
  @    RL_XSK_TX_APART(common->tx_chns[id].xsk_pool,
  @      common->tx_chns[id].tx_chn->ring) &&
  @    RL_XSK_TX_APART(common->tx_chns[id].xsk_pool,
  @      common->tx_chns[id].tx_chn->ringtxcq));
  @ requires owed: RL_AM65_TX_SLOTS(&common->tx_chns[id]) >=
  @   common->tx_chns[id].xsk_dropped;
  @ assigns RL_AM65_TXQ_DESTROY_FOOTPRINT(common, id);
  @ ensures off: !common->tx_chns[id].napi_enabled &&
  @   !common->tx_chns[id].tx_chn->enabled;
  @ ensures rings_empty:
  @   rl_ridx_occ(&common->tx_chns[id].tx_chn->ring->idx) == 0 &&
  @   rl_ridx_occ(&common->tx_chns[id].tx_chn->ringtxcq->idx) == 0;
  @ ensures xsk_settled: common->tx_chns[id].xsk_pool == \null &&
  @   common->tx_chns[id].xsk_dropped == 0;
  @ ensures slots_accounted: RL_AM65_TX_SLOTS(&common->tx_chns[id]) ==
  @   \old(RL_AM65_TX_SLOTS(&common->tx_chns[id]) -
  @     (common->tx_chns[id].xsk_pool != \null ?
  @       common->tx_chns[id].xsk_dropped : 0));
  @*/
void rl_am65_cpsw_destroy_txq(struct am65_cpsw_common *common, u32 id);
/*
 * The cleanups of one RX / TX descriptor (the resets' callbacks, and the
 * teardown drains').  Proof view (A1): what they write is in the
 * descriptor pool, the DMA mappings, page_pool and XSK memory and the
 * ledger, none of which the teardown proofs read: no ring.  Of the
 * driver's memory the RX one writes nothing, the TX one its channel's
 * count of XSK frames in flight (an XSK_TX descriptor completed:
 * am65_cpsw_tx_release).  The contracts say so.
 */
/*@ requires \valid(common);
  @ assigns \nothing;
  @*/
void rl_am65_cpsw_rx_cleanup(struct am65_cpsw_common *common,
			     rl_dma_addr_t desc_dma);
/*@ requires \valid(tx_chn);
  @ assigns tx_chn->xsk_inflight, rl_g_xsk_tx_reserved;
  @ ensures slots_kept: RL_AM65_TX_SLOTS(tx_chn) ==
  @   \old(RL_AM65_TX_SLOTS(tx_chn));
  @*/
void rl_am65_cpsw_tx_cleanup(struct am65_cpsw_tx_chn *tx_chn,
			     rl_dma_addr_t desc_dma);
/*
 * Last step before flow @f's / channel @i's reset, NAPI disabled: pop the
 * completion ring empty.  Proven: nothing is left for the reset to drop.
 * RX: the flow's reset follows here, and every flow's FDQ is cleaned
 * (one shared by all flows, with flow 0).
 */
/*@ requires shape: am65_rx_shape(common) && f < common->rx_ch_num_flows;
  @ requires rings: rl_udma_flow_rings(common->rx_chns.rx_chn, f);
  @ requires apart: \separated(common->rx_chns.rx_chn,
  @   common->rx_chns.rx_chn->flows[f].ring);
  @ assigns common->rx_chns.rx_chn->flows[f].fdq->idx,
  @   common->rx_chns.rx_chn->flows[f].ring->idx;
  @ ensures fdq_cleaned: rl_udma_owns_fdq(common->rx_chns.rx_chn, f) ==>
  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[f].fdq->idx) == 0;
  @ ensures drained:
  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[f].ring->idx) == 0;
  @*/
void rl_am65_cpsw_rx_reclaim(struct am65_cpsw_common *common, u32 f);
/*@ RL_AM65_TX_RECLAIM_SPEC
  @*/
void rl_am65_cpsw_tx_reclaim(struct am65_cpsw_common *common, u32 i);

#endif /* RL_AM65_CPSW_TDOWN_H */
