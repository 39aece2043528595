// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_rx.c - RX in page_pool mode: queue create/destroy, FDQ push,
 * NAPI poll with every XDP verdict, refill, cleanup, and the teardown
 * drain that keeps descriptors from being dropped by the ring reset.
 * Mirrors am65_cpsw_create_rxq(s), am65_cpsw_destroy_rxq(s),
 * am65_cpsw_nuss_rx_push, am65_cpsw_nuss_rx_packets,
 * am65_cpsw_nuss_rx_poll and am65_cpsw_nuss_rx_cleanup.
 */
#include "am65_cpsw.h"

/*
 * A free RX descriptor made ready for the hardware: host packet, one
 * buffer of @len at @buf (cppi5_hdesc_init + attach_buf), and in swdata
 * what it carries (page or XSK buffer id) and for which flow.
 */
void rl_am65_cpsw_rx_desc_setup(struct rl_k3_cppi_desc_pool *pool, void *desc_rx,
				rl_dma_addr_t buf, u32 len, u32 buf_id,
				u32 flow_tag)
{
	struct am65_cpsw_swdata *swdata;

	rl_cppi5_hdesc_init(pool, desc_rx, 0, AM65_CPSW_NAV_PS_DATA_SIZE);
	rl_cppi5_hdesc_attach_buf(pool, desc_rx, buf, len, buf, len);
	swdata = rl_cppi5_hdesc_get_swdata(pool, desc_rx);
	swdata->buf = buf_id;
	swdata->flow_id = flow_tag;
}

/*
 * am65_cpsw_nuss_rx_push(): descriptor + mapped page area into the FDQ.
 *
 * Proven (proofs/, unit rx_push): whatever happens, the driver ends up
 * holding no descriptor and no mapping of its own.  Pushed: one
 * descriptor more in the FDQ, carrying one mapping.  Failed: the
 * descriptor is back in the pool and the mapping is undone.
 */
/*@ requires shape: \valid(common) && \valid(common->m) &&
  @   \valid(common->m->dma) && \valid(common->rx_chns.desc_pool) &&
  @   \valid(common->rx_chns.rx_chn) && \valid_read(page);
  @ requires room: rl_g_desc_held < RL_GHOST_MAX - 1 &&
  @   rl_g_desc_queued < RL_GHOST_MAX - 1 && rl_g_dma_live < RL_GHOST_MAX - 1;
  @ ensures desc_returned: \result != 0 ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) &&
  @   rl_g_desc_queued == \old(rl_g_desc_queued);
  @ ensures mapping_returned: \result != 0 ==>
  @   rl_g_dma_live == \old(rl_g_dma_live);
  @ ensures pushed: \result == 0 ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) &&
  @   rl_g_desc_queued == \old(rl_g_desc_queued) + 1 &&
  @   rl_g_dma_live == \old(rl_g_dma_live) + 1;
  @*/
static int am65_cpsw_nuss_rx_push(struct am65_cpsw_common *common,
				  struct rl_page *page, u32 flow_idx)
{
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	struct rl_k3_udma_glue_rx_channel *rx_chn = common->rx_chns.rx_chn;
	struct rl_dma *dma = common->m->dma;
	bool leak_on_fail = rl_am65_bug(common, RL_V_RX_PUSH_FAIL_LEAK);
	rl_dma_addr_t desc_dma, buf_dma;
	void *desc_rx;
	int ret;

	desc_rx = rl_k3_cppi_desc_pool_alloc(pool);
	if (!desc_rx)
		return -ENOMEM;
	desc_dma = rl_k3_cppi_desc_pool_virt2dma(pool, desc_rx);
	buf_dma = rl_dma_map_page(dma, page->id, AM65_CPSW_HEADROOM,
				  AM65_CPSW_MAX_PACKET_SIZE, RL_DMA_FROM_DEVICE);
	if (rl_dma_mapping_error(buf_dma)) {
		rl_k3_cppi_desc_pool_free(pool, desc_rx);
		return -EINVAL;
	}
	rl_am65_cpsw_rx_desc_setup(pool, desc_rx, buf_dma,
				   AM65_CPSW_MAX_PACKET_SIZE, page->id, flow_idx);
	ret = rl_k3_udma_glue_push_rx_chn(rx_chn, flow_idx, desc_rx, desc_dma);
	if (ret && !leak_on_fail) {
		/*
		 * Fix (rx_push_fail_leak): mainline returns the push error
		 * and its callers only put the page back, so the descriptor
		 * and the buffer mapping leak.  Undo both here.
		 */
		rl_dma_unmap(dma, buf_dma, AM65_CPSW_MAX_PACKET_SIZE,
			     RL_DMA_FROM_DEVICE);
		rl_k3_cppi_desc_pool_free(pool, desc_rx);
	}
	return ret;
}

/*
 * Unmap and free one RX descriptor; returns its page and swdata's flow.
 * Proven (unit rx_release): the descriptor goes back to its pool and its
 * buffer's mapping is undone, once each, whatever the descriptor holds.
 */
/*@ requires shape: \valid(common) && \valid(common->m) &&
  @   \valid(common->m->ledger) && \valid(common->m->dma) &&
  @   \valid(common->rx_chns.desc_pool) &&
  @   \valid(common->rx_chns.desc_pool->m) &&
  @   \valid(common->rx_chns.desc_pool->m->ledger) && \valid(flow_idx);
  @ requires held: 0 < rl_g_desc_held;
  @ requires live: 0 < rl_g_dma_live;
  @ assigns *flow_idx, rl_g_desc_held, rl_g_dma_live,
  @   RL_DESC_ACCESS_FOOTPRINT(common->rx_chns.desc_pool),
  @   common->m->ledger->findings,
  @   RL_DMA_FOOTPRINT(common->m->dma),
  @   RL_DESC_POOL_FOOTPRINT(common->rx_chns.desc_pool);
  @ ensures given_back: rl_g_desc_held == \old(rl_g_desc_held) - 1;
  @ ensures unmapped: rl_g_dma_live == \old(rl_g_dma_live) - 1;
  @ ensures page: \result == \null || \valid(\result);
  @*/
static struct rl_page *am65_cpsw_rx_desc_release(struct am65_cpsw_common *common,
						 void *desc_rx, u32 *flow_idx)
{
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	struct am65_cpsw_swdata *swdata = rl_cppi5_hdesc_get_swdata(pool, desc_rx);
	struct rl_page *page = rl_page_by_id(common->m, (u32)swdata->buf);
	rl_dma_addr_t buf_dma;
	u32 buf_len;

	*flow_idx = (u32)swdata->flow_id & ~AM65_CPSW_SW_XSK;
	rl_cppi5_hdesc_get_obuf(pool, desc_rx, &buf_dma, &buf_len);
	rl_dma_unmap(common->m->dma, buf_dma, buf_len, RL_DMA_FROM_DEVICE);
	rl_k3_cppi_desc_pool_free(pool, desc_rx);
	return page;
}

void rl_am65_cpsw_rx_buf_free(struct am65_cpsw_common *common, void *desc_rx,
			      bool by_desc)
{
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	struct am65_cpsw_swdata *swdata = rl_cppi5_hdesc_get_swdata(pool, desc_rx);
	u32 flow_idx = (u32)swdata->flow_id & ~AM65_CPSW_SW_XSK;
	struct rl_xsk_buff *buf;
	struct rl_page *page;
	bool xsk;

	if (by_desc)
		xsk = swdata->flow_id & AM65_CPSW_SW_XSK;
	else
		xsk = flow_idx < AM65_CPSW_MAX_RX_FLOWS &&
		      common->rx_chns.flows[flow_idx].xsk_pool;
	if (xsk) {
		/* XSK buffers live in the pool's mapping: nothing to unmap */
		buf = rl_xsk_buff_by_id(common->m, (u32)swdata->buf);
		rl_k3_cppi_desc_pool_free(pool, desc_rx);
		if (buf)
			rl_xsk_buff_free(buf);
		return;
	}
	page = am65_cpsw_rx_desc_release(common, desc_rx, &flow_idx);
	/* upstream: am65_cpsw_put_page(&rx_chn->flows[flow_id], page, false) */
	if (!rl_oops_index(common->m, flow_idx, AM65_CPSW_MAX_RX_FLOWS,
			   "rx cleanup: swdata flow_id past the flows array"))
		rl_am65_cpsw_put_page(&common->rx_chns.flows[flow_idx], page,
				      false);
}

/*
 * am65_cpsw_nuss_rx_cleanup(): free what one RX descriptor holds - the
 * reset's callback for FDQ entries, and the teardown drain's for the
 * completion ring (am65_cpsw_tdown.c).
 * Fix (cleanup_mutable_pool): v2 decides page vs XSK buffer from the
 * flow's pool at cleanup time, which differs from what the descriptor
 * holds once the flow changed mode (or, with a shared FDQ, once another
 * flow's pool was cleared); the descriptor says what it holds.
 */
void rl_am65_cpsw_rx_cleanup(struct am65_cpsw_common *common,
			     rl_dma_addr_t desc_dma)
{
	rl_am65_cpsw_rx_buf_free(common,
				 rl_k3_cppi_desc_pool_dma2virt(common->rx_chns.desc_pool,
							       desc_dma),
				 !rl_am65_bug(common, RL_V_CLEANUP_MUTABLE_POOL));
}

void rl_am65_cpsw_destroy_rxq(struct am65_cpsw_common *common, u32 id,
			      bool retain_page_pool)
{
	struct am65_cpsw_rx_chn *rx_chn = &common->rx_chns;
	struct am65_cpsw_rx_flow *flow = &rx_chn->flows[id];
	u32 p;

	/*@ ghost rl_g_pp_drops = 0; */
	/*
	 * Fix (create_rxq_napi_disable): mainline disables NAPI
	 * unconditionally, which never returns for a NAPI that was not
	 * enabled yet - create_rxq's error path comes here before
	 * napi_enable (data upstream lacks: whether napi_enable ran).
	 */
	if (flow->napi_enabled ||
	    rl_am65_bug(common, RL_V_CREATE_RXQ_NAPI_DISABLE)) {
		rl_napi_disable(&flow->napi_rx);
		flow->napi_enabled = false;
	}
	rl_hrtimer_cancel(&flow->rx_hrtimer);
	/*
	 * NAPI is off: the completion ring is the driver's to pop, then the
	 * flow is reset (k3_udma_glue_reset_rx_chn); proven, units rx_tdown
	 * and udma_reset.
	 */
	rl_am65_cpsw_rx_reclaim(common, id);
	/*@ assert kept_reclaimed: RL_AM65_RX_KEPT(common, id, Pre); */
	if (flow->page_pool && !retain_page_pool &&
	    rl_am65_bug(common, RL_V_PAGE_POOL_DOUBLE_DESTROY))
		rl_page_pool_destroy(flow->page_pool);
	/*
	 * v2: only ports with a net_device registered an rxq.  An rxq info
	 * registered with the pool as its memory model holds a user of it,
	 * which its unregister drops (pp_count).
	 */
	/*@ loop invariant 0 <= p <= common->port_num;
	  @ loop invariant pp_rest:
	  @   (p <= 0 ==> common->ports[0].xdp_rxq[id].pp ==
	  @     \at(common->ports[0].xdp_rxq[id].pp, LoopEntry)) &&
	  @   (p <= 1 ==> common->ports[1].xdp_rxq[id].pp ==
	  @     \at(common->ports[1].xdp_rxq[id].pp, LoopEntry));
	  @ loop invariant pp_count: rl_g_pp_drops == \at(rl_g_pp_drops, LoopEntry) +
	  @   am65_rx_pp_regs{LoopEntry}(common, id, p);
	  @ loop assigns p, RL_AM65_RXQ_INFO_FOOTPRINT(common, id), rl_g_pp_drops;
	  @ loop variant common->port_num - p;
	  @*/
	for (p = 0; p < common->port_num; p++) {
		struct rl_xdp_rxq_info *rxq = &common->ports[p].xdp_rxq[id];

		if (rl_xdp_rxq_info_is_reg(rxq))
			rl_xdp_rxq_info_unreg(rxq);
	}
	/* v2 2/7: keep the page_pool across an XDP program exchange */
	if (flow->page_pool && !retain_page_pool) {
		rl_page_pool_destroy(flow->page_pool);
		flow->page_pool = NULL;
	}
	/*@ assert kept_cleared: RL_AM65_RX_KEPT(common, id, Pre); */
	flow->rx_missing = 0;
	flow->xsk_pool = NULL;
	flow->xsk_port_id = 0;
	/*
	 * Proof: the end state asserted one fact at a time, each then a
	 * hypothesis of the later goals (done_step: the channel loop's step);
	 * in this order every goal proves within the step limit
	 * (proofs/README.md).
	 */
	/*@ assert end_kept: RL_AM65_RX_KEPT(common, id, Pre); */
	/*@ assert end_ptrs:
	  @   common->rx_chns.rx_chn == \at(common->rx_chns.rx_chn, Pre) &&
	  @   common->rx_ch_num_flows == \at(common->rx_ch_num_flows, Pre) &&
	  @   common->rx_chns.rx_chn->single_fdq ==
	  @     \at(common->rx_chns.rx_chn->single_fdq, Pre) &&
	  @   \forall integer f; 0 <= f < RL_MAX_FLOWS ==>
	  @   common->rx_chns.rx_chn->flows[f].ring ==
	  @     \at(common->rx_chns.rx_chn->flows[f].ring, Pre) &&
	  @   common->rx_chns.rx_chn->flows[f].fdq ==
	  @     \at(common->rx_chns.rx_chn->flows[f].fdq, Pre);
	  @*/
	/*@ assert end_rings: rl_udma_chn_rings(common->rx_chns.rx_chn,
	  @   common->rx_ch_num_flows, common->rx_chns.rx_chn->single_fdq);
	  @*/
	/*@ assert end_apart: am65_rx_apart(common); */
	/*@ assert end_shape: am65_rx_shape(common); */
	/*@ assert end_pools: am65_rx_pools(common); */
	/*@ assert end_napis: \forall integer j;
	  @   0 <= j < AM65_CPSW_MAX_RX_FLOWS && j != id ==>
	  @     common->rx_chns.flows[j].napi_enabled ==
	  @     \at(common->rx_chns.flows[j].napi_enabled, Pre);
	  @*/
	/*@ assert end_off: !common->rx_chns.flows[id].napi_enabled; */
	/*@ assert end_drained:
	  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[id].ring->idx) == 0;
	  @*/
	/*@ assert end_fdq: rl_udma_owns_fdq(common->rx_chns.rx_chn, id) ==>
	  @   rl_ridx_occ(&common->rx_chns.rx_chn->flows[id].fdq->idx) == 0;
	  @*/
}

/*
 * am65_cpsw_destroy_rxqs(): tear the channel down; with
 * AM64_CPSW_QUIRK_DMA_RX_TDOWN_IRQ wait (1 s) for the marker while the
 * IRQ-driven NAPIs keep polling as usual (wait point: other contexts
 * act); then each flow, last to first, is destroyed.
 */
void rl_am65_cpsw_destroy_rxqs(struct am65_cpsw_common *common,
			       bool retain_page_pool)
{
	struct rl_k3_udma_glue_rx_channel *chn = common->rx_chns.rx_chn;
	/*
	 * Fix (race_rx_refill_tdown): the multi-queue RX posting (v3, Jul
	 * 2024) destroyed the flows first to last.  With one FDQ for all
	 * flows (UDMA-P) flow 0's reset cleans it while the later flows'
	 * NAPIs still run, and what they refill then is never cleaned (their
	 * resets skip the shared FDQ).  Mainline goes last to first
	 * (de794169cf17): flow 0 after every other NAPI is off.
	 */
	bool first_to_last = rl_am65_bug(common, RL_V_RACE_RX_REFILL_TDOWN);
	u32 id;

	common->tdown_complete = false;
	rl_k3_udma_glue_tdown_rx_chn(chn, true);
	/* am65_cpsw_destroy_rxqs() keeps the wait's result, then tests it */
	if (common->cfg.rx_tdown_irq_quirk) {
		id = rl_am65_cpsw_wait_tdown(common, RL_WAIT_RX_TDOWN);
		if (!id)
			common->rx_tdown_timeouts++;	/* "rx teardown timeout" */
	}
	/*@ assert waited: common->rx_ch_num_flows ==
	  @   \at(common->rx_ch_num_flows, Pre);
	  @*/
	/*@ assert waited_shape: am65_rx_shape(common); */
	/*@ assert waited_apart: am65_rx_apart(common); */
	/*@ assert waited_pools: am65_rx_pools(common); */
	/*@ assert waited_rings:
	  @   rl_udma_chn_rings(chn, common->rx_ch_num_flows, chn->single_fdq);
	  @*/
	/*@ loop invariant bound: 0 <= id <= \at(common->rx_ch_num_flows, Pre);
	  @ loop invariant same:
	  @   common->rx_ch_num_flows == \at(common->rx_ch_num_flows, Pre) &&
	  @   common->rx_chns.rx_chn == chn && am65_rx_shape(common) &&
	  @   am65_rx_apart(common) && am65_rx_pools(common) &&
	  @   rl_udma_chn_rings(chn, common->rx_ch_num_flows,
	  @     chn->single_fdq);
	  @ loop invariant flows_done: first_to_last ?
	  @   am65_rx_flows_done(common, 0, common->rx_ch_num_flows - id) :
	  @   am65_rx_flows_done(common, id, common->rx_ch_num_flows);
	  @ loop assigns id, rl_g_pp_drops,
	  @   common->rx_chns.flows[0 .. AM65_CPSW_MAX_RX_FLOWS - 1],
	  @   common->ports[0].xdp_rxq[0 .. AM65_CPSW_MAX_RX_FLOWS - 1],
	  @   common->ports[1].xdp_rxq[0 .. AM65_CPSW_MAX_RX_FLOWS - 1],
	  @   RL_RX_RINGS_FOOTPRINT(common->rx_chns.rx_chn);
	  @ loop variant id;
	  @*/
	for (id = common->rx_ch_num_flows; id > 0; id--)
		rl_am65_cpsw_destroy_rxq(common, first_to_last ?
					 common->rx_ch_num_flows - id : id - 1,
					 retain_page_pool);
	/*
	 * Proof: the loop's invariant at its end (either order), from which
	 * rx_rings_empty reads every ring at once; five asserts, one kind of
	 * ring each, cost over twice the steps (proofs/README.md, Figures).
	 */
	/*@ assert all_done:
	  @   am65_rx_flows_done(common, 0, common->rx_ch_num_flows);
	  @*/
	rl_k3_udma_glue_disable_rx_chn(chn);
}

int rl_am65_cpsw_create_rxq(struct am65_cpsw_common *common, u32 id)
{
	struct am65_cpsw_rx_chn *rx_chn = &common->rx_chns;
	struct am65_cpsw_rx_flow *flow = &rx_chn->flows[id];
	struct rl_page_pool_params pp = {
		.pool_size = rx_chn->descs_num, .dma_map = true,
		.dma_dir = RL_DMA_BIDIRECTIONAL, .napi_id = id,
	};
	u32 p, i;
	int ret;

	if (!flow->page_pool) {
		flow->page_pool = rl_page_pool_create(common->m, &pp);
		if (!flow->page_pool)
			return -ENOMEM;
	}
	/* v2 4/7: zero copy when a port with a program owns this queue */
	flow->xsk_pool = NULL;
	flow->xsk_port_id = 0;
	for (p = 0; p < common->port_num && !flow->xsk_pool; p++) {
		if (common->ports[p].disabled)
			continue;
		flow->xsk_pool = rl_am65_cpsw_xsk_get_pool(&common->ports[p], id);
		flow->xsk_port_id = flow->xsk_pool ? common->ports[p].port_id : 0;
	}
	/* the same page_pool serves every port: one NAPI per flow */
	for (p = 0; p < common->port_num; p++) {
		struct am65_cpsw_port *port = &common->ports[p];

		/* v2: only ports with a netdev; an XSK queue only its owner */
		if (port->disabled ||
		    (flow->xsk_pool && port->port_id != flow->xsk_port_id))
			continue;
		rl_xdp_rxq_info_reg(common->m, &port->xdp_rxq[id], port->port_id,
				    id, id);
		if (flow->xsk_pool) {
			ret = rl_xdp_rxq_info_reg_mem_model(&port->xdp_rxq[id],
							    RL_MEM_XSK_BUFF_POOL,
							    NULL);
			rl_xsk_pool_set_rxq_info(flow->xsk_pool,
						 &port->xdp_rxq[id]);
		} else {
			ret = rl_xdp_rxq_info_reg_mem_model(&port->xdp_rxq[id],
							    RL_MEM_PAGE_POOL,
							    flow->page_pool);
		}
		if (ret)
			goto err;
	}
	if (flow->xsk_pool) {
		/* as much as the fill ring allows; it may well be empty */
		flow->rx_missing = rx_chn->descs_num -
				   rl_am65_cpsw_rx_alloc_zc(flow, rx_chn->descs_num);
		if (flow->rx_missing && rl_xsk_uses_need_wakeup(flow->xsk_pool))
			rl_xsk_set_rx_need_wakeup(flow->xsk_pool);
		goto enable;
	}
	for (i = 0; i < rx_chn->descs_num; i++) {
		struct rl_page *page = rl_page_pool_dev_alloc_pages(flow->page_pool);

		if (!page) {
			ret = -ENOMEM;
			goto err;
		}
		ret = am65_cpsw_nuss_rx_push(common, page, id);
		if (ret < 0) {
			rl_am65_cpsw_put_page(flow, page, false);
			goto err;
		}
	}
	flow->rx_missing = 0;
enable:
	rl_napi_enable(&flow->napi_rx);
	flow->napi_enabled = true;
	rl_am65_cpsw_rx_irq_reopen(flow);
	return 0;
err:
	rl_am65_cpsw_destroy_rxq(common, id, false);
	return ret;
}

int rl_am65_cpsw_create_rxqs(struct am65_cpsw_common *common)
{
	u32 id, f;
	int ret;

	for (id = 0; id < common->rx_ch_num_flows; id++) {
		ret = rl_am65_cpsw_create_rxq(common, id);
		if (!ret)
			continue;
		/*
		 * Fix (create_rxqs_partial_unwind): v2 2/7 unwinds only the
		 * flows already created, so the pools kept for the later flows
		 * across a program swap are never freed.
		 */
		for (f = id + 1; f < common->rx_ch_num_flows &&
		     !rl_am65_bug(common, RL_V_CREATE_RXQS_PARTIAL_UNWIND); f++) {
			struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[f];

			if (flow->page_pool)
				rl_page_pool_destroy(flow->page_pool);
			flow->page_pool = NULL;
		}
		while (id-- > 0)
			rl_am65_cpsw_destroy_rxq(common, id, false);
		return ret;
	}
	return rl_k3_udma_glue_enable_rx_chn(common->rx_chns.rx_chn);
}

static void am65_cpsw_nuss_rx_csum(struct rl_sk_buff *skb, u32 csum_info)
{
	skb->ip_summed = csum_info & AM65_CPSW_RX_CSUM_VALID ?
			 RL_CHECKSUM_UNNECESSARY : RL_CHECKSUM_NONE;
}

/*
 * am65_cpsw_nuss_rx_packets(), one descriptor.  Upstream's shape: pop;
 * a marker counts as a packet; unmap and free the descriptor; XDP;
 * deliver; then a new page for the slot (the same page when no skb could
 * be built).  Fixes, each with its variant: rx_slot_lost (the slot of a
 * failed allocation or push is counted for the refill instead of lost),
 * cleanup_mutable_pool (the descriptor says what it holds),
 * skb_before_xdp_leak, xdp_drop_no_requeue.  During a teardown wait it
 * runs as upstream's does: XDP, the stack, the refill.
 */
/*
 * Performance variant perf_rx_alloc_skb_copy: the packet copied into a new
 * skb and the page recycled at once - the cost shape of the minimal XDP
 * series' custom am65_cpsw_alloc_skb() (one allocation and a copy more a
 * packet than build_skb); the thread shows too little of that code to
 * model it line by line.
 */
static struct rl_sk_buff *am65_cpsw_copy_skb(struct am65_cpsw_rx_flow *flow,
					     struct rl_page *page, u32 len)
{
	struct rl_model *m = flow->common->m;
	struct rl_sk_buff *skb = rl_napi_alloc_skb(m, len);

	if (!skb)
		return NULL;
	rl_skb_put_data(m, skb, len);
	skb->tag = page->tag;
	rl_am65_cpsw_put_page(flow, page, true);
	return skb;
}

static int am65_cpsw_nuss_rx_packets(struct am65_cpsw_rx_flow *flow,
				     u32 *xdp_state)
{
	struct am65_cpsw_common *common = flow->common;
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	struct am65_cpsw_swdata *swdata;
	struct am65_cpsw_port *port;
	struct rl_sk_buff *skb = NULL;
	struct rl_xdp_buff xdp = {};
	struct rl_page *page, *new_page;
	rl_dma_addr_t desc_dma;
	u32 pkt_len, port_id, csum_info, flow_idx = flow->id;
	void *desc_rx;
	int ret;

	*xdp_state = AM65_CPSW_XDP_PASS;
	ret = rl_k3_udma_glue_pop_rx_chn(common->rx_chns.rx_chn, flow_idx,
					 &desc_dma);
	if (ret)
		return ret;
	if (rl_cppi5_desc_is_tdcm(desc_dma)) {
		/* AM64_CPSW_QUIRK_DMA_RX_TDOWN_IRQ: the marker ends the wait */
		if (common->cfg.rx_tdown_irq_quirk)
			common->tdown_complete = true;
		return 0;
	}
	desc_rx = rl_k3_cppi_desc_pool_dma2virt(pool, desc_dma);
	swdata = rl_cppi5_hdesc_get_swdata(pool, desc_rx);
	if ((swdata->flow_id & AM65_CPSW_SW_XSK) &&
	    !rl_am65_bug(common, RL_V_CLEANUP_MUTABLE_POOL)) {
		/* UDMA-P: another flow's XSK buffer came through the shared FDQ */
		rl_am65_cpsw_rx_buf_free(common, desc_rx, true);
		goto allocate;
	}
	pkt_len = rl_cppi5_hdesc_get_pktlen(pool, desc_rx);
	port_id = rl_cppi5_desc_get_src_tag(pool, desc_rx);
	csum_info = rl_cppi5_hdesc_get_psdata(pool, desc_rx)[AM65_CPSW_CSUM_WORD];
	page = am65_cpsw_rx_desc_release(common, desc_rx, &flow_idx);
	/* am65_common_get_port(): the hardware tags a port that is up */
	port = &common->ports[port_id - 1];
	flow_idx = flow->id;
	page->len = pkt_len;
	if (port->xdp_prog && rl_am65_bug(common, RL_V_SKB_BEFORE_XDP_LEAK))
		skb = rl_build_skb(common->m, page, pkt_len);
	if (port->xdp_prog) {
		xdp.rxq = &port->xdp_rxq[flow->id];
		xdp.page = page;
		xdp.len = pkt_len;
		xdp.tag = page->tag;
		*xdp_state = rl_am65_cpsw_run_xdp(flow, port, &xdp);
		/* xdp_drop_no_requeue: the old code returned without a new page */
		if (*xdp_state == AM65_CPSW_XDP_CONSUMED &&
		    rl_am65_bug(common, RL_V_XDP_DROP_NO_REQUEUE))
			return 0;
		if (*xdp_state != AM65_CPSW_XDP_PASS)
			goto allocate;
	}
	if (!skb && rl_am65_perf(common, RL_PV_RX_ALLOC_SKB_COPY))
		skb = am65_cpsw_copy_skb(flow, page, pkt_len);
	else if (!skb)
		skb = rl_build_skb(common->m, page, pkt_len);
	if (!skb) {
		/* no skb: the page goes straight back to the FDQ */
		port->rx_dropped++;
		new_page = page;
		goto requeue;
	}
	/* perf_pp_release_on_pass: the page leaves its pool for the stack */
	if (rl_am65_perf(common, RL_PV_PP_RELEASE_ON_PASS) && skb->head)
		rl_page_pool_release_page(rl_page_pool_of(common->m, page), page);
	else
		rl_skb_mark_for_recycle(skb);
	am65_cpsw_nuss_rx_csum(skb, csum_info);
	rl_eth_type_trans(skb, port->ndev);
	rl_netif_receive_skb(common->m, skb);
	port->rx_packets++;
allocate:
	new_page = rl_page_pool_dev_alloc_pages(flow->page_pool);
	if (!new_page) {
		/*
		 * Fix (rx_slot_lost): mainline returns -ENOMEM and the ring has
		 * one buffer less for good; count it for the refill at the end
		 * of the poll (data upstream lacks: how many slots are empty).
		 */
		if (!rl_am65_bug(common, RL_V_RX_SLOT_LOST))
			flow->rx_missing++;
		return -ENOMEM;
	}
requeue:
	ret = am65_cpsw_nuss_rx_push(common, new_page, flow_idx);
	if (ret < 0) {
		/* mainline: WARN_ON, the page back, the slot lost (as above) */
		rl_am65_cpsw_put_page(flow, new_page, true);
		if (!rl_am65_bug(common, RL_V_RX_SLOT_LOST))
			flow->rx_missing++;
	}
	return ret;
}

/* Fix (rx_slot_lost): refill the slots a failed allocation or push left. */
static void am65_cpsw_rx_refill(struct am65_cpsw_rx_flow *flow)
{
	while (flow->rx_missing) {
		struct rl_page *page = rl_page_pool_dev_alloc_pages(flow->page_pool);

		if (!page)
			return;
		if (am65_cpsw_nuss_rx_push(flow->common, page, flow->id)) {
			rl_am65_cpsw_put_page(flow, page, true);
			return;
		}
		flow->rx_missing--;
	}
}

int rl_am65_cpsw_rx_poll(struct rl_napi *napi, int budget)
{
	struct am65_cpsw_rx_flow *flow = container_of(napi,
						      struct am65_cpsw_rx_flow,
						      napi_rx);
	u32 state, state_or = 0;
	int num_rx = 0;

	if (flow->xsk_pool) {
		num_rx = rl_am65_cpsw_rx_zc(flow, budget);
		goto done;
	}
	/* upstream's loop: the verdict of a packet whose refill failed counts */
	while (num_rx < budget) {
		int ret = am65_cpsw_nuss_rx_packets(flow, &state);

		state_or |= state;
		if (ret)
			break;
		num_rx++;
	}
	/* xdp_no_flush: the redirected frames left on the flush lists */
	if ((state_or & AM65_CPSW_XDP_REDIRECT) &&
	    !rl_am65_bug(flow->common, RL_V_XDP_NO_FLUSH))
		rl_xdp_do_flush(flow->common->m);
	am65_cpsw_rx_refill(flow);
done:
	if (num_rx < budget && rl_napi_complete_done(napi, num_rx))
		rl_am65_cpsw_rx_irq_rearm(flow);
	return num_rx;
}
