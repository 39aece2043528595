/* SPDX-License-Identifier: GPL-2.0 */
/*
 * netdev.h - per-port net_device with TX queues (stop/wake), BQL
 * (netdev_tx_sent_queue / netdev_tx_completed_queue / _reset_queue),
 * carrier, and NAPI instances whose polling the harness drives with a
 * budget and a current CPU (net/core/dev.c napi_* rules).
 */
#ifndef RL_NETDEV_H
#define RL_NETDEV_H

#include "model.h"

#define RL_MAX_TXQ	8

struct rl_netdev_queue {
	bool stopped;		/* __QUEUE_STATE_DRV_XOFF */
	u32 bql_sent;		/* bytes queued (dql->num_queued) */
	u32 bql_completed;	/* bytes completed (dql->num_completed) */
	u32 wakes;
	u32 stops;
};

struct rl_netdev {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	u32 port;
	u32 num_tx_queues;
	u32 num_rx_queues;	/* netif_set_real_num_rx_queues() */
	bool up;		/* IFF_UP: the core sets it around ndo_open/stop */
	/*
	 * __LINK_STATE_START, netif_running(): set before ndo_open, cleared
	 * before ndo_stop (__dev_open / __dev_close_many), while IFF_UP is
	 * still set during ndo_stop (a devmap may still send).
	 */
	bool running;
	bool carrier;
	u64 tx_packets;		/* dev_sw_netstats_tx_add() */
	u64 tx_bytes;
	struct rl_netdev_queue txq[RL_MAX_TXQ];
	/*
	 * The AF_XDP pool bound to each queue (netdev->_rx[q].pool), kept by
	 * the core: xsk_reg_pool_at_qid() / xsk_clear_pool_at_qid().
	 */
	struct rl_xsk_pool *xsk_pool[RL_MAX_TXQ];
	void *priv;		/* netdev_priv() */
};

struct rl_napi;
typedef int (*rl_napi_poll_fn)(struct rl_napi *napi, int budget);

struct rl_napi {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	rl_napi_poll_fn poll;
	bool added;		/* netif_napi_add() done, not yet deleted */
	bool enabled;		/* napi_enable() .. napi_disable() */
	bool scheduled;		/* NAPI_STATE_SCHED */
	bool disabling;		/* NAPI_STATE_DISABLE: napi_disable() waits */
	bool completed;		/* napi_complete_done() in the current poll */
	bool refused;		/* a schedule came while disabled, no poll since */
	bool orphan;		/* scheduled, but on no poll list: never polled */
	bool in_poll;
	u32 polls;
};

/* NAPI_POLL_WEIGHT: the budget the softirq gives a poll */
#define RL_NAPI_WEIGHT		64

static inline bool rl_netif_running(const struct rl_netdev *nd)
{
	return nd->running;
}

struct rl_netdev *rl_netdev_create(struct rl_model *m, u32 port,
				   u32 num_tx_queues);
void rl_netdev_destroy(struct rl_netdev *nd);
bool rl_netdev_is_valid(const struct rl_netdev *nd);

void rl_netif_set_real_num_rx_queues(struct rl_netdev *nd, u32 n);
/* xsk_get_pool_from_qid(): the pool bound to queue @qid, or NULL */
/*@ requires \valid_read(nd);
  @ assigns \nothing;
  @ ensures bound: qid < RL_MAX_TXQ ? \result == nd->xsk_pool[qid] :
  @   \result == \null;
  @*/
struct rl_xsk_pool *rl_xsk_get_pool_from_qid(const struct rl_netdev *nd,
					     u32 qid);
/*
 * xsk_reg_pool_at_qid(): -EINVAL past both queue counts, -EBUSY when the
 * queue has a pool already.  xsk_clear_pool_at_qid() drops it.
 */
int rl_xsk_reg_pool_at_qid(struct rl_netdev *nd, struct rl_xsk_pool *pool,
			   u32 qid);
void rl_xsk_clear_pool_at_qid(struct rl_netdev *nd, u32 qid);
/*
 * netif_tx_stop_queue() / netif_tx_wake_queue() on one of the device's
 * queues: its flag and counter alone (A7).
 */
/*@ requires \valid(nd) && q < nd->num_tx_queues <= RL_MAX_TXQ;
  @ assigns nd->txq[q].stopped, nd->txq[q].stops;
  @ ensures stopped: nd->txq[q].stopped;
  @*/
void rl_netif_tx_stop_queue(struct rl_netdev *nd, u32 q);
/*@ requires \valid(nd) && q < nd->num_tx_queues <= RL_MAX_TXQ;
  @ assigns nd->txq[q].stopped, nd->txq[q].wakes;
  @*/
void rl_netif_tx_wake_queue(struct rl_netdev *nd, u32 q);
bool rl_netif_tx_queue_stopped(const struct rl_netdev *nd, u32 q);
void rl_netif_tx_start_all_queues(struct rl_netdev *nd);
void rl_netif_tx_stop_all_queues(struct rl_netdev *nd);
void rl_netdev_tx_sent_queue(struct rl_netdev *nd, u32 q, u32 bytes);
void rl_netdev_tx_completed_queue(struct rl_netdev *nd, u32 q, u32 pkts,
				  u32 bytes);
void rl_netdev_tx_reset_queue(struct rl_netdev *nd, u32 q);
u32 rl_netdev_bql_inflight(const struct rl_netdev *nd, u32 q);
/* dev_sw_netstats_tx_add(): per-device TX counters (an oops on NULL) */
void rl_dev_sw_netstats_tx_add(struct rl_netdev *nd, u32 pkts, u32 bytes);
void rl_netif_carrier_on(struct rl_netdev *nd);
void rl_netif_carrier_off(struct rl_netdev *nd);
/*@ requires \valid_read(nd);
  @ assigns \nothing;
  @*/
bool rl_netif_carrier_ok(const struct rl_netdev *nd);
/* Final oracle: BQL bytes never completed nor reset are a leak. */
void rl_netdev_final_check(struct rl_netdev *nd);

/* what ndo_start_xmit returns (enum netdev_tx) */
#define RL_NETDEV_TX_OK		0
#define RL_NETDEV_TX_BUSY	0x10

/* netif_napi_add() / netif_napi_del() */
void rl_netif_napi_add(struct rl_model *m, struct rl_napi *napi,
		       rl_napi_poll_fn poll);
void rl_netif_napi_del(struct rl_napi *napi);
bool rl_napi_is_valid(const struct rl_napi *napi);
/*
 * Proof view (proofs/README.md, A7): of what the proofs read, napi_enable
 * and napi_disable write the NAPI's state alone (napi_enable its on/off
 * and SCHED bits; napi_disable RL_NAPI_STATE_FOOTPRINT, the poll it may
 * run included; a misuse is a ledger report), and napi_disable returns
 * with it off - but for a napi_disable from inside the NAPI's own poll,
 * which the kernel never returns from (it waits for itself) and the
 * model reports and returns from unchanged.
 * At its wait other contexts run (a scheduled poll, interrupts, the
 * softirq): they write rings, buffers and the facilities, never a NAPI's
 * on/off nor a ring pointer of the driver - only paths under rtnl_lock
 * enable, disable or rebuild, and the caller holds it (dev_xdp_install,
 * xp_assign_dev, __dev_close).
 */
/*@ requires \valid(napi);
  @ assigns napi->enabled, napi->scheduled;
  @ ensures on: napi->enabled;
  @*/
void rl_napi_enable(struct rl_napi *napi);
/*@ requires \valid(napi);
  @ assigns RL_NAPI_STATE_FOOTPRINT(napi);
  @ ensures off: !napi->enabled;
  @*/
void rl_napi_disable(struct rl_napi *napi);
/* napi_schedule(): false when disabled, disabling or already scheduled */
/*@ requires \valid(napi);
  @ assigns napi->scheduled, napi->refused;
  @*/
bool rl_napi_schedule(struct rl_napi *napi);
/* napi_complete_done(): only from inside the poll of a scheduled NAPI */
bool rl_napi_complete_done(struct rl_napi *napi, int work_done);
/*
 * The softirq (net_rx_action -> __napi_poll): run one poll on @cpu with
 * @budget if the NAPI is scheduled, in NAPI context (m->napi_ctx), then
 * the core's checks on what the poll left (see netdev.c).  Returns the
 * work done, or -1 when it was not scheduled.
 */
int rl_napi_run(struct rl_napi *napi, int budget, u32 cpu);

#endif /* RL_NETDEV_H */
