// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_xdp.c - an XSK pool coming and going on one queue of a running
 * device (stmmac_xdp.c's stmmac_xdp_enable_pool/_disable_pool with
 * stmmac_main.c's stmmac_disable/enable_rx/tx_queue) and the socket's
 * wakeup (stmmac_xsk_wakeup).  The order is mainline's, after
 * a6451192da26; the series' order is the variant race_stmmac_pool_napi_order.
 */
#include "stmmac.h"

/* ETH_FRAME_LEN + VLAN_HLEN * 2: a Q-in-Q frame fits one XSK buffer */
#define RL_STMMAC_XSK_MIN_FRAME	1522

/*
 * stmmac_disable_rx_queue(): the channel's RX interrupt masked, its DMA
 * stopped, buffers and ring freed (__free_dma_rx_desc_resources).
 */
static void stmmac_disable_rx_queue(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

	if (rx_q->dma_rx) {
		rl_dring_irq_enable(rx_q->dma_rx, false);
		rl_dring_stop(rx_q->dma_rx);
	}
	rl_stmmac_free_rx(priv, q);
}

/*
 * stmmac_enable_rx_queue(): resources, ring init (ZC buffers when the
 * queue is zero copy now), the channel's base and tail, DMA started,
 * interrupt unmasked.  A failure is logged and the queue left without
 * rings, as upstream does.
 */
static void stmmac_enable_rx_queue(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

	/*
	 * upstream returns with what __alloc_dma_rx_desc_resources made (a
	 * page_pool without a ring): freed when the queues go down
	 */
	if (rl_stmmac_alloc_rx(priv, q))
		return;
	if (rl_stmmac_init_rx(priv, q)) {
		rl_stmmac_free_rx(priv, q);
		return;
	}
	rl_dring_set_base(rx_q->dma_rx);
	rl_dring_set_tail(rx_q->dma_rx);
	rl_dring_start(rx_q->dma_rx);
	rl_dring_irq_enable(rx_q->dma_rx, true);
}

/*
 * Fix (race_stmmac_xdp_tx_pool_switch): the TX queue leaves the stack and
 * XDP for the switch - netif_tx_stop_queue under the queue's lock, which
 * XDP_TX and ndo_xdp_xmit hold too (stmmac_xdp_xmit_xdpf refuses a
 * stopped queue) - and comes back once its ring is there again.
 * Upstream frees the ring under another CPU's XDP_TX or devmap flush
 * that picked this queue (stmmac_xdp_get_tx_queue).
 */
static void stmmac_switch_txq(struct rl_stmmac_priv *priv, u32 q, bool on)
{
	if (rl_stmmac_bug(priv, RL_SV_RACE_XDP_TX_POOL_SWITCH))
		return;
	if (!on)
		rl_netif_tx_stop_queue(priv->dev, q);
	else if (priv->tx_queue[q].dma_tx)
		rl_netif_tx_wake_queue(priv->dev, q);
}

static void stmmac_disable_tx_queue(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

	stmmac_switch_txq(priv, q, false);

	if (tx_q->dma_tx) {
		rl_dring_irq_enable(tx_q->dma_tx, false);
		rl_dring_stop(tx_q->dma_tx);
	}
	rl_stmmac_free_tx(priv, q);
}

static void stmmac_enable_tx_queue(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

	if (rl_stmmac_alloc_tx(priv, q))
		return;
	rl_stmmac_init_tx(priv, q);
	rl_dring_set_base(tx_q->dma_tx);
	rl_dring_start(tx_q->dma_tx);
	rl_dring_irq_enable(tx_q->dma_tx, true);
	stmmac_switch_txq(priv, q, true);
}

/*
 * Fix (stmmac_queue_reenable_fail_ignored): stmmac_enable_rx/tx_queue
 * only log a failed allocation and leave the queue without rings while
 * the device runs - its NAPI polls and release free them again.  The
 * patched driver takes the device's queues down (STMMAC_DOWN) instead.
 */
static bool stmmac_requeue_failed(struct rl_stmmac_priv *priv, u32 q)
{
	if ((priv->rx_queue[q].dma_rx && priv->tx_queue[q].dma_tx) ||
	    rl_stmmac_bug(priv, RL_SV_QUEUE_REENABLE_FAIL_IGNORED))
		return false;
	rl_stmmac_queues_fail(priv, q);
	return true;
}

/* the device runs with a program: the queue is rebuilt around the switch */
static bool stmmac_pool_need_update(const struct rl_stmmac_priv *priv)
{
	/* patched: after a failed program swap (STMMAC_DOWN) nothing is up */
	return priv->up && !priv->down && priv->xdp_prog;
}

static int stmmac_xdp_enable_pool(struct rl_stmmac_priv *priv,
				  struct rl_xsk_pool *pool, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	bool series = rl_stmmac_bug(priv, RL_SV_RACE_POOL_NAPI_ORDER);
	bool need_update;
	int err;

	if (q >= priv->cfg.rx_queues || q >= priv->cfg.tx_queues)
		return -EINVAL;
	if (rl_xsk_pool_get_rx_frame_size(pool) < RL_STMMAC_XSK_MIN_FRAME)
		return -EOPNOTSUPP;
	err = rl_xsk_pool_dma_map(pool);
	if (err)
		return err;
	need_update = stmmac_pool_need_update(priv);
	if (need_update) {
		/*
		 * a6451192da26: NAPI off before the rings go (the series freed
		 * them first, and a poll scheduled meanwhile ran on them)
		 */
		if (!series) {
			rl_napi_disable(&rx_q->rx_napi);
			rl_napi_disable(&priv->tx_queue[q].tx_napi);
		}
		stmmac_disable_rx_queue(priv, q);
		stmmac_disable_tx_queue(priv, q);
		if (series) {
			rl_napi_disable(&rx_q->rx_napi);
			rl_napi_disable(&priv->tx_queue[q].tx_napi);
		}
	}
	rl_set_bit(q, priv->af_xdp_zc_qps);
	if (!need_update)
		return 0;
	/* and on again only once the rings are there */
	if (series)
		rl_napi_enable(&rx_q->rxtx_napi);
	stmmac_enable_rx_queue(priv, q);
	stmmac_enable_tx_queue(priv, q);
	if (stmmac_requeue_failed(priv, q))
		return 0;	/* bound: the next swap or open builds it */
	if (!series)
		rl_napi_enable(&rx_q->rxtx_napi);
	err = rl_stmmac_xsk_wakeup(priv, q, RL_XDP_WAKEUP_RX);
	/*
	 * Fix (stmmac_xsk_enable_wakeup_err): the queue is zero copy now;
	 * the kick failing (no carrier: -ENETDOWN) is no reason to fail the
	 * bind - upstream returns it, the core drops the pool while the
	 * rings hold its buffers and the pool stays mapped
	 */
	return rl_stmmac_bug(priv, RL_SV_XSK_ENABLE_WAKEUP_ERR) ? err : 0;
}

static int stmmac_xdp_disable_pool(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	bool series = rl_stmmac_bug(priv, RL_SV_RACE_POOL_NAPI_ORDER);
	struct rl_xsk_pool *pool;
	bool need_update;

	if (q >= priv->cfg.rx_queues || q >= priv->cfg.tx_queues)
		return -EINVAL;
	pool = rl_xsk_get_pool_from_qid(priv->dev, q);
	if (!pool)
		return -EINVAL;
	need_update = stmmac_pool_need_update(priv);
	if (need_update) {
		if (!series)
			rl_napi_disable(&rx_q->rxtx_napi);
		stmmac_disable_rx_queue(priv, q);
		stmmac_disable_tx_queue(priv, q);
		/* synchronize_rcu(): redirects in flight to the socket end */
		rl_model_wait(priv->m, RL_WAIT_SYNC_NET);
		if (series)
			rl_napi_disable(&rx_q->rxtx_napi);
	}
	rl_xsk_pool_dma_unmap(pool);
	rl_clear_bit(q, priv->af_xdp_zc_qps);
	if (!need_update)
		return 0;
	if (series) {
		rl_napi_enable(&rx_q->rx_napi);
		rl_napi_enable(&priv->tx_queue[q].tx_napi);
	}
	stmmac_enable_rx_queue(priv, q);
	stmmac_enable_tx_queue(priv, q);
	if (stmmac_requeue_failed(priv, q))
		return 0;
	if (!series) {
		rl_napi_enable(&rx_q->rx_napi);
		rl_napi_enable(&priv->tx_queue[q].tx_napi);
	}
	return 0;
}

int rl_stmmac_xdp_setup_pool(struct rl_stmmac_priv *priv,
			     struct rl_xsk_pool *pool, u32 queue)
{
	return pool ? stmmac_xdp_enable_pool(priv, pool, queue) :
		      stmmac_xdp_disable_pool(priv, queue);
}

/*
 * stmmac_xsk_wakeup(): the channel's rxtx NAPI is scheduled (EQoS has no
 * per-channel software interrupt).  Refused while STMMAC_DOWN, without
 * carrier or program, or on a queue that is not zero copy.
 */
int rl_stmmac_xsk_wakeup(struct rl_stmmac_priv *priv, u32 queue, u32 flags)
{
	if (priv->down || !rl_netif_carrier_ok(priv->dev))
		return -ENETDOWN;
	if (!priv->xdp_prog)
		return -EINVAL;
	if (queue >= priv->cfg.rx_queues || queue >= priv->cfg.tx_queues)
		return -EINVAL;
	if (!priv->rx_queue[queue].xsk_pool && !priv->tx_queue[queue].xsk_pool)
		return -EINVAL;
	/* napi_if_scheduled_mark_missed(), else napi_schedule() */
	rl_napi_schedule(&priv->rx_queue[queue].rxtx_napi);
	return 0;
}
