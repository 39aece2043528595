// SPDX-License-Identifier: GPL-2.0
/*
 * rl_world_skbmode.c - what the core does where a mode needs no driver
 * support (issue 21, make costs): skb-mode ("generic") XDP on the skbs a
 * driver hands to the stack, and copy-mode AF_XDP TX.  A trace picks them
 * with "xdp_mode skb" (attach installs the program at the core's hook, the
 * driver never sees it) and "xsk_mode copy" (xsk_bind binds with XDP_COPY:
 * the pool is registered at the queue, ndo_bpf is not called).  Text
 * traces only: fuzz bytes cannot say them.
 */
#include "rl_world.h"

static int skb_port(struct rl_world *w, const struct rl_sk_buff *skb)
{
	u32 p;

	for (p = 0; skb->dev && p < w->drv->ports(w); p++)
		if (w->drv->ndev(w, p) == skb->dev)
			return (int)p;
	return -1;
}

/*
 * The skb out of @port's queue 0 with no qdisc (generic_xdp_tx,
 * __dev_direct_xmit): a stopped queue refuses it; the caller then frees
 * the skb.
 */
static int direct_xmit(struct rl_world *w, u32 port, u32 queue,
		       struct rl_sk_buff *skb)
{
	if (rl_world_txq_closed(w, port, queue))
		return RL_NETDEV_TX_BUSY;
	skb->queue_mapping = queue;
	return w->drv->xmit(w, port, skb);
}

/*
 * do_xdp_generic() -> netif_receive_generic_xdp(), before the stack sees
 * the skb (model->rx_hook): true when the verdict consumed it.
 */
static bool generic_xdp(void *ctx, struct rl_sk_buff *skb)
{
	struct rl_world *w = ctx;
	int port = skb_port(w, skb);
	struct rl_bpf_prog *prog = port < 0 ? NULL : w->generic_prog[port];
	struct rl_xdp_buff xdp = { .len = skb->len, .tag = skb->tag };
	struct rl_redirect_target *t;

	if (!prog)
		return false;
	/*
	 * Less than XDP_PACKET_HEADROOM in front of the data: the head is
	 * reallocated and the packet copied (pskb_expand_head).  An skb built
	 * around a driver's page has the driver's headroom (256 here); a
	 * copy-allocated one has NET_SKB_PAD.
	 */
	if (!skb->head)
		rl_cost_add(w->m, RL_COST_COPY_BYTES, skb->len);
	switch (rl_bpf_prog_run_xdp(prog, &xdp)) {
	case RL_XDP_PASS:
		return false;
	case RL_XDP_TX:
		if (direct_xmit(w, (u32)port, 0, skb) == RL_NETDEV_TX_BUSY)
			rl_skb_free(w->m, skb);
		return true;
	case RL_XDP_REDIRECT:
		/*
		 * xdp_do_generic_redirect(): an xskmap entry copies into the
		 * socket (xsk_generic_rcv); a devmap entry hands the skb to
		 * the other device, outside the model.  Either way the skb is
		 * consumed here.
		 */
		t = rl_xdp_prog_target(w->m, prog);
		if (t && t->xsk)
			rl_xsk_generic_rcv(t, skb->len, skb->tag);
		rl_skb_free(w->m, skb);
		return true;
	default:
		rl_skb_free(w->m, skb);
		return true;
	}
}

void rl_world_skbmode_init(struct rl_world *w, bool xdp_skb, bool xsk_copy)
{
	w->xdp_skb = xdp_skb;
	w->xsk_copy = xsk_copy;
	if (xdp_skb) {
		w->m->rx_hook = generic_xdp;
		w->m->rx_hook_ctx = w;
	}
}

/* dev_xdp_install() in skb mode: the core keeps the program. */
int rl_world_generic_attach(struct rl_world *w, u32 port,
			    struct rl_bpf_prog *prog)
{
	if (port >= ARRAY_SIZE(w->generic_prog) || port >= w->drv->ports(w) ||
	    !w->drv->ndev(w, port)) {
		if (prog)
			rl_bpf_prog_put(prog);
		return -EINVAL;
	}
	if (w->generic_prog[port])
		rl_bpf_prog_put(w->generic_prog[port]);
	w->generic_prog[port] = prog;
	return 0;
}

/* unregister_netdev(): dev_xdp_uninstall() drops the core's programs. */
void rl_world_generic_detach_all(struct rl_world *w)
{
	u32 p;

	for (p = 0; p < ARRAY_SIZE(w->generic_prog); p++) {
		if (w->generic_prog[p])
			rl_bpf_prog_put(w->generic_prog[p]);
		w->generic_prog[p] = NULL;
	}
}

/*
 * xsk_generic_xmit(): up to TX_BATCH_SIZE descriptors, each copied into
 * an skb (sock_alloc_send_skb, skb_store_bits) whose destructor completes
 * the frame, sent straight to the driver.  A busy queue gives the
 * descriptor and its completion slot back and stops (-EAGAIN: the user
 * retries).
 */
int rl_world_xsk_generic_xmit(struct rl_world *w, u32 qid)
{
	struct rl_xsk_pool *pool = w->xsk[qid];
	u32 port = w->xsk_port[qid] - 1, budget = 32;
	struct rl_xdp_desc d;

	while (budget-- && rl_xsk_tx_peek_desc(pool, &d)) {
		struct rl_sk_buff *skb = rl_alloc_skb(w->m, d.len);

		if (!skb) {
			rl_xsk_tx_unpeek(pool);
			return -EAGAIN;
		}
		rl_cost_add(w->m, RL_COST_COPY_BYTES, d.len);
		skb->xsk_cq = pool;
		skb->xsk_frame = rl_xsk_pool_frame_id(pool, d.addr);
		rl_xsk_skb_hold(pool);
		if (direct_xmit(w, port, qid, skb) == RL_NETDEV_TX_BUSY) {
			/* the destructor becomes sock_wfree: no completion */
			skb->xsk_cq = NULL;
			rl_xsk_skb_unhold(pool);
			rl_xsk_tx_unpeek(pool);
			rl_skb_free(w->m, skb);
			return -EAGAIN;
		}
	}
	return 0;
}
