// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_nuss.c - probe/remove of the data path (channels, descriptor
 * pools, netdevs, NAPIs), ndo_open/ndo_stop with the shared usage_count
 * (am65_cpsw_nuss_common_open/_stop run only on 0 <-> 1), and the XDP
 * program setup (am65_cpsw_xdp_prog_setup) with the v2 1/7 rebuild.
 */
#include "am65_cpsw.h"

void rl_am65_default_cfg(struct rl_am65_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->ports = 2;
	cfg->rx_flows = 2;
	cfg->tx_chans = 2;
	cfg->rx_descs = 8;
	cfg->tx_descs = 8;
	cfg->pktdma = true;
	cfg->rx_tdown_irq_quirk = true;
	cfg->nr_cpus = 2;
	cfg->tdown_wait = 2;
}

static bool cfg_is_valid(const struct rl_am65_cfg *cfg)
{
	return cfg->ports >= 1 && cfg->ports <= AM65_CPSW_MAX_PORTS &&
	       cfg->disabled_ports < BIT(cfg->ports) &&
	       cfg->disabled_ports != BIT(cfg->ports) - 1 &&
	       cfg->rx_flows >= 1 && cfg->rx_flows <= AM65_CPSW_MAX_RX_FLOWS &&
	       cfg->tx_chans >= 1 && cfg->tx_chans <= AM65_CPSW_MAX_QUEUES &&
	       cfg->rx_descs >= 1 && cfg->rx_descs <= AM65_CPSW_MAX_RX_DESC &&
	       cfg->tx_descs >= 2 && cfg->tx_descs <= AM65_CPSW_MAX_TX_DESC &&
	       cfg->nr_cpus >= 1 && cfg->nr_cpus <= AM65_CPSW_MAX_CPUS &&
	       cfg->tdown_wait <= AM65_CPSW_MAX_TDOWN_WAIT &&
	       !(cfg->variants >> RL_V_NR);
}

struct am65_cpsw_port *rl_am65_port(struct am65_cpsw_common *common, u32 port)
{
	if (port >= common->port_num || common->ports[port].disabled)
		return NULL;
	return &common->ports[port];
}

/* Channel and pool setup (am65_cpsw_nuss_init_tx_chns / _rx_chns). */
static int am65_cpsw_init_chns(struct am65_cpsw_common *common)
{
	struct am65_cpsw_rx_chn *rx_chn = &common->rx_chns;
	struct rl_model *m = common->m;
	u32 i;

	for (i = 0; i < common->tx_ch_num; i++) {
		struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[i];

		tx_chn->common = common;
		tx_chn->id = i;
		snprintf(tx_chn->tx_chn_name, sizeof(tx_chn->tx_chn_name), "tx%u",
			 (unsigned int)i);
		tx_chn->descs_num = common->cfg.tx_descs;
		tx_chn->desc_pool = rl_k3_cppi_desc_pool_create_name(m,
					tx_chn->descs_num,
					sizeof(struct rl_cppi5_desc),
					tx_chn->tx_chn_name);
		if (!tx_chn->desc_pool)
			return -ENOMEM;
		tx_chn->tx_chn = rl_k3_udma_glue_request_tx_chn(m,
					tx_chn->tx_chn_name, tx_chn->desc_pool,
					tx_chn->descs_num);
		if (!tx_chn->tx_chn)
			return -ENODEV;
		rl_netif_napi_add(m, &tx_chn->napi_tx, rl_am65_cpsw_tx_poll);
		rl_request_irq(m, &tx_chn->irq, rl_am65_cpsw_tx_irq, tx_chn);
	}
	/* one pool for all flows: descs_num per flow */
	rx_chn->descs_num = common->cfg.rx_descs;
	rx_chn->desc_pool = rl_k3_cppi_desc_pool_create_name(m,
				rx_chn->descs_num * common->rx_ch_num_flows,
				sizeof(struct rl_cppi5_desc), "rx");
	if (!rx_chn->desc_pool)
		return -ENOMEM;
	rx_chn->rx_chn = rl_k3_udma_glue_request_rx_chn(m, rx_chn->desc_pool,
							common->rx_ch_num_flows,
							rx_chn->descs_num,
							!common->cfg.pktdma);
	if (!rx_chn->rx_chn)
		return -ENODEV;
	for (i = 0; i < common->rx_ch_num_flows; i++) {
		rx_chn->flows[i].common = common;
		rx_chn->flows[i].id = i;
		rl_netif_napi_add(m, &rx_chn->flows[i].napi_rx,
				  rl_am65_cpsw_rx_poll);
		rl_request_irq(m, &rx_chn->flows[i].irq, rl_am65_cpsw_rx_irq,
			       &rx_chn->flows[i]);
		rl_hrtimer_init(m, &rx_chn->flows[i].rx_hrtimer,
				rl_am65_cpsw_rx_timer, &rx_chn->flows[i]);
	}
	return 0;
}

static void am65_cpsw_free_chns(struct am65_cpsw_common *common)
{
	struct am65_cpsw_rx_chn *rx_chn = &common->rx_chns;
	u32 i;

	for (i = 0; i < common->rx_ch_num_flows; i++)
		if (rx_chn->flows[i].napi_rx.added)
			rl_netif_napi_del(&rx_chn->flows[i].napi_rx);
	if (rx_chn->rx_chn)
		rl_k3_udma_glue_release_rx_chn(rx_chn->rx_chn);
	if (rx_chn->desc_pool)
		rl_k3_cppi_desc_pool_destroy(rx_chn->desc_pool);
	for (i = 0; i < common->tx_ch_num; i++) {
		struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[i];

		if (tx_chn->napi_tx.added)
			rl_netif_napi_del(&tx_chn->napi_tx);
		if (tx_chn->tx_chn)
			rl_k3_udma_glue_release_tx_chn(tx_chn->tx_chn);
		if (tx_chn->desc_pool)
			rl_k3_cppi_desc_pool_destroy(tx_chn->desc_pool);
	}
}

struct am65_cpsw_common *rl_am65_cpsw_probe(struct rl_model *m,
					    const struct rl_am65_cfg *cfg)
{
	struct am65_cpsw_common *common;
	u32 p;

	if (!cfg_is_valid(cfg))
		return NULL;
	common = rl_zalloc(sizeof(*common));
	if (!common)
		return NULL;
	common->m = m;
	common->cfg = *cfg;
	common->port_num = cfg->ports;
	common->rx_ch_num_flows = cfg->rx_flows;
	common->tx_ch_num = cfg->tx_chans;
	for (p = 0; p < common->port_num; p++) {
		struct am65_cpsw_port *port = &common->ports[p];

		port->common = common;
		port->port_id = p + 1;
		port->disabled = cfg->disabled_ports & BIT(p);
		if (port->disabled)
			continue;
		port->ndev = rl_netdev_create(m, port->port_id, common->tx_ch_num);
		if (!port->ndev)
			goto fail;
		port->ndev->priv = port;
		rl_netif_set_real_num_rx_queues(port->ndev,
						common->rx_ch_num_flows);
	}
	if (am65_cpsw_init_chns(common))
		goto fail;
	return common;
fail:
	rl_am65_cpsw_remove(common);
	return NULL;
}

void rl_am65_cpsw_remove(struct am65_cpsw_common *common)
{
	u32 p;

	/* the core's unregister_netdev() closed every port before this */
	am65_cpsw_free_chns(common);
	for (p = 0; p < common->port_num; p++) {
		struct am65_cpsw_port *port = &common->ports[p];

		if (port->xdp_prog)
			rl_bpf_prog_put(port->xdp_prog);
		if (port->ndev)
			rl_netdev_destroy(port->ndev);
	}
	rl_free(common);
}

/*
 * am65_cpsw_nuss_common_open(): queues come up with the first port.  Fix
 * (rebuild_fail_port_up): and with the next one after a failed rebuild
 * left them down, where upstream sees usage_count > 0 and does nothing.
 */
static int am65_cpsw_nuss_common_open(struct am65_cpsw_common *common)
{
	if (common->queues_up ||
	    (common->usage_count &&
	     rl_am65_bug(common, RL_V_REBUILD_FAIL_PORT_UP)))
		return 0;
	return rl_am65_cpsw_create_queues(common);
}

/*
 * Carrier and TX queues of a port that is up, together: on as in
 * am65_cpsw_nuss_mac_link_up(), off (queues stopped first) as in _down().
 */
static void am65_cpsw_port_carrier(struct am65_cpsw_port *port, bool on)
{
	if (on) {
		rl_netif_carrier_on(port->ndev);
		rl_netif_tx_start_all_queues(port->ndev);
	} else {
		rl_netif_tx_stop_all_queues(port->ndev);
		rl_netif_carrier_off(port->ndev);
	}
}

/* After a queue (re)build with result @ret: state, carrier, TX queues. */
static void am65_cpsw_rebuilt(struct am65_cpsw_common *common, int ret)
{
	u32 p;

	common->queues_up = !ret;
	/*
	 * Fix (rebuild_fail_port_up): v2 leaves the ports up with dead queues
	 * after a failed rebuild, and the stack keeps transmitting into a
	 * channel that is off.  Tell the stack: carrier and TX queues follow
	 * the queues (queues_up, data upstream lacks).  After a rebuild that
	 * worked the TX queues the teardown stopped run again
	 * (race_xmit_rebuild).
	 */
	for (p = 0; p < common->port_num; p++) {
		struct am65_cpsw_port *port = rl_am65_port(common, p);

		if (!port || !rl_netif_running(port->ndev))
			continue;
		if (ret && !rl_am65_bug(common, RL_V_REBUILD_FAIL_PORT_UP))
			am65_cpsw_port_carrier(port, false);
		else if (rl_am65_bug(common, RL_V_RACE_XMIT_REBUILD))
			continue;
		else if (!ret)
			am65_cpsw_port_carrier(port, true);
		else	/* v2's failed rebuild, the queues running again */
			rl_netif_tx_start_all_queues(port->ndev);
	}
}

int rl_am65_cpsw_create_queues(struct am65_cpsw_common *common)
{
	int ret = rl_am65_cpsw_create_rxqs(common);

	if (!ret) {
		ret = rl_am65_cpsw_create_txqs(common);
		if (ret)
			rl_am65_cpsw_destroy_rxqs(common, false);
	}
	am65_cpsw_rebuilt(common, ret);
	return ret;
}

void rl_am65_cpsw_destroy_queues(struct am65_cpsw_common *common,
				 bool retain_page_pool)
{
	u32 p;

	if (!common->queues_up)
		return;
	/*
	 * Fix (race_xdp_xmit_tdown): a devmap on another device may call
	 * ndo_xdp_xmit during the teardown (IFF_UP is cleared only after
	 * ndo_stop, xdp_ok_fwd_dev); mainline takes the frames onto channels
	 * being torn down.  Refuse from here on.
	 */
	if (!rl_am65_bug(common, RL_V_RACE_XDP_XMIT_TDOWN))
		common->queues_up = false;
	/*
	 * Fix (race_xmit_rebuild): v2's program-swap and zero-copy rebuilds
	 * never stop the stack, which keeps transmitting into the channels
	 * while they are torn down (ndo_stop's own queues are stopped
	 * already, dev_deactivate_many).  Stop them; the rebuild starts them.
	 */
	for (p = 0; p < common->port_num &&
	     !rl_am65_bug(common, RL_V_RACE_XMIT_REBUILD); p++) {
		struct am65_cpsw_port *port = rl_am65_port(common, p);

		if (port && rl_netif_running(port->ndev))
			rl_netif_tx_stop_all_queues(port->ndev);
	}
	/*
	 * Fix (race_xdp_tx_rx_tdown): mainline's common_stop tears TX down
	 * first, and during the RX teardown wait NAPI still runs XDP: XDP_TX
	 * lands on a TX channel already reset.  RX goes first.
	 */
	if (rl_am65_bug(common, RL_V_RACE_XDP_TX_RX_TDOWN)) {
		rl_am65_cpsw_destroy_txqs(common);
		rl_am65_cpsw_destroy_rxqs(common, retain_page_pool);
	} else {
		rl_am65_cpsw_destroy_rxqs(common, retain_page_pool);
		rl_am65_cpsw_destroy_txqs(common);
	}
	common->queues_up = false;
}

/* am65_cpsw_nuss_common_stop(): and go down with the last one. */
static void am65_cpsw_nuss_common_stop(struct am65_cpsw_common *common)
{
	if (common->usage_count == 1)
		rl_am65_cpsw_destroy_queues(common, false);
}

static int am65_cpsw_ndo_open(struct am65_cpsw_common *common, u32 p,
			      bool reset_bql)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);
	u32 q;
	int ret;

	if (!port)
		return -EINVAL;
	/*
	 * Fix (reopen_bql_reset): mainline resets the port's byte queue
	 * limits on every open.  On multi-port CPSW the channels may have
	 * kept running for the other port with this port's packets still in
	 * flight; their completions then hit dql_completed's BUG_ON.  BQL is
	 * reset once the TX queues are destroyed instead (destroy_txqs).
	 */
	if (reset_bql || rl_am65_bug(common, RL_V_REOPEN_BQL_RESET))
		for (q = 0; q < common->tx_ch_num; q++)
			rl_netdev_tx_reset_queue(port->ndev, q);
	ret = am65_cpsw_nuss_common_open(common);
	if (ret)
		return ret;
	rl_netif_tx_start_all_queues(port->ndev);
	rl_netif_carrier_on(port->ndev);
	common->usage_count++;
	return 0;
}

int rl_am65_cpsw_ndo_open(struct am65_cpsw_common *common, u32 p)
{
	return am65_cpsw_ndo_open(common, p, false);
}

int rl_am65_cpsw_ndo_stop(struct am65_cpsw_common *common, u32 p)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);

	if (!port)
		return -EINVAL;
	rl_netif_tx_stop_all_queues(port->ndev);
	rl_netif_carrier_off(port->ndev);
	am65_cpsw_nuss_common_stop(common);
	common->usage_count--;
	return 0;
}

int rl_am65_cpsw_ndo_bpf(struct am65_cpsw_common *common, u32 p,
			 struct rl_bpf_prog *prog)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);
	struct rl_bpf_prog *old;
	bool running;

	if (!port) {
		if (prog)
			rl_bpf_prog_put(prog);
		return -EINVAL;
	}
	if (rl_am65_bug(common, RL_V_PROG_SWAP_NO_REBUILD)) {
		/* before v2 1/7: ndo_stop + ndo_open of this port only */
		running = rl_netif_running(port->ndev);
		if (running)
			rl_am65_cpsw_ndo_stop(common, p);
		old = port->xdp_prog;
		port->xdp_prog = prog;
		if (old)
			rl_bpf_prog_put(old);
		/* ... and the mainline ndo_open resets BQL under traffic */
		return running ? am65_cpsw_ndo_open(common, p, true) : 0;
	}
	/*
	 * v2 1/7: the queues are shared by the ports, so rebuild them when
	 * any port is up; v2 2/7: keep the page_pools while doing so.  A
	 * failed rebuild leaves the ports up with no queues, as v2 does.
	 */
	running = common->usage_count > 0;
	rl_am65_cpsw_destroy_queues(common, true);
	old = port->xdp_prog;
	port->xdp_prog = prog;
	if (old)
		rl_bpf_prog_put(old);
	return running ? rl_am65_cpsw_create_queues(common) : 0;
}

void rl_am65_cpsw_link(struct am65_cpsw_common *common, u32 p, bool up)
{
	struct am65_cpsw_port *port = rl_am65_port(common, p);

	/*
	 * am65_cpsw_nuss_mac_link_up/_down, for a port that is up; with no
	 * queues behind it the carrier stays off (rebuild_fail_port_up).
	 */
	if (!port || !rl_netif_running(port->ndev) ||
	    (up && !common->queues_up &&
	     !rl_am65_bug(common, RL_V_REBUILD_FAIL_PORT_UP)))
		return;
	am65_cpsw_port_carrier(port, up);
}
