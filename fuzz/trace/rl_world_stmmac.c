// SPDX-License-Identifier: GPL-2.0
/*
 * rl_world_stmmac.c - the stmmac driver and its device as the world
 * drives them (struct rl_world_drv): one port, a DMA channel per queue
 * whose descriptor rings the device walks (model/desc_ring.c), one
 * interrupt line for the MAC whose handler reads each channel's status.
 * Trace arguments: "flow" is an RX queue, "channel" a TX queue, the port
 * is 0.
 */
#include "rl_world.h"

void rl_world_model_cfg_stmmac(const struct rl_stmmac_cfg *cfg,
			       struct rl_model_cfg *mcfg)
{
	u32 descs = cfg->rx_queues * cfg->dma_rx_size +
		    cfg->tx_queues * cfg->dma_tx_size;

	/*
	 * no CPPI5 descriptor pool (one unused slot): the rings are coherent
	 * DMA memory, two mappings per queue
	 */
	rl_world_model_size(mcfg, 1, descs, RL_STMMAC_MAX_QUEUES * 2,
			    cfg->nr_cpus);
}

static u32 stmmac_ports(struct rl_world *w)
{
	return 1;
}

static struct rl_netdev *stmmac_ndev(struct rl_world *w, u32 port)
{
	return port ? NULL : w->stmmac->dev;
}

static u32 stmmac_tx_queues(struct rl_world *w)
{
	return w->stmmac->cfg.tx_queues;
}

static u32 stmmac_rx_napis(struct rl_world *w)
{
	return w->stmmac->cfg.rx_queues;
}

static void stmmac_check(struct rl_world *w)
{
	if (!rl_stmmac_is_valid(w->stmmac))
		rl_ledger_report_count(w->m->ledger, RL_F_INVALID, RL_OBJ_DESC,
				       0, 1, 0, "rl_stmmac_is_valid");
}

static void stmmac_remove(struct rl_world *w)
{
	rl_stmmac_remove(w->stmmac);
	w->stmmac = NULL;
}

static int stmmac_open(struct rl_world *w, u32 port)
{
	return rl_stmmac_open(w->stmmac);
}

static int stmmac_stop(struct rl_world *w, u32 port)
{
	return rl_stmmac_release(w->stmmac);
}

/*
 * phylink_resolve() on a link change of a running device: the MAC's
 * mac_link_up/down only switch its transmitter and receiver
 * (stmmac_mac_link_up/down), phylink sets the carrier.
 */
static void stmmac_link(struct rl_world *w, u32 port, bool up)
{
	struct rl_netdev *nd = w->stmmac->dev;

	if (!rl_netif_running(nd))
		return;
	if (up)
		rl_netif_carrier_on(nd);
	else
		rl_netif_carrier_off(nd);
}

/* A frame lands in RX queue @flow's channel (-EAGAIN: stopped/suspended). */
static bool stmmac_hw_rx(struct rl_world *w, u32 flow, u32 port, u32 len,
			 u32 i)
{
	struct rl_dring *r = w->stmmac->rx_queue[flow].dma_rx;

	return r && !rl_dring_hw_rx(r, len);
}

static u32 stmmac_hw_tx(struct rl_world *w, u32 chn, u32 k)
{
	struct rl_dring *r = w->stmmac->tx_queue[chn].dma_tx;
	u32 n = 0;

	while (r && n < k && !rl_dring_hw_tx(r))
		n++;
	return n;
}

static u32 stmmac_hw_tx_all(struct rl_world *w)
{
	u32 q, n = 0;

	for (q = 0; q < w->stmmac->cfg.tx_queues; q++)
		n += stmmac_hw_tx(w, q, 64);
	return n;
}

/*
 * The MAC's line is up while any channel has an enabled status bit
 * (level: it stays up until the handler clears it).
 */
static void stmmac_irqs(struct rl_world *w)
{
	struct rl_stmmac_priv *priv = w->stmmac;
	bool line = false;
	u32 q;

	for (q = 0; q < priv->cfg.rx_queues; q++)
		line |= priv->rx_queue[q].dma_rx &&
			rl_dring_irq_line(priv->rx_queue[q].dma_rx);
	for (q = 0; q < priv->cfg.tx_queues; q++)
		line |= priv->tx_queue[q].dma_tx &&
			rl_dring_irq_line(priv->tx_queue[q].dma_tx);
	if (line)
		rl_irq_raise(&priv->irq);
}

/*
 * The softirq polls what is scheduled: a channel's rx_napi or tx_napi,
 * or its rxtx NAPI once the queue is zero copy.
 */
static int stmmac_poll_rx(struct rl_world *w, u32 flow, int budget)
{
	struct rl_stmmac_rx_queue *rx_q = &w->stmmac->rx_queue[flow];
	u32 fails = w->m->pp_alloc_fails;
	int ret = rl_napi_run(&rx_q->rx_napi, budget, w->cpu);

	if (ret < 0 && flow < w->stmmac->cfg.tx_queues)
		ret = rl_napi_run(&rx_q->rxtx_napi, budget, w->cpu);
	/* with its RX liveness check, as am65_poll_rx */
	rl_stmmac_check_rx_depth(w->stmmac, flow, ret, budget,
				 w->m->pp_alloc_fails != fails);
	return ret;
}

static int stmmac_poll_tx(struct rl_world *w, u32 chn, int budget)
{
	int ret = rl_napi_run(&w->stmmac->tx_queue[chn].tx_napi, budget,
			      w->cpu);

	if (ret < 0 && chn < w->stmmac->cfg.rx_queues)
		ret = rl_napi_run(&w->stmmac->rx_queue[chn].rxtx_napi, budget,
				  w->cpu);
	return ret;
}

static void stmmac_quiet(struct rl_world *w)
{
	rl_stmmac_check_irqs(w->stmmac);
}

static int stmmac_xmit(struct rl_world *w, u32 port, struct rl_sk_buff *skb)
{
	return rl_stmmac_xmit(w->stmmac, skb);
}

/* bq_xmit_all() always flushes (XDP_XMIT_FLUSH) */
static int stmmac_xdp_xmit(struct rl_world *w, u32 port, u32 n,
			   struct rl_xdp_frame **frames)
{
	return rl_stmmac_xdp_xmit(w->stmmac, n, frames, true);
}

static int stmmac_bpf(struct rl_world *w, u32 port, struct rl_bpf_prog *prog)
{
	return rl_stmmac_xdp_set_prog(w->stmmac, prog);
}

static int stmmac_xsk_pool(struct rl_world *w, u32 port,
			   struct rl_xsk_pool *pool, u32 qid)
{
	return rl_stmmac_xdp_setup_pool(w->stmmac, pool, qid);
}

static int stmmac_xsk_wakeup(struct rl_world *w, u32 port, u32 qid, u32 flags)
{
	return rl_stmmac_xsk_wakeup(w->stmmac, qid, flags);
}

/* no teardown marker in this hardware */
static enum rl_world_state stmmac_state(struct rl_world *w)
{
	const struct rl_stmmac_priv *priv = w->stmmac;
	u32 q;

	if (!priv->up)
		return RL_WS_DOWN;
	if (priv->down)
		return RL_WS_QUEUES_DOWN;
	for (q = 0; q < priv->cfg.rx_queues; q++)
		if (priv->rx_queue[q].xsk_pool)
			return RL_WS_UP_ZC;
	return priv->xdp_prog ? RL_WS_UP_XDP : RL_WS_UP;
}

const struct rl_world_drv rl_world_stmmac = {
	.name = "stmmac",
	.ports = stmmac_ports,
	.ndev = stmmac_ndev,
	.tx_queues = stmmac_tx_queues,
	.rx_napis = stmmac_rx_napis,
	.check = stmmac_check,
	.remove = stmmac_remove,
	.open = stmmac_open,
	.stop = stmmac_stop,
	.link = stmmac_link,
	.hw_rx = stmmac_hw_rx,
	.hw_tx = stmmac_hw_tx,
	.hw_tx_all = stmmac_hw_tx_all,
	/*
	 * no .tx_pending: nothing queues more by itself (zero-copy TX is not
	 * extracted yet); no .timers: the TX coalescing hrtimer is modelled
	 * as an immediate NAPI schedule (stmmac_tx_timer_arm)
	 */
	.irqs = stmmac_irqs,
	.poll_rx = stmmac_poll_rx,
	.poll_tx = stmmac_poll_tx,
	.quiet = stmmac_quiet,
	.xmit = stmmac_xmit,
	.xdp_xmit = stmmac_xdp_xmit,
	.bpf = stmmac_bpf,
	.xsk_pool = stmmac_xsk_pool,
	.xsk_wakeup = stmmac_xsk_wakeup,
	.state = stmmac_state,
};

int rl_world_init_stmmac(struct rl_world *w, struct rl_model *m,
			 const struct rl_stmmac_cfg *cfg)
{
	struct rl_redirect_target *target;

	memset(w, 0, sizeof(*w));
	target = rl_redirect_target_create(m, 4, NULL);
	if (!target)
		return -ENOMEM;
	/* memory pressure at probe: its n-th slab allocation fails */
	if (cfg->probe_fault)
		rl_model_fail_nth(m, RL_FAULT_KMALLOC, cfg->probe_fault);
	w->stmmac = rl_stmmac_probe(m, cfg);
	if (!w->stmmac && cfg->probe_fault && m->fault_hits) {
		rl_redirect_target_destroy(target);
		rl_world_probe_failed(w, m);
		return 0;
	}
	rl_model_fail_nth(m, RL_FAULT_KMALLOC, 0);
	if (!w->stmmac) {
		rl_redirect_target_destroy(target);
		return -EINVAL;
	}
	rl_world_probed(w, m, &rl_world_stmmac, target);
	return 0;
}
