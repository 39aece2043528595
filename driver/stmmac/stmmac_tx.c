// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_tx.c - the transmit queues of stmmac_main.c:
 * descriptor resources (__alloc/__free_dma_tx_desc_resources,
 * dma_free_tx_skbufs, stmmac_free_tx_buffer), ring init
 * (__init_dma_tx_desc_rings), the stack's transmit (stmmac_xmit), XDP_TX
 * and ndo_xdp_xmit (stmmac_xdp_xmit_back,
 * stmmac_xdp_xmit, stmmac_xdp_xmit_xdpf, stmmac_flush_tx_descriptors) and
 * the completion
 * (stmmac_tx_clean, stmmac_napi_poll_tx).
 */
#include "stmmac.h"

static u32 tx_next(const struct rl_stmmac_priv *priv, u32 entry)
{
	return (entry + 1) % priv->cfg.dma_tx_size;	/* STMMAC_NEXT_ENTRY */
}

/* stmmac_tx_avail(): one descriptor always stays empty */
u32 rl_stmmac_tx_avail(const struct rl_stmmac_priv *priv, u32 q)
{
	const struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

	if (tx_q->dirty_tx > tx_q->cur_tx)
		return tx_q->dirty_tx - tx_q->cur_tx - 1;
	return priv->cfg.dma_tx_size - tx_q->cur_tx + tx_q->dirty_tx - 1;
}

/* STMMAC_TX_THRESH(): a quarter of the ring kept for the stack */
static u32 stmmac_tx_thresh(const struct rl_stmmac_priv *priv)
{
	return priv->cfg.dma_tx_size / 4;
}

/*
 * stmmac_free_tx_buffer(): a mapping the driver made is undone (an XDP_TX
 * page is the page_pool's mapping), a frame returned, an XSK TX frame
 * counted for completion.
 */
static void stmmac_free_tx_buffer(struct rl_stmmac_priv *priv, u32 q, u32 i)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	struct rl_stmmac_tx_info *info = &tx_q->tx_skbuff_dma[i];

	if (info->buf && info->buf_type != RL_STMMAC_TXBUF_T_XDP_TX)
		rl_dma_unmap(priv->m->dma, info->buf, info->len,
			     RL_DMA_TO_DEVICE);
	if (tx_q->xdpf[i] && (info->buf_type == RL_STMMAC_TXBUF_T_XDP_TX ||
			      info->buf_type == RL_STMMAC_TXBUF_T_XDP_NDO)) {
		rl_xdp_return_frame(priv->m, tx_q->xdpf[i]);
		tx_q->xdpf[i] = NULL;
	}
	if (tx_q->tx_skbuff[i] && info->buf_type == RL_STMMAC_TXBUF_T_SKB) {
		rl_skb_free(priv->m, tx_q->tx_skbuff[i]);
		tx_q->tx_skbuff[i] = NULL;
	}
	if (info->buf_type == RL_STMMAC_TXBUF_T_XSK_TX)
		tx_q->xsk_frames_done++;
	info->buf = 0;
	info->len = 0;
	info->map_as_page = false;
}

/* __free_dma_tx_desc_resources() */
void rl_stmmac_free_tx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 i;

	if (!tx_q->dma_tx)
		return;
	/* dma_free_tx_skbufs(): XSK frames in flight completed to the user */
	tx_q->xsk_frames_done = 0;
	for (i = 0; i < priv->cfg.dma_tx_size; i++)
		stmmac_free_tx_buffer(priv, q, i);
	if (tx_q->xsk_pool && tx_q->xsk_frames_done)
		rl_xsk_tx_completed(tx_q->xsk_pool, tx_q->xsk_frames_done);
	tx_q->xsk_frames_done = 0;
	tx_q->xsk_pool = NULL;
	rl_dring_destroy(tx_q->dma_tx);
	tx_q->dma_tx = NULL;
}

/*
 * __alloc_dma_tx_desc_resources(): the ring in coherent memory, and
 * tx_skbuff_dma from kcalloc (every buf_type STMMAC_TXBUF_T_SKB, 0)
 */
int rl_stmmac_alloc_tx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

	memset(tx_q->tx_skbuff_dma, 0, sizeof(tx_q->tx_skbuff_dma));

	tx_q->queue_index = q;
	tx_q->priv_data = priv;
	/* dma_alloc_coherent(), kcalloc(): GFP_KERNEL, may sleep */
	rl_model_wait(priv->m, RL_WAIT_ALLOC);
	tx_q->dma_tx = rl_dring_create(priv->m, priv->cfg.dma_tx_size, true,
				       "stmmac tx");
	return tx_q->dma_tx ? 0 : -ENOMEM;
}

/*
 * __init_dma_tx_desc_rings(): the queue's XSK pool (zero copy), every
 * descriptor cleared (init_tx_desc); then the queue's indices and BQL
 * reset (stmmac_reset_queues_param).
 */
void rl_stmmac_init_tx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 i;

	tx_q->xsk_pool = rl_stmmac_get_xsk_pool(priv, q);

	for (i = 0; i < priv->cfg.dma_tx_size; i++) {
		rl_dring_clear(tx_q->dma_tx, i);
		tx_q->tx_skbuff_dma[i].buf = 0;
		tx_q->tx_skbuff_dma[i].len = 0;
		tx_q->tx_skbuff_dma[i].map_as_page = false;
		tx_q->tx_skbuff[i] = NULL;
		tx_q->xdpf[i] = NULL;
	}
	/* stmmac_reset_tx_queue(), from __stmmac_open / stmmac_xdp_open */
	tx_q->cur_tx = 0;
	tx_q->dirty_tx = 0;
	rl_netdev_tx_reset_queue(priv->dev, q);
}

/*
 * The patched driver's dma_map_err path: what this call did to the ring
 * undone - the @given fragments after @first_entry unmapped and their
 * descriptors cleared (the engine cannot reach them: the head before
 * them is not OWN), the skb pointer on the last one dropped, cur_tx back
 * at @first_entry, the queue woken if this call stopped it (only a
 * failed head comes after the stop; the stack transmits on an awake
 * queue only).  Upstream (6.1 stmmac_xmit) only frees the skb: variant
 * stmmac_xmit_map_err_stale.
 */
static void stmmac_xmit_unwind(struct rl_stmmac_priv *priv, u32 q,
			       u32 first_entry, u32 given, bool head_failed)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 e = first_entry, k;

	for (k = 0; k < given; k++) {
		struct rl_stmmac_tx_info *info;

		e = tx_next(priv, e);
		info = &tx_q->tx_skbuff_dma[e];
		rl_dma_unmap(priv->m->dma, info->buf, info->len,
			     RL_DMA_TO_DEVICE);
		info->buf = 0;
		info->len = 0;
		info->map_as_page = false;
		rl_dring_clear(tx_q->dma_tx, e);
		tx_q->tx_skbuff[e] = NULL;
	}
	/*
	 * the head entry too: this call marked it an skb's, and a completed
	 * XDP_TX keeps its page_pool address there (stmmac_tx_clean leaves
	 * XDP_TX buffers alone), which release would then unmap
	 */
	tx_q->tx_skbuff_dma[first_entry].buf = 0;
	tx_q->tx_skbuff_dma[first_entry].len = 0;
	tx_q->tx_skbuff_dma[first_entry].map_as_page = false;
	tx_q->tx_skbuff[first_entry] = NULL;
	tx_q->cur_tx = first_entry;
	if (head_failed && rl_netif_tx_queue_stopped(priv->dev, q))
		rl_netif_tx_wake_queue(priv->dev, q);
}

/*
 * stmmac_xmit() without TSO: the fragments first, each with OWN set, the
 * skb kept with the last; the queue stopped when a largest skb may not
 * fit any more; then the head, its OWN set last, BQL told, the tail
 * written.  A failed mapping drops the skb after stmmac_xmit_unwind.
 */
int rl_stmmac_xmit(struct rl_stmmac_priv *priv, struct rl_sk_buff *skb)
{
	u32 q = skb->queue_mapping % priv->cfg.tx_queues;
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 nfrags = skb->nr_frags, first_entry, entry, head_len, i;
	rl_dma_addr_t des;

	if (rl_oops_null(tx_q->dma_tx, RL_OBJ_DESC,
			 "stack transmit into a queue whose descriptor ring was freed")) {
		rl_skb_free(priv->m, skb);
		return RL_NETDEV_TX_OK;
	}
	if (rl_stmmac_tx_avail(priv, q) < nfrags + 1) {
		/* "Tx Ring full when queue awake" */
		if (!rl_netif_tx_queue_stopped(priv->dev, q))
			rl_netif_tx_stop_queue(priv->dev, q);
		return RL_NETDEV_TX_BUSY;
	}
	entry = tx_q->cur_tx;
	first_entry = entry;
	head_len = skb->len;
	for (i = 0; i < nfrags; i++)
		head_len -= skb->frag_len[i];
	for (i = 0; i < nfrags; i++) {
		u32 len = skb->frag_len[i];

		entry = tx_next(priv, entry);
		des = rl_dma_map_page(priv->m->dma, skb->frags[i]->id, 0, len,
				      RL_DMA_TO_DEVICE);
		if (rl_dma_mapping_error(des))
			goto dma_map_err;	/* fragments 0..i-1 handed over */
		tx_q->tx_skbuff_dma[entry].buf = des;
		tx_q->tx_skbuff_dma[entry].map_as_page = true;
		tx_q->tx_skbuff_dma[entry].len = len;
		tx_q->tx_skbuff_dma[entry].buf_type = RL_STMMAC_TXBUF_T_SKB;
		rl_dring_set_addr(tx_q->dma_tx, entry, des, len);
		rl_dring_give(tx_q->dma_tx, entry, i == nfrags - 1 ?
			      RL_DES3_LD | (skb->len & RL_DES3_LEN) :
			      (skb->len & RL_DES3_LEN));
	}
	/* only the last descriptor points to the skb */
	tx_q->tx_skbuff[entry] = skb;
	tx_q->tx_skbuff_dma[entry].buf_type = RL_STMMAC_TXBUF_T_SKB;
	tx_q->cur_tx = tx_next(priv, entry);
	if (rl_stmmac_tx_avail(priv, q) <= RL_MAX_SKB_FRAGS + 1)
		rl_netif_tx_stop_queue(priv->dev, q);
	des = rl_dma_map_single(priv->m->dma, head_len ? head_len : 1,
				RL_DMA_TO_DEVICE, skb->id);
	if (rl_dma_mapping_error(des))
		goto dma_map_err;
	tx_q->tx_skbuff_dma[first_entry].buf = des;
	tx_q->tx_skbuff_dma[first_entry].buf_type = RL_STMMAC_TXBUF_T_SKB;
	tx_q->tx_skbuff_dma[first_entry].map_as_page = false;
	tx_q->tx_skbuff_dma[first_entry].len = head_len ? head_len : 1;
	rl_dring_set_addr(tx_q->dma_tx, first_entry, des, head_len);
	/* prepare_tx_desc(first) then set_tx_owner(first): OWN last */
	rl_dring_give(tx_q->dma_tx, first_entry, RL_DES3_FD |
		      (nfrags ? 0 : RL_DES3_LD) | (skb->len & RL_DES3_LEN));
	rl_netdev_tx_sent_queue(priv->dev, q, skb->len);
	rl_dring_set_tail(tx_q->dma_tx);	/* stmmac_flush_tx_descriptors */
	rl_napi_schedule(&tx_q->tx_napi);	/* stmmac_tx_timer_arm */
	return RL_NETDEV_TX_OK;

dma_map_err:
	/* i: the fragments handed over (all of them when the head failed) */
	if (!rl_stmmac_bug(priv, RL_SV_XMIT_MAP_ERR_STALE))
		stmmac_xmit_unwind(priv, q, first_entry, i, i == nfrags);
	rl_skb_free(priv->m, skb);
	priv->tx_dropped++;
	return RL_NETDEV_TX_OK;
}

/*
 * stmmac_xdp_xmit_xdpf(): one descriptor, first and last.  XDP_TX sends
 * the page as the page_pool mapped it, synced for the device;
 * ndo_xdp_xmit (@dma_map) maps the frame for the device and unmaps it at
 * completion.  With less than the threshold free the frame is consumed.
 */
static u32 stmmac_xdp_xmit_xdpf(struct rl_stmmac_priv *priv, u32 q,
				struct rl_xdp_frame *xdpf, bool dma_map)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 entry = tx_q->cur_tx, len = xdpf->len ? xdpf->len : 1;
	rl_dma_addr_t dma_addr;

	if (rl_stmmac_tx_avail(priv, q) < stmmac_tx_thresh(priv))
		return RL_STMMAC_XDP_CONSUMED;
	/*
	 * patched: not on a queue an XSK pool switch took away
	 * (race_stmmac_xdp_tx_pool_switch; the stack's stop for a full ring
	 * refuses XDP a little earlier than the threshold above would)
	 */
	if (!rl_stmmac_bug(priv, RL_SV_RACE_XDP_TX_POOL_SWITCH) &&
	    rl_netif_tx_queue_stopped(priv->dev, q))
		return RL_STMMAC_XDP_CONSUMED;
	if (rl_oops_null(tx_q->dma_tx, RL_OBJ_DESC,
			 "XDP transmit into a queue whose descriptor ring was freed"))
		return RL_STMMAC_XDP_CONSUMED;
	if (dma_map) {
		dma_addr = rl_dma_map_single(priv->m->dma, len, RL_DMA_TO_DEVICE,
					     xdpf->id);
		if (rl_dma_mapping_error(dma_addr))
			return RL_STMMAC_XDP_CONSUMED;
		tx_q->tx_skbuff_dma[entry].buf_type = RL_STMMAC_TXBUF_T_XDP_NDO;
	} else {
		dma_addr = rl_page_pool_get_dma_addr(xdpf->page) +
			   RL_STMMAC_RX_OFFSET;
		rl_dma_sync_for_device(priv->m->dma, dma_addr, len,
				       RL_DMA_BIDIRECTIONAL);
		tx_q->tx_skbuff_dma[entry].buf_type = RL_STMMAC_TXBUF_T_XDP_TX;
	}
	tx_q->tx_skbuff_dma[entry].buf = dma_addr;
	tx_q->tx_skbuff_dma[entry].len = len;
	tx_q->xdpf[entry] = xdpf;
	rl_dring_set_addr(tx_q->dma_tx, entry, dma_addr, len);
	/* stmmac_prepare_tx_desc(): first and last segment, OWN last */
	rl_dring_give(tx_q->dma_tx, entry,
		      RL_DES3_FD | RL_DES3_LD | (len & RL_DES3_LEN));
	tx_q->cur_tx = tx_next(priv, entry);
	return RL_STMMAC_XDP_TX;
}

/*
 * stmmac_xdp_xmit(), ndo_xdp_xmit: frames from another device's devmap
 * go out on the CPU's queue, the first that does not fit and the rest
 * left to the caller.  Upstream refuses only while a reset holds
 * STMMAC_DOWN: not during stmmac_release or a program swap.
 */
int rl_stmmac_xdp_xmit(struct rl_stmmac_priv *priv, u32 n,
		       struct rl_xdp_frame **frames, bool flush)
{
	u32 q = priv->m->cpu % priv->cfg.tx_queues, i;
	int nxmit = 0;

	if (priv->down)
		return -ENETDOWN;

	for (i = 0; i < n; i++) {
		if (stmmac_xdp_xmit_xdpf(priv, q, frames[i], true) ==
		    RL_STMMAC_XDP_CONSUMED)
			break;
		nxmit++;
	}
	/* (the tail register lives in the ring object in the model) */
	if (flush && priv->tx_queue[q].dma_tx) {
		rl_dring_set_tail(priv->tx_queue[q].dma_tx);
		rl_stmmac_tx_timer_arm(priv, q);
	}
	return nxmit;
}

/*
 * stmmac_xdp_xmit_back(): XDP_TX on the CPU's queue
 * (stmmac_xdp_get_tx_queue).  The frame that could not go is returned
 * here, its page with it (upstream's caller puts the page the frame sits
 * in); @xdp no longer holds a page either way.  Zero copy: the
 * conversion copied the XSK buffer into an order-0 page and freed it, so
 * the frame is mapped like ndo_xdp_xmit's, and one that cannot go is
 * STMMAC_XSK_CONSUMED (the caller must not free the buffer again) - both
 * from Wei Fang's a48e23221000 ("net: stmmac: fix the crash issue for
 * zero copy XDP_TX action", Fixes bba2556efad6; list, 2025-12-04), which
 * Debian's 6.1 has.
 */
u32 rl_stmmac_xdp_xmit_back(struct rl_stmmac_priv *priv,
			    struct rl_xdp_buff *xdp)
{
	bool zc = xdp->rxq && xdp->rxq->mem_type == RL_MEM_XSK_BUFF_POOL;
	struct rl_xdp_frame *xdpf = rl_xdp_convert_buff_to_frame(priv->m, xdp);
	u32 q = priv->m->cpu % priv->cfg.tx_queues;
	/* stmmac_zc_xdp_tx_page_pool_addr: every frame a page_pool page */
	bool series = zc && rl_stmmac_bug(priv, RL_SV_ZC_XDP_TX_PP_ADDR);
	u32 res;

	if (!xdpf)
		return RL_STMMAC_XDP_CONSUMED;
	xdp->page = NULL;
	res = stmmac_xdp_xmit_xdpf(priv, q, xdpf, zc && !series);
	if (res == RL_STMMAC_XDP_TX) {
		rl_dring_set_tail(priv->tx_queue[q].dma_tx);	/* flush */
	} else if (series) {
		/* the frame stays where it is; the caller frees the XSK buffer */
	} else if (zc) {
		res = RL_STMMAC_XSK_CONSUMED;
		rl_xdp_return_frame(priv->m, xdpf);
	} else {
		rl_xdp_return_frame_rx_napi(priv->m, xdpf);
	}
	return res;
}

/*
 * stmmac_tx_timer_arm(): the TX coalescing hrtimer, modelled as its
 * expiry at once - stmmac_tx_timer schedules the channel's TX NAPI, the
 * rxtx NAPI on a zero-copy queue.
 */
void rl_stmmac_tx_timer_arm(struct rl_stmmac_priv *priv, u32 q)
{
	rl_napi_schedule(rl_stmmac_tx_napi(priv, q));
}

/*
 * stmmac_tx_clean(): from dirty_tx to cur_tx, every descriptor the
 * device gave back is released: the mapping the driver made undone, an
 * XDP_TX frame returned in NAPI context, an skb consumed and counted for
 * BQL, the descriptor cleared; a stopped queue woken once more than the
 * threshold is free.
 */
int rl_stmmac_tx_clean(struct rl_stmmac_priv *priv, int budget, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	u32 entry = tx_q->dirty_tx, count = 0;
	u32 pkts_compl = 0, bytes_compl = 0;
	int xmits = 0;

	/* a poll on a queue whose ring was freed (dma_free_coherent) */
	if (rl_oops_null(tx_q->dma_tx, RL_OBJ_DESC,
			 "stmmac_tx_clean: the queue's descriptor ring was freed"))
		return 0;
	tx_q->xsk_frames_done = 0;
	while (entry != tx_q->cur_tx && count < priv->cfg.dma_tx_size) {
		struct rl_stmmac_tx_info *info = &tx_q->tx_skbuff_dma[entry];

		if (rl_dring_des3(tx_q->dma_tx, entry) & RL_DES3_OWN)
			break;
		count++;
		if (info->buf && info->buf_type != RL_STMMAC_TXBUF_T_XDP_TX) {
			rl_dma_unmap(priv->m->dma, info->buf, info->len,
				     RL_DMA_TO_DEVICE);
			info->buf = 0;
			info->len = 0;
			info->map_as_page = false;
		}
		if (tx_q->xdpf[entry] &&
		    info->buf_type == RL_STMMAC_TXBUF_T_XDP_TX) {
			rl_xdp_return_frame_rx_napi(priv->m, tx_q->xdpf[entry]);
			tx_q->xdpf[entry] = NULL;
		}
		if (tx_q->xdpf[entry] &&
		    info->buf_type == RL_STMMAC_TXBUF_T_XDP_NDO) {
			rl_xdp_return_frame(priv->m, tx_q->xdpf[entry]);
			tx_q->xdpf[entry] = NULL;
		}
		if (tx_q->tx_skbuff[entry] &&
		    info->buf_type == RL_STMMAC_TXBUF_T_SKB) {
			pkts_compl++;
			bytes_compl += tx_q->tx_skbuff[entry]->len;
			rl_skb_free(priv->m, tx_q->tx_skbuff[entry]);	/* dev_consume_skb_any */
			tx_q->tx_skbuff[entry] = NULL;
		}
		/*
		 * Fix (stmmac_xsk_tx_stale_done): the entry's XSK frame is
		 * counted once - the entry goes back to STMMAC_TXBUF_T_SKB,
		 * as __init_dma_tx_desc_rings leaves it; upstream keeps the
		 * type, and dma_free_tx_skbufs counts the frame again
		 */
		if (info->buf_type == RL_STMMAC_TXBUF_T_XSK_TX) {
			tx_q->xsk_frames_done++;
			if (!rl_stmmac_bug(priv, RL_SV_XSK_TX_STALE_DONE))
				info->buf_type = RL_STMMAC_TXBUF_T_SKB;
		}
		rl_dring_clear(tx_q->dma_tx, entry);	/* release_tx_desc */
		entry = tx_next(priv, entry);
	}
	tx_q->dirty_tx = entry;
	rl_netdev_tx_completed_queue(priv->dev, q, pkts_compl, bytes_compl);
	if (rl_netif_tx_queue_stopped(priv->dev, q) &&
	    rl_stmmac_tx_avail(priv, q) > stmmac_tx_thresh(priv))
		rl_netif_tx_wake_queue(priv->dev, q);
	if (tx_q->xsk_pool) {
		/*
		 * zero copy: the frames sent are completed to the user, then
		 * as many new ones as fit go out; "budget - 1" when the
		 * socket has no more (the interrupt comes back on), the whole
		 * budget to keep polling
		 */
		if (tx_q->xsk_frames_done)
			rl_xsk_tx_completed(tx_q->xsk_pool,
					    tx_q->xsk_frames_done);
		if (rl_xsk_uses_need_wakeup(tx_q->xsk_pool))
			rl_xsk_set_tx_need_wakeup(tx_q->xsk_pool);
		xmits = rl_stmmac_xdp_xmit_zc(priv, q, 256) ? budget - 1 :
							      budget;
	}
	return (int)count > xmits ? (int)count : xmits;
}

/* stmmac_napi_poll_tx() */
int rl_stmmac_napi_poll_tx(struct rl_napi *napi, int budget)
{
	struct rl_stmmac_tx_queue *tx_q =
		container_of(napi, struct rl_stmmac_tx_queue, tx_napi);
	int work_done = rl_stmmac_tx_clean(tx_q->priv_data, budget,
					   tx_q->queue_index);

	work_done = work_done < budget ? work_done : budget;
	/* (the register lives in the ring object in the model) */
	if (work_done < budget && rl_napi_complete_done(napi, work_done) &&
	    tx_q->dma_tx)
		rl_dring_irq_enable(tx_q->dma_tx, true);
	return work_done;
}
