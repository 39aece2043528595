// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_main.c - probe/remove, stmmac_open/stmmac_release and the XDP
 * program swap (stmmac_xdp.c: stmmac_xdp_set_prog with
 * stmmac_xdp_release/stmmac_xdp_open), in the order upstream runs them.
 */
#include "stmmac.h"

struct rl_stmmac_priv *rl_stmmac_probe(struct rl_model *m,
				       const struct rl_stmmac_cfg *cfg)
{
	struct rl_stmmac_priv *priv;
	u32 q;

	if (!cfg->rx_queues || cfg->rx_queues > RL_STMMAC_MAX_QUEUES ||
	    !cfg->tx_queues || cfg->tx_queues > RL_STMMAC_MAX_QUEUES ||
	    cfg->dma_rx_size < 2 || cfg->dma_rx_size > RL_DRING_MAX ||
	    cfg->dma_tx_size < 4 || cfg->dma_tx_size > RL_DRING_MAX)
		return NULL;
	priv = rl_zalloc(sizeof(*priv));
	if (!priv)
		return NULL;
	priv->m = m;
	priv->cfg = *cfg;
	priv->dev = rl_netdev_create(m, 0, cfg->tx_queues);
	if (!priv->dev) {
		rl_free(priv);
		return NULL;
	}
	/* stmmac_dvr_probe(): which queues run zero copy, a bitmap of its own */
	priv->af_xdp_zc_qps = rl_bitmap_zalloc(m, RL_STMMAC_MTL_MAX_TX_QUEUES,
					       "bitmap_zalloc in stmmac_dvr_probe (af_xdp_zc_qps) never freed");
	if (!priv->af_xdp_zc_qps)
		goto err_netdev;
	priv->wq = rl_alloc_workqueue(m, "create_singlethread_workqueue in stmmac_dvr_probe (stmmac_wq) never destroyed");
	if (!priv->wq)
		goto err_wq;
	rl_netif_set_real_num_rx_queues(priv->dev, cfg->rx_queues);
	/* stmmac_napi_add() */
	for (q = 0; q < cfg->rx_queues; q++) {
		priv->rx_queue[q].priv_data = priv;
		priv->rx_queue[q].queue_index = q;
		priv->rx_queue[q].xdp_rxq.m = m;
		rl_netif_napi_add(m, &priv->rx_queue[q].rx_napi,
				  rl_stmmac_napi_poll_rx);
	}
	for (q = 0; q < cfg->tx_queues; q++) {
		priv->tx_queue[q].priv_data = priv;
		priv->tx_queue[q].queue_index = q;
		rl_netif_napi_add(m, &priv->tx_queue[q].tx_napi,
				  rl_stmmac_napi_poll_tx);
	}
	/* a channel with both directions also gets the zero-copy NAPI */
	for (q = 0; q < cfg->rx_queues && q < cfg->tx_queues; q++)
		rl_netif_napi_add(m, &priv->rx_queue[q].rxtx_napi,
				  rl_stmmac_napi_poll_rxtx);
	return priv;

err_wq:
	/*
	 * a137f3f27f92 (net: stmmac: fix possible memory leak in
	 * stmmac_dvr_probe(), Fixes bba2556efad6): error_wq_init frees the
	 * bitmap; before, a failed workqueue returned -ENOMEM with it
	 * allocated (stmmac_probe_wq_fail_leak)
	 */
	if (!rl_stmmac_bug(priv, RL_SV_PROBE_WQ_FAIL_LEAK))
		rl_bitmap_free(m, priv->af_xdp_zc_qps);
err_netdev:
	rl_netdev_destroy(priv->dev);
	rl_free(priv);
	return NULL;
}

/* free_dma_rx_desc_resources() / free_dma_tx_desc_resources() */
static void free_dma_rx_desc_resources(struct rl_stmmac_priv *priv)
{
	u32 q;

	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_stmmac_free_rx(priv, q);
}

static void free_dma_tx_desc_resources(struct rl_stmmac_priv *priv)
{
	u32 q;

	for (q = 0; q < priv->cfg.tx_queues; q++)
		rl_stmmac_free_tx(priv, q);
}

/*
 * free_dma_desc_resources(): TX first, RX after it, so that the pages
 * XDP_TX frames still hold go back to their RX page_pool before it is
 * destroyed (the order since be8b38a722e6, "net: stmmac: Add support for
 * XDP_TX action", 2021; 6.1 and mainline read).
 */
static void free_dma_desc_resources(struct rl_stmmac_priv *priv)
{
	free_dma_tx_desc_resources(priv);
	free_dma_rx_desc_resources(priv);
}

/*
 * The free after a queue could not be allocated walks every one of the
 * @nr queues, those from @first (the one after it) too.  In
 * stmmac_xdp_open (@fresh false: the rebuild reuses priv->dma_conf)
 * those still hold what stmmac_xdp_release freed - upstream's __free_dma_rx/tx_desc_resources leave buf_pool,
 * page_pool, the rings and tx_skbuff(_dma) pointing at freed memory -
 * so dma_free_rx_skbufs/dma_free_tx_skbufs read a kfree'd array first
 * (KASAN slab-use-after-free), then the rings and pools are freed again.
 * stmmac_open allocates into a new, zeroed dma_conf
 * (stmmac_setup_dma_desc): nothing dangles there.  The model's freed
 * pointers are NULL, so only the variant reports here.
 */
static void stmmac_free_dangling(struct rl_stmmac_priv *priv, bool fresh,
				 u32 first, u32 nr, bool rx)
{
	if (fresh || first >= nr ||
	    !rl_stmmac_bug(priv, RL_SV_ALLOC_FAIL_FREES_DANGLING))
		return;
	rl_ledger_report_count(priv->m->ledger, RL_F_USE_AFTER_FREE,
			       RL_OBJ_KMEM, first, 1, 0, rx ?
			       "dma_free_rx_skbufs: the buf_pool of RX queue <id>, kfree()d by the last release (dangling pointer)" :
			       "dma_free_tx_skbufs: the tx_skbuff_dma of TX queue <id>, kfree()d by the last release (dangling pointer)");
}

/*
 * alloc_dma_desc_resources(): alloc_dma_rx_desc_resources (every RX
 * queue freed if one fails), then alloc_dma_tx_desc_resources (every TX
 * queue freed if one fails).  @fresh: stmmac_open's new dma_conf, not
 * the rebuild's priv->dma_conf.
 */
static int alloc_dma_desc_resources(struct rl_stmmac_priv *priv, bool fresh)
{
	int ret = 0;
	u32 q;

	for (q = 0; q < priv->cfg.rx_queues && !ret; q++)
		ret = rl_stmmac_alloc_rx(priv, q);
	if (ret) {
		/* q: one past the queue that failed */
		stmmac_free_dangling(priv, fresh, q, priv->cfg.rx_queues, true);
		free_dma_rx_desc_resources(priv);
		return ret;
	}
	for (q = 0; q < priv->cfg.tx_queues && !ret; q++)
		ret = rl_stmmac_alloc_tx(priv, q);
	if (ret) {
		stmmac_free_dangling(priv, fresh, q, priv->cfg.tx_queues, false);
		free_dma_tx_desc_resources(priv);
		/*
		 * Fix (stmmac_alloc_tx_fail_rx_leak): upstream returns with
		 * the RX queues allocated, and neither stmmac_open (kfree of
		 * its new dma_conf) nor stmmac_xdp_open frees them.  Posted
		 * as "net: stmmac: Free Rx descs on Tx allocation failure"
		 * (Serge Semin, 2021 and 2023, Fixes 71fedb0198cb) and again
		 * by Abid Ali (2026); not in mainline as read.
		 */
		if (!rl_stmmac_bug(priv, RL_SV_ALLOC_TX_FAIL_RX_LEAK))
			free_dma_rx_desc_resources(priv);
	}
	return ret;
}

/*
 * alloc_dma_desc_resources() + init_dma_desc_rings() + stmmac_hw_setup()
 * (each channel's base address and tail pointer) + the DMA started, then
 * the NAPIs enabled (stmmac_enable_all_queues) - stmmac_open's and
 * stmmac_xdp_open's common part.
 */
static int stmmac_queues_up(struct rl_stmmac_priv *priv, bool fresh)
{
	u32 q;
	int ret = alloc_dma_desc_resources(priv, fresh);

	if (ret)
		return ret;
	for (q = 0; q < priv->cfg.rx_queues && !ret; q++)
		ret = rl_stmmac_init_rx(priv, q);
	if (ret) {
		free_dma_desc_resources(priv);
		return ret;
	}
	/* stmmac_init_chan() with its channel interrupts masked */
	for (q = 0; q < priv->cfg.tx_queues; q++) {
		rl_stmmac_init_tx(priv, q);
		rl_dring_set_base(priv->tx_queue[q].dma_tx);
		rl_dring_irq_enable(priv->tx_queue[q].dma_tx, false);
		rl_dring_start(priv->tx_queue[q].dma_tx);
	}
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		struct rl_dring *r = priv->rx_queue[q].dma_rx;

		rl_dring_set_base(r);
		rl_dring_irq_enable(r, false);
		rl_dring_set_tail(r);
		rl_dring_start(r);
	}
	/* stmmac_request_irq(): single-IRQ mode, one line for the MAC */
	rl_request_irq(priv->m, &priv->irq, rl_stmmac_interrupt, priv);
	/* stmmac_enable_all_queues() */
	for (q = 0; q < rl_stmmac_channels(priv); q++)
		rl_stmmac_enable_queue_napis(priv, q);
	return 0;
}

/* stmmac_enable_all_dma_irq(): last thing open does, after the queues */
static void stmmac_enable_all_dma_irq(struct rl_stmmac_priv *priv)
{
	u32 q;

	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_dring_irq_enable(priv->rx_queue[q].dma_rx, true);
	for (q = 0; q < priv->cfg.tx_queues; q++)
		rl_dring_irq_enable(priv->tx_queue[q].dma_tx, true);
}

/*
 * stmmac_napi_check() for every channel (stmmac_dma_interrupt): a status
 * the channel reports schedules its NAPI, and the channel's interrupt for
 * that direction stays masked until the poll completes.  Upstream masks
 * before __napi_schedule; no poll runs in between here either.
 */
void rl_stmmac_interrupt(void *data)
{
	struct rl_stmmac_priv *priv = data;
	u32 q;

	/* a queue with an XSK pool reports to the channel's rxtx NAPI */
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		struct rl_dring *r = priv->rx_queue[q].dma_rx;

		if (r && rl_dring_irq_status(r) &&
		    rl_napi_schedule(rl_stmmac_rx_napi(priv, q)))
			rl_dring_irq_enable(r, false);
	}
	for (q = 0; q < priv->cfg.tx_queues; q++) {
		struct rl_dring *r = priv->tx_queue[q].dma_tx;

		if (r && rl_dring_irq_status(r) &&
		    rl_napi_schedule(rl_stmmac_tx_napi(priv, q)))
			rl_dring_irq_enable(r, false);
	}
}

/*
 * With the NAPIs off: the line freed (stmmac_free_irq), the DMA stopped
 * (stmmac_stop_all_dma), buffers and rings freed.  @missing_is_bug: a
 * queue without rings is upstream freeing them a second time
 * (stmmac_queue_reenable_fail_ignored: dma_free_coherent,
 * page_pool_destroy again), reported; else it is skipped.
 */
static void stmmac_stop_and_free(struct rl_stmmac_priv *priv,
				 bool missing_is_bug)
{
	u32 q;

	rl_free_irq(&priv->irq);
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		struct rl_dring *r = priv->rx_queue[q].dma_rx;

		if (r)
			rl_dring_stop(r);
		else if (missing_is_bug)
			rl_oops_null(r, RL_OBJ_DESC,
				     "release of an RX queue whose rings were freed already (double free)");
	}
	for (q = 0; q < priv->cfg.tx_queues; q++) {
		struct rl_dring *r = priv->tx_queue[q].dma_tx;

		if (r)
			rl_dring_stop(r);
		else if (missing_is_bug)
			rl_oops_null(r, RL_OBJ_DESC,
				     "release of a TX queue whose ring was freed already (double free)");
	}
	free_dma_desc_resources(priv);
}

/*
 * NAPIs disabled (stmmac_disable_all_queues), the DMA stopped
 * (stmmac_stop_all_dma), then buffers and rings freed - stmmac_release's
 * and stmmac_xdp_release's common part.  @tx_off: the caller stopped the
 * stack's queues first (stmmac_xdp_release's netif_tx_disable);
 * @tx_disable: they are stopped once the NAPIs are off (stmmac_release's
 * netif_tx_disable, after stmmac_disable_all_queues and the TX timers'
 * hrtimer_cancel: 6.1 read).
 */
static void stmmac_queues_down(struct rl_stmmac_priv *priv, bool tx_off,
			       bool tx_disable)
{
	u32 q;

	/*
	 * stmmac_disable_all_queues(): synchronize_rcu() first when a queue
	 * has an XSK pool ("for pending XDP buffers to drain")
	 */
	for (q = 0; q < priv->cfg.rx_queues; q++) {
		if (priv->rx_queue[q].xsk_pool) {
			rl_model_wait(priv->m, RL_WAIT_SYNC_NET);
			break;
		}
	}
	for (q = 0; q < rl_stmmac_channels(priv); q++)
		rl_stmmac_disable_queue_napis(priv, q);
	/*
	 * Fix (race_stmmac_tx_wake_in_rebuild): a TX clean that ran inside
	 * napi_disable() may have woken a queue netif_tx_disable() stopped -
	 * stmmac_tx_clean wakes on room alone, with no "going down" test like
	 * ixgbe's __IXGBE_DOWN - and the stack would transmit into the rings
	 * freed next.  No poll runs now: stop them again.
	 */
	if ((tx_off && !rl_stmmac_bug(priv, RL_SV_RACE_TX_WAKE_IN_REBUILD)) ||
	    tx_disable)
		rl_netif_tx_stop_all_queues(priv->dev);
	stmmac_stop_and_free(priv, true);
}

/*
 * The patched driver after a queue of a running device could not be
 * built again (stmmac_xdp.c's pool switch, allocation failure): as after a
 * failed program swap, every other channel goes down too and STMMAC_DOWN
 * says no queues exist until the next swap or open builds them.  Channel
 * @q's NAPIs are off already.
 */
void rl_stmmac_queues_fail(struct rl_stmmac_priv *priv, u32 q)
{
	u32 c;

	for (c = 0; c < rl_stmmac_channels(priv); c++)
		if (c != q)
			rl_stmmac_disable_queue_napis(priv, c);
	/* channel @q has no rings: not a double free here */
	stmmac_stop_and_free(priv, false);
	rl_netif_tx_stop_all_queues(priv->dev);
	priv->down = true;
}

/*
 * A failed stmmac_open kfree()s the dma_conf stmmac_setup_dma_desc made
 * for it, with whatever it still points to (nothing once every failure
 * path frees what it allocated; stmmac_alloc_tx_fail_rx_leak's RX queues
 * otherwise, never freed: kmemleak, DMA-API debug and the page_pools'
 * users see them at remove).  The model's queues live in priv: dropped.
 */
static void stmmac_dma_conf_kfree(struct rl_stmmac_priv *priv)
{
	u32 q;

	for (q = 0; q < priv->cfg.rx_queues; q++) {
		struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];

		rx_q->page_pool = NULL;
		rx_q->dma_rx = NULL;
		memset(&rx_q->xdp_rxq, 0, sizeof(rx_q->xdp_rxq));
	}
}

int rl_stmmac_open(struct rl_stmmac_priv *priv)
{
	int ret;

	if (priv->up)
		return -EBUSY;
	ret = stmmac_queues_up(priv, true);
	if (ret) {
		stmmac_dma_conf_kfree(priv);
		return ret;
	}
	rl_netif_tx_start_all_queues(priv->dev);
	stmmac_enable_all_dma_irq(priv);
	/* phylink_start(): a fixed link comes up at once (netif_carrier_on) */
	rl_netif_carrier_on(priv->dev);
	priv->up = true;
	return 0;
}

int rl_stmmac_release(struct rl_stmmac_priv *priv)
{
	if (!priv->up)
		return -EINVAL;
	/*
	 * phylink_stop(): the link goes down first (netif_carrier_off); the
	 * core stopped the stack's transmit before ndo_stop
	 * (__dev_close_many: dev_deactivate_many), the driver's own
	 * netif_tx_disable comes after its NAPIs are off
	 */
	rl_netif_carrier_off(priv->dev);
	/* patched: a failed rebuild left nothing to take down */
	if (!priv->down)
		stmmac_queues_down(priv, false, true);
	else
		rl_netif_tx_stop_all_queues(priv->dev);
	priv->down = false;
	priv->up = false;
	return 0;
}

/*
 * stmmac_xdp_set_prog(): a program coming or going (not a swap between
 * two) rebuilds the queues when the device runs - stmmac_xdp_release,
 * the new program in place, stmmac_xdp_open - so that the page_pools map
 * both ways for XDP_TX.
 */
int rl_stmmac_xdp_set_prog(struct rl_stmmac_priv *priv,
			   struct rl_bpf_prog *prog)
{
	/* patched: after a failed rebuild any swap builds the queues again */
	bool need_update = !priv->xdp_prog != !prog || priv->down;
	struct rl_bpf_prog *old = priv->xdp_prog;
	int ret;

	if (priv->up && need_update && !priv->down) {
		/*
		 * 77711683a504 (and b270bfe69736 before the rebuild had its
		 * own release): netif_tx_disable() first, else the stack
		 * transmits into rings freed under it (variant
		 * stmmac_xdp_release_tx_running)
		 */
		bool tx_off = !rl_stmmac_bug(priv, RL_SV_XDP_RELEASE_TX_RUNNING);

		if (tx_off)
			rl_netif_tx_stop_all_queues(priv->dev);
		stmmac_queues_down(priv, tx_off, false);
		rl_netif_carrier_off(priv->dev);	/* stmmac_xdp_release */
	}
	priv->xdp_prog = prog;
	if (old)
		rl_bpf_prog_put(old);
	if (!priv->up || !need_update)
		return 0;
	ret = stmmac_queues_up(priv, false);
	if (!ret) {
		/* stmmac_xdp_open's end */
		priv->down = false;
		rl_netif_carrier_on(priv->dev);
		rl_netif_tx_start_all_queues(priv->dev);
		stmmac_enable_all_dma_irq(priv);
		return 0;
	}
	/*
	 * Upstream ignores stmmac_xdp_open()'s failure (variant
	 * stmmac_xdp_reopen_fail_ignored): the device runs on with no
	 * queues.  Patched: STMMAC_DOWN says so - ndo_xdp_xmit refuses,
	 * release and the next swap know nothing is there.  The program
	 * stays installed (the core holds no reference to give back), so
	 * this returns 0 as upstream does.
	 */
	if (rl_stmmac_bug(priv, RL_SV_XDP_REOPEN_FAIL_IGNORED))
		return 0;
	priv->down = true;
	/*
	 * and the stack kept out: a TX poll that ran inside napi_disable()
	 * may have woken a queue again (stmmac_tx_clean wakes on room alone)
	 */
	rl_netif_tx_stop_all_queues(priv->dev);
	return 0;
}

void rl_stmmac_remove(struct rl_stmmac_priv *priv)
{
	u32 q;

	if (priv->up)
		rl_stmmac_release(priv);
	if (priv->xdp_prog)
		rl_bpf_prog_put(priv->xdp_prog);
	for (q = 0; q < priv->cfg.rx_queues; q++)
		rl_netif_napi_del(&priv->rx_queue[q].rx_napi);
	for (q = 0; q < priv->cfg.tx_queues; q++)
		rl_netif_napi_del(&priv->tx_queue[q].tx_napi);
	for (q = 0; q < priv->cfg.rx_queues && q < priv->cfg.tx_queues; q++)
		rl_netif_napi_del(&priv->rx_queue[q].rxtx_napi);
	rl_netdev_destroy(priv->dev);
	rl_destroy_workqueue(priv->m, priv->wq);
	/*
	 * stmmac_dvr_remove(): d7f576dc9836 (net: stmmac: fix memory leak
	 * during driver probe, Fixes bba2556efad6) added this free; the series
	 * left the bitmap to kmemleak (stmmac_zc_qps_bitmap_leak)
	 */
	if (!rl_stmmac_bug(priv, RL_SV_ZC_QPS_BITMAP_LEAK))
		rl_bitmap_free(priv->m, priv->af_xdp_zc_qps);
	rl_free(priv);
}
