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
/*@ requires dev: stmmac_switch_dev(priv) && q < RL_STMMAC_MAX_QUEUES &&
  @   stmmac_switch_rings(priv, q);
  @ assigns RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[q]),
  @   priv->rx_queue[q].dma_rx->irq_en,
  @   RL_DRING_RUN_FOOTPRINT(priv->rx_queue[q].dma_rx);
  @ ensures gone: priv->rx_queue[q].dma_rx == \null;
  @ ensures dev_kept: stmmac_switch_dev(priv) && RL_STMMAC_DEV_KEPT(priv);
  @ ensures tx_kept: priv->tx_queue[q].dma_tx != \null ==>
  @   stmmac_apart_ring(priv, priv->tx_queue[q].dma_tx);
  @*/
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
/*
 * Proof view (A7, not proven): the queue's fields but its NAPIs, as the
 * calls' contracts say; and the new ring's own state (base, start,
 * interrupt) with the buffers its start hands the device, which no
 * assigns clause can name - the ring is allocated inside the call.
 * dev_kept (and the TX side's cfg_kept) only writes out what those
 * assigns give, so that the switch's goals need not carry the device's
 * separations across the call (unit stmmac_pool_setup).
 */
/*@ requires \valid(priv) && q < RL_STMMAC_MAX_QUEUES;
  @ requires \valid(priv->dev) && \separated(priv, priv->dev);
  @ assigns RL_STMMAC_RXQ_FOOTPRINT(&priv->rx_queue[q]);
  @ ensures dev_kept: priv->dev->num_tx_queues ==
  @   \old(priv->dev->num_tx_queues) &&
  @   priv->cfg.rx_queues == \old(priv->cfg.rx_queues);
  @*/
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
/*@ requires \valid(priv) && \valid(priv->dev) && \separated(priv, priv->dev);
  @ requires q < RL_STMMAC_MAX_QUEUES && q < priv->dev->num_tx_queues <= RL_MAX_TXQ;
  @ assigns RL_NETDEV_TXQ_FOOTPRINT(priv->dev, q);
  @ ensures off: !on ==> priv->dev->txq[q].stopped;
  @*/
static void stmmac_switch_txq(struct rl_stmmac_priv *priv, u32 q, bool on)
{
	if (rl_stmmac_bug(priv, RL_SV_RACE_XDP_TX_POOL_SWITCH))
		return;
	if (!on)
		rl_netif_tx_stop_queue(priv->dev, q);
	else if (priv->tx_queue[q].dma_tx)
		rl_netif_tx_wake_queue(priv->dev, q);
}

/*@ requires dev: stmmac_switch_dev(priv) && q < priv->cfg.tx_queues;
  @ requires ring: priv->tx_queue[q].dma_tx != \null ==>
  @   stmmac_apart_ring(priv, priv->tx_queue[q].dma_tx);
  @ assigns RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[q]),
  @   RL_NETDEV_TXQ_FOOTPRINT(priv->dev, q), priv->tx_queue[q].dma_tx->irq_en,
  @   RL_DRING_RUN_FOOTPRINT(priv->tx_queue[q].dma_tx);
  @ ensures gone: priv->tx_queue[q].dma_tx == \null;
  @ ensures dev_kept: stmmac_switch_dev(priv) && RL_STMMAC_DEV_KEPT(priv);
  @*/
static void stmmac_disable_tx_queue(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];

	stmmac_switch_txq(priv, q, false);

	if (tx_q->dma_tx) {
		rl_dring_irq_enable(tx_q->dma_tx, false);
		rl_dring_stop(tx_q->dma_tx);
	}
	/*@ assert txq_stopped: priv->dev->txq[q].stopped; */
	rl_stmmac_free_tx(priv, q);
}

/* Proof view: as stmmac_enable_rx_queue's (A7, not proven), and the wake. */
/*@ requires \valid(priv) && \valid(priv->dev) && \separated(priv, priv->dev);
  @ requires q < RL_STMMAC_MAX_QUEUES && q < priv->dev->num_tx_queues <= RL_MAX_TXQ;
  @ assigns RL_STMMAC_TXQ_FOOTPRINT(&priv->tx_queue[q]),
  @   RL_NETDEV_TXQ_FOOTPRINT(priv->dev, q);
  @ ensures cfg_kept: priv->cfg.rx_queues == \old(priv->cfg.rx_queues);
  @*/
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
/*@ requires \valid(priv) && \valid(priv->dev) && \separated(priv, priv->dev);
  @ requires q < RL_STMMAC_MAX_QUEUES;
  @ assigns priv->rx_queue[0 .. RL_STMMAC_MAX_QUEUES - 1],
  @   priv->tx_queue[0 .. RL_STMMAC_MAX_QUEUES - 1], priv->down,
  @   priv->irq, priv->dev->txq[0 .. RL_MAX_TXQ - 1];
  @ ensures cfg_kept: priv->cfg.rx_queues == \old(priv->cfg.rx_queues);
  @ ensures requeued: \result ? priv->down :
  @   priv->rx_queue[q].dma_rx != \null && priv->tx_queue[q].dma_tx != \null;
  @*/
static bool stmmac_requeue_failed(struct rl_stmmac_priv *priv, u32 q)
{
	if ((priv->rx_queue[q].dma_rx && priv->tx_queue[q].dma_tx) ||
	    rl_stmmac_bug(priv, RL_SV_QUEUE_REENABLE_FAIL_IGNORED))
		return false;
	rl_stmmac_queues_fail(priv, q);
	return true;
}

/* the device runs with a program: the queue is rebuilt around the switch */
/*@ requires \valid_read(priv);
  @ assigns \nothing;
  @ ensures \result <==> stmmac_switch_live(priv);
  @*/
static bool stmmac_pool_need_update(const struct rl_stmmac_priv *priv)
{
	/* patched: after a failed program swap (STMMAC_DOWN) nothing is up */
	return priv->up && !priv->down && priv->xdp_prog;
}

/*
 * Proven (unit stmmac_pool_setup, proofs/README.md; the unit
 * stmmac_pool_switch proves the steps it calls): the queue's NAPIs
 * are off when its rings go (napis_off), a bind that fails leaves the
 * pool's mapping count as it found it - nothing of the pool stays mapped
 * for a socket the core unregisters (failed_unmapped) - and a switch
 * that rebuilds the queue ends with both its rings there or the device
 * down (requeued).  The queue is not zero copy yet (the core binds one
 * pool per queue), so of its NAPIs the rxtx one is off with the device
 * running (A7).
 */
/*@ requires dev: stmmac_switch_dev(priv);
  @ requires rings: q < RL_STMMAC_MAX_QUEUES ==> stmmac_switch_rings(priv, q);
  @ requires pool: \valid(pool) && pool->dma_map_cnt < 0xffffffff &&
  @   (q < RL_STMMAC_MAX_QUEUES ==> stmmac_apart_map(priv, q, pool));
  @ requires not_zc: q < RL_STMMAC_MAX_QUEUES && stmmac_switch_live(priv) ==>
  @   !priv->rx_queue[q].rxtx_napi.enabled;
  @ ensures failed_unmapped: \result != 0 ==>
  @   pool->dma_map_cnt == \old(pool->dma_map_cnt);
  @ ensures requeued: \result == 0 && q < priv->cfg.rx_queues &&
  @   \old(stmmac_switch_live(priv)) ==> RL_STMMAC_REQUEUED(priv, q);
  @*/
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
	/*@ assert mapped_apart: stmmac_switch_dev(priv) &&
	  @   stmmac_switch_rings(priv, q);
	  @*/
	/*@ assert napis_valid: RL_STMMAC_NAPIS_VALID(priv, q); */
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
		/*@ assert napis_off: stmmac_napis_off(priv, q); */
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

/*
 * Proven (unit stmmac_pool_setup): napis_off and requeued as for the
 * enable; race_stmmac_pool_napi_order breaks napis_off in both.  The
 * queue is zero copy (its pool bound), so of its NAPIs the rx and tx
 * ones are off with the device running (A7).  unmap_count names the TX
 * queue count where the pool's unmap starts: carried from the teardowns
 * to the rebuild's precondition it ran out of steps.
 */
/*@ requires dev: stmmac_switch_dev(priv);
  @ requires rings: q < RL_STMMAC_MAX_QUEUES ==> stmmac_switch_rings(priv, q);
  @ requires zc: q < RL_STMMAC_MAX_QUEUES && stmmac_switch_live(priv) ==>
  @   !priv->rx_queue[q].rx_napi.enabled &&
  @   !priv->tx_queue[q].tx_napi.enabled;
  @ requires pool: q < RL_MAX_TXQ && priv->dev->xsk_pool[q] != \null ==>
  @   \valid(priv->dev->xsk_pool[q]) &&
  @   q < RL_STMMAC_MAX_QUEUES &&
  @   stmmac_apart_map(priv, q, priv->dev->xsk_pool[q]);
  @ ensures requeued: \result == 0 && q < priv->cfg.rx_queues &&
  @   \old(stmmac_switch_live(priv)) ==> RL_STMMAC_REQUEUED(priv, q);
  @*/
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
	/*@ assert pool_apart: \separated(pool, priv) &&
	  @   \separated(pool, priv->dev);
	  @*/
	/*@ assert napis_valid: RL_STMMAC_NAPIS_VALID(priv, q); */
	need_update = stmmac_pool_need_update(priv);
	if (need_update) {
		if (!series)
			rl_napi_disable(&rx_q->rxtx_napi);
		/*@ assert napis_off: stmmac_napis_off(priv, q); */
		stmmac_disable_rx_queue(priv, q);
		stmmac_disable_tx_queue(priv, q);
		/* synchronize_rcu(): redirects in flight to the socket end */
		rl_model_wait(priv->m, RL_WAIT_SYNC_NET);
		if (series)
			rl_napi_disable(&rx_q->rxtx_napi);
	}
	/*@ assert unmap_apart: need_update ==> \separated(pool, priv->dev); */
	/*@ assert unmap_count: need_update ==>
	  @   q < priv->dev->num_tx_queues <= RL_MAX_TXQ;
	  @*/
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
/*@ requires \valid(priv) && \valid_read(priv->dev);
  @ requires priv->cfg.rx_queues <= RL_STMMAC_MAX_QUEUES;
  @ assigns priv->rx_queue[queue].rxtx_napi.scheduled,
  @   priv->rx_queue[queue].rxtx_napi.refused;
  @*/
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
