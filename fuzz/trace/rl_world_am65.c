// SPDX-License-Identifier: GPL-2.0
/*
 * rl_world_am65.c - the am65-cpsw driver and its device as the world
 * drives them (struct rl_world_drv): the ndo_* and NAPI entry points, the
 * ring accelerator's completion interrupts per flow and channel, the RX
 * pacing hrtimers, and the liveness checks a poll owes.
 */
#include "rl_world.h"

void rl_world_model_cfg(const struct rl_am65_cfg *cfg,
			struct rl_model_cfg *mcfg)
{
	u32 descs = cfg->rx_flows * cfg->rx_descs + cfg->tx_chans * cfg->tx_descs;

	rl_world_model_size(mcfg, descs, descs, 0, cfg->nr_cpus);
}

static u32 am65_ports(struct rl_world *w)
{
	return w->common->port_num;
}

/* The net_device of @port, or NULL (a port disabled in the DT has none). */
static struct rl_netdev *am65_ndev(struct rl_world *w, u32 port)
{
	struct am65_cpsw_port *p = rl_am65_port(w->common, port);

	return p ? p->ndev : NULL;
}

static u32 am65_tx_queues(struct rl_world *w)
{
	return w->common->tx_ch_num;
}

static u32 am65_rx_napis(struct rl_world *w)
{
	return w->common->rx_ch_num_flows;
}

static void am65_check(struct rl_world *w)
{
	if (!rl_am65_cpsw_is_valid(w->common))
		rl_ledger_report_count(w->m->ledger, RL_F_INVALID, RL_OBJ_DESC,
				       0, 1, 0, "rl_am65_cpsw_is_valid");
	/* between operations only: at a wait point a call is half way */
	if (!w->in_wait && !rl_am65_cpsw_is_settled(w->common))
		rl_ledger_report_count(w->m->ledger, RL_F_INVALID, RL_OBJ_DESC,
				       0, 1, 0, "rl_am65_cpsw_is_settled");
}

static void am65_remove(struct rl_world *w)
{
	rl_am65_cpsw_remove(w->common);
	w->common = NULL;
}

static int am65_open(struct rl_world *w, u32 port)
{
	return rl_am65_cpsw_ndo_open(w->common, port);
}

static int am65_stop(struct rl_world *w, u32 port)
{
	return rl_am65_cpsw_ndo_stop(w->common, port);
}

/* phylink's mac_link_up/down (the driver's callbacks) */
static void am65_link(struct rl_world *w, u32 port, bool up)
{
	rl_am65_cpsw_link(w->common, port, up);
}

static bool am65_hw_rx(struct rl_world *w, u32 flow, u32 port, u32 len,
		       u32 i)
{
	return !rl_hw_rx_packet(w->common->rx_chns.rx_chn, flow, port + 1, len,
				i & 1 ? AM65_CPSW_RX_CSUM_VALID : 0);
}

static u32 am65_hw_tx(struct rl_world *w, u32 chn, u32 k)
{
	return rl_hw_tx_complete(w->common->tx_chns[chn].tx_chn, k);
}

static u32 am65_hw_tx_all(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	u32 i, n = 0;

	for (i = 0; i < c->tx_ch_num; i++)
		n += rl_hw_tx_complete(c->tx_chns[i].tx_chn, 64);
	return n;
}

/* zero-copy TX queues more from the completion NAPI */
static bool am65_tx_pending(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	bool busy = false;
	u32 i;

	for (i = 0; i < c->tx_ch_num; i++)
		busy |= c->tx_chns[i].tx_chn->enabled &&
			!c->tx_chns[i].tx_chn->tdown.stopped &&
			rl_ring_occ(c->tx_chns[i].tx_chn->ring) > 0;
	return busy;
}

/*
 * The device's interrupts: a completion ring the hardware wrote to raises
 * its flow's or channel's line, and the IRQ core runs the driver's
 * handler - or keeps the event pending while the line is disabled
 * (model/irq.c).
 */
static void am65_irqs(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	u32 i;

	for (i = 0; i < c->rx_ch_num_flows; i++)
		if (rl_ring_irq_take(c->rx_chns.rx_chn->flows[i].ring))
			rl_irq_raise(&c->rx_chns.flows[i].irq);
	for (i = 0; i < c->tx_ch_num; i++)
		if (rl_ring_irq_take(c->tx_chns[i].tx_chn->ringtxcq))
			rl_irq_raise(&c->tx_chns[i].irq);
}

/* Expired pacing timers run their callbacks (hrtimer softirq). */
static void am65_timers(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	u32 i;

	for (i = 0; i < c->rx_ch_num_flows; i++)
		rl_hrtimer_fire(&c->rx_chns.flows[i].rx_hrtimer);
}

/* One RX poll by the softirq, with the RX liveness check. */
static int am65_poll_rx(struct rl_world *w, u32 flow, int budget)
{
	u32 hits = w->m->fault_hits;
	int ret = rl_napi_run(&w->common->rx_chns.flows[flow].napi_rx, budget,
			      w->cpu);

	/* only a poll that ran owes a full ring (no wakeup, no poll) */
	if (ret >= 0)
		rl_am65_cpsw_check_rx_depth(w->common, flow,
					    w->m->fault_hits != hits);
	return ret;
}

static int am65_poll_tx(struct rl_world *w, u32 chn, int budget)
{
	bool armed = rl_model_fault_armed(w->m);
	int ret = rl_napi_run(&w->common->tx_chns[chn].napi_tx, budget, w->cpu);

	if (!armed && ret >= 0)
		rl_am65_cpsw_check_tx_progress(w->common, chn);
	return ret;
}

static void am65_quiet(struct rl_world *w)
{
	rl_am65_cpsw_check_irqs(w->common);
}

static int am65_xmit(struct rl_world *w, u32 port, struct rl_sk_buff *skb)
{
	return rl_am65_cpsw_ndo_start_xmit(w->common, port, skb);
}

static int am65_xdp_xmit(struct rl_world *w, u32 port, u32 n,
			 struct rl_xdp_frame **frames)
{
	return rl_am65_cpsw_ndo_xdp_xmit(w->common, port, n, frames);
}

static int am65_bpf(struct rl_world *w, u32 port, struct rl_bpf_prog *prog)
{
	return rl_am65_cpsw_ndo_bpf(w->common, port, prog);
}

static int am65_xsk_pool(struct rl_world *w, u32 port,
			 struct rl_xsk_pool *pool, u32 qid)
{
	return rl_am65_cpsw_xsk_setup_pool(w->common, port, pool, qid);
}

static int am65_xsk_wakeup(struct rl_world *w, u32 port, u32 qid, u32 flags)
{
	return rl_am65_cpsw_xsk_wakeup(w->common, port, qid, flags);
}

static enum rl_world_state am65_state(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	u32 i;

	/* a TX teardown whose marker has not come back */
	for (i = 0; i < c->tx_ch_num; i++)
		if (c->tx_chns[i].tx_chn->tdown.requested)
			return RL_WS_TDOWN_PENDING;
	if (!c->usage_count)
		return RL_WS_DOWN;
	if (!c->queues_up)
		return RL_WS_QUEUES_DOWN;
	for (i = 0; i < c->rx_ch_num_flows; i++)
		if (c->rx_chns.flows[i].xsk_pool)
			return RL_WS_UP_ZC;
	for (i = 0; i < c->port_num; i++)
		if (c->ports[i].xdp_prog)
			return RL_WS_UP_XDP;
	return RL_WS_UP;
}

const struct rl_world_drv rl_world_am65 = {
	.name = "am65",
	.ports = am65_ports,
	.ndev = am65_ndev,
	.tx_queues = am65_tx_queues,
	.rx_napis = am65_rx_napis,
	.check = am65_check,
	.remove = am65_remove,
	.open = am65_open,
	.stop = am65_stop,
	.link = am65_link,
	.hw_rx = am65_hw_rx,
	.hw_tx = am65_hw_tx,
	.hw_tx_all = am65_hw_tx_all,
	.tx_pending = am65_tx_pending,
	.irqs = am65_irqs,
	.timers = am65_timers,
	.poll_rx = am65_poll_rx,
	.poll_tx = am65_poll_tx,
	.quiet = am65_quiet,
	.xmit = am65_xmit,
	.xdp_xmit = am65_xdp_xmit,
	.bpf = am65_bpf,
	.xsk_pool = am65_xsk_pool,
	.xsk_wakeup = am65_xsk_wakeup,
	.state = am65_state,
};

int rl_world_init(struct rl_world *w, struct rl_model *m,
		  const struct rl_am65_cfg *cfg)
{
	struct rl_redirect_target *target;

	memset(w, 0, sizeof(*w));
	target = rl_redirect_target_create(m, 4, NULL);
	if (!target)
		return -ENOMEM;
	w->common = rl_am65_cpsw_probe(m, cfg);
	if (!w->common) {
		rl_redirect_target_destroy(target);
		return -EINVAL;
	}
	rl_world_probed(w, m, &rl_world_am65, target);
	return 0;
}
