// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_rx.c - the page_pool receive queues of stmmac_main.c: descriptor
 * resources (__alloc/__free_dma_rx_desc_resources), ring init
 * (__init_dma_rx_desc_rings, stmmac_alloc_rx_buffers), refill
 * (stmmac_rx_refill) and the receive poll with its XDP verdicts
 * (stmmac_rx, stmmac_xdp_run_prog, stmmac_finalize_xdp_rx,
 * stmmac_napi_poll_rx).
 */
#include "stmmac.h"

static u32 next_entry(const struct rl_stmmac_priv *priv, u32 entry)
{
	return (entry + 1) % priv->cfg.dma_rx_size;	/* STMMAC_NEXT_ENTRY */
}

/* stmmac_rx_dirty(): descriptors consumed and not refilled yet */
u32 rl_stmmac_rx_dirty(const struct rl_stmmac_priv *priv, u32 q)
{
	const struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

	return rx_q->dirty_rx <= rx_q->cur_rx ? rx_q->cur_rx - rx_q->dirty_rx :
	       priv->cfg.dma_rx_size - rx_q->dirty_rx + rx_q->cur_rx;
}

/* stmmac_init_rx_buffers(): a page for descriptor @i, its address set */
static int stmmac_init_rx_buffers(struct rl_stmmac_rx_queue *rx_q, u32 i)
{
	struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[i];

	if (!buf->page) {
		buf->page = rl_page_pool_dev_alloc_pages(rx_q->page_pool);
		if (!buf->page)
			return -ENOMEM;
		buf->page_offset = RL_STMMAC_RX_OFFSET;
	}
	buf->addr = rl_page_pool_get_dma_addr(buf->page) + buf->page_offset;
	rl_dring_set_addr(rx_q->dma_rx, i, buf->addr, 0);
	return 0;
}

/* stmmac_free_rx_buffer() */
static void stmmac_free_rx_buffer(struct rl_stmmac_rx_queue *rx_q, u32 i)
{
	struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[i];

	if (buf->page)
		rl_page_pool_put_full_page(rx_q->page_pool, buf->page, false);
	buf->page = NULL;
}

/* __free_dma_rx_desc_resources() */
void rl_stmmac_free_rx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	if (rx_q->xsk_pool) {
		rl_stmmac_free_rx_xskbufs(priv, q);
	} else {
		/* dma_free_rx_skbufs() */
		for (i = 0; i < priv->cfg.dma_rx_size; i++)
			stmmac_free_rx_buffer(rx_q, i);
	}
	rx_q->buf_alloc_num = 0;
	rx_q->xsk_pool = NULL;
	if (rx_q->dma_rx)
		rl_dring_destroy(rx_q->dma_rx);
	rx_q->dma_rx = NULL;
	if (rl_xdp_rxq_info_is_reg(&rx_q->xdp_rxq))
		rl_xdp_rxq_info_unreg(&rx_q->xdp_rxq);
	if (rx_q->page_pool)
		rl_page_pool_destroy(rx_q->page_pool);
	rx_q->page_pool = NULL;
}

/*
 * __alloc_dma_rx_desc_resources(): the queue's page_pool (DMA-mapped by
 * the pool: from the device, both ways with an XDP program since XDP_TX
 * sends the page as it is), its ring in coherent memory and its rxq.  On
 * failure the caller frees what was made.
 */
int rl_stmmac_alloc_rx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	struct rl_page_pool_params pp = {
		.pool_size = priv->cfg.dma_rx_size,
		.dma_map = true,
		.dma_dir = priv->xdp_prog ? RL_DMA_BIDIRECTIONAL :
					    RL_DMA_FROM_DEVICE,
		/*
		 * b514c47ebf41: the device-side sync of recycled pages only
		 * with a program (perf_stmmac_pp_sync_dev_always: always, as
		 * 6.1 has it); STMMAC_MAX_RX_BUF_SIZE(1) from the headroom
		 */
		.sync_dev = priv->xdp_prog ||
			    (priv->cfg.perf & BIT(RL_SPV_PP_SYNC_DEV_ALWAYS)),
		.offset = RL_STMMAC_RX_OFFSET,
		.max_len = RL_PAGE_SIZE - RL_STMMAC_RX_OFFSET,
	};

	rx_q->queue_index = q;
	rx_q->priv_data = priv;
	/* page_pool_create(), dma_alloc_coherent(): GFP_KERNEL, may sleep */
	rl_model_wait(priv->m, RL_WAIT_ALLOC);
	rx_q->page_pool = rl_page_pool_create(priv->m, &pp);
	if (!rx_q->page_pool)
		return -ENOMEM;
	rx_q->dma_rx = rl_dring_create(priv->m, priv->cfg.dma_rx_size, false,
				       "stmmac rx");
	if (!rx_q->dma_rx)
		return -ENOMEM;
	return rl_xdp_rxq_info_reg(priv->m, &rx_q->xdp_rxq, 0, q, q);
}

/*
 * __init_dma_rx_desc_rings(): the rxq's memory model is the page_pool, or
 * the XSK pool of a zero-copy queue (stmmac_get_xsk_pool);
 * stmmac_clear_rx_descriptors() hands every
 * descriptor to the device (dwmac4 init_rx_desc sets OWN) before any has
 * an address - harmless while the DMA is stopped - then
 * stmmac_alloc_rx_buffers() gives each one a page, or
 * stmmac_alloc_rx_buffers_zc() each an XSK buffer while the fill ring
 * has some ("may not be populated, e.g. xdpsock TX-only").
 */
int rl_stmmac_init_rx(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	rx_q->xsk_pool = rl_stmmac_get_xsk_pool(priv, q);
	if (rl_xdp_rxq_info_reg_mem_model(&rx_q->xdp_rxq, rx_q->xsk_pool ?
					  RL_MEM_XSK_BUFF_POOL :
					  RL_MEM_PAGE_POOL,
					  rx_q->xsk_pool ? NULL :
					  rx_q->page_pool))
		return -EINVAL;
	for (i = 0; i < priv->cfg.dma_rx_size; i++)
		rl_dring_give(rx_q->dma_rx, i, RL_DES3_IOC);
	rx_q->cur_rx = 0;
	rx_q->dirty_rx = 0;
	if (rx_q->xsk_pool) {
		rl_xsk_pool_set_rxq_info(rx_q->xsk_pool, &rx_q->xdp_rxq);
		rl_stmmac_alloc_rx_buffers_zc(priv, q);
		return 0;
	}
	for (i = 0; i < priv->cfg.dma_rx_size; i++) {
		if (stmmac_init_rx_buffers(rx_q, i))
			return -ENOMEM;
		rx_q->buf_alloc_num++;
	}
	return 0;
}

/*
 * stmmac_rx_refill(): every consumed descriptor gets a page (the one it
 * kept, or a new one), its address written again - write-back erased it
 * - and goes back to the device; then the tail pointer.  A failed
 * allocation stops the refill there; the next poll tries again.
 * Upstream reads rx_q->dma_rx, rx_q->page_pool and dma_rx_size at each
 * use; here once, into locals - the proof's frame, as in
 * stmmac_rx_refill_zc.  The same values: the loop has no wait where
 * another context could run, and the driver swaps them only with the
 * queue's NAPI off.  Proven (unit stmmac_refill): no page a slot holds is
 * dropped or replaced (kept), and every descriptor handed to the device
 * has one (handed_with_buffer).  The ghost copies of the model's tables
 * name the loop's footprint without following pointers through the
 * memory the loop writes (proofs/footprints.h, RL_PP_CELLS).
 */
/*@ requires rxq: \valid(priv) && q < RL_STMMAC_MAX_QUEUES &&
  @   0 < priv->cfg.dma_rx_size <= RL_DRING_MAX &&
  @   priv->rx_queue[q].dirty_rx < priv->cfg.dma_rx_size;
  @ requires ring: \valid(priv->rx_queue[q].dma_rx) &&
  @   priv->rx_queue[q].dma_rx->size == priv->cfg.dma_rx_size;
  @ requires slots: stmmac_pp_slots(&priv->rx_queue[q], priv->cfg.dma_rx_size);
  @ requires apart: stmmac_apart_pp(priv, priv->rx_queue[q].dma_rx,
  @   priv->rx_queue[q].page_pool) &&
  @   stmmac_apart_give(priv, priv->rx_queue[q].dma_rx);
  @ assigns priv->rx_queue[q].buf_pool[0 .. RL_DRING_MAX - 1].page,
  @   priv->rx_queue[q].buf_pool[0 .. RL_DRING_MAX - 1].addr,
  @   priv->rx_queue[q].dirty_rx,
  @   priv->rx_queue[q].dma_rx->suspended,
  @   RL_PP_REFILL_FOOTPRINT(priv->rx_queue[q].page_pool,
  @                          priv->rx_queue[q].dma_rx), rl_g_dma_live;
  @ ensures kept: \forall integer k; 0 <= k < RL_DRING_MAX ==>
  @   \old(priv->rx_queue[q].buf_pool[k].page) != \null ==>
  @   priv->rx_queue[q].buf_pool[k].page ==
  @   \old(priv->rx_queue[q].buf_pool[k].page);
  @*/
static void stmmac_rx_refill(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 dirty = rl_stmmac_rx_dirty(priv, q);
	u32 entry = rx_q->dirty_rx;
	struct rl_dring *ring = rx_q->dma_rx;
	struct rl_page_pool *pp = rx_q->page_pool;
	u32 size = priv->cfg.dma_rx_size;
	/*@ ghost struct rl_model *g_m = pp->m;
	  @   struct rl_pages *g_pg = g_m->pages;
	  @   struct rl_dma *g_d = g_m->dma;
	  @   struct rl_ledger *g_l = g_m->ledger;
	  @*/

	/*@ loop invariant idx: entry < size;
	  @ loop invariant size: ring->size == size &&
	  @   size == \at(priv->cfg.dma_rx_size, Pre) &&
	  @   ring == \at(priv->rx_queue[q].dma_rx, Pre) &&
	  @   pp == rx_q->page_pool;
	  @ loop invariant frame: pp->m == g_m && g_m->pages == g_pg &&
	  @   g_m->dma == g_d && g_m->ledger == g_l && ring->m == g_m &&
	  @   stmmac_pp_frame{Here, LoopEntry}(rx_q);
	  @ loop invariant apart: stmmac_apart_pp(priv, ring, pp) &&
	  @   stmmac_apart_give(priv, ring);
	  @ loop invariant slots: stmmac_pp_slots(rx_q, size);
	  @ loop invariant kept: \forall integer k; 0 <= k < RL_DRING_MAX ==>
	  @   \at(rx_q->buf_pool[k].page, LoopEntry) != \null ==>
	  @   rx_q->buf_pool[k].page == \at(rx_q->buf_pool[k].page, LoopEntry);
	  @ loop assigns dirty, entry,
	  @   rx_q->buf_pool[0 .. RL_DRING_MAX - 1].page,
	  @   rx_q->buf_pool[0 .. RL_DRING_MAX - 1].addr,
	  @   RL_PP_REFILL_CELLS(pp, g_m, g_pg, g_d, g_l, ring), rl_g_dma_live;
	  @ loop variant dirty;
	  @*/
	while (dirty-- > 0) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[entry];

		if (!buf->page) {
			buf->page = rl_page_pool_dev_alloc_pages(pp);
			if (!buf->page)
				break;
			/*@ assert ring_kept: ring->size == size; */
		}
		/*@ assert handed_with_buffer: buf->page != \null; */
		buf->addr = rl_page_pool_get_dma_addr(buf->page) +
			    buf->page_offset;
		rl_dring_set_addr(ring, entry, buf->addr, 0);
		/*@ assert addr_set: ring->size == size; */
		/*@ assert give_apart: stmmac_apart_give(priv, ring); */
		/* dma_wmb(); stmmac_set_rx_owner() */
		rl_dring_give(ring, entry, RL_DES3_IOC);
		/*@ assert given: ring->size == size; */
		entry = (entry + 1) % size;	/* STMMAC_GET_ENTRY */
	}
	rx_q->dirty_rx = entry;
	rl_dring_set_tail(ring);
}

/*
 * __stmmac_xdp_run_prog(): the verdict as STMMAC_XDP_* (page mode and
 * zero copy).  A frame XDP_TX could not send is consumed; the page then
 * rides in the frame, which the model returns in stmmac_xdp_xmit_back
 * (upstream puts the page, the frame being inside it).
 */
u32 rl_stmmac_xdp_run_prog(struct rl_stmmac_priv *priv,
			   struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp)
{
	switch (rl_bpf_prog_run_xdp(prog, xdp)) {
	case RL_XDP_PASS:
		return RL_STMMAC_XDP_PASS;
	case RL_XDP_TX:
		return rl_stmmac_xdp_xmit_back(priv, xdp);
	case RL_XDP_REDIRECT:
		if (rl_xdp_do_redirect(priv->m, xdp, prog) < 0)
			return RL_STMMAC_XDP_CONSUMED;
		return RL_STMMAC_XDP_REDIRECT;
	default:	/* invalid, XDP_ABORTED, XDP_DROP */
		return RL_STMMAC_XDP_CONSUMED;
	}
}

/* stmmac_xdp_run_prog(): no program is XDP_PASS */
static u32 stmmac_xdp_run_prog(struct rl_stmmac_priv *priv,
			       struct rl_xdp_buff *xdp)
{
	struct rl_bpf_prog *prog = priv->xdp_prog;

	return prog ? rl_stmmac_xdp_run_prog(priv, prog, xdp) :
		      RL_STMMAC_XDP_PASS;
}

/* stmmac_finalize_xdp_rx(): what the poll sent goes out, what it redirected is flushed */
void rl_stmmac_finalize_xdp_rx(struct rl_stmmac_priv *priv, u32 status)
{
	u32 queue = priv->m->cpu % priv->cfg.tx_queues;	/* stmmac_xdp_get_tx_queue */

	/* the TX NAPI will clean what XDP_TX sent */
	if (status & RL_STMMAC_XDP_TX)
		rl_stmmac_tx_timer_arm(priv, queue);
	if (status & RL_STMMAC_XDP_REDIRECT)
		rl_xdp_do_flush(priv->m);
}

/*
 * stmmac_rx(): each frame the device wrote back goes through the program;
 * a consumed one's page goes back to the pool, a sent or redirected one's
 * page left with its frame, a passed one is copied into a NAPI skb (FCS
 * stripped by hand, ACS being off) and its page recycled at once; then
 * the refill.
 */
static int stmmac_rx(struct rl_stmmac_priv *priv, int limit, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 next = rx_q->cur_rx, xdp_status = 0;
	int count = 0;

	/* a poll on a queue whose ring was freed (dma_free_coherent) */
	if (rl_oops_null(rx_q->dma_rx, RL_OBJ_DESC,
			 "RX poll on a queue whose descriptor ring was freed"))
		return 0;
	/*
	 * stmmac_rx_cur_catches_dirty: before 0bb05e6adfa9 a poll took at
	 * most dma_rx_size - 1 frames (b6cb4541853c7's clamp) and had no
	 * other guard against reaching dirty_rx
	 */
	if (rl_stmmac_bug(priv, RL_SV_RX_CUR_CATCHES_DIRTY) &&
	    limit > (int)priv->cfg.dma_rx_size - 1)
		limit = priv->cfg.dma_rx_size - 1;
	while (count < limit) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[next];
		struct rl_xdp_buff xdp = { .rxq = &rx_q->xdp_rxq };
		u32 entry = next, des3, len, res;
		struct rl_sk_buff *skb;

		/* stmmac_rx_status(): still the device's */
		des3 = rl_dring_des3(rx_q->dma_rx, entry);
		if (des3 & RL_DES3_OWN)
			break;
		next = next_entry(priv, rx_q->cur_rx);
		/*
		 * 0bb05e6adfa9 (Sam Edwards, 2026, in Debian's 6.1): a
		 * descriptor the refill could not rearm is not OWN either -
		 * its stale write-back looks like a frame - so cur_rx stops
		 * short of dirty_rx, leaving the last frame to the poll after
		 * a successful refill
		 */
		if (next == rx_q->dirty_rx &&
		    !rl_stmmac_bug(priv, RL_SV_RX_CUR_CATCHES_DIRTY))
			break;
		rx_q->cur_rx = next;
		/*
		 * upstream goes on to page_address(buf->page): with no page
		 * that is a wild pointer (bugzilla 221010's panic)
		 */
		if (rl_oops_null(buf->page, RL_OBJ_PAGE,
				 "a descriptor the refill left without a page read as a received frame"))
			break;
		rl_dring_take(rx_q->dma_rx, entry);
		count++;
		len = des3 & RL_DES3_LEN;
		len = len > RL_STMMAC_FCS_LEN ? len - RL_STMMAC_FCS_LEN : 0;
		rl_dma_sync_for_cpu(priv->m->dma, buf->addr, len ? len : 1,
				    rl_page_pool_get_dma_dir(rx_q->page_pool));
		xdp.page = buf->page;
		xdp.len = len;
		res = stmmac_xdp_run_prog(priv, &xdp);
		if (res & RL_STMMAC_XDP_CONSUMED) {
			/* the device-side sync covers what the CPU touched */
			if (xdp.page)
				rl_page_pool_put_page(rx_q->page_pool, xdp.page,
						      xdp.len, true);
			buf->page = NULL;
			priv->rx_dropped++;
			continue;
		}
		if (res & (RL_STMMAC_XDP_TX | RL_STMMAC_XDP_REDIRECT)) {
			xdp_status |= res;
			buf->page = NULL;
			continue;
		}
		skb = rl_napi_alloc_skb(priv->m, xdp.len);
		if (!skb) {
			/* drain_data: the page stays for the refill */
			priv->rx_dropped++;
			continue;
		}
		/* data copied into the skb: the page is ready for recycle */
		rl_skb_put_data(priv->m, skb, xdp.len);
		rl_page_pool_recycle_direct(rx_q->page_pool, buf->page);
		buf->page = NULL;
		rl_eth_type_trans(skb, priv->dev);
		rl_netif_receive_skb(priv->m, skb);	/* napi_gro_receive() */
	}
	rl_stmmac_finalize_xdp_rx(priv, xdp_status);
	stmmac_rx_refill(priv, q);
	return count;
}

/* stmmac_napi_poll_rx() */
int rl_stmmac_napi_poll_rx(struct rl_napi *napi, int budget)
{
	struct rl_stmmac_rx_queue *rx_q =
		container_of(napi, struct rl_stmmac_rx_queue, rx_napi);
	int work_done = stmmac_rx(rx_q->priv_data, budget, rx_q->queue_index);

	/*
	 * the channel's RX interrupt again once the poll is complete (a
	 * register write: the model keeps it in the ring object, gone with
	 * a freed ring)
	 */
	if (work_done < budget && rl_napi_complete_done(napi, work_done) &&
	    rx_q->dma_rx)
		rl_dring_irq_enable(rx_q->dma_rx, true);
	return work_done;
}

