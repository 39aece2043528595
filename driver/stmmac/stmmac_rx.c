// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_rx.c - the page_pool receive queues of stmmac_main.c: descriptor
 * resources (__alloc/__free_dma_rx_desc_resources), ring init
 * (__init_dma_rx_desc_rings, stmmac_alloc_rx_buffers), refill
 * (stmmac_rx_refill), the receive poll without an XDP program (stmmac_rx,
 * stmmac_napi_poll_rx) and the open/release order around them.
 */
#include "stmmac.h"

static u32 next_entry(const struct rl_stmmac_priv *priv, u32 entry)
{
	return (entry + 1) % priv->cfg.dma_rx_size;	/* STMMAC_NEXT_ENTRY */
}

/* stmmac_rx_dirty(): descriptors consumed and not refilled yet */
static u32 stmmac_rx_dirty(const struct rl_stmmac_rx_queue *rx_q, u32 size)
{
	return rx_q->dirty_rx <= rx_q->cur_rx ? rx_q->cur_rx - rx_q->dirty_rx :
	       size - rx_q->dirty_rx + rx_q->cur_rx;
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

static void __free_dma_rx_desc_resources(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	/* dma_free_rx_skbufs() */
	for (i = 0; i < priv->cfg.dma_rx_size; i++)
		stmmac_free_rx_buffer(rx_q, i);
	rx_q->buf_alloc_num = 0;
	if (rx_q->dma_rx)
		rl_dring_destroy(rx_q->dma_rx);
	rx_q->dma_rx = NULL;
	if (rx_q->page_pool)
		rl_page_pool_destroy(rx_q->page_pool);
	rx_q->page_pool = NULL;
}

/*
 * __alloc_dma_rx_desc_resources(): the queue's page_pool (DMA-mapped by
 * the pool, from the device without an XDP program) and its ring in
 * coherent memory.  On failure the caller frees what was made.
 */
static int __alloc_dma_rx_desc_resources(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	struct rl_page_pool_params pp = {
		.pool_size = priv->cfg.dma_rx_size,
		.dma_map = true,
		.dma_dir = RL_DMA_FROM_DEVICE,
	};

	rx_q->queue_index = q;
	rx_q->priv_data = priv;
	rx_q->page_pool = rl_page_pool_create(priv->m, &pp);
	if (!rx_q->page_pool)
		return -ENOMEM;
	rx_q->dma_rx = rl_dring_create(priv->m, priv->cfg.dma_rx_size, false,
				       "stmmac rx");
	return rx_q->dma_rx ? 0 : -ENOMEM;
}

/*
 * __init_dma_rx_desc_rings(): stmmac_clear_rx_descriptors() hands every
 * descriptor to the device (dwmac4 init_rx_desc sets OWN) before any has
 * an address - harmless while the DMA is stopped - then
 * stmmac_alloc_rx_buffers() gives each one a page.
 */
static int __init_dma_rx_desc_rings(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	for (i = 0; i < priv->cfg.dma_rx_size; i++)
		rl_dring_give(rx_q->dma_rx, i, RL_DES3_IOC);
	for (i = 0; i < priv->cfg.dma_rx_size; i++) {
		if (stmmac_init_rx_buffers(rx_q, i))
			return -ENOMEM;
		rx_q->buf_alloc_num++;
	}
	rx_q->cur_rx = 0;
	rx_q->dirty_rx = 0;
	return 0;
}

/*
 * stmmac_rx_refill(): every consumed descriptor gets a page (the one it
 * kept, or a new one), its address written again - write-back erased it
 * - and goes back to the device; then the tail pointer.  A failed
 * allocation stops the refill there; the next poll tries again.
 */
static void stmmac_rx_refill(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 dirty = stmmac_rx_dirty(rx_q, priv->cfg.dma_rx_size);
	u32 entry = rx_q->dirty_rx;

	while (dirty-- > 0) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[entry];

		if (!buf->page) {
			buf->page = rl_page_pool_dev_alloc_pages(rx_q->page_pool);
			if (!buf->page)
				break;
		}
		buf->addr = rl_page_pool_get_dma_addr(buf->page) +
			    buf->page_offset;
		rl_dring_set_addr(rx_q->dma_rx, entry, buf->addr, 0);
		/* dma_wmb(); stmmac_set_rx_owner() */
		rl_dring_give(rx_q->dma_rx, entry, RL_DES3_IOC);
		entry = next_entry(priv, entry);
	}
	rx_q->dirty_rx = entry;
	rl_dring_set_tail(rx_q->dma_rx);
}

/*
 * stmmac_rx() without an XDP program: each frame the device wrote back is
 * copied into a NAPI skb (FCS stripped by hand, ACS being off), the page
 * recycled to the pool at once; then the refill.
 */
static int stmmac_rx(struct rl_stmmac_priv *priv, int limit, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 next = rx_q->cur_rx;
	int count = 0;

	while (count < limit) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[next];
		u32 entry = next, des3, len;
		struct rl_sk_buff *skb;

		/* stmmac_rx_status(): still the device's */
		des3 = rl_dring_des3(rx_q->dma_rx, entry);
		if (des3 & RL_DES3_OWN)
			break;
		next = next_entry(priv, rx_q->cur_rx);
		if (next == rx_q->dirty_rx)
			break;
		rx_q->cur_rx = next;
		rl_dring_take(rx_q->dma_rx, entry);
		count++;
		len = des3 & RL_DES3_LEN;
		len = len > RL_STMMAC_FCS_LEN ? len - RL_STMMAC_FCS_LEN : 0;
		rl_dma_sync_for_cpu(priv->m->dma, buf->addr, len ? len : 1,
				    RL_DMA_FROM_DEVICE);
		skb = rl_napi_alloc_skb(priv->m, len);
		if (!skb) {
			/* drain_data: the page stays for the refill */
			priv->rx_dropped++;
			continue;
		}
		/* data copied into the skb: the page is ready for recycle */
		rl_page_pool_recycle_direct(rx_q->page_pool, buf->page);
		buf->page = NULL;
		rl_netif_receive_skb(priv->m, skb);	/* napi_gro_receive() */
	}
	stmmac_rx_refill(priv, q);
	return count;
}

/* stmmac_napi_poll_rx() */
static int stmmac_napi_poll_rx(struct rl_napi *napi, int budget)
{
	struct rl_stmmac_rx_queue *rx_q =
		container_of(napi, struct rl_stmmac_rx_queue, rx_napi);
	int work_done = stmmac_rx(rx_q->priv_data, budget, rx_q->queue_index);

	if (work_done < budget)
		rl_napi_complete_done(napi, work_done);
	return work_done;
}

struct rl_stmmac_priv *rl_stmmac_probe(struct rl_model *m,
				       const struct rl_stmmac_cfg *cfg)
{
	struct rl_stmmac_priv *priv;
	u32 q;

	if (!cfg->rx_queues || cfg->rx_queues > RL_STMMAC_MAX_QUEUES ||
	    cfg->dma_rx_size < 2 || cfg->dma_rx_size > RL_DRING_MAX)
		return NULL;
	priv = rl_zalloc(sizeof(*priv));
	if (!priv)
		return NULL;
	priv->m = m;
	priv->cfg = *cfg;
	priv->dev = rl_netdev_create(m, 0, 1);
	if (!priv->dev) {
		rl_free(priv);
		return NULL;
	}
	rl_netif_set_real_num_rx_queues(priv->dev, cfg->rx_queues);
	/* stmmac_napi_add() */
	for (q = 0; q < cfg->rx_queues; q++) {
		priv->rx_queue[q].priv_data = priv;
		priv->rx_queue[q].queue_index = q;
		rl_netif_napi_add(m, &priv->rx_queue[q].rx_napi,
				  stmmac_napi_poll_rx);
	}
	return priv;
}

void rl_stmmac_remove(struct rl_stmmac_priv *priv)
{
	u32 q;

	if (priv->up)
		rl_stmmac_release(priv);
	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_netif_napi_del(&priv->rx_queue[q].rx_napi);
	rl_netdev_destroy(priv->dev);
	rl_free(priv);
}

/*
 * stmmac_open(): alloc_dma_desc_resources, init_dma_desc_rings,
 * stmmac_hw_setup (each channel's base address and tail pointer), the
 * DMA started, then the NAPIs enabled (stmmac_enable_all_queues).
 */
int rl_stmmac_open(struct rl_stmmac_priv *priv)
{
	u32 q;
	int ret = 0;

	if (priv->up)
		return -EBUSY;
	for (q = 0; q < priv->cfg.rx_queues && !ret; q++)
		ret = __alloc_dma_rx_desc_resources(priv, q);
	for (q = 0; q < priv->cfg.rx_queues && !ret; q++)
		ret = __init_dma_rx_desc_rings(priv, q);
	if (ret) {
		/* free_dma_desc_resources() */
		for (q = 0; q < priv->cfg.rx_queues; q++)
			__free_dma_rx_desc_resources(priv, q);
		return ret;
	}
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

		rl_dring_set_base(rx_q->dma_rx);
		rl_dring_set_tail(rx_q->dma_rx);
		rl_dring_start(rx_q->dma_rx);
	}
	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_napi_enable(&priv->rx_queue[q].rx_napi);
	priv->up = true;
	return 0;
}

/*
 * stmmac_release(): NAPIs disabled (stmmac_disable_all_queues), the DMA
 * stopped (stmmac_stop_all_dma), then the buffers and rings freed.
 */
int rl_stmmac_release(struct rl_stmmac_priv *priv)
{
	u32 q;

	if (!priv->up)
		return -EINVAL;
	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_napi_disable(&priv->rx_queue[q].rx_napi);
	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_dring_stop(priv->rx_queue[q].dma_rx);
	for (q = 0; q < priv->cfg.rx_queues; q++)
		__free_dma_rx_desc_resources(priv, q);
	priv->up = false;
	return 0;
}

bool rl_stmmac_is_valid(const struct rl_stmmac_priv *priv)
{
	u32 q, size = priv->cfg.dma_rx_size;

	for (q = 0; q < priv->cfg.rx_queues; q++) {
		const struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

		if (!priv->up)
			continue;
		if (!rx_q->page_pool || !rx_q->dma_rx ||
		    rx_q->cur_rx >= size || rx_q->dirty_rx >= size ||
		    rx_q->buf_alloc_num > size)
			return false;
	}
	return true;
}
