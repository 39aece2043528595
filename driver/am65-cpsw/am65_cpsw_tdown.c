// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_tdown.c - the last step before a queue's reset: pop what the
 * hardware completed.
 *
 * k3_udma_glue_reset_rx_chn() / _reset_tx_chn() clean the free-descriptor
 * (or submit) ring through the driver's callback but simply forget the
 * completion ring (k3_ringacc_ring_reset), so a descriptor still in it is
 * lost for good: the v2 zero-copy series' "descriptor leakage during Rx
 * teardown" (rx_tdown_no_drain) and the TX teardown that timed out
 * (tx_tdown_timeout_leak).  The fix: once napi_disable() returned the
 * driver owns the completion ring; pop every entry through the same
 * cleanup the reset uses for the other ring, then reset.
 *
 * Proven by Frama-C WP (proofs/, units rx_tdown and tx_tdown): when the
 * reset starts, the queue's completion ring is empty, and the drain ends
 * (each pop takes one entry); an RX flow's reset (here, after the drain)
 * leaves its FDQ empty unless flow 0 shares it (UDMA-P), the glue having
 * popped every entry through the cleanup (unit udma_reset).  The pop_one
 * helpers are proven too; the contracts it rests on: the ring pop's (A5)
 * and the cleanups', which touch no ring (A1, proofs/README.md).
 */
#include "am65_cpsw.h"

/* One completion of flow @f popped and cleaned up (a marker: dropped). */
/*@ requires \valid(common) && \valid(chn) && f < chn->flow_num &&
  @   f < RL_MAX_FLOWS && \valid(chn->flows[f].ring);
  @ requires apart: \separated(chn, chn->flows[f].ring);
  @ assigns chn->flows[f].ring->idx;
  @ ensures empty: \result != 0 ==> rl_ridx_occ(&chn->flows[f].ring->idx) == 0;
  @ ensures taken: \old(rl_ridx_occ(&chn->flows[f].ring->idx)) > 0 ==>
  @   \result == 0;
  @ ensures same: chn->flow_num == \old(chn->flow_num);
  @ ensures one_less: \result == 0 ==>
  @   rl_ridx_occ(&chn->flows[f].ring->idx) ==
  @   \old(rl_ridx_occ(&chn->flows[f].ring->idx)) - 1;
  @*/
static int am65_cpsw_rx_pop_one(struct am65_cpsw_common *common,
				struct rl_k3_udma_glue_rx_channel *chn, u32 f)
{
	rl_dma_addr_t desc_dma;
	int ret = rl_k3_udma_glue_pop_rx_chn(chn, f, &desc_dma);

	if (!ret && !rl_cppi5_desc_is_tdcm(desc_dma))
		rl_am65_cpsw_rx_cleanup(common, desc_dma);
	return ret;
}

/* Pop flow @f's completion ring empty through the RX cleanup. */
/*@ requires shape: am65_rx_shape(common) && f < common->rx_ch_num_flows;
  @ requires apart: \separated(common->rx_chns.rx_chn,
  @   common->rx_chns.rx_chn->flows[f].ring);
  @ assigns common->rx_chns.rx_chn->flows[f].ring->idx;
  @ ensures drained:
  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[f].ring->idx) == 0;
  @ ensures flow: f < common->rx_chns.rx_chn->flow_num;
  @*/
static void am65_cpsw_rx_drain(struct am65_cpsw_common *common, u32 f)
{
	struct rl_k3_udma_glue_rx_channel *chn = common->rx_chns.rx_chn;
	u32 k, n = rl_ring_occ(chn->flows[f].ring);

	/* NAPI is off and no context runs in here: n is all there is */
	/*@ loop invariant 0 <= k <= n;
	  @ loop invariant flow: f < chn->flow_num;
	  @ loop invariant left: rl_ridx_occ(&chn->flows[f].ring->idx) == n - k;
	  @ loop assigns k, chn->flows[f].ring->idx;
	  @ loop variant n - k;
	  @*/
	for (k = 0; k < n; k++)
		am65_cpsw_rx_pop_one(common, chn, f);
}

/* the reset's callback for FDQ entries (am65-cpsw-nuss.c's name) */
static void am65_cpsw_nuss_rx_cleanup(void *data, rl_dma_addr_t desc_dma)
{
	rl_am65_cpsw_rx_cleanup(data, desc_dma);
}

void rl_am65_cpsw_rx_reclaim(struct am65_cpsw_common *common, u32 f)
{
	struct rl_k3_udma_glue_rx_channel *chn = common->rx_chns.rx_chn;

	/*
	 * Fix (rx_tdown_no_drain, the v2 seed bug): mainline resets right
	 * after napi_disable, and reset_rx_chn forgets what was completed but
	 * not popped: whatever the wait saw (marker, timeout, no quirk, no
	 * wait at all), pop it first.
	 */
	if (!rl_am65_bug(common, RL_V_RX_TDOWN_NO_DRAIN))
		am65_cpsw_rx_drain(common, f);
	/*@ assert rx_reset_drops_nothing:
	  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[f].ring->idx) == 0;
	  @*/
	/*
	 * Fix (rx_reset_skip_fdq): before 0da30874729b the driver told the
	 * glue to skip the FDQ of every flow but 0 ("!!id"), which leaks
	 * PKTDMA's per-flow FDQs; now the glue decides from the DMA kind.
	 */
	if (rl_am65_bug(common, RL_V_RX_RESET_SKIP_FDQ))
		rl_k3_udma_glue_reset_rx_chn_skip(chn, f, common,
						  am65_cpsw_nuss_rx_cleanup,
						  !!f);
	else
		rl_k3_udma_glue_reset_rx_chn(chn, f, common,
					     am65_cpsw_nuss_rx_cleanup);
}

/*
 * wait_for_completion_timeout(&common->tdown_complete, 1 s): the second is
 * cfg.tdown_wait steps, each a wait point where other contexts act (the
 * IRQ handlers complete it when the markers are in).
 */
bool rl_am65_cpsw_wait_tdown(struct am65_cpsw_common *common,
			     enum rl_wait_point wp)
{
	u32 wait = 0;

	while (!common->tdown_complete && wait++ < common->cfg.tdown_wait)
		rl_model_wait(common->m, wp);
	return common->tdown_complete;
}

/* One completion of @tx_chn popped and cleaned up (a marker: dropped). */
/*@ requires \valid(tx_chn) && \valid(chn) && \valid(chn->ringtxcq);
  @ requires apart: \separated(tx_chn, chn->ringtxcq);
  @ assigns chn->ringtxcq->idx, tx_chn->xsk_inflight, rl_g_xsk_tx_reserved;
  @ ensures slots_kept: RL_AM65_TX_SLOTS(tx_chn) ==
  @   \old(RL_AM65_TX_SLOTS(tx_chn));
  @ ensures empty: \result != 0 ==> rl_ridx_occ(&chn->ringtxcq->idx) == 0;
  @ ensures taken: \old(rl_ridx_occ(&chn->ringtxcq->idx)) > 0 ==>
  @   \result == 0;
  @ ensures one_less: \result == 0 ==>
  @   rl_ridx_occ(&chn->ringtxcq->idx) ==
  @   \old(rl_ridx_occ(&chn->ringtxcq->idx)) - 1;
  @*/
static int am65_cpsw_tx_pop_one(struct am65_cpsw_tx_chn *tx_chn,
				struct rl_k3_udma_glue_tx_channel *chn)
{
	rl_dma_addr_t desc_dma;
	int ret = rl_k3_udma_glue_pop_tx_chn(chn, &desc_dma);

	/* a marker after the wait ended counts for nothing now */
	if (!ret && !rl_cppi5_desc_is_tdcm(desc_dma))
		rl_am65_cpsw_tx_cleanup(tx_chn, desc_dma);
	return ret;
}

/* Pop channel @i's completion ring empty through the TX cleanup. */
/*@ RL_AM65_TX_RECLAIM_SPEC
  @ ensures drained:
  @   rl_ridx_occ(&common->tx_chns[i].tx_chn->ringtxcq->idx) == 0;
  @*/
static void am65_cpsw_tx_drain(struct am65_cpsw_common *common, u32 i)
{
	struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[i];
	struct rl_k3_udma_glue_tx_channel *chn = tx_chn->tx_chn;
	u32 k, n = rl_ring_occ(chn->ringtxcq);

	/* NAPI is off and no context runs in here: n is all there is */
	/*@ loop invariant 0 <= k <= n;
	  @ loop invariant left: rl_ridx_occ(&chn->ringtxcq->idx) == n - k;
	  @ loop invariant slots_kept: RL_AM65_TX_SLOTS(tx_chn) ==
	  @   \at(RL_AM65_TX_SLOTS(tx_chn), LoopEntry);
	  @ loop assigns k, chn->ringtxcq->idx, tx_chn->xsk_inflight,
	  @   rl_g_xsk_tx_reserved;
	  @ loop variant n - k;
	  @*/
	for (k = 0; k < n; k++)
		am65_cpsw_tx_pop_one(tx_chn, chn);
}

void rl_am65_cpsw_tx_reclaim(struct am65_cpsw_common *common, u32 i)
{
	/*
	 * Fix (tx_tdown_timeout_leak): when the wait timed out (or a stale
	 * marker ended it early), mainline resets the channel and the
	 * completion ring is dropped with the packets in it.  Complete them
	 * through the cleanup first.
	 */
	if (!rl_am65_bug(common, RL_V_TX_TDOWN_TIMEOUT_LEAK))
		am65_cpsw_tx_drain(common, i);
	/*@ assert tx_reset_drops_nothing:
	  @   rl_ridx_occ(&common->tx_chns[i].tx_chn->ringtxcq->idx) == 0;
	  @*/
}
