// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_xsk.c - AF_XDP zero copy (v2 3/7 to 5/7, am65-cpsw-xdp.c and
 * am65-cpsw-nuss.c): XSK pool enable/disable per queue with the rebuild,
 * wakeup, zero-copy RX fill/push/NAPI and zero-copy TX.
 */
#include "am65_cpsw.h"

/* am65_cpsw_xsk_get_pool(): the queue's pool if this port owns it. */
struct rl_xsk_pool *rl_am65_cpsw_xsk_get_pool(struct am65_cpsw_port *port,
					      u32 qid)
{
	struct am65_cpsw_common *common = port->common;

	if (!port->xdp_prog || !(common->xdp_zc_queues & BIT(qid)) ||
	    common->xsk_port_id[qid] != port->port_id)
		return NULL;
	return rl_xsk_get_pool_from_qid(port->ndev, qid);
}

/* Rebuild the queues after a zero-copy change. */
static int am65_cpsw_xsk_rebuild(struct am65_cpsw_common *common, u32 qid,
				 bool destroy)
{
	int ret;

	if (rl_am65_bug(common, RL_V_XSK_REBUILD_NO_TDOWN)) {
		/* v2 3/7: only this queue, its rings reset under a live DMA */
		if (destroy) {
			rl_am65_cpsw_destroy_rxq(common, qid, false);
			rl_am65_cpsw_destroy_txq(common, qid);
			return 0;
		}
		ret = rl_am65_cpsw_create_rxq(common, qid);
		return ret ? ret : rl_am65_cpsw_create_txq(common, qid);
	}
	/*
	 * Fix (xsk_rebuild_no_tdown): resetting one flow's rings while the
	 * channel runs drops what it completed and lets the DMA write into
	 * buffers being freed; the flows share one channel, so tear the
	 * channels down and drain like a program swap (page_pools kept).
	 */
	if (destroy) {
		rl_am65_cpsw_destroy_queues(common, true);
		return 0;
	}
	return rl_am65_cpsw_create_queues(common);
}

static int am65_cpsw_xsk_pool_enable(struct am65_cpsw_port *port,
				     struct rl_xsk_pool *pool, u32 qid)
{
	struct am65_cpsw_common *common = port->common;
	bool need_update;
	int ret;

	/* one port per queue: already zero copy (here or on the other port) */
	if (common->xdp_zc_queues & BIT(qid))
		return -EINVAL;
	if (qid >= common->rx_ch_num_flows || qid >= common->tx_ch_num)
		return -EINVAL;
	if (rl_xsk_pool_get_rx_frame_size(pool) < AM65_CPSW_MAX_PACKET_SIZE)
		return -EOPNOTSUPP;
	ret = rl_xsk_pool_dma_map(pool);
	if (ret)
		return ret;
	need_update = common->queues_up && port->xdp_prog;
	if (need_update)
		am65_cpsw_xsk_rebuild(common, qid, true);
	common->xdp_zc_queues |= BIT(qid);
	common->xsk_port_id[qid] = port->port_id;
	if (!need_update)
		return 0;
	ret = am65_cpsw_xsk_rebuild(common, qid, false);
	if (!ret)
		return 0;
	/*
	 * v2 ignores the rebuild's result.  Undo instead: back to page_pool
	 * mode, and the pool mapping undone (xsk_pool_unmap_missing: the
	 * stmmac bug returned the error with the pool still mapped).  The
	 * ignoring has no variant: nothing goes astray (the socket is bound
	 * to a queue with no channels behind it and gets -ENETDOWN), so no
	 * kernel check would report it.
	 */
	common->xdp_zc_queues &= ~BIT(qid);
	common->xsk_port_id[qid] = 0;
	if (!rl_am65_bug(common, RL_V_XSK_POOL_UNMAP_MISSING))
		rl_xsk_pool_dma_unmap(pool);
	am65_cpsw_xsk_rebuild(common, qid, false);
	return ret;
}

static int am65_cpsw_xsk_pool_disable(struct am65_cpsw_port *port, u32 qid)
{
	struct am65_cpsw_common *common = port->common;
	struct rl_xsk_pool *pool;
	bool need_update;

	if (qid >= common->rx_ch_num_flows || qid >= common->tx_ch_num)
		return -EINVAL;
	if (!(common->xdp_zc_queues & BIT(qid)) ||
	    common->xsk_port_id[qid] != port->port_id)
		return -EINVAL;
	pool = rl_xsk_get_pool_from_qid(port->ndev, qid);
	if (!pool)
		return -EINVAL;
	/*
	 * Fix (napi_after_pool_free): rebuild whenever a queue still uses the
	 * pool, so no NAPI touches it once the socket frees it; the buggy
	 * path skipped the rebuild and kept the flow pointing at the pool.
	 */
	need_update = common->queues_up &&
		      (common->rx_chns.flows[qid].xsk_pool == pool ||
		       common->tx_chns[qid].xsk_pool == pool) &&
		      !rl_am65_bug(common, RL_V_NAPI_AFTER_POOL_FREE);
	if (need_update) {
		am65_cpsw_xsk_rebuild(common, qid, true);
		/* v2 3/7: synchronize_rcu() before the pool goes */
		rl_model_wait(common->m, RL_WAIT_SYNC_NET);
	}
	rl_xsk_pool_dma_unmap(pool);
	common->xdp_zc_queues &= ~BIT(qid);
	common->xsk_port_id[qid] = 0;
	if (need_update)
		am65_cpsw_xsk_rebuild(common, qid, false);
	return 0;
}

int rl_am65_cpsw_xsk_setup_pool(struct am65_cpsw_common *common, u32 p,
				struct rl_xsk_pool *pool, u32 qid)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);

	if (!port || qid >= AM65_CPSW_MAX_QUEUES)
		return -EINVAL;
	return pool ? am65_cpsw_xsk_pool_enable(port, pool, qid) :
		      am65_cpsw_xsk_pool_disable(port, qid);
}

int rl_am65_cpsw_xsk_wakeup(struct am65_cpsw_common *common, u32 p, u32 qid,
			    u32 flags)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);

	if (!port || !rl_netif_running(port->ndev) ||
	    !rl_netif_carrier_ok(port->ndev))
		return -ENETDOWN;
	if (!port->xdp_prog)
		return -EINVAL;
	if (qid >= common->rx_ch_num_flows || qid >= common->tx_ch_num)
		return -EINVAL;
	if (!common->rx_chns.flows[qid].xsk_pool &&
	    !common->tx_chns[qid].xsk_pool)
		return -EINVAL;
	if (flags & RL_XDP_WAKEUP_TX)
		rl_napi_schedule(&common->tx_chns[qid].napi_tx);
	if (flags & RL_XDP_WAKEUP_RX)
		rl_napi_schedule(&common->rx_chns.flows[qid].napi_rx);
	return 0;
}

/*
 * Proof shape of a zero-copy flow: the objects a refill touches.  The
 * contracts below are proven (proofs/, unit rx_refill_zc).
 */
/*@ predicate am65_zc_flow{L}(struct am65_cpsw_rx_flow *f) =
  @   \valid(f) && \valid(f->common) && \valid(f->xsk_pool) &&
  @   \valid(f->common->rx_chns.desc_pool) &&
  @   \valid(f->common->rx_chns.rx_chn);
  @*/

/*
 * am65_cpsw_nuss_rx_push_zc(): an XSK buffer into the flow's FDQ.  Takes
 * over @buf: queued with a descriptor, or freed back to the XSK pool.
 */
/*@ requires flow: am65_zc_flow(flow);
  @ requires buf: \valid(buf) && buf->pool == flow->xsk_pool;
  @ requires taken: rl_g_xsk_held > 0;
  @ requires room: rl_g_desc_held < RL_GHOST_MAX - 1 &&
  @   rl_g_desc_queued < RL_GHOST_MAX - 1;
  @ assigns AM65_ZC_REFILL_FOOTPRINT(flow, buf->pool), rl_g_desc_held,
  @   rl_g_desc_queued, rl_g_xsk_held;
  @ ensures desc_returned: \result != 0 ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) &&
  @   rl_g_desc_queued == \old(rl_g_desc_queued);
  @ ensures buffer_returned: \result != 0 ==>
  @   rl_g_xsk_held == \old(rl_g_xsk_held) - 1;
  @ ensures queued: \result == 0 ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) &&
  @   rl_g_desc_queued == \old(rl_g_desc_queued) + 1 &&
  @   rl_g_xsk_held == \old(rl_g_xsk_held);
  @*/
static int am65_cpsw_nuss_rx_push_zc(struct am65_cpsw_rx_flow *flow,
				     struct rl_xsk_buff *buf)
{
	struct am65_cpsw_common *common = flow->common;
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	struct rl_k3_udma_glue_rx_channel *rx_chn = common->rx_chns.rx_chn;
	bool leak_on_fail = rl_am65_bug(common, RL_V_RX_PUSH_ZC_FAIL_LEAK);
	u32 flow_id = flow->id;
	rl_dma_addr_t desc_dma, buf_dma;
	u32 buf_len = rl_xsk_pool_get_rx_frame_size(flow->xsk_pool);
	void *desc_rx;
	int ret;

	desc_rx = rl_k3_cppi_desc_pool_alloc(pool);
	if (!desc_rx) {
		ret = -ENOMEM;
		goto free_buf;
	}
	desc_dma = rl_k3_cppi_desc_pool_virt2dma(pool, desc_rx);
	buf_dma = rl_xsk_buff_xdp_get_dma(buf);
	rl_am65_cpsw_rx_desc_setup(pool, desc_rx, buf_dma, buf_len,
				   rl_xsk_buff_id(buf),
				   flow_id | AM65_CPSW_SW_XSK);
	ret = rl_k3_udma_glue_push_rx_chn(rx_chn, flow_id, desc_rx, desc_dma);
	if (!ret || leak_on_fail)
		return ret;
	/* Fix (rx_push_zc_fail_leak): v2 left both with nobody */
	rl_k3_cppi_desc_pool_free(pool, desc_rx);
free_buf:
	rl_xsk_buff_free(buf);
	return ret;
}

/*
 * Refill up to @budget buffers (am65_cpsw_nuss_rx_alloc_zc).  Proven: each
 * frame taken from the XSK pool is carried by exactly one queued
 * descriptor; no descriptor and no frame is left with the driver.
 */
/*@ requires flow: am65_zc_flow(flow);
  @ requires room: rl_g_desc_held < RL_GHOST_MAX - 1 &&
  @   rl_g_desc_queued < RL_GHOST_MAX - 4294967296 &&
  @   rl_g_xsk_held < RL_GHOST_MAX - 4294967296;
  @ assigns AM65_ZC_REFILL_FOOTPRINT(flow, flow->xsk_pool), rl_g_desc_held,
  @   rl_g_desc_queued, rl_g_xsk_held;
  @ ensures descs_returned: rl_g_desc_held == \old(rl_g_desc_held);
  @ ensures frames_returned: rl_g_xsk_held == \old(rl_g_xsk_held) + \result;
  @ ensures queued: rl_g_desc_queued == \old(rl_g_desc_queued) + \result;
  @ ensures bounded: \result <= budget;
  @*/
u32 rl_am65_cpsw_rx_alloc_zc(struct am65_cpsw_rx_flow *flow, u32 budget)
{
	u32 i;

	/*@ loop invariant bound: 0 <= i <= budget;
	  @ loop invariant descs: rl_g_desc_held == \at(rl_g_desc_held, Pre);
	  @ loop invariant frames:
	  @   rl_g_xsk_held == \at(rl_g_xsk_held, Pre) + i;
	  @ loop invariant queued:
	  @   rl_g_desc_queued == \at(rl_g_desc_queued, Pre) + i;
	  @ loop assigns i, AM65_ZC_REFILL_FOOTPRINT(flow, flow->xsk_pool), rl_g_desc_held,
	  @   rl_g_desc_queued, rl_g_xsk_held;
	  @ loop variant budget - i;
	  @*/
	for (i = 0; i < budget; i++) {
		struct rl_xsk_buff *buf = rl_xsk_buff_alloc(flow->xsk_pool);

		if (!buf || am65_cpsw_nuss_rx_push_zc(flow, buf))
			break;
	}
	return i;
}

/* PASS: copy into a new skb (am65_cpsw_dispatch_skb_zc). */
static void am65_cpsw_dispatch_skb_zc(struct am65_cpsw_port *port,
				      struct rl_xsk_buff *buf, u32 csum_info)
{
	struct rl_model *m = port->common->m;
	struct rl_sk_buff *skb = rl_napi_alloc_skb(m, buf->len);

	if (!skb) {
		port->rx_dropped++;
		return;
	}
	rl_skb_put_data(m, skb, buf->len);
	skb->tag = buf->tag;
	skb->ip_summed = csum_info & AM65_CPSW_RX_CSUM_VALID ?
			 RL_CHECKSUM_UNNECESSARY : RL_CHECKSUM_NONE;
	rl_eth_type_trans(skb, port->ndev);
	rl_netif_receive_skb(m, skb);
	port->rx_packets++;
}

int rl_am65_cpsw_rx_zc(struct am65_cpsw_rx_flow *flow, int budget)
{
	struct am65_cpsw_common *common = flow->common;
	struct rl_k3_cppi_desc_pool *pool = common->rx_chns.desc_pool;
	u32 state, state_or = 0, filled, want;
	int count = 0;

	while (count < budget) {
		struct am65_cpsw_port *port = NULL;
		struct rl_xdp_buff xdp = {};
		struct rl_xsk_buff *buf;
		rl_dma_addr_t desc_dma;
		u32 pkt_len, port_id, csum_info;
		void *desc_rx;
		struct am65_cpsw_swdata *swdata;

		if (rl_k3_udma_glue_pop_rx_chn(common->rx_chns.rx_chn, flow->id,
					       &desc_dma))
			break;
		if (rl_cppi5_desc_is_tdcm(desc_dma)) {
			if (common->cfg.rx_tdown_irq_quirk)
				common->tdown_complete = true;
			continue;
		}
		desc_rx = rl_k3_cppi_desc_pool_dma2virt(pool, desc_dma);
		swdata = rl_cppi5_hdesc_get_swdata(pool, desc_rx);
		if (!(swdata->flow_id & AM65_CPSW_SW_XSK) &&
		    !rl_am65_bug(common, RL_V_CLEANUP_MUTABLE_POOL)) {
			/* a page buffer queued before the switch to zero copy */
			rl_am65_cpsw_rx_buf_free(common, desc_rx, true);
			flow->rx_missing++;
			count++;
			continue;
		}
		buf = rl_xsk_buff_by_id(common->m, (u32)swdata->buf);
		pkt_len = rl_cppi5_hdesc_get_pktlen(pool, desc_rx);
		port_id = rl_cppi5_desc_get_src_tag(pool, desc_rx);
		csum_info = rl_cppi5_hdesc_get_psdata(pool, desc_rx)[AM65_CPSW_CSUM_WORD];
		rl_k3_cppi_desc_pool_free(pool, desc_rx);
		count++;
		flow->rx_missing++;
		if (!buf)
			continue;
		buf->len = pkt_len;
		rl_xsk_buff_dma_sync_for_cpu(buf);
		/* am65_common_get_port(): the hardware tags a port that is up */
		port = &common->ports[port_id - 1];
		/* v2 4/7: a packet for another port than the queue's owner */
		if (port_id != flow->xsk_port_id) {
			port->rx_dropped++;
			rl_xsk_buff_free(buf);
			continue;
		}
		xdp.rxq = &port->xdp_rxq[flow->id];
		xdp.xsk = buf;
		xdp.len = pkt_len;
		xdp.tag = buf->tag;
		state = rl_am65_cpsw_run_xdp(flow, port, &xdp);
		if (state == AM65_CPSW_XDP_PASS) {
			am65_cpsw_dispatch_skb_zc(port, buf, csum_info);
			rl_xsk_buff_free(buf);
		} else if (state == AM65_CPSW_XDP_CONSUMED &&
			   (xdp.xsk ||
			    rl_am65_bug(common, RL_V_ZC_XDP_TX_DOUBLE_FREE))) {
			/* not when a frame conversion already freed it */
			rl_xsk_buff_free(buf);
		}
		state_or |= state;
	}
	if ((state_or & AM65_CPSW_XDP_REDIRECT) &&
	    !rl_am65_bug(common, RL_V_XDP_NO_FLUSH))
		rl_xdp_do_flush(common->m);
	/*
	 * Fix (zc_refill_poll_count): refill what is missing (rx_missing,
	 * data upstream lacks); v2 asks for this poll's count only, so once
	 * the fill ring ran dry the ring never gets its depth back.
	 */
	want = rl_am65_bug(common, RL_V_ZC_REFILL_POLL_COUNT) ?
	       min((u32)count, flow->rx_missing) : flow->rx_missing;
	filled = rl_am65_cpsw_rx_alloc_zc(flow, want);
	if (rl_xsk_uses_need_wakeup(flow->xsk_pool)) {
		if (filled < want)
			rl_xsk_set_rx_need_wakeup(flow->xsk_pool);
		else
			rl_xsk_clear_rx_need_wakeup(flow->xsk_pool);
	}
	flow->rx_missing -= filled;
	return count;
}

/*
 * One XSK TX descriptor made ready for the hardware: the UMEM frame of @d
 * as a host packet of @port, marked XSK_TX for the completion path.
 * Writes the descriptor and its side-table entry only (A5: assumed, the
 * u32/u64 views of the descriptor block are beyond WP's typed model).
 */
/*@ requires \valid(dpool) && \valid(pool) && \valid(port) &&
  @   \valid_read(d);
  @ assigns RL_DESC_BLOCK(dpool), dpool->desc_infos[0 .. RL_SPAN],
  @   pool->m->ledger->findings;
  @*/
static void am65_cpsw_xsk_tx_desc_setup(struct rl_k3_cppi_desc_pool *dpool,
					struct rl_xsk_pool *pool,
					struct am65_cpsw_port *port,
					void *desc,
					const struct rl_xdp_desc *d)
{
	rl_dma_addr_t dma_buf;
	struct am65_cpsw_tx_swdata *swdata;
	u32 *psdata;

	rl_k3_cppi_desc_pool_desc_info_set(dpool,
			rl_k3_cppi_desc_pool_index(dpool, desc),
			(void *)(unsigned long)(AM65_CPSW_TX_BUF_TYPE_XSK_TX + 1));
	dma_buf = rl_xsk_buff_raw_get_dma(pool, d->addr);
	/* perf_xsk_tx_sync_full: the whole frame instead of the packet */
	rl_xsk_buff_raw_dma_sync_for_device(pool, dma_buf,
			rl_am65_perf(port->common, RL_PV_XSK_TX_SYNC_FULL) ?
			rl_xsk_pool_get_rx_frame_size(pool) : d->len);
	rl_cppi5_hdesc_init(dpool, desc, 0, AM65_CPSW_NAV_PS_DATA_SIZE);
	/* Fix (stale_psdata_tx): init leaves the old checksum word */
	psdata = rl_cppi5_hdesc_get_psdata(dpool, desc);
	if (!rl_am65_bug(port->common, RL_V_STALE_PSDATA_TX))
		psdata[AM65_CPSW_CSUM_WORD] = 0;
	rl_cppi5_hdesc_set_pktlen(dpool, desc, d->len);
	rl_cppi5_hdesc_attach_buf(dpool, desc, dma_buf, d->len, dma_buf, d->len);
	swdata = rl_cppi5_hdesc_get_swdata(dpool, desc);
	swdata->buf = rl_xsk_pool_frame_id(pool, d->addr);
	swdata->port_idx = port->port_id - 1;
}

/*
 * am65_cpsw_xsk_xmit_zc(): send what the socket queued on @tx_chn's
 * XSK pool.  Proven (proofs/, unit xsk_tx): every completion slot the
 * peek reserves stays accounted for by the channel, in flight in the
 * hardware (xsk_inflight, completed by the TX NAPI) or owed as dropped
 * (xsk_dropped, completed in order before the next batch):
 *   reserved - xsk_inflight - xsk_dropped   is unchanged by a call;
 * and every descriptor taken is queued or back in the pool.
 */
/*@ requires shape: \valid(tx_chn) && \valid(tx_chn->common) &&
  @   tx_chn->common->port_num <= AM65_CPSW_MAX_PORTS &&
  @   \valid(tx_chn->xsk_pool) && \valid(tx_chn->desc_pool) &&
  @   \valid(tx_chn->tx_chn);
  @ requires accounted: rl_g_xsk_tx_reserved >= tx_chn->xsk_dropped;
  @ requires bounds: tx_chn->xsk_inflight <= 0xffff0000 &&
  @   tx_chn->xsk_dropped <= 0xffff0000;
  @ requires room: rl_g_desc_held < RL_GHOST_MAX - 1 &&
  @   rl_g_desc_queued < RL_GHOST_MAX - 16 &&
  @   rl_g_xsk_tx_reserved < RL_GHOST_MAX - 16;
  @ assigns tx_chn->xsk_inflight, tx_chn->xsk_dropped,
  @   tx_chn->common->ports[0 .. AM65_CPSW_MAX_PORTS - 1].tx_errors,
  @   AM65_ZC_TX_FOOTPRINT(tx_chn->desc_pool, tx_chn->tx_chn,
  @     tx_chn->xsk_pool),
  @   rl_g_desc_held, rl_g_desc_queued, rl_g_xsk_tx_reserved;
  @ ensures slots_accounted:
  @   RL_AM65_TX_SLOTS(tx_chn) - tx_chn->xsk_dropped ==
  @   \old(RL_AM65_TX_SLOTS(tx_chn) - tx_chn->xsk_dropped);
  @ ensures descs_returned: rl_g_desc_held == \old(rl_g_desc_held);
  @ ensures queued: rl_g_desc_queued == \old(rl_g_desc_queued) + \result &&
  @   tx_chn->xsk_inflight == \old(tx_chn->xsk_inflight) + \result;
  @*/
int rl_am65_cpsw_xsk_xmit_zc(struct am65_cpsw_tx_chn *tx_chn)
{
	struct am65_cpsw_common *common = tx_chn->common;
	struct rl_xsk_pool *pool = tx_chn->xsk_pool;
	struct rl_k3_cppi_desc_pool *dpool = tx_chn->desc_pool;
	struct rl_k3_udma_glue_tx_channel *hw_chn = tx_chn->tx_chn;
	struct am65_cpsw_port *port = rl_am65_port(common,
						   tx_chn->xsk_port_id - 1);
	bool lose_rest = rl_am65_bug(common, RL_V_XSK_TX_BATCH_LOST);
	u32 inflight = tx_chn->xsk_inflight, dropped = tx_chn->xsk_dropped;
	/* keep MAX_SKB_FRAGS descriptors (scaled) for the stack's skbs */
	u32 keep = rl_am65_cpsw_tx_reserve(tx_chn);
	struct rl_xdp_desc descs[16];
	u32 avail, n = 0, i, num_tx = 0;

	/*
	 * Frames peeked but never sent are completed first, in order: only
	 * once the hardware has given back every frame sent before them.
	 */
	if (dropped && inflight)
		return 0;
	if (dropped) {
		rl_xsk_tx_completed(pool, dropped);
		dropped = 0;
	}
	avail = rl_k3_cppi_desc_pool_avail(dpool);
	if (port && avail > keep)
		n = rl_xsk_tx_peek_release_desc_batch(pool, descs,
				min(avail - keep, (u32)ARRAY_SIZE(descs)));
	/*@ loop invariant bound: 0 <= i <= n && num_tx == i;
	  @ loop invariant descs: rl_g_desc_held == \at(rl_g_desc_held, LoopEntry);
	  @ loop invariant queued:
	  @   rl_g_desc_queued == \at(rl_g_desc_queued, LoopEntry) + num_tx;
	  @ loop assigns i, num_tx, port->tx_errors,
	  @   AM65_ZC_TX_FOOTPRINT(dpool, hw_chn, pool), rl_g_desc_held,
	  @   rl_g_desc_queued;
	  @ loop variant n - i;
	  @*/
	for (i = 0; i < n; i++) {
		void *desc = rl_k3_cppi_desc_pool_alloc(dpool);

		if (!desc)
			break;
		am65_cpsw_xsk_tx_desc_setup(dpool, pool, port, desc, &descs[i]);
		if (rl_k3_udma_glue_push_tx_chn(hw_chn, desc,
				rl_k3_cppi_desc_pool_virt2dma(dpool, desc))) {
			port->tx_errors++;
			rl_k3_cppi_desc_pool_free(dpool, desc);
			break;
		}
		num_tx++;
	}
	tx_chn->xsk_inflight = inflight + num_tx;
	/*
	 * Fix (xsk_tx_batch_lost): v2 forgot the frames of the batch it
	 * could not send; their completion slots stayed reserved for ever.
	 * They are completed, in order, before the next batch.
	 */
	if (!lose_rest)
		dropped += n - num_tx;
	tx_chn->xsk_dropped = dropped;
	return num_tx;
}
