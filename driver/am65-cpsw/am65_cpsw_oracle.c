// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_oracle.c - what must hold of the driver, apart from its code:
 * its state predicate (run after every step with the model's) and the
 * liveness checks the world runs after a NAPI poll.  It reads the model
 * through its query functions only; the data path files read like
 * am65-cpsw-nuss.c.
 */
#include "am65_cpsw.h"

/*
 * What holds at any time, wait points inside an operation included: the
 * ports and their net_devices, the zero-copy owners.
 */
bool rl_am65_cpsw_is_valid(const struct am65_cpsw_common *common)
{
	u32 p, q;

	for (p = 0; p < common->port_num; p++)
		if (common->ports[p].disabled != !common->ports[p].ndev)
			return false;
	/* every rxq info, the ports past port_num too (never registered) */
	for (p = 0; p < AM65_CPSW_MAX_PORTS; p++)
		for (q = 0; q < AM65_CPSW_MAX_RX_FLOWS; q++)
			if (!rl_xdp_rxq_info_is_valid(&common->ports[p].xdp_rxq[q]) ||
			    (p >= common->port_num &&
			     rl_xdp_rxq_info_pp(&common->ports[p].xdp_rxq[q])))
				return false;
	for (q = 0; q < AM65_CPSW_MAX_QUEUES; q++)
		if (common->xsk_port_id[q] > common->port_num ||
		    !(common->xdp_zc_queues & BIT(q)) != !common->xsk_port_id[q])
			return false;
	return true;
}

/*
 * Flow @f's page_pool has exactly its users: the driver's own
 * (page_pool_create) and one per port whose rxq info registered it as
 * the XDP memory model (page_pool_use_xdp_mem, dropped again by
 * xdp_rxq_info_unreg through xdp_unreg_mem_model: net/core/xdp.c, 6.1),
 * and an rxq info registered with a pool has its flow's.  One user too
 * few and the rxqs' unregister frees the pool under the driver
 * (page_pool_double_destroy); one too many and it is never released.
 */
static bool rx_pp_users_ok(const struct am65_cpsw_common *common, u32 f)
{
	const struct rl_page_pool *pool = common->rx_chns.flows[f].page_pool;
	u32 p, users = 1;

	for (p = 0; p < common->port_num; p++) {
		const struct rl_page_pool *pp =
			rl_xdp_rxq_info_pp(&common->ports[p].xdp_rxq[f]);

		if (!pp)
			continue;
		if (pp != pool)
			return false;
		users++;
	}
	return !pool || rl_page_pool_users(pool) == users;
}

/*
 * What holds between operations, when no driver call is half way (not at
 * a wait point): open ports, queues and NAPIs agree - the driver's
 * napi_enabled says whether napi_enable ran, which is what its destroy
 * reads to decide on napi_disable (create_rxq_napi_disable: that of a
 * NAPI never enabled waits for ever, napi_disable, net/core/dev.c); each
 * page_pool has its users.
 */
bool rl_am65_cpsw_is_settled(const struct am65_cpsw_common *common)
{
	u32 p, up = 0, f;

	for (p = 0; p < common->port_num; p++)
		up += common->ports[p].ndev &&
		      rl_netif_running(common->ports[p].ndev);
	/* usage_count counts the open ports; queues only exist while > 0 */
	if (up != common->usage_count ||
	    (common->queues_up && !common->usage_count))
		return false;
	for (f = 0; f < common->rx_ch_num_flows; f++) {
		const struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[f];

		if (flow->napi_enabled != common->queues_up ||
		    flow->napi_enabled != flow->napi_rx.enabled ||
		    (common->queues_up && !flow->page_pool) ||
		    !rx_pp_users_ok(common, f))
			return false;
	}
	/*
	 * tdown_cnt may go below 0: a TX marker late from an earlier stop is
	 * counted like mainline does, and the next teardown sets it again.
	 */
	for (f = 0; f < common->tx_ch_num; f++)
		if (common->tx_chns[f].napi_enabled != common->queues_up ||
		    common->tx_chns[f].napi_enabled !=
		    common->tx_chns[f].napi_tx.enabled)
			return false;
	return true;
}

/* A zero-copy flow may run short only while its pool has no buffer. */
static bool zc_short_ok(const struct am65_cpsw_rx_flow *flow)
{
	return flow->xsk_pool && !rl_xsk_buff_can_alloc(flow->xsk_pool, 1);
}

bool rl_am65_cpsw_check_rx_depth(struct am65_cpsw_common *common, u32 polled,
				 bool faulted)
{
	const struct rl_k3_udma_glue_rx_channel *chn = common->rx_chns.rx_chn;
	u32 f, held = 0, want = 0;
	bool ok = true;

	if (!common->queues_up)
		return true;
	for (f = 0; f < common->rx_ch_num_flows; f++) {
		const struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[f];

		held += rl_udma_rx_flow_compl_descs(chn, f);
		want += common->rx_chns.descs_num;
		/*
		 * Buffers owed to the ring count when the allocator failed in
		 * this poll, when the XSK pool cannot pay them, or when the
		 * flow has not been polled since (its refill runs in its own
		 * NAPI).  A slot lost without being counted is never excused.
		 */
		if (flow->rx_missing &&
		    (f != polled || faulted || zc_short_ok(flow)))
			held += flow->rx_missing;
		if (!common->cfg.pktdma && f + 1 < common->rx_ch_num_flows)
			continue;
		/* PKTDMA: per flow; UDMA-P: the shared FDQ, once at the end */
		held += rl_udma_rx_flow_fdq_descs(chn, common->cfg.pktdma ? f : 0);
		if (held != want && (!common->cfg.pktdma || f == polled)) {
			rl_ledger_report_count(common->m->ledger, RL_F_LIVENESS,
					       RL_OBJ_DESC, f, want, held,
					       held < want ?
					       "RX ring short after a poll: the flow will stall" :
					       "RX rings hold more descriptors than the flow was given: refilled over ones never torn down");
			ok = false;
		}
		held = 0;
		want = 0;
	}
	return ok;
}

bool rl_am65_cpsw_check_tx_progress(struct am65_cpsw_common *common, u32 chn)
{
	struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[chn];
	struct rl_xsk_pool *pool = tx_chn->xsk_pool;

	if (!pool || !tx_chn->napi_enabled || rl_xsk_pool_freed(pool) ||
	    !rl_xsk_tx_waiting(pool) || tx_chn->xsk_dropped ||
	    !rl_xsk_comp_room(pool) ||
	    rl_k3_cppi_desc_pool_avail(tx_chn->desc_pool) <=
	    rl_am65_cpsw_tx_reserve(tx_chn))
		return true;
	rl_ledger_report_count(common->m->ledger, RL_F_LIVENESS, RL_OBJ_XSK,
			       chn, 0, rl_xsk_tx_waiting(pool),
			       "zero-copy TX left user descriptors waiting while descriptors were free");
	return false;
}

bool rl_am65_cpsw_check_irqs(struct am65_cpsw_common *common)
{
	const struct rl_k3_udma_glue_rx_channel *chn = common->rx_chns.rx_chn;
	bool ok = true;
	u32 i;

	if (!common->queues_up)
		return true;
	for (i = 0; i < common->rx_ch_num_flows; i++) {
		const struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[i];

		if (!rl_udma_rx_flow_compl_descs(chn, i) || flow->napi_rx.scheduled ||
		    flow->rx_hrtimer.armed ||
		    (!rl_irq_disabled(&flow->irq) && !flow->napi_rx.refused))
			continue;
		/*
		 * Their interrupt is gone: masked for good, or taken by the
		 * handler while napi_schedule() could not run (NAPI disabled):
		 * nothing polls them before the next packet, if one comes.
		 */
		rl_ledger_report_count(common->m->ledger, RL_F_LIVENESS,
				       RL_OBJ_DESC, i, 0, flow->irq.depth,
				       rl_irq_disabled(&flow->irq) ?
				       "RX completions wait behind an IRQ disabled for good (no poll, no pacing timer to enable it)" :
				       "RX completions whose interrupt came while NAPI could not be scheduled: nothing polls them");
		ok = false;
	}
	for (i = 0; i < common->tx_ch_num; i++) {
		const struct am65_cpsw_tx_chn *tx_chn = &common->tx_chns[i];

		if (!rl_ring_ndesc(tx_chn->tx_chn->ringtxcq) ||
		    tx_chn->napi_tx.scheduled ||
		    (!rl_irq_disabled(&tx_chn->irq) && !tx_chn->napi_tx.refused))
			continue;
		rl_ledger_report_count(common->m->ledger, RL_F_LIVENESS,
				       RL_OBJ_DESC, i, 0, tx_chn->irq.depth,
				       rl_irq_disabled(&tx_chn->irq) ?
				       "TX completions wait behind an IRQ disabled for good" :
				       "TX completions whose interrupt came while NAPI could not be scheduled: nothing polls them");
		ok = false;
	}
	return ok;
}
