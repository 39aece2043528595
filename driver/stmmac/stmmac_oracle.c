// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_oracle.c - what must hold of the stmmac driver apart from its
 * code: its state predicate (after every step, wait points included) and
 * the liveness checks the world runs after a poll or once things are
 * quiet.  Like am65_cpsw_oracle.c, it only reads.
 */
#include "stmmac.h"

/* a NAPI of channel @q that a schedule would still run */
static bool stmmac_channel_napi_on(const struct rl_stmmac_priv *priv, u32 q)
{
	const struct rl_napi *n[3] = {
		q < priv->cfg.rx_queues ? &priv->rx_queue[q].rx_napi : NULL,
		q < priv->cfg.tx_queues ? &priv->tx_queue[q].tx_napi : NULL,
		q < priv->cfg.rx_queues && q < priv->cfg.tx_queues ?
		&priv->rx_queue[q].rxtx_napi : NULL,
	};
	u32 i;

	for (i = 0; i < 3; i++)
		if (n[i] && n[i]->enabled &&
		    (!n[i]->disabling || n[i]->scheduled))
			return true;
	return false;
}

bool rl_stmmac_is_valid(const struct rl_stmmac_priv *priv)
{
	u32 q;

	/*
	 * STMMAC_DOWN after a failed rebuild: running, with no queues - or,
	 * asleep in an allocation of the swap or open that builds them
	 * again, with some built and no NAPI on yet
	 */
	if (priv->down) {
		if (!priv->up)
			return false;
		if (!priv->m->waiting)
			return !priv->rx_queue[0].dma_rx &&
			       !priv->tx_queue[0].dma_tx;
		for (q = 0; q < rl_stmmac_channels(priv); q++)
			if (stmmac_channel_napi_on(priv, q))
				return false;
		return true;
	}
	if (!priv->up)
		return true;
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		const struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

		/*
		 * a queue between stmmac_disable_rx_queue and _enable_rx_queue
		 * (an XSK pool switch, sleeping in synchronize_rcu or
		 * napi_disable) has no rings: no NAPI of its channel may be
		 * pollable then (a6451192da26); outside a call it has rings.
		 * Its page_pool may exist without the ring: upstream's
		 * stmmac_enable_rx_queue returns with what a failed
		 * __alloc_dma_rx_desc_resources made, until it is freed.
		 */
		if (!rx_q->dma_rx && priv->m->waiting) {
			if (stmmac_channel_napi_on(priv, q))
				return false;
			continue;
		}
		/* a zero-copy queue's pool is the one bound at its qid */
		if (rx_q->xsk_pool &&
		    (rx_q->xsk_pool != rl_stmmac_get_xsk_pool(priv, q) ||
		     rx_q->buf_alloc_num > priv->cfg.dma_rx_size))
			return false;
		if (!rx_q->page_pool || !rx_q->dma_rx ||
		    rx_q->cur_rx >= priv->cfg.dma_rx_size ||
		    rx_q->dirty_rx >= priv->cfg.dma_rx_size ||
		    rx_q->buf_alloc_num > priv->cfg.dma_rx_size)
			return false;
	}
	for (q = 0; q < priv->cfg.tx_queues; q++) {
		const struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

		if (!tx_q->dma_tx && priv->m->waiting) {
			if (stmmac_channel_napi_on(priv, q))
				return false;
			continue;
		}
		if (!tx_q->dma_tx)
			return false;
		if (tx_q->cur_tx >= priv->cfg.dma_tx_size ||
		    tx_q->dirty_tx >= priv->cfg.dma_tx_size)
			return false;
	}
	return true;
}

/*
 * The end of a settle: a channel whose completion is reported (status
 * set) but whose interrupt stays masked with no poll scheduled is never
 * looked at again - the NAPI poll owes stmmac_enable_dma_irq() when it
 * completes (stmmac_napi_poll_rx/tx).
 */
bool rl_stmmac_check_irqs(struct rl_stmmac_priv *priv)
{
	bool ok = true;
	u32 q;

	if (!priv->up || priv->down)
		return true;
	for (q = 0; q < priv->cfg.rx_queues + priv->cfg.tx_queues; q++) {
		bool rx = q < priv->cfg.rx_queues;
		u32 i = rx ? q : q - priv->cfg.rx_queues;
		const struct rl_dring *r = rx ? priv->rx_queue[i].dma_rx :
						priv->tx_queue[i].dma_tx;
		const struct rl_napi *napi = rx ? &priv->rx_queue[i].rx_napi :
						  &priv->tx_queue[i].tx_napi;
		bool zc = rx ? !!priv->rx_queue[i].xsk_pool :
			       !!priv->tx_queue[i].xsk_pool;

		if (zc)
			napi = &priv->rx_queue[i].rxtx_napi;
		if (!r || !r->irq_status || r->irq_en || napi->scheduled)
			continue;
		/*
		 * a NAPI being disabled (a pool switch or release sleeping in
		 * napi_disable): whoever disables it rebuilds or frees the
		 * channel and sets its interrupt again
		 */
		if (!napi->enabled || napi->disabling)
			continue;
		rl_ledger_report_count(priv->m->ledger, RL_F_LIVENESS,
				       RL_OBJ_DESC, i, 0, 1,
				       rx ? "RX completions behind a channel interrupt masked for good (no poll scheduled to enable it)" :
				       "TX completions behind a channel interrupt masked for good (no poll scheduled to enable it)");
		ok = false;
	}
	return ok;
}

/* descriptors of RX queue @q the device owns (its engine runs on them) */
static u32 stmmac_rx_owned(const struct rl_stmmac_priv *priv, u32 q)
{
	u32 i, n = 0;

	for (i = 0; i < priv->cfg.dma_rx_size; i++)
		n += !!(rl_dring_des3(priv->rx_queue[q].dma_rx, i) &
			RL_DES3_OWN);
	return n;
}

/*
 * After a receive poll of queue @q that ran (@ret >= 0 of @budget),
 * @failed when a page_pool allocation gave nothing during it.
 * Page mode: stmmac_rx ends every poll with stmmac_rx_refill, so every
 * consumed descriptor is the device's again unless the allocator failed.
 * Zero copy: stmmac_rx_refill_zc runs in batches and the ring may stay
 * short, but not empty (no descriptor the device owns) while the fill
 * ring has frames - then the engine is suspended, no frame and no
 * interrupt come, and only a repoll (budget used, or a poll scheduled)
 * or the need_wakeup flag (the user's kick) brings the refill
 * (stmmac_rx_zc's end).
 */
bool rl_stmmac_check_rx_depth(struct rl_stmmac_priv *priv, u32 q,
			      int ret, int budget, bool failed)
{
	const struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	const struct rl_xsk_pool *pool = rx_q->xsk_pool;
	u32 dirty;

	if (!priv->up || priv->down || ret < 0 || !rx_q->dma_rx)
		return true;
	dirty = rl_stmmac_rx_dirty(priv, q);
	if (!pool) {
		if (!dirty || failed)
			return true;
		rl_ledger_report_count(priv->m->ledger, RL_F_LIVENESS,
				       RL_OBJ_DESC, q, 0, dirty,
				       "RX ring short after a page-mode poll with pages to be had (stmmac_rx_refill owes every consumed descriptor)");
		return false;
	}
	/* the ring scan last: this runs after every poll */
	if (ret >= budget || rx_q->rxtx_napi.scheduled ||
	    !rl_xsk_buff_can_alloc(pool, 1) ||
	    (rl_xsk_uses_need_wakeup(pool) && pool->rx_need_wakeup) ||
	    stmmac_rx_owned(priv, q))
		return true;
	rl_ledger_report_count(priv->m->ledger, RL_F_LIVENESS, RL_OBJ_XSK, q,
			       1, 0,
			       "zero-copy RX ring left empty with frames in the fill ring, no repoll and no need_wakeup: the queue stalls for good");
	return false;
}
