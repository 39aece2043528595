// SPDX-License-Identifier: GPL-2.0
/*
 * xdp_rxq.c - xdp_rxq_info registration and memory models
 * (net/core/xdp.c xdp_rxq_info_*).
 */
#include "xdp_rxq.h"

/* the info's memory model is a page_pool (MEM_TYPE_PAGE_POOL) */
static bool has_pp_model(const struct rl_xdp_rxq_info *rxq)
{
	return rxq->has_mem_model && rxq->mem_type == RL_MEM_PAGE_POOL;
}

int rl_xdp_rxq_info_reg(struct rl_model *m, struct rl_xdp_rxq_info *rxq,
			u32 port, u32 queue_index, u32 napi_id)
{
	rxq->m = m;
	if (rxq->state == RL_RXQ_REGISTERED) {
		/* __xdp_rxq_info_reg: "Missing unregister, handled but fix driver" */
		rl_ledger_report_count(m->ledger, RL_F_XDP, RL_OBJ_PAGE, port,
				       RL_RXQ_UNREGISTERED, rxq->state,
				       "xdp_rxq_info_reg: missing unregister");
		rl_xdp_rxq_info_unreg(rxq);
	}
	rxq->state = RL_RXQ_REGISTERED;
	rxq->port = port;
	rxq->queue_index = queue_index;
	rxq->napi_id = napi_id;
	rxq->has_mem_model = false;
	rxq->pp = NULL;
	return 0;
}

void rl_xdp_rxq_info_unreg(struct rl_xdp_rxq_info *rxq)
{
	struct rl_page_pool *pp = rl_xdp_rxq_info_pp(rxq);

	if (rxq->state != RL_RXQ_REGISTERED) {
		if (rxq->m)
			rl_ledger_report_count(rxq->m->ledger, RL_F_XDP,
					       RL_OBJ_PAGE, rxq->port,
					       RL_RXQ_REGISTERED, rxq->state,
					       "xdp_rxq_info_unreg: not registered (Driver BUG)");
		return;
	}
	/* xdp_unreg_mem_model() disconnects the page_pool: one user less */
	if (pp)
		rl_page_pool_destroy(pp);
	rxq->has_mem_model = false;
	rxq->pp = NULL;
	rxq->state = RL_RXQ_UNREGISTERED;
}

bool rl_xdp_rxq_info_is_reg(const struct rl_xdp_rxq_info *rxq)
{
	return rxq->state == RL_RXQ_REGISTERED;
}

struct rl_page_pool *rl_xdp_rxq_info_pp(const struct rl_xdp_rxq_info *rxq)
{
	if (rxq->state == RL_RXQ_REGISTERED && has_pp_model(rxq))
		return rxq->pp;
	return NULL;
}

int rl_xdp_rxq_info_reg_mem_model(struct rl_xdp_rxq_info *rxq,
				  enum rl_mem_type type,
				  struct rl_page_pool *pp)
{
	if (rxq->state != RL_RXQ_REGISTERED) {
		if (rxq->m)
			rl_ledger_report_count(rxq->m->ledger, RL_F_XDP,
					       RL_OBJ_PAGE, rxq->port,
					       RL_RXQ_REGISTERED, rxq->state,
					       "xdp_rxq_info_reg_mem_model: Missing register, driver bug");
		return -EFAULT;
	}
	if (type == RL_MEM_PAGE_POOL) {
		if (!pp)
			return -EINVAL;
		rl_page_pool_get_user(pp);	/* page_pool_use_xdp_mem() */
	}
	rxq->has_mem_model = true;
	rxq->mem_type = type;
	rxq->pp = type == RL_MEM_PAGE_POOL ? pp : NULL;
	return 0;
}

bool rl_xdp_rxq_info_is_valid(const struct rl_xdp_rxq_info *rxq)
{
	if (rxq->has_mem_model && rxq->state != RL_RXQ_REGISTERED)
		return false;
	/*
	 * a pool pointer exactly with a page_pool memory model: reg_mem_model
	 * sets both, unreg clears both (what the proof contracts of unreg
	 * and is_reg read, xdp_rxq.h)
	 */
	return has_pp_model(rxq) == !!rxq->pp;
}
