// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_tdown.c - the reclaim step that ends a channel teardown:
 * pop every completion the hardware left, then reset.
 *
 * k3_udma_glue_reset_rx_chn() / _reset_tx_chn() clean the free-descriptor
 * (or submit) ring through the driver's callback but simply forget the
 * completion ring (k3_ringacc_ring_reset), so a descriptor still in it is
 * lost for good: the v2 zero-copy series' "descriptor leakage during Rx
 * teardown" (rx_tdown_no_drain) and the TX timeout path
 * (tx_tdown_timeout_leak).  The functions here are proven by Frama-C WP
 * (proofs/): when the resets start, no running queue has a completion
 * left.  The NAPI poll itself is not proven: its contract below (it keeps
 * the channel pointers) is assumption A1 of proofs/README.md.
 */
#include "am65_cpsw.h"

/* Run one TX channel's completion NAPI (its IRQ fired). */
/*@ requires shape: am65_tx_shape(common);
  @ requires chn: i < common->tx_ch_num;
  @ assigns common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx,
  @   common->tdown_cnt, common->tdown_complete;
  @ ensures shape: am65_tx_shape(common);
  @ ensures same: common->tx_ch_num == \old(common->tx_ch_num);
  @*/
static void am65_cpsw_tx_napi_run(struct am65_cpsw_common *common, u32 i)
{
	rl_napi_schedule(&common->tx_chns[i].napi_tx);
	rl_napi_run(&common->tx_chns[i].napi_tx, AM65_CPSW_NAPI_WEIGHT,
		    common->m->cpu);
}

/*
 * One round: run the completion NAPI of every running channel that has
 * completions waiting (their IRQs fired).  The teardown wait repeats it
 * while the hardware finishes; the reclaim repeats it until a round finds
 * nothing.  False only if no running channel had anything left.
 */
/*@ requires shape: am65_tx_shape(common);
  @ assigns common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx,
  @   common->tdown_cnt, common->tdown_complete;
  @ ensures shape: am65_tx_shape(common);
  @ ensures same: common->tx_ch_num == \old(common->tx_ch_num);
  @ ensures drained: !\result ==> am65_tx_drained(common);
  @*/
bool rl_am65_cpsw_tx_poll_round(struct am65_cpsw_common *common)
{
	bool busy = false;
	u32 i;

	/*@ loop invariant range: 0 <= i <= common->tx_ch_num;
	  @ loop invariant shape: am65_tx_shape(common);
	  @ loop invariant same: common->tx_ch_num == \at(common->tx_ch_num, Pre);
	  @ loop invariant idle_before: !busy ==> \forall integer j; 0 <= j < i ==>
	  @   common->tx_chns[j].napi_enabled ==>
	  @     rl_ridx_occ(&common->tx_chns[j].tx_chn->ringtxcq->idx) == 0;
	  @ loop assigns i, busy,
	  @   common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx,
		  @   common->tdown_cnt, common->tdown_complete;
	  @ loop variant common->tx_ch_num - i;
	  @*/
	for (i = 0; i < common->tx_ch_num; i++) {
		if (!common->tx_chns[i].napi_enabled ||
		    !rl_ring_occ(common->tx_chns[i].tx_chn->ringtxcq))
			continue;
		am65_cpsw_tx_napi_run(common, i);
		busy = true;
	}
	return busy;
}

/*
 * Complete whatever the hardware already queued (termination: each round
 * that finds work pops at least one completion and the stopped hardware
 * adds none; checked at run time, not proven).
 */
/*@ requires shape: am65_tx_shape(common);
  @ assigns common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx,
  @   common->tdown_cnt, common->tdown_complete;
  @ ensures shape: am65_tx_shape(common);
  @ ensures drained: am65_tx_drained(common);
  @ ensures same: common->tx_ch_num == \old(common->tx_ch_num);
  @*/
static void am65_cpsw_tx_drain(struct am65_cpsw_common *common)
{
	/*@ loop invariant shape: am65_tx_shape(common);
	  @ loop invariant same: common->tx_ch_num == \at(common->tx_ch_num, Pre);
	  @ loop assigns common->tx_chns[0 .. AM65_CPSW_MAX_QUEUES - 1].tx_chn->ringtxcq->idx,
		  @   common->tdown_cnt, common->tdown_complete;
	  @*/
	while (rl_am65_cpsw_tx_poll_round(common))
		;
}

void rl_am65_cpsw_tx_reclaim(struct am65_cpsw_common *common)
{
	u32 i, n = common->tx_ch_num;

	/*
	 * Fix (tx_tdown_timeout_leak): when the wait timed out, mainline
	 * resets the channels and the completion rings are dropped with the
	 * packets in them.  Complete what the hardware already queued before
	 * the reset - after a timeout, and also after a wait that a stale
	 * marker ended early.
	 */
	if (!rl_am65_bug(common, RL_V_TX_TDOWN_TIMEOUT_LEAK))
		am65_cpsw_tx_drain(common);
	/*@ assert tx_reset_drops_nothing: am65_tx_drained(common); */
	/* last to first, as am65_cpsw_destroy_txqs() */
	/*@ loop invariant range: 0 <= i <= n && n <= AM65_CPSW_MAX_QUEUES;
	  @ loop assigns i, *common;
	  @ loop variant i;
	  @*/
	for (i = n; i > 0; i--)
		rl_am65_cpsw_destroy_txq(common, i - 1);
}

/* Run one RX flow's NAPI: in teardown it pops and drops. */
/*@ requires shape: am65_rx_shape(common);
  @ requires flow: f < common->rx_ch_num_flows;
  @ assigns common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].ring->idx,
  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].fdq->idx,
  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1].rx_missing,
  @   common->tdown_complete;
  @ ensures shape: am65_rx_shape(common);
  @ ensures same: common->rx_ch_num_flows == \old(common->rx_ch_num_flows);
  @*/
static void am65_cpsw_rx_napi_run(struct am65_cpsw_common *common, u32 f)
{
	struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[f];

	rl_napi_schedule(&flow->napi_rx);
	rl_napi_run(&flow->napi_rx, AM65_CPSW_NAPI_WEIGHT, common->m->cpu);
}

/*
 * One round: run the NAPI of every running flow that has completions
 * waiting; in teardown it pops and drops.  The teardown wait repeats it
 * while the hardware finishes; the reclaim repeats it until a round finds
 * nothing.  False only if no running flow had anything left.
 */
/*@ requires shape: am65_rx_shape(common);
  @ assigns common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].ring->idx,
  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].fdq->idx,
  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1].rx_missing,
  @   common->tdown_complete;
  @ ensures shape: am65_rx_shape(common);
  @ ensures same: common->rx_ch_num_flows == \old(common->rx_ch_num_flows);
  @ ensures drained: !\result ==> am65_rx_drained(common);
  @*/
bool rl_am65_cpsw_rx_poll_round(struct am65_cpsw_common *common)
{
	bool busy = false;
	u32 f;

	/*@ loop invariant range: 0 <= f <= common->rx_ch_num_flows;
	  @ loop invariant shape: am65_rx_shape(common);
	  @ loop invariant same:
	  @   common->rx_ch_num_flows == \at(common->rx_ch_num_flows, Pre);
	  @ loop invariant idle_before: !busy ==> \forall integer j; 0 <= j < f ==>
	  @   common->rx_chns.flows[j].napi_enabled ==>
	  @     rl_ridx_occ(&common->rx_chns.rx_chn->flows[j].ring->idx) == 0;
	  @ loop assigns f, busy,
	  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].ring->idx,
	  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].fdq->idx,
	  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1].rx_missing,
	  @   common->tdown_complete;
	  @ loop variant common->rx_ch_num_flows - f;
	  @*/
	for (f = 0; f < common->rx_ch_num_flows; f++) {
		if (!common->rx_chns.flows[f].napi_enabled ||
		    !rl_ring_occ(common->rx_chns.rx_chn->flows[f].ring))
			continue;
		am65_cpsw_rx_napi_run(common, f);
		busy = true;
	}
	return busy;
}

/* Pop what the stopped hardware left (termination as for TX). */
/*@ requires shape: am65_rx_shape(common);
  @ assigns common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].ring->idx,
  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].fdq->idx,
  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1].rx_missing,
  @   common->tdown_complete;
  @ ensures shape: am65_rx_shape(common);
  @ ensures drained: am65_rx_drained(common);
  @ ensures same: common->rx_ch_num_flows == \old(common->rx_ch_num_flows);
  @*/
static void am65_cpsw_rx_drain(struct am65_cpsw_common *common)
{
	/*@ loop invariant shape: am65_rx_shape(common);
	  @ loop invariant same:
	  @   common->rx_ch_num_flows == \at(common->rx_ch_num_flows, Pre);
	  @ loop assigns common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].ring->idx,
	  @   common->rx_chns.rx_chn->flows[0 .. RL_MAX_FLOWS - 1].fdq->idx,
	  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1].rx_missing,
	  @   common->tdown_complete;
	  @*/
	while (rl_am65_cpsw_rx_poll_round(common))
		;
}

void rl_am65_cpsw_rx_reclaim(struct am65_cpsw_common *common,
			     bool retain_page_pool)
{
	u32 f, n = common->rx_ch_num_flows, id = n;

	/*
	 * Fix (rx_tdown_no_drain, the v2 seed bug): whatever the teardown
	 * wait saw (marker, timeout, marker never coming), pop what the
	 * stopped hardware left before reset_rx_chn forgets it (NAPI drops
	 * the packets: tearing_down is still set from the wait).
	 */
	if (!rl_am65_bug(common, RL_V_RX_TDOWN_NO_DRAIN))
		am65_cpsw_rx_drain(common);
	/*@ assert rx_reset_drops_nothing: am65_rx_drained(common); */
	/*@ loop invariant range: 0 <= f <= n && n <= AM65_CPSW_MAX_RX_FLOWS;
	  @ loop assigns f, common->rx_chns.flows[0 .. n - 1].tearing_down;
	  @ loop variant n - f;
	  @*/
	for (f = 0; f < n; f++)
		common->rx_chns.flows[f].tearing_down = false;
	/*@ loop invariant range: 0 <= id <= AM65_CPSW_MAX_RX_FLOWS;
	  @ loop assigns id, *common;
	  @ loop variant id;
	  @*/
	while (id-- > 0)
		rl_am65_cpsw_destroy_rxq(common, id, retain_page_pool);
}
