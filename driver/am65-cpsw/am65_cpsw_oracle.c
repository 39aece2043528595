// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_oracle.c - what must hold of the driver, apart from its code:
 * its state predicate (run after every step with the model's) and the
 * liveness checks the world runs after a NAPI poll.  It reads the model
 * through its query functions only; the data path files read like
 * am65-cpsw-nuss.c.
 */
#include "am65_cpsw.h"

bool rl_am65_cpsw_is_valid(const struct am65_cpsw_common *common)
{
	u32 p, up = 0, f;

	for (p = 0; p < common->port_num; p++) {
		const struct am65_cpsw_port *port = &common->ports[p];

		if (port->disabled != !port->ndev)
			return false;
		up += port->ndev && port->ndev->up;
	}
	/* usage_count counts the open ports; queues only exist while > 0 */
	if (up != common->usage_count ||
	    (common->queues_up && !common->usage_count))
		return false;
	for (f = 0; f < common->rx_ch_num_flows; f++) {
		const struct am65_cpsw_rx_flow *flow = &common->rx_chns.flows[f];

		if (flow->napi_enabled != common->queues_up ||
		    (common->queues_up && !flow->page_pool))
			return false;
	}
	/*
	 * tdown_cnt may go below 0: a TX marker late from an earlier stop is
	 * counted like mainline does, and the next teardown sets it again.
	 */
	for (f = 0; f < common->tx_ch_num; f++)
		if (common->tx_chns[f].napi_enabled != common->queues_up)
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
