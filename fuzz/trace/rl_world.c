// SPDX-License-Identifier: GPL-2.0
/*
 * rl_world.c - operations on the extracted driver.
 *
 * One rule: every public rl_world_<op>() is exactly one step - the action,
 * then one global check (world_step), whatever the action returned - so
 * that the finding of step N belongs to operation N of a trace.  Actions
 * call only the static helpers below, never another rl_world_<op>().
 *
 * The world acts only as the kernel core, the network stack, the user or
 * the hardware would; every driver duty is the driver's.  README.md,
 * "What the harness does", lists each such action and the actor it stands
 * for.
 */
#include "rl_world.h"

const char * const rl_world_state_names[RL_WS_NR] = {
	[RL_WS_DOWN] = "down",
	[RL_WS_QUEUES_DOWN] = "queues_down",
	[RL_WS_UP] = "up",
	[RL_WS_UP_XDP] = "up_xdp",
	[RL_WS_UP_ZC] = "up_zc",
	[RL_WS_TDOWN_PENDING] = "tdown_pending",
};

/* The global check and the driver's predicate, at the current step. */
static void world_check(struct rl_world *w)
{
	rl_model_check(w->m);
	if (w->probed)
		w->drv->check(w);
}

/* End of an operation: its check, then the next step begins. */
static void world_step(struct rl_world *w)
{
	world_check(w);
	rl_model_step(w->m);
}

static void world_wait(void *ctx, enum rl_wait_point wp);

/*
 * Sized to the probe configuration (the full check is O(size)): @descs
 * descriptors of a pool, @buffers ring entries, @coherent long-lived
 * mappings (rings in coherent memory); the sockets' UMEM frames; 128 of
 * headroom for what the stack and redirect targets hold.
 */
void rl_world_model_size(struct rl_model_cfg *mcfg, u32 descs, u32 buffers,
			 u32 coherent, u32 nr_cpus)
{
	mcfg->max_desc = descs;
	mcfg->max_pages = 3 * buffers + 128;
	mcfg->max_dma_maps = 3 * buffers + coherent +
			     RL_WORLD_SOCKETS * RL_WORLD_UMEM_FRAMES + 128;
	mcfg->max_xsk_frames = RL_WORLD_SOCKETS * RL_WORLD_UMEM_FRAMES;
	mcfg->max_skbs = 128;
	mcfg->max_frames = 128;
	mcfg->nr_cpus = nr_cpus;
}

void rl_world_probed(struct rl_world *w, struct rl_model *m,
		     const struct rl_world_drv *drv,
		     struct rl_redirect_target *target)
{
	w->m = m;
	w->drv = drv;
	w->probed = true;
	w->target = target;
	/* where the driver blocks, the world lets other contexts act */
	m->wait_fn = world_wait;
	m->wait_ctx = w;
	/* probe is step 0; the first operation is step 1 */
	world_step(w);
}

void rl_world_probe_failed(struct rl_world *w, struct rl_model *m)
{
	w->m = m;
	w->drv = NULL;
	w->probed = false;
	world_step(w);
}

void rl_world_check(struct rl_world *w)
{
	world_check(w);
}

/* The net_device of @port, or NULL (none there). */
static struct rl_netdev *world_ndev(struct rl_world *w, u32 port)
{
	return w->drv->ndev(w, port);
}

/*
 * dev_open()/dev_close(): the core calls ndo_open only on a device that
 * is down and sets IFF_UP after it succeeded; ndo_stop only on one that
 * is up, and IFF_UP is gone afterwards whatever it returned.
 */
static int world_open(struct rl_world *w, u32 port)
{
	struct rl_netdev *nd = world_ndev(w, port);
	int ret;

	if (!nd)
		return -ENODEV;
	if (nd->up)
		return 0;
	nd->running = true;
	ret = w->drv->open(w, port);
	if (!ret)
		nd->up = true;
	else
		nd->running = false;
	return ret;
}

static int world_stop(struct rl_world *w, u32 port)
{
	struct rl_netdev *nd = world_ndev(w, port);
	int ret;

	if (!nd)
		return -ENODEV;
	if (!nd->up)
		return 0;
	/* dev_deactivate_many() and netif_running() false before ndo_stop */
	nd->running = false;
	ret = w->drv->stop(w, port);
	nd->up = false;
	return ret;
}

/* The socket of @qid (UMEM + xskmap entry), created on first use. */
static int world_xsk_socket(struct rl_world *w, u32 qid)
{
	if (qid >= RL_WORLD_SOCKETS)
		return -EINVAL;
	if (w->xsk[qid])
		return 0;
	w->xsk[qid] = rl_xsk_pool_create(w->m, RL_WORLD_UMEM_FRAMES, 16);
	if (!w->xsk[qid])
		return -ENOMEM;
	w->xsk_target[qid] = rl_redirect_target_create(w->m, 4, w->xsk[qid]);
	return w->xsk_target[qid] ? 0 : -ENOMEM;
}

/*
 * The socket's last reference goes: xp_clear_dev() asks the driver to
 * stop zero copy (xp_disable_drv_zc) and unregisters the pool whatever
 * the driver said - a refusal is the core's WARN "Failed to disable
 * zero-copy!".
 */
static int world_xsk_unbind(struct rl_world *w, u32 qid)
{
	struct rl_netdev *nd;
	int ret;

	if (qid >= RL_WORLD_SOCKETS || !w->xsk_port[qid])
		return -EINVAL;
	nd = world_ndev(w, w->xsk_port[qid] - 1);
	/* XDP_COPY: the driver never heard of the pool (xp_clear_dev) */
	ret = w->xsk_copy_bound[qid] ? 0 :
	      w->drv->xsk_pool(w, w->xsk_port[qid] - 1, NULL, qid);
	w->xsk_copy_bound[qid] = false;
	if (ret)
		rl_ledger_report_count(w->m->ledger, RL_F_XSK, RL_OBJ_XSK, qid,
				       0, (u32)-ret,
				       "xp_disable_drv_zc: Failed to disable zero-copy! (the driver refused)");
	rl_xsk_clear_pool_at_qid(nd, qid);
	w->xsk_port[qid] = 0;
	return ret;
}

/* close() of the socket: unbound from its queue, then the pool is freed. */
static void world_xsk_close(struct rl_world *w, u32 qid)
{
	if (qid >= RL_WORLD_SOCKETS || !w->xsk[qid])
		return;
	if (w->xsk_port[qid] && w->probed)
		world_xsk_unbind(w, qid);
	if (w->xsk_target[qid])
		rl_redirect_target_destroy(w->xsk_target[qid]);
	w->xsk_target[qid] = NULL;
	/* freed now, or when its last copy-mode TX skb is (socket refs) */
	rl_xsk_pool_release(w->xsk[qid]);
	w->xsk[qid] = NULL;
}

/*
 * The end of a run is one more step: each action in it is checked like an
 * operation, with that step's number.
 */
void rl_world_teardown(struct rl_world *w)
{
	u32 q, p;

	/* sockets close first: the core unbinds zero copy before the pool goes */
	for (q = 0; q < RL_WORLD_SOCKETS; q++) {
		if (!w->xsk[q])
			continue;
		world_xsk_close(w, q);
		world_check(w);
	}
	/* unregister_netdev() closes each port that is up, then remove */
	for (p = 0; w->probed && p < w->drv->ports(w); p++) {
		if (!world_ndev(w, p) || !world_ndev(w, p)->up)
			continue;
		world_stop(w, p);
		world_check(w);
	}
	rl_world_generic_detach_all(w);
	if (w->probed)
		w->drv->remove(w);
	w->probed = false;
	/* the devmap's device goes: a frame still queued there is lost */
	if (w->target)
		rl_redirect_target_destroy(w->target);
	w->target = NULL;
}

bool rl_world_finish(struct rl_world *w)
{
	rl_world_teardown(w);
	return rl_model_final_check(w->m);
}

int rl_world_open(struct rl_world *w, u32 port)
{
	int ret = world_open(w, port);

	world_step(w);
	return ret;
}

int rl_world_stop(struct rl_world *w, u32 port)
{
	int ret = world_stop(w, port);

	world_step(w);
	return ret;
}

static void world_irqs(struct rl_world *w)
{
	w->drv->irqs(w);
}

/* Expired timers run (a driver with none has no hook). */
static void world_timers(struct rl_world *w)
{
	if (w->drv->timers)
		w->drv->timers(w);
}

/* net_rx_action(): one poll of every NAPI that is scheduled. */
static bool world_softirq(struct rl_world *w)
{
	u32 i, n = w->drv->rx_napis(w);
	bool ran = false;

	for (i = 0; i < n; i++)
		ran |= w->drv->poll_rx(w, i, RL_NAPI_WEIGHT) >= 0;
	n = w->drv->tx_queues(w);
	for (i = 0; i < n; i++)
		ran |= w->drv->poll_tx(w, i, RL_NAPI_WEIGHT) >= 0;
	return ran;
}

/*
 * Time passes while the driver sleeps: one hardware step, the interrupts
 * it raises, expired timers, and the softirq.  What a real wait lets
 * happen when the trace nests nothing (or nothing more) in it.
 */
static void world_time_passes(struct rl_world *w, bool hardware)
{
	if (hardware)
		rl_hw_step(w->m);
	world_irqs(w);
	world_timers(w);
	world_softirq(w);
}

/*
 * m->wait_fn: the driver blocks at @wp.  A nested operation of the trace
 * goes first (the runner's at_wait), then what that wait lets happen: the
 * teardown waits last while time passes; synchronize_net() lets pending
 * softirq work finish; napi_disable() and hrtimer_cancel() add nothing of
 * their own (napi_disable runs a scheduled poll itself, model/netdev.c).
 * The state is checked as other CPUs see it there.
 */
static void world_wait(void *ctx, enum rl_wait_point wp)
{
	struct rl_world *w = ctx;

	if (!w->probed)
		return;
	w->in_wait++;
	if (w->at_wait) {
		w->wait_now = wp + 1;
		w->at_wait(w->at_wait_ctx, w, wp);
		w->wait_now = 0;
	}
	switch (wp) {
	case RL_WAIT_RX_TDOWN:
	case RL_WAIT_TX_TDOWN:
		world_time_passes(w, true);
		break;
	case RL_WAIT_SYNC_NET:
		world_softirq(w);
		break;
	default:
		break;
	}
	world_check(w);
	w->in_wait--;
}

void rl_world_timer(struct rl_world *w)
{
	world_time_passes(w, false);
	world_step(w);
}

void rl_world_rejected(struct rl_world *w)
{
	world_step(w);
}

u32 rl_world_rx(struct rl_world *w, u32 flow, u32 port, u32 n, u32 len)
{
	struct rl_netdev *nd = port < w->drv->ports(w) ?
			       world_ndev(w, port) : NULL;
	u32 i, done = 0;

	/*
	 * Only a MAC port that is up with its link up receives: a port
	 * disabled in the DT is never brought up, and mac_link_down (also on
	 * ndo_stop) puts the port in ALE state disabled.
	 */
	if (!nd || !nd->up || !rl_netif_carrier_ok(nd))
		n = 0;
	for (i = 0; i < n; i++)
		done += w->drv->hw_rx(w, flow, port, len, i);
	world_irqs(w);
	world_step(w);
	return done;
}

int rl_world_poll_rx(struct rl_world *w, u32 flow, int budget)
{
	int ret = w->drv->poll_rx(w, flow, budget);

	world_step(w);
	return ret;
}

int rl_world_poll_tx(struct rl_world *w, u32 chn, int budget)
{
	int ret = w->drv->poll_tx(w, chn, budget);

	world_step(w);
	return ret;
}

u32 rl_world_tx_complete(struct rl_world *w, u32 chn, u32 k)
{
	u32 n = w->drv->hw_tx(w, chn, k);

	world_irqs(w);
	world_step(w);
	return n;
}

void rl_world_hw_step(struct rl_world *w, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		rl_hw_step(w->m);
	world_irqs(w);
	world_step(w);
}

/*
 * The hardware sends what is queued and the softirq polls every NAPI that
 * is scheduled, until neither has anything left.  Only interrupts (and
 * what the driver schedules itself) schedule a NAPI: a queue waiting for
 * a wakeup from the user stays waiting.
 */
void rl_world_settle(struct rl_world *w)
{
	bool busy = true;
	u32 rounds = 0;

	while (busy && rounds++ < 64) {
		busy = w->drv->hw_tx_all(w) > 0;
		world_irqs(w);
		world_timers(w);
		busy |= world_softirq(w);
		busy |= w->drv->tx_pending && w->drv->tx_pending(w);
	}
	/* quiet now: completions nobody will ever be interrupted for */
	w->drv->quiet(w);
	world_step(w);
}

/*
 * The stack only transmits on a device that is up, through a queue the
 * driver has not stopped (dev_queue_xmit / netif_xmit_frozen_or_stopped;
 * __dev_direct_xmit alike).
 */
bool rl_world_txq_closed(struct rl_world *w, u32 port, u32 queue)
{
	struct rl_netdev *nd = world_ndev(w, port);

	return !nd || !nd->up || !rl_netif_running(nd) ||
	       rl_netif_tx_queue_stopped(nd, queue % w->drv->tx_queues(w));
}

static int world_xmit(struct rl_world *w, u32 port, u32 queue, u32 len,
		      u32 nr_frags, bool csum)
{
	struct rl_sk_buff *skb;
	int ret;

	/*
	 * The stack's packets reach ndo_start_xmit through the qdisc, which
	 * __dev_open() attaches (dev_activate) only after ndo_open returned
	 * 0 - until then noop_qdisc drops them - and dev_close() detaches
	 * (dev_deactivate) before ndo_stop: IFF_UP and running both.
	 */
	if (rl_world_txq_closed(w, port, queue))
		return RL_NETDEV_TX_BUSY;
	skb = rl_skb_alloc_tx(w->m, len, nr_frags, 256);
	if (!skb)
		return -ENOMEM;
	skb->queue_mapping = queue;
	/* CHECKSUM_PARTIAL only on what can carry a TCP header (34 + 16 + 2) */
	if (csum && len >= 52) {
		skb->ip_summed = RL_CHECKSUM_PARTIAL;
		skb->csum_start = 34;
		skb->csum_offset = 16;
	}
	ret = w->drv->xmit(w, port, skb);
	/* NETDEV_TX_BUSY: the stack keeps the skb (here: drops it) */
	if (ret == RL_NETDEV_TX_BUSY)
		rl_skb_free(w->m, skb);
	return ret;
}

int rl_world_xmit(struct rl_world *w, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum)
{
	int ret = world_xmit(w, port, queue, len, nr_frags, csum);

	world_step(w);
	return ret;
}

/* The devmap only redirects to a device that is up (xdp_ok_fwd_dev). */
static int world_xdp_xmit(struct rl_world *w, u32 port, u32 n)
{
	struct rl_netdev *nd = world_ndev(w, port);
	struct rl_xdp_frame *frames[8];
	int i, sent;

	if (!nd || !nd->up)
		return -ENETDOWN;
	if (n > ARRAY_SIZE(frames))
		n = ARRAY_SIZE(frames);
	for (i = 0; i < (int)n; i++) {
		frames[i] = rl_xdp_frame_alloc_test(w->m, 60);
		if (!frames[i])
			break;
	}
	n = i;
	sent = w->drv->xdp_xmit(w, port, n, frames);
	/* the core returns what the driver did not take (bq_xmit_all) */
	for (i = sent < 0 ? 0 : sent; i < (int)n; i++)
		rl_xdp_return_frame(w->m, frames[i]);
	return sent;
}

int rl_world_xdp_xmit(struct rl_world *w, u32 port, u32 n)
{
	int ret = world_xdp_xmit(w, port, n);

	world_step(w);
	return ret;
}

/*
 * bind(): xp_assign_dev() registers the pool at the queue, then asks the
 * driver (ndo_bpf XDP_SETUP_XSK_POOL); a refusal unregisters it again.
 */
static int world_xsk_bind(struct rl_world *w, u32 port, u32 qid)
{
	struct rl_netdev *nd = world_ndev(w, port);
	int ret = world_xsk_socket(w, qid);

	if (ret)
		return ret;
	if (!nd || w->xsk_port[qid])
		return -EINVAL;
	ret = rl_xsk_reg_pool_at_qid(nd, w->xsk[qid], qid);
	if (ret)
		return ret;
	/* xp_assign_dev() with XDP_COPY stops before ndo_bpf */
	if (w->xsk_copy) {
		w->xsk_copy_bound[qid] = true;
		w->xsk_port[qid] = port + 1;
		return 0;
	}
	ret = w->drv->xsk_pool(w, port, w->xsk[qid], qid);
	if (ret)
		rl_xsk_clear_pool_at_qid(nd, qid);
	else
		w->xsk_port[qid] = port + 1;
	return ret;
}

int rl_world_xsk_bind(struct rl_world *w, u32 port, u32 qid)
{
	int ret = world_xsk_bind(w, port, qid);

	world_step(w);
	return ret;
}

int rl_world_xsk_unbind(struct rl_world *w, u32 qid)
{
	int ret = world_xsk_unbind(w, qid);

	world_step(w);
	return ret;
}

void rl_world_xsk_close(struct rl_world *w, u32 qid)
{
	world_xsk_close(w, qid);
	world_step(w);
}

/* The user's ring operations on the socket of @qid (none: nothing). */
static struct rl_xsk_pool *world_xsk(struct rl_world *w, u32 qid)
{
	return qid < RL_WORLD_SOCKETS ? w->xsk[qid] : NULL;
}

u32 rl_world_xsk_fill(struct rl_world *w, u32 qid, u32 n)
{
	struct rl_xsk_pool *pool = world_xsk(w, qid);
	u32 done = pool ? rl_xsk_user_fill(pool, n) : 0;

	world_step(w);
	return done;
}

u32 rl_world_xsk_consume(struct rl_world *w, u32 qid, u32 n)
{
	struct rl_xsk_pool *pool = world_xsk(w, qid);
	u32 done = pool ? rl_xsk_user_consume_rx(pool, n) : 0;

	world_step(w);
	return done;
}

u32 rl_world_xsk_submit(struct rl_world *w, u32 qid, u32 n, u32 len)
{
	struct rl_xsk_pool *pool = world_xsk(w, qid);
	u32 done = pool ? rl_xsk_user_submit_tx(pool, n, len) : 0;

	world_step(w);
	return done;
}

u32 rl_world_xsk_reap(struct rl_world *w, u32 qid, u32 n)
{
	struct rl_xsk_pool *pool = world_xsk(w, qid);
	u32 done = pool ? rl_xsk_user_reap_comp(pool, n) : 0;

	world_step(w);
	return done;
}

/* sendto()/poll() on the socket: xsk_wakeup() -> ndo_xsk_wakeup */
int rl_world_xsk_wakeup(struct rl_world *w, u32 qid, u32 flags)
{
	int ret = -EINVAL;

	/* copy mode: sendto() runs xsk_generic_xmit, poll() wakes nobody */
	if (qid < RL_WORLD_SOCKETS && w->xsk_copy_bound[qid])
		ret = flags & RL_XDP_WAKEUP_TX ?
		      rl_world_xsk_generic_xmit(w, qid) : 0;
	else if (qid < RL_WORLD_SOCKETS && w->xsk_port[qid])
		ret = w->drv->xsk_wakeup(w, w->xsk_port[qid] - 1, qid, flags);
	world_step(w);
	return ret;
}

/* dev_xdp_install(): the driver takes over the program's reference. */
static int world_attach(struct rl_world *w, u32 port, const u8 *verdicts,
			u32 n, u32 xsk_qid_plus1)
{
	struct rl_redirect_target *t = w->target;
	struct rl_bpf_prog *prog = NULL;
	int ret;

	if (xsk_qid_plus1) {
		ret = world_xsk_socket(w, xsk_qid_plus1 - 1);
		if (ret)
			return ret;
		t = w->xsk_target[xsk_qid_plus1 - 1];
	}
	if (n) {
		prog = rl_bpf_prog_create(w->m, verdicts, n, t);
		if (!prog)
			return -ENOMEM;
	}
	if (w->xdp_skb)
		return rl_world_generic_attach(w, port, prog);
	return w->drv->bpf(w, port, prog);
}

int rl_world_attach(struct rl_world *w, u32 port, const u8 *verdicts, u32 n,
		    u32 xsk_qid_plus1)
{
	int ret = world_attach(w, port, verdicts, n, xsk_qid_plus1);

	world_step(w);
	return ret;
}

void rl_world_link(struct rl_world *w, u32 port, bool up)
{
	w->drv->link(w, port, up);
	world_step(w);
}

void rl_world_tdown(struct rl_world *w, enum rl_tdown_mode mode, u32 delay)
{
	rl_hw_set_tdown_mode(w->m, mode, delay);
	world_step(w);
}

/* Another device's NAPI on this CPU flushed the (per-CPU) flush lists. */
void rl_world_flush(struct rl_world *w)
{
	rl_xdp_do_flush(w->m);
	world_step(w);
}

void rl_world_fault(struct rl_world *w, enum rl_fault_site site, u32 nth)
{
	rl_model_fail_nth(w->m, site, nth);
	world_step(w);
}

void rl_world_stack_release(struct rl_world *w, u32 n)
{
	rl_stack_release(w->m, n);
	world_step(w);
}
