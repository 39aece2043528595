// SPDX-License-Identifier: GPL-2.0
/*
 * netdev.c - net_device queues, BQL (include/linux/netdevice.h,
 * lib/dynamic_queue_limits.c) and NAPI (net/core/dev.c).
 */
#include "netdev.h"
#include "xdp.h"

static bool netdev_valid(const struct rl_obj_hdr *h)
{
	return rl_netdev_is_valid(container_of(h, const struct rl_netdev, hdr));
}

static void netdev_final(struct rl_obj_hdr *h)
{
	rl_netdev_final_check(container_of(h, struct rl_netdev, hdr));
}

static const struct rl_obj_ops netdev_ops = {
	.kind = RL_REG_NETDEV,
	.name = "rl_netdev_is_valid",
	.cls = RL_OBJ_SKB,
	.is_valid = netdev_valid,
	.final_check = netdev_final,
};

static bool napi_valid(const struct rl_obj_hdr *h)
{
	return rl_napi_is_valid(container_of(h, const struct rl_napi, hdr));
}

static const struct rl_obj_ops napi_ops = {
	.kind = RL_REG_NAPI,
	.name = "rl_napi_is_valid",
	.cls = RL_OBJ_DESC,
	.is_valid = napi_valid,
};

struct rl_netdev *rl_netdev_create(struct rl_model *m, u32 port,
				   u32 num_tx_queues)
{
	struct rl_netdev *nd;
	int id;

	if (!num_tx_queues || num_tx_queues > RL_MAX_TXQ)
		return NULL;
	nd = rl_zalloc(sizeof(*nd));
	if (!nd)
		return NULL;
	id = rl_model_register(m, &nd->hdr, &netdev_ops);
	if (id < 0) {
		rl_free(nd);
		return NULL;
	}
	nd->hdr.id = (u32)id;
	nd->m = m;
	nd->port = port;
	nd->num_tx_queues = num_tx_queues;
	nd->num_rx_queues = 1;
	return nd;
}

void rl_netif_set_real_num_rx_queues(struct rl_netdev *nd, u32 n)
{
	nd->num_rx_queues = n;
}

struct rl_xsk_pool *rl_xsk_get_pool_from_qid(const struct rl_netdev *nd,
					     u32 qid)
{
	return qid < RL_MAX_TXQ ? nd->xsk_pool[qid] : NULL;
}

int rl_xsk_reg_pool_at_qid(struct rl_netdev *nd, struct rl_xsk_pool *pool,
			   u32 qid)
{
	if (qid >= max(nd->num_rx_queues, nd->num_tx_queues) ||
	    qid >= RL_MAX_TXQ)
		return -EINVAL;
	if (nd->xsk_pool[qid])
		return -EBUSY;
	nd->xsk_pool[qid] = pool;
	return 0;
}

void rl_xsk_clear_pool_at_qid(struct rl_netdev *nd, u32 qid)
{
	if (qid < RL_MAX_TXQ)
		nd->xsk_pool[qid] = NULL;
}

void rl_netdev_destroy(struct rl_netdev *nd)
{
	rl_model_unregister(nd->m, &nd->hdr);
	rl_free(nd);
}

bool rl_netdev_is_valid(const struct rl_netdev *nd)
{
	u32 q;

	if (!nd->num_tx_queues || nd->num_tx_queues > RL_MAX_TXQ)
		return false;
	/* dql: completed never runs ahead of queued */
	for (q = 0; q < nd->num_tx_queues; q++)
		if (nd->txq[q].bql_completed > nd->txq[q].bql_sent)
			return false;
	return true;
}

/*
 * netdev_get_tx_queue(): the first dereference of the net_device on every
 * TX-queue path, so a NULL one (a port index gone wrong) oopses here.
 */
static struct rl_netdev_queue *txq(const struct rl_netdev *nd, u32 q)
{
	if (rl_oops_null(nd, RL_OBJ_SKB,
			 "netdev_get_tx_queue: NULL net_device (bad port index)"))
		return NULL;
	return (struct rl_netdev_queue *)&nd->txq[q < nd->num_tx_queues ? q : 0];
}

void rl_netif_tx_stop_queue(struct rl_netdev *nd, u32 q)
{
	struct rl_netdev_queue *t = txq(nd, q);

	if (!t)
		return;
	t->stopped = true;
	t->stops++;
}

void rl_netif_tx_wake_queue(struct rl_netdev *nd, u32 q)
{
	struct rl_netdev_queue *t = txq(nd, q);

	if (!t)
		return;
	t->stopped = false;
	t->wakes++;
}

bool rl_netif_tx_queue_stopped(const struct rl_netdev *nd, u32 q)
{
	const struct rl_netdev_queue *t = txq(nd, q);

	return t && t->stopped;
}

void rl_netif_tx_start_all_queues(struct rl_netdev *nd)
{
	u32 q;

	for (q = 0; q < nd->num_tx_queues; q++)
		nd->txq[q].stopped = false;
}

void rl_netif_tx_stop_all_queues(struct rl_netdev *nd)
{
	u32 q;

	for (q = 0; q < nd->num_tx_queues; q++)
		nd->txq[q].stopped = true;
}

void rl_netdev_tx_sent_queue(struct rl_netdev *nd, u32 q, u32 bytes)
{
	struct rl_netdev_queue *t = txq(nd, q);

	if (t)
		t->bql_sent += bytes;
}

void rl_netdev_tx_completed_queue(struct rl_netdev *nd, u32 q, u32 pkts,
				  u32 bytes)
{
	struct rl_netdev_queue *t = txq(nd, q);

	if (!t)
		return;
	/* dql_completed(): BUG_ON(count > num_queued - num_completed) */
	if (bytes > t->bql_sent - t->bql_completed) {
		rl_ledger_report_count(nd->m->ledger, RL_F_BQL, RL_OBJ_SKB, q,
				       t->bql_sent - t->bql_completed, bytes,
				       "netdev_tx_completed_queue: more bytes completed than in flight (dql_completed BUG_ON)");
		t->bql_completed = t->bql_sent;
		return;
	}
	t->bql_completed += bytes;
}

void rl_netdev_tx_reset_queue(struct rl_netdev *nd, u32 q)
{
	struct rl_netdev_queue *t = txq(nd, q);

	if (!t)
		return;
	t->bql_sent = 0;
	t->bql_completed = 0;
}

u32 rl_netdev_bql_inflight(const struct rl_netdev *nd, u32 q)
{
	const struct rl_netdev_queue *t = &nd->txq[q < nd->num_tx_queues ? q : 0];

	return t->bql_sent - t->bql_completed;
}

void rl_dev_sw_netstats_tx_add(struct rl_netdev *nd, u32 pkts, u32 bytes)
{
	if (rl_oops_null(nd, RL_OBJ_SKB,
			 "dev_sw_netstats_tx_add: NULL net_device (bad port index)"))
		return;
	nd->tx_packets += pkts;
	nd->tx_bytes += bytes;
}

void rl_netif_carrier_on(struct rl_netdev *nd)
{
	nd->carrier = true;
}

void rl_netif_carrier_off(struct rl_netdev *nd)
{
	nd->carrier = false;
}

bool rl_netif_carrier_ok(const struct rl_netdev *nd)
{
	return nd->carrier;
}

void rl_netdev_final_check(struct rl_netdev *nd)
{
	u32 q;

	for (q = 0; q < nd->num_tx_queues; q++)
		if (rl_netdev_bql_inflight(nd, q))
			rl_ledger_report_count(nd->m->ledger, RL_F_LEAK,
					       RL_OBJ_SKB, q, 0,
					       rl_netdev_bql_inflight(nd, q),
					       "BQL bytes in flight at the end: queue would stall");
}

static void napi_report(struct rl_napi *napi, const char *what)
{
	rl_ledger_report_count(napi->m->ledger, RL_F_NAPI, RL_OBJ_DESC,
			       napi->hdr.id, 0, 1, what);
}

void rl_netif_napi_add(struct rl_model *m, struct rl_napi *napi,
		       rl_napi_poll_fn poll)
{
	int id = rl_model_register(m, &napi->hdr, &napi_ops);

	napi->m = m;
	napi->hdr.id = id < 0 ? 0 : (u32)id;
	napi->poll = poll;
	napi->added = true;
	napi->enabled = false;
	napi->scheduled = false;
	napi->in_poll = false;
}

void rl_netif_napi_del(struct rl_napi *napi)
{
	if (napi->enabled)
		napi_report(napi, "netif_napi_del on an enabled NAPI");
	napi->added = false;
	rl_model_unregister(napi->m, &napi->hdr);
}

bool rl_napi_is_valid(const struct rl_napi *napi)
{
	/* scheduled implies enabled; polling implies scheduled */
	return napi->added && (!napi->scheduled || napi->enabled) &&
	       (!napi->in_poll || napi->scheduled);
}

void rl_napi_enable(struct rl_napi *napi)
{
	/* napi_enable(): BUG_ON(!test_bit(NAPI_STATE_SCHED, &val)) */
	if (napi->enabled) {
		napi_report(napi, "napi_enable on an enabled NAPI (BUG_ON)");
		return;
	}
	napi->enabled = true;
	napi->scheduled = false;
}

void rl_napi_disable(struct rl_napi *napi)
{

	/* napi_disable() of a disabled NAPI spins for ever on SCHED */
	if (!napi->enabled) {
		napi_report(napi, "napi_disable on a disabled NAPI (hangs)");
		return;
	}
	if (napi->in_poll) {
		napi_report(napi, "napi_disable from inside its own poll (deadlock)");
		return;
	}
	/*
	 * napi_disable(), net/core/dev.c: NAPI_STATE_DISABLE first (no new
	 * napi_schedule() from now on), then wait until SCHED can be taken:
	 * a poll already scheduled runs first (the softirq), and other
	 * contexts act meanwhile (wait point).  A poll that used its whole
	 * budget is completed by the core itself (__napi_poll(): "drivers may
	 * have called napi_disable prior to exhausting their budget").
	 */
	napi->disabling = true;
	rl_model_wait(napi->m, RL_WAIT_NAPI_DISABLE);
	if (napi->orphan)
		napi_report(napi, "napi_disable never returns: the NAPI stays scheduled on no poll list");
	else if (napi->scheduled)
		rl_napi_run(napi, RL_NAPI_WEIGHT, napi->m->cpu);
	napi->orphan = false;
	napi->disabling = false;
	napi->enabled = false;
	napi->scheduled = false;
}

bool rl_napi_schedule(struct rl_napi *napi)
{
	/* napi_schedule_prep(): not while NAPI_STATE_DISABLE is set */
	if (!napi->enabled || napi->disabling) {
		napi->refused = true;
		return false;
	}
	if (napi->scheduled)
		return false;
	napi->scheduled = true;
	return true;
}

bool rl_napi_complete_done(struct rl_napi *napi, int work_done)
{
	if (!napi->in_poll || !napi->scheduled) {
		napi_report(napi, "napi_complete_done outside the NAPI poll");
		return false;
	}
	napi->scheduled = false;
	napi->completed = true;
	return true;
}

/*
 * What __napi_poll() (net/core/dev.c) checks and relies on once ->poll()
 * returned:
 *  - xdp_do_check_flushed() (9a675ba55a96, CONFIG_DEBUG_NET): nothing the
 *    poll redirected may still wait on the flush lists;
 *  - "NAPI poll function %pS returned %d, exceeding its budget";
 *  - "Drivers must not modify the NAPI state if they consume the entire
 *    weight": a poll that used its whole budget is polled again by the
 *    core, so it must not have completed the NAPI;
 *  - a poll that used less is not polled again: unless it completed the
 *    NAPI, NAPI_STATE_SCHED stays set, no IRQ can schedule it any more and
 *    napi_disable() would wait for ever.
 */
static void napi_after_poll(struct rl_napi *napi, int budget, int work)
{
	napi->m->blame_fn = (const void *)napi->poll;
	rl_xdp_check_flushed(napi->m, napi->hdr.id);
	if (work > budget)
		napi_report(napi, "NAPI poll returned more work than its budget");
	else if (work == budget && budget && napi->completed)
		napi_report(napi, "NAPI poll used its whole budget and still completed the NAPI (the core polls it again)");
	/* completed and scheduled again (an IRQ resent by enable_irq): fine */
	else if (work < budget && !napi->completed) {
		napi_report(napi, "NAPI poll returned less than its budget without napi_complete_done: the NAPI stays scheduled and is never polled again");
		napi->orphan = true;
	}
	napi->m->blame_fn = NULL;
}

int rl_napi_run(struct rl_napi *napi, int budget, u32 cpu)
{
	struct rl_model *m = napi->m;
	struct rl_napi *outer = m->napi_ctx;
	int work;

	if (!napi->enabled || !napi->scheduled || napi->orphan)
		return -1;
	m->cpu = cpu;
	m->napi_ctx = napi;
	napi->in_poll = true;
	rl_cost_add(m, RL_COST_NAPI_POLL, 1);
	napi->completed = false;
	napi->refused = false;
	work = napi->poll(napi, budget);
	napi->in_poll = false;
	m->napi_ctx = outer;
	napi->polls++;
	napi_after_poll(napi, budget, work);
	/* __napi_poll(): a disable pending completes a full-budget poll */
	if (napi->disabling && work == budget)
		napi->scheduled = false;
	return work;
}
