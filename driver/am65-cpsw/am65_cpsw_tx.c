// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_tx.c - TX: ndo_start_xmit with fragments and checksum offload,
 * BQL and queue stop/wake, XDP_TX / ndo_xdp_xmit frames, completion NAPI
 * with per-buffer-type release, the reset cleanup callback and the TX
 * teardown with tdown_cnt and its timeout.  Mirrors
 * am65_cpsw_nuss_ndo_slave_xmit, am65_cpsw_xdp_tx_frame,
 * am65_cpsw_ndo_xdp_xmit, am65_cpsw_nuss_tx_compl_packets,
 * am65_cpsw_nuss_tx_cleanup, am65_cpsw_create_txqs, am65_cpsw_destroy_txqs.
 */
#include "am65_cpsw.h"

/* am65_cpsw_nuss_set_buf_type() / _get_buf_type(): desc_infos side table */
static void set_buf_type(struct am65_cpsw_tx_chn *tx_chn, void *desc,
			 enum am65_cpsw_tx_buf_type type)
{
	u32 idx = rl_k3_cppi_desc_pool_index(tx_chn->desc_pool, desc);

	rl_k3_cppi_desc_pool_desc_info_set(tx_chn->desc_pool, idx,
					   (void *)(unsigned long)(type + 1));
}

static enum am65_cpsw_tx_buf_type get_buf_type(struct am65_cpsw_tx_chn *tx_chn,
					       void *desc)
{
	u32 idx = rl_k3_cppi_desc_pool_index(tx_chn->desc_pool, desc);

	return (unsigned long)rl_k3_cppi_desc_pool_desc_info(tx_chn->desc_pool,
							      idx) - 1;
}

/*
 * am65_cpsw_nuss_xmit_free(): unmap every buffer of the chain, free it.
 * An XSK_TX buffer lives in the pool's mapping and is not unmapped.
 */
static void am65_cpsw_nuss_xmit_free(struct am65_cpsw_tx_chn *tx_chn,
				     void *first_desc)
{
	bool unmap = get_buf_type(tx_chn, first_desc) != AM65_CPSW_TX_BUF_TYPE_XSK_TX;
	struct rl_k3_cppi_desc_pool *pool = tx_chn->desc_pool;
	struct rl_dma *dma = tx_chn->common->m->dma;
	void *desc = first_desc;
	u32 hops = 0;

	while (desc && hops++ <= RL_MAX_SKB_FRAGS) {
		rl_dma_addr_t buf, next;
		u32 len;

		rl_cppi5_hdesc_get_obuf(pool, desc, &buf, &len);
		if (unmap)
			rl_dma_unmap(dma, buf, len, RL_DMA_TO_DEVICE);
		next = rl_cppi5_hdesc_get_next_hbdesc(pool, desc);
		rl_k3_cppi_desc_pool_free(pool, desc);
		desc = next ? rl_k3_cppi_desc_pool_dma2virt(pool, next) : NULL;
	}
}

/* One more descriptor for @len bytes at @buf, linked after @prev. */
static void *tx_desc_fill(struct am65_cpsw_tx_chn *tx_chn, void *prev,
			  rl_dma_addr_t buf, u32 len)
{
	struct rl_k3_cppi_desc_pool *pool = tx_chn->desc_pool;
	void *desc = rl_k3_cppi_desc_pool_alloc(pool);

	if (!desc)
		return NULL;
	rl_cppi5_hdesc_init(pool, desc, 0, prev ? 0 : AM65_CPSW_NAV_PS_DATA_SIZE);
	rl_cppi5_hdesc_attach_buf(pool, desc, buf, len, buf, len);
	if (prev)
		rl_cppi5_hdesc_link_hbdesc(pool, prev,
					   rl_k3_cppi_desc_pool_virt2dma(pool, desc));
	return desc;
}

int rl_am65_cpsw_ndo_start_xmit(struct am65_cpsw_common *common, u32 port_idx,
				struct rl_sk_buff *skb)
{
	struct am65_cpsw_port *port = rl_am65_port(common, port_idx);
	struct rl_model *m = common->m;
	struct am65_cpsw_tx_chn *tx_chn;
	void *first_desc, *last;
	rl_dma_addr_t buf;
	u32 q, f, pkt_len, head_len;
	struct am65_cpsw_tx_swdata *swdata;
	u32 *psdata;

	if (!port)
		return RL_NETDEV_TX_BUSY;
	q = skb->queue_mapping % common->tx_ch_num;
	tx_chn = &common->tx_chns[q];
	head_len = skb->len;
	for (f = 0; f < skb->nr_frags; f++)
		head_len -= skb->frag_len[f];
	buf = rl_dma_map_single(m->dma, head_len ? head_len : 1,
				RL_DMA_TO_DEVICE, skb->id);
	if (rl_dma_mapping_error(buf)) {
		port->tx_errors++;
		goto err_free_skb;
	}
	first_desc = tx_desc_fill(tx_chn, NULL, buf, head_len ? head_len : 1);
	if (!first_desc) {
		rl_dma_unmap(m->dma, buf, head_len ? head_len : 1,
			     RL_DMA_TO_DEVICE);
		goto busy_stop_q;
	}
	set_buf_type(tx_chn, first_desc, AM65_CPSW_TX_BUF_TYPE_SKB);
	swdata = rl_cppi5_hdesc_get_swdata(tx_chn->desc_pool, first_desc);
	swdata->buf = skb->id;
	swdata->port_idx = port_idx;
	/* checksum offload word, or 0: psdata is never cleared by init */
	psdata = rl_cppi5_hdesc_get_psdata(tx_chn->desc_pool, first_desc);
	if (skb->ip_summed == RL_CHECKSUM_PARTIAL)
		psdata[AM65_CPSW_CSUM_WORD] =
			((u32)(skb->csum_start + skb->csum_offset) << 24) |
			((u32)skb->csum_start << 16) |
			(skb->len - skb->csum_start);
	else
		psdata[AM65_CPSW_CSUM_WORD] = 0;
	last = first_desc;
	for (f = 0; f < skb->nr_frags; f++) {
		void *next;

		buf = rl_dma_map_page(m->dma, skb->frags[f]->id, 0,
				      skb->frag_len[f], RL_DMA_TO_DEVICE);
		if (rl_dma_mapping_error(buf)) {
			port->tx_errors++;
			goto err_free_descs;
		}
		next = tx_desc_fill(tx_chn, last, buf, skb->frag_len[f]);
		if (!next) {
			rl_dma_unmap(m->dma, buf, skb->frag_len[f],
				     RL_DMA_TO_DEVICE);
			am65_cpsw_nuss_xmit_free(tx_chn, first_desc);
			goto busy_stop_q;
		}
		last = next;
	}
	pkt_len = skb->len;
	rl_cppi5_hdesc_set_pktlen(tx_chn->desc_pool, first_desc, pkt_len);
	rl_netdev_tx_sent_queue(port->ndev, q, pkt_len);
	if (rl_k3_udma_glue_push_tx_chn(tx_chn->tx_chn, first_desc,
					rl_k3_cppi_desc_pool_virt2dma(tx_chn->desc_pool,
								      first_desc))) {
		rl_netdev_tx_completed_queue(port->ndev, q, 1, pkt_len);
		port->tx_errors++;
		goto err_free_descs;
	}
	if (rl_k3_cppi_desc_pool_avail(tx_chn->desc_pool) <
	    rl_am65_cpsw_tx_reserve(tx_chn))
		rl_netif_tx_stop_queue(port->ndev, q);
	return RL_NETDEV_TX_OK;

err_free_descs:
	am65_cpsw_nuss_xmit_free(tx_chn, first_desc);
err_free_skb:
	port->tx_dropped++;
	rl_skb_free(m, skb);
	return RL_NETDEV_TX_OK;
busy_stop_q:
	rl_netif_tx_stop_queue(port->ndev, q);
	return RL_NETDEV_TX_BUSY;
}

int rl_am65_cpsw_xdp_tx_frame(struct am65_cpsw_port *port,
			      struct am65_cpsw_tx_chn *tx_chn,
			      struct rl_xdp_frame *xdpf,
			      enum am65_cpsw_tx_buf_type buf_type)
{
	struct am65_cpsw_common *common = port->common;
	struct rl_k3_cppi_desc_pool *pool = tx_chn->desc_pool;
	rl_dma_addr_t buf;
	void *desc;
	struct am65_cpsw_tx_swdata *swdata;
	u32 *psdata;

	buf = rl_dma_map_single(common->m->dma, xdpf->len ? xdpf->len : 1,
				RL_DMA_TO_DEVICE, xdpf->id);
	if (rl_dma_mapping_error(buf)) {
		port->tx_dropped++;
		return -ENOMEM;
	}
	desc = tx_desc_fill(tx_chn, NULL, buf, xdpf->len ? xdpf->len : 1);
	if (!desc) {
		port->tx_dropped++;
		rl_dma_unmap(common->m->dma, buf, xdpf->len ? xdpf->len : 1,
			     RL_DMA_TO_DEVICE);
		return -ENOMEM;
	}
	set_buf_type(tx_chn, desc, buf_type);
	swdata = rl_cppi5_hdesc_get_swdata(pool, desc);
	swdata->buf = xdpf->id;
	swdata->port_idx = port->port_id - 1;
	/*
	 * cppi5_hdesc_init() leaves psdata alone: clear the checksum word an
	 * earlier skb left in this recycled descriptor (v2 5/7 field report).
	 */
	psdata = rl_cppi5_hdesc_get_psdata(pool, desc);
	if (!rl_am65_bug(common, RL_V_STALE_PSDATA_TX))
		psdata[AM65_CPSW_CSUM_WORD] = 0;
	rl_cppi5_hdesc_set_pktlen(pool, desc, xdpf->len);
	rl_netdev_tx_sent_queue(port->ndev, tx_chn->id, xdpf->len);
	if (rl_k3_udma_glue_push_tx_chn(tx_chn->tx_chn, desc,
					rl_k3_cppi_desc_pool_virt2dma(pool, desc))) {
		rl_netdev_tx_completed_queue(port->ndev, tx_chn->id, 1, xdpf->len);
		port->tx_errors++;
		am65_cpsw_nuss_xmit_free(tx_chn, desc);
		return -EINVAL;
	}
	return 0;
}

int rl_am65_cpsw_ndo_xdp_xmit(struct am65_cpsw_common *common, u32 port_idx,
			      u32 n, struct rl_xdp_frame **frames)
{
	struct am65_cpsw_port *port = rl_am65_port(common, port_idx);
	struct am65_cpsw_tx_chn *tx_chn;
	u32 i;

	/* the channels may be down while the port is up (failed rebuild) */
	if (!port || (!common->queues_up &&
		      !rl_am65_bug(common, RL_V_REBUILD_FAIL_PORT_UP)))
		return -ENETDOWN;
	tx_chn = &common->tx_chns[common->m->cpu % common->tx_ch_num];
	for (i = 0; i < n; i++)
		if (rl_am65_cpsw_xdp_tx_frame(port, tx_chn, frames[i],
					      AM65_CPSW_TX_BUF_TYPE_XDP_NDO))
			break;
	return i;
}

/*
 * Release one completed (@budget: the NAPI's) or cleaned-up (@budget 0)
 * packet; returns its length.
 */
static u32 am65_cpsw_tx_release(struct am65_cpsw_tx_chn *tx_chn, void *desc,
				int budget, u32 *port_idx)
{
	struct rl_model *m = tx_chn->common->m;
	struct am65_cpsw_tx_swdata *swdata =
		rl_cppi5_hdesc_get_swdata(tx_chn->desc_pool, desc);
	enum am65_cpsw_tx_buf_type type = get_buf_type(tx_chn, desc);
	bool stale = rl_am65_bug(tx_chn->common, RL_V_DESC_STALE_SWDATA);
	bool in_napi = budget > 0;
	u32 id = (u32)swdata->buf, len;
	struct rl_xdp_frame *xdpf;

	*port_idx = (u32)swdata->port_idx;
	len = rl_cppi5_hdesc_get_pktlen(tx_chn->desc_pool, desc);
	am65_cpsw_nuss_xmit_free(tx_chn, desc);
	if (stale) {
		/* desc_stale_swdata: read through the pointer kept past the free */
		id = (u32)swdata->buf;
		*port_idx = (u32)swdata->port_idx;
	}
	if (type == AM65_CPSW_TX_BUF_TYPE_XSK_TX) {
		struct rl_xsk_buff *buf = rl_xsk_buff_by_id(m, id);

		tx_chn->xsk_inflight--;
		/* completion NAPI counts them; cleanup completes one by one */
		if (!in_napi && buf)
			rl_xsk_tx_completed(buf->pool, 1);
		return in_napi ? 0 : len;
	}
	/*
	 * The id lookups stand for the pointers upstream keeps in swdata; a
	 * failed lookup (poison read after a free) is where it would oops.
	 */
	if (type == AM65_CPSW_TX_BUF_TYPE_SKB ||
	    (!in_napi && rl_am65_bug(tx_chn->common,
				     RL_V_TX_CLEANUP_FRAME_AS_SKB))) {
		struct rl_sk_buff *skb = rl_skb_by_id(m, id);

		/* napi_consume_skb() in NAPI, dev_kfree_skb_any() in cleanup */
		if (skb)
			rl_napi_consume_skb(m, skb, budget);
		return len;
	}
	xdpf = rl_xdp_frame_by_id(m, id);
	if (!xdpf)
		return len;
	if (type == AM65_CPSW_TX_BUF_TYPE_XDP_TX && in_napi)
		rl_xdp_return_frame_rx_napi(m, xdpf);
	else
		rl_xdp_return_frame(m, xdpf);
	return len;
}

/* am65_cpsw_nuss_tx_cleanup(): reset_tx_chn callback, per buffer type. */
void rl_am65_cpsw_tx_cleanup(struct am65_cpsw_tx_chn *tx_chn,
			     rl_dma_addr_t desc_dma)
{
	u32 port_idx;

	am65_cpsw_tx_release(tx_chn,
			     rl_k3_cppi_desc_pool_dma2virt(tx_chn->desc_pool,
							   desc_dma),
			     0, &port_idx);
}

static void am65_cpsw_nuss_tx_cleanup(void *data, rl_dma_addr_t desc_dma)
{
	rl_am65_cpsw_tx_cleanup(data, desc_dma);
}

/*
 * The port that owns @tx_chn's zero-copy queue.  Fix
 * (xsk_port_id_no_minus_one): xsk_port_id is 1-based; v2 5/7 indexed
 * ports[] with it (TI's review: NULL ndev on eth1), which is the next
 * port's net_device, NULL for a disabled port, or past the array
 * (devm_kcalloc(port_num): KASAN slab-out-of-bounds) for the last port.
 */
static struct am65_cpsw_port *am65_cpsw_xsk_owner(struct am65_cpsw_common *common,
						  struct am65_cpsw_tx_chn *tx_chn)
{
	u32 idx = tx_chn->xsk_port_id - 1;

	if (rl_am65_bug(common, RL_V_XSK_PORT_ID_NO_MINUS_ONE))
		idx = tx_chn->xsk_port_id;
	if (rl_oops_index(common->m, idx, common->port_num,
			  "common->ports[xsk_port_id]: past the ports array (KASAN slab-out-of-bounds)"))
		return NULL;
	return &common->ports[idx];
}

static int am65_cpsw_nuss_tx_compl_packets(struct am65_cpsw_tx_chn *tx_chn,
					   int budget)
{
	struct am65_cpsw_common *common = tx_chn->common;
	int num_tx = 0, xsk_frames_done = 0;
	struct am65_cpsw_port *port;

	while (num_tx < budget) {
		rl_dma_addr_t desc_dma;
		u32 len, port_idx;
		void *desc;

		if (rl_k3_udma_glue_pop_tx_chn(tx_chn->tx_chn, &desc_dma))
			break;
		if (rl_cppi5_desc_is_tdcm(desc_dma)) {
			/*
			 * As mainline, any marker counts (atomic_dec_and_test),
			 * also one late from an earlier teardown: the wait may
			 * then end early, which the reclaim's drain makes
			 * harmless (tx_tdown_timeout_leak).
			 */
			if (--common->tdown_cnt == 0)
				common->tdown_complete = true;
			break;
		}
		desc = rl_k3_cppi_desc_pool_dma2virt(tx_chn->desc_pool, desc_dma);
		if (get_buf_type(tx_chn, desc) == AM65_CPSW_TX_BUF_TYPE_XSK_TX)
			xsk_frames_done++;
		len = am65_cpsw_tx_release(tx_chn, desc, budget, &port_idx);
		port = rl_am65_port(common, port_idx);
		/* XSK frames are not accounted in BQL */
		if (port && len) {
			port->tx_packets++;
			rl_netdev_tx_completed_queue(port->ndev, tx_chn->id, 1, len);
			/*
			 * am65_cpsw_nuss_tx_wake(): only while running.  Fix
			 * (race_xmit_rebuild): and not while the queues are
			 * torn down - a completion in the teardown wait would
			 * wake the queue the rebuild stopped.
			 */
			if (rl_netif_tx_queue_stopped(port->ndev, tx_chn->id) &&
			    rl_netif_running(port->ndev) && common->queues_up &&
			    rl_k3_cppi_desc_pool_avail(tx_chn->desc_pool) >=
			    rl_am65_cpsw_tx_reserve(tx_chn))
				rl_netif_tx_wake_queue(port->ndev, tx_chn->id);
		}
		num_tx++;
	}
	if (tx_chn->xsk_pool) {
		if (xsk_frames_done) {
			rl_xsk_tx_completed(tx_chn->xsk_pool, xsk_frames_done);
			/* v2 5/7: counted on the owner port's net_device */
			port = am65_cpsw_xsk_owner(common, tx_chn);
			if (port)
				rl_dev_sw_netstats_tx_add(port->ndev,
							  xsk_frames_done, 0);
		}
		if (rl_xsk_uses_need_wakeup(tx_chn->xsk_pool))
			rl_xsk_set_tx_need_wakeup(tx_chn->xsk_pool);
		rl_am65_cpsw_xsk_xmit_zc(tx_chn);
	}
	return num_tx;
}

/*
 * am65_cpsw_nuss_tx_poll(): upstream returns 0 once it completed the
 * NAPI, and enables the IRQ again (TX pacing is not modelled).  Since
 * ndo_xsk_wakeup schedules this NAPI too, v2 5/7 unmasks only when the
 * handler masked (tx_chn->irq_disabled), as the RX flows do.
 */
int rl_am65_cpsw_tx_poll(struct rl_napi *napi, int budget)
{
	struct am65_cpsw_tx_chn *tx_chn = container_of(napi,
						       struct am65_cpsw_tx_chn,
						       napi_tx);
	int num_tx = am65_cpsw_nuss_tx_compl_packets(tx_chn, budget);

	if (num_tx >= budget)
		return budget;
	if (rl_napi_complete_done(napi, num_tx) && tx_chn->irq_disabled) {
		tx_chn->irq_disabled = false;
		rl_enable_irq(&tx_chn->irq);
	}
	return 0;
}

/* am65_cpsw_nuss_tx_irq(): mask the line, let NAPI do the work. */
void rl_am65_cpsw_tx_irq(void *data)
{
	struct am65_cpsw_tx_chn *tx_chn = data;

	tx_chn->irq_disabled = true;
	rl_disable_irq_nosync(&tx_chn->irq);
	rl_napi_schedule(&tx_chn->napi_tx);
}

int rl_am65_cpsw_create_txq(struct am65_cpsw_common *common, u32 id)
{
	struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[id];
	u32 owner = common->xsk_port_id[id];

	/* v2 5/7: zero-copy TX for the queue's owner port */
	tx_chn->xsk_pool = owner ?
			   rl_am65_cpsw_xsk_get_pool(&common->ports[owner - 1], id) :
			   NULL;
	tx_chn->xsk_port_id = tx_chn->xsk_pool ? owner : 0;
	rl_k3_udma_glue_enable_tx_chn(tx_chn->tx_chn);
	rl_napi_enable(&tx_chn->napi_tx);
	tx_chn->napi_enabled = true;
	/* as the RX flows: unmask what the handler masked meanwhile */
	if (tx_chn->irq_disabled) {
		tx_chn->irq_disabled = false;
		rl_enable_irq(&tx_chn->irq);
	}
	return 0;
}

int rl_am65_cpsw_create_txqs(struct am65_cpsw_common *common)
{
	u32 i;

	for (i = 0; i < common->tx_ch_num; i++)
		rl_am65_cpsw_create_txq(common, i);
	return 0;
}

/* am65_cpsw_destroy_txq(): NAPI off, rings reset, channel off. */
void rl_am65_cpsw_destroy_txq(struct am65_cpsw_common *common, u32 id)
{
	struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[id];

	if (tx_chn->napi_enabled) {
		rl_napi_disable(&tx_chn->napi_tx);
		tx_chn->napi_enabled = false;
	}
	/* NAPI is off: the completion ring is the driver's to pop (proven) */
	rl_am65_cpsw_tx_reclaim(common, id);
	/*@ assert reclaimed: RL_AM65_TX_SLOTS(tx_chn) ==
	  @   \at(RL_AM65_TX_SLOTS(&common->tx_chns[id]), Pre);
	  @*/
	rl_k3_udma_glue_reset_tx_chn(tx_chn->tx_chn, tx_chn,
				     am65_cpsw_nuss_tx_cleanup);
	/*@ assert reset: !tx_chn->napi_enabled &&
	  @   rl_ridx_occ(&tx_chn->tx_chn->ring->idx) == 0 &&
	  @   rl_ridx_occ(&tx_chn->tx_chn->ringtxcq->idx) == 0;
	  @*/
	/*@ assert reset_slots: RL_AM65_TX_SLOTS(tx_chn) ==
	  @   \at(RL_AM65_TX_SLOTS(&common->tx_chns[id]), Pre);
	  @*/
	rl_k3_udma_glue_disable_tx_chn(tx_chn->tx_chn);
	/*@ assert stopped: !tx_chn->napi_enabled && !tx_chn->tx_chn->enabled &&
	  @   rl_ridx_occ(&tx_chn->tx_chn->ring->idx) == 0 &&
	  @   rl_ridx_occ(&tx_chn->tx_chn->ringtxcq->idx) == 0;
	  @*/
	/*@ assert stopped_slots: RL_AM65_TX_SLOTS(tx_chn) ==
	  @   \at(RL_AM65_TX_SLOTS(&common->tx_chns[id]), Pre);
	  @*/
	/*
	 * Fix (xsk_tx_batch_lost), its second half: peeked frames that never
	 * went out owe their completions; publish them before the pool goes.
	 * Upstream has no xsk_dropped and publishes nothing here.
	 */
	if (!rl_am65_bug(common, RL_V_XSK_TX_BATCH_LOST) &&
	    tx_chn->xsk_pool && tx_chn->xsk_dropped)
		rl_xsk_tx_completed(tx_chn->xsk_pool, tx_chn->xsk_dropped);
	tx_chn->xsk_dropped = 0;
	tx_chn->xsk_pool = NULL;
	tx_chn->xsk_port_id = 0;
}

/*
 * am65_cpsw_destroy_txqs(): tear every channel down, wait (1 s) for their
 * markers while the IRQ-driven completion NAPIs keep running (wait point:
 * other contexts act), then destroy each channel, last to first.
 */
void rl_am65_cpsw_destroy_txqs(struct am65_cpsw_common *common)
{
	u32 i, q, p;

	common->tdown_cnt = common->tx_ch_num;
	common->tdown_complete = false;
	for (i = 0; i < common->tx_ch_num; i++)
		rl_k3_udma_glue_tdown_tx_chn(common->tx_chns[i].tx_chn, false);
	/* am65_cpsw_nuss_common_stop() keeps the wait's result, then tests it */
	i = rl_am65_cpsw_wait_tdown(common, RL_WAIT_TX_TDOWN);
	if (!i)
		common->tx_tdown_timeouts++;	/* "tx teardown timeout" */
	for (i = common->tx_ch_num; i > 0; i--)
		rl_am65_cpsw_destroy_txq(common, i - 1);
	/*
	 * Fix (reopen_bql_reset): the cleanup callback frees what never went
	 * out without telling BQL; nothing is in flight any more, so restart
	 * the byte counts here (mainline does it at the next ndo_open).
	 */
	for (p = 0; p < common->port_num &&
	     !rl_am65_bug(common, RL_V_REOPEN_BQL_RESET); p++)
		if (common->ports[p].ndev)
			for (q = 0; q < common->tx_ch_num; q++)
				rl_netdev_tx_reset_queue(common->ports[p].ndev, q);
}
