// SPDX-License-Identifier: GPL-2.0
/*
 * rl_trace_ops.c - the operation table, the byte decoder and encoder, and
 * running an operation on a world.
 */
#include "rl_trace_table.h"

#define A(k, m, n) { k, m, n }

const struct rl_op_info rl_op_table[RL_OP_NR] = {
	[RL_OP_OPEN] = { "open", 1, { A(RL_A_PORT, 0, "port") } },
	[RL_OP_STOP] = { "stop", 1, { A(RL_A_PORT, 0, "port") } },
	[RL_OP_LINK] = { "link", 2, { A(RL_A_PORT, 0, "port"),
				      A(RL_A_UPDOWN, 1, "up|down") } },
	[RL_OP_RX] = { "rx", 4, { A(RL_A_FLOW, 0, "flow"), A(RL_A_PORT, 0, "port"),
				  A(RL_A_NUM, 16, "count"), A(RL_A_LEN, 2024, "length") } },
	[RL_OP_POLL_RX] = { "poll_rx", 3, { A(RL_A_FLOW, 0, "flow"),
					    A(RL_A_NUM, 64, "budget"),
					    A(RL_A_CPU, 0, "cpu") } },
	[RL_OP_POLL_TX] = { "poll_tx", 3, { A(RL_A_CHAN, 0, "channel"),
					    A(RL_A_NUM, 64, "budget"),
					    A(RL_A_CPU, 0, "cpu") } },
	[RL_OP_TX_COMPLETE] = { "tx_complete", 2, { A(RL_A_CHAN, 0, "channel"),
						    A(RL_A_NUM, 16, "count") } },
	[RL_OP_XMIT] = { "xmit", 5, { A(RL_A_PORT, 0, "port"), A(RL_A_CHAN, 0, "queue"),
				      A(RL_A_LEN, 2024, "length"),
				      A(RL_A_NUM, 4, "fragments"),
				      A(RL_A_NUM, 1, "csum 0|1") } },
	[RL_OP_XDP_XMIT] = { "xdp_xmit", 2, { A(RL_A_PORT, 0, "port"),
					      A(RL_A_NUM, 8, "count") } },
	[RL_OP_ATTACH] = { "attach", 3, { A(RL_A_PORT, 0, "port"),
					  A(RL_A_TARGET, 8, "devmap|xskN"),
					  A(RL_A_VERDICTS, 0, "verdicts [adptrx]{1,3}") } },
	[RL_OP_DETACH] = { "detach", 1, { A(RL_A_PORT, 0, "port") } },
	[RL_OP_XSK_BIND] = { "xsk_bind", 2, { A(RL_A_PORT, 0, "port"),
					      A(RL_A_CHAN, 0, "queue") } },
	[RL_OP_XSK_UNBIND] = { "xsk_unbind", 1, { A(RL_A_CHAN, 0, "queue") } },
	[RL_OP_XSK_CLOSE] = { "xsk_close", 1, { A(RL_A_CHAN, 0, "queue") } },
	[RL_OP_XSK_FILL] = { "xsk_fill", 2, { A(RL_A_CHAN, 0, "queue"),
					      A(RL_A_NUM, 16, "count") } },
	[RL_OP_XSK_CONSUME] = { "xsk_consume", 2, { A(RL_A_CHAN, 0, "queue"),
						    A(RL_A_NUM, 16, "count") } },
	[RL_OP_XSK_SUBMIT] = { "xsk_submit", 3, { A(RL_A_CHAN, 0, "queue"),
						  A(RL_A_NUM, 16, "count"),
						  A(RL_A_LEN, 2024, "length") } },
	[RL_OP_XSK_REAP] = { "xsk_reap", 2, { A(RL_A_CHAN, 0, "queue"),
					      A(RL_A_NUM, 16, "count") } },
	[RL_OP_XSK_WAKEUP] = { "xsk_wakeup", 2, { A(RL_A_CHAN, 0, "queue"),
						  A(RL_A_FLAGS, 3, "rx|tx|rxtx") } },
	[RL_OP_TDOWN] = { "tdown", 2, { A(RL_A_MODE, 2, "now|after|never"),
					A(RL_A_NUM, 8, "steps") } },
	[RL_OP_HW_STEP] = { "hw_step", 1, { A(RL_A_NUM, 8, "steps") } },
	[RL_OP_FLUSH] = { "flush", 0, { } },
	[RL_OP_FAULT] = { "fault", 2, { A(RL_A_SITE, RL_FAULT_NR - 1, "fault site"),
					A(RL_A_NUM, 32, "nth call (0 disarms)") } },
	[RL_OP_STACK_RELEASE] = { "stack_release", 1, { A(RL_A_NUM, 64, "count") } },
	[RL_OP_SETTLE] = { "settle", 0, { } },
	[RL_OP_TIMER] = { "timer", 0, { } },
};

const char * const rl_driver_names[RL_DRV_NR] = {
	[RL_DRV_AM65] = "am65",
	[RL_DRV_STMMAC] = "stmmac",
};

int rl_driver_by_name(const char *name)
{
	int d;

	for (d = 0; d < RL_DRV_NR; d++)
		if (!strcmp(name, rl_driver_names[d]))
			return d;
	return -1;
}

void rl_trace_init(struct rl_trace *t)
{
	memset(t, 0, sizeof(*t));
	t->driver = RL_DRV_AM65;
	rl_am65_default_cfg(&t->cfg);
	/* stmmac with "config driver=stmmac" and no other key */
	t->stmmac.rx_queues = 1;
	t->stmmac.tx_queues = 1;
	t->stmmac.dma_rx_size = 8;
	t->stmmac.dma_tx_size = 8;
	t->stmmac.nr_cpus = 1;
}

/*
 * stmmac: one port; a "flow" is an RX queue, a "channel" a TX queue (and
 * the queue of a socket).
 */
u32 rl_arg_max(const struct rl_trace *t, const struct rl_arg_info *a)
{
	const struct rl_am65_cfg *cfg = &t->cfg;
	const struct rl_stmmac_cfg *sc = &t->stmmac;
	bool st = t->driver == RL_DRV_STMMAC;

	switch (a->kind) {
	case RL_A_PORT:
		return st ? 0 : cfg->ports - 1;
	case RL_A_FLOW:
		return (st ? sc->rx_queues : cfg->rx_flows) - 1;
	case RL_A_CHAN:
		return (st ? sc->tx_queues : cfg->tx_chans) - 1;
	case RL_A_CPU:
		return (st ? sc->nr_cpus : cfg->nr_cpus) - 1;
	case RL_A_VERDICTS:
		return (2 << 8) | 215;
	default:
		return a->max;
	}
}

/* Deterministic byte consumer: missing bytes read as zero. */
struct rl_bytes {
	const u8 *p;
	size_t left;
};

static u8 take(struct rl_bytes *b)
{
	if (!b->left)
		return 0;
	b->left--;
	return *b->p++;
}

static u16 decode_arg(struct rl_bytes *b, const struct rl_trace *t,
		      const struct rl_arg_info *a)
{
	u32 count, pattern, v;

	switch (a->kind) {
	case RL_A_LEN:
		/*
		 * Two bytes, spread over 0..max; a high byte of 0xc0 or more
		 * picks a header-sized frame (0..127) instead.  Short frames
		 * are where a word kept from an earlier, longer packet points
		 * past the end (stale_psdata_tx); a flat spread gives them 1
		 * chance in 40.  The encoder writes high bytes below 8, so
		 * stored inputs decode as before.
		 */
		v = take(b);
		v |= (u32)take(b) << 8;
		if (v >= 0xc000)
			v &= 0x7f;
		return v % (a->max + 1);
	case RL_A_VERDICTS:
		count = take(b) % 3;
		pattern = take(b) % 216;
		/* unused verdict slots read as zero: one text, one value */
		pattern %= count == 0 ? 6 : count == 1 ? 36 : 216;
		return (count << 8) | pattern;
	case RL_A_FLAGS:
		return 1 + take(b) % 3;
	case RL_A_TARGET:
		/*
		 * An odd byte is the devmap, an even one a socket: the devmap
		 * is half the redirects (a flat spread gave it 1 in 9), the
		 * path where a forgotten xdp_do_flush() shows first.
		 */
		v = take(b);
		return v & 1 ? 0 : 1 + (v >> 1) % a->max;
	default:
		return take(b) % (rl_arg_max(t, a) + 1);
	}
}

static void decode_cfg(struct rl_am65_cfg *cfg, struct rl_bytes *b)
{
	u32 v;

	memset(cfg, 0, sizeof(*cfg));
	cfg->ports = 1 + take(b) % 2;
	cfg->disabled_ports = take(b) % BIT(cfg->ports);
	if (cfg->disabled_ports == BIT(cfg->ports) - 1)
		cfg->disabled_ports = 0;	/* at least one port exists */
	cfg->rx_flows = 1 + take(b) % 4;
	cfg->tx_chans = 1 + take(b) % 4;
	cfg->rx_descs = 2 + take(b) % 15;
	cfg->tx_descs = 2 + take(b) % 15;
	cfg->pktdma = take(b) % 2;
	v = take(b);
	cfg->rx_tdown_irq_quirk = v & 1;
	cfg->pacing = v >> 1 & 1;
	cfg->nr_cpus = 1 + take(b) % 2;
	cfg->tdown_wait = take(b) % 5;
}

/* stmmac's configuration: RL_TRACE_CFG_BYTES_STMMAC bytes */
static void decode_cfg_stmmac(struct rl_stmmac_cfg *cfg, struct rl_bytes *b)
{
	u8 v;

	memset(cfg, 0, sizeof(*cfg));
	cfg->rx_queues = 1 + take(b) % 4;
	cfg->tx_queues = 1 + take(b) % 4;
	cfg->dma_rx_size = 2 + take(b) % 15;
	cfg->dma_tx_size = 4 + take(b) % 13;
	v = take(b);
	cfg->nr_cpus = 1 + v % 2;
	/* rarely (2 of 256): a probe that fails at its 1st or 2nd kmalloc */
	cfg->probe_fault = v >= 252 ? (v >> 1) - 125 : 0;
}

const char * const rl_trace_wait_names[RL_WAIT_NR] = {
	[RL_WAIT_RX_TDOWN] = "rx_tdown",
	[RL_WAIT_TX_TDOWN] = "tx_tdown",
	[RL_WAIT_NAPI_DISABLE] = "napi_disable",
	[RL_WAIT_HRTIMER_CANCEL] = "hrtimer_cancel",
	[RL_WAIT_SYNC_NET] = "sync_net",
	[RL_WAIT_ALLOC] = "alloc",
};

void rl_trace_from_bytes(struct rl_trace *t, const u8 *data, size_t size)
{
	rl_trace_from_bytes_drv(t, RL_DRV_AM65, data, size);
}

void rl_trace_from_bytes_drv(struct rl_trace *t, enum rl_driver driver,
			     const u8 *data, size_t size)
{
	struct rl_bytes b = { data, size };

	rl_trace_init(t);
	t->driver = driver;
	if (driver == RL_DRV_STMMAC)
		decode_cfg_stmmac(&t->stmmac, &b);
	else
		decode_cfg(&t->cfg, &b);
	while (b.left && t->n_ops < RL_TRACE_MAX_OPS) {
		struct rl_op *op = &t->ops[t->n_ops++];
		const struct rl_op_info *info;
		u32 i;

		u32 code = take(&b);

		/*
		 * bit 0x80: nested in the operation before (none: plain);
		 * bit 0x40 on a nested one: the next byte names its wait
		 */
		op->code = (code & 0x3f) % RL_OP_NR;
		op->nested = (code & 0x80) && t->n_ops > 1;
		op->at_wait = 0;
		op->at_nth = 0;
		if (op->nested && (code & 0x40)) {
			u32 sel = take(&b);

			op->at_wait = 1 + (sel & 7) % RL_WAIT_NR;
			op->at_nth = 1 + ((sel >> 3) & 7);
		}
		info = &rl_op_table[op->code];
		for (i = 0; i < info->nargs; i++)
			op->arg[i] = decode_arg(&b, t, &info->args[i]);
	}
}

static bool put(u8 *buf, size_t cap, size_t *n, u32 v)
{
	if (*n >= cap)
		return false;
	buf[(*n)++] = (u8)v;
	return true;
}

int rl_trace_to_bytes(const struct rl_trace *t, u8 *buf, size_t cap,
		      char *err, size_t errlen)
{
	const struct rl_am65_cfg *c = &t->cfg;
	const struct rl_stmmac_cfg *sc = &t->stmmac;
	size_t n = 0;
	u32 i, j;

	if (t->driver == RL_DRV_STMMAC) {
		if (sc->variants || sc->perf || t->has_expect || t->xdp_skb ||
		    t->xsk_copy || sc->rx_queues > 4 ||
		    sc->tx_queues > 4 ||
		    sc->dma_rx_size > 16 || sc->dma_tx_size > 16 ||
		    sc->nr_cpus > 2) {
			snprintf(err, errlen,
				 "this trace cannot be fuzz bytes: variant/perf/expect/xdp_mode/xsk_mode lines, or a config outside rx_queues/tx_queues 1-4, rx_size 2-16, tx_size 4-16, cpus 1-2");
			return -1;
		}
		put(buf, cap, &n, sc->rx_queues - 1);
		put(buf, cap, &n, sc->tx_queues - 1);
		put(buf, cap, &n, sc->dma_rx_size - 2);
		put(buf, cap, &n, sc->dma_tx_size - 4);
		put(buf, cap, &n, sc->probe_fault ?
		    2 * (sc->probe_fault + 125) + sc->nr_cpus - 1 :
		    sc->nr_cpus - 1);
		goto ops;
	}
	if (c->variants || c->perf || t->has_expect || t->xdp_skb || t->xsk_copy ||
	    c->ports < 1 || c->ports > 2 || c->rx_flows > 4 || c->tx_chans > 4 ||
	    c->rx_descs < 2 || c->rx_descs > 16 || c->tx_descs < 2 ||
	    c->tx_descs > 16 || c->nr_cpus > 2 || c->tdown_wait > 4) {
		snprintf(err, errlen,
			 "this trace cannot be fuzz bytes: variant/perf/expect/xdp_mode/xsk_mode lines, or a config outside ports 1-2, flows/chans 1-4, descs 2-16, cpus 1-2, tdown_wait 0-4");
		return -1;
	}
	put(buf, cap, &n, c->ports - 1);
	put(buf, cap, &n, c->disabled_ports);
	put(buf, cap, &n, c->rx_flows - 1);
	put(buf, cap, &n, c->tx_chans - 1);
	put(buf, cap, &n, c->rx_descs - 2);
	put(buf, cap, &n, c->tx_descs - 2);
	put(buf, cap, &n, c->pktdma);
	put(buf, cap, &n, c->rx_tdown_irq_quirk | (c->pacing << 1));
	put(buf, cap, &n, c->nr_cpus - 1);
	put(buf, cap, &n, c->tdown_wait);
ops:
	for (i = 0; i < t->n_ops; i++) {
		const struct rl_op *op = &t->ops[i];
		const struct rl_op_info *info = &rl_op_table[op->code];

		put(buf, cap, &n, op->code | (op->nested ? 0x80 : 0) |
		    (op->at_wait ? 0x40 : 0));
		if (op->at_wait)
			put(buf, cap, &n, (op->at_wait - 1) |
			    ((op->at_nth - 1) << 3));
		for (j = 0; j < info->nargs; j++) {
			u16 v = op->arg[j];

			switch (info->args[j].kind) {
			case RL_A_LEN:
				put(buf, cap, &n, v & 0xff);
				put(buf, cap, &n, v >> 8);
				break;
			case RL_A_VERDICTS:
				put(buf, cap, &n, v >> 8);
				put(buf, cap, &n, v & 0xff);
				break;
			case RL_A_FLAGS:
				put(buf, cap, &n, v - 1);
				break;
			case RL_A_TARGET:
				put(buf, cap, &n, v ? (v - 1) << 1 : 1);
				break;
			default:
				put(buf, cap, &n, v);
			}
		}
	}
	if (n >= cap) {
		snprintf(err, errlen, "trace too long for %zu bytes", cap);
		return -1;
	}
	return (int)n;
}

/* Verdict letters: a=ABORTED d=DROP p=PASS t=TX r=REDIRECT x=invalid */
u32 rl_verdicts_unpack(u16 v, u8 *out)
{
	static const u8 xdp_of[6] = { RL_XDP_ABORTED, RL_XDP_DROP, RL_XDP_PASS,
				      RL_XDP_TX, RL_XDP_REDIRECT, 9 };
	u32 count = (v >> 8) + 1, pattern = v & 0xff, i;

	for (i = 0; i < count; i++, pattern /= 6)
		out[i] = xdp_of[pattern % 6];
	return count;
}

/* One operation, one world call: each is exactly one step (rl_world.h). */
void rl_trace_apply(struct rl_world *w, const struct rl_op *op)
{
	const u16 *a = op->arg;
	u8 v[3];

	switch (op->code) {
	case RL_OP_OPEN:
		rl_world_open(w, a[0]);
		break;
	case RL_OP_STOP:
		rl_world_stop(w, a[0]);
		break;
	case RL_OP_LINK:
		rl_world_link(w, a[0], a[1]);
		break;
	case RL_OP_RX:
		rl_world_rx(w, a[0], a[1], a[2], a[3]);
		break;
	case RL_OP_POLL_RX:
		w->cpu = a[2];
		rl_world_poll_rx(w, a[0], a[1]);
		break;
	case RL_OP_POLL_TX:
		w->cpu = a[2];
		rl_world_poll_tx(w, a[0], a[1]);
		break;
	case RL_OP_TX_COMPLETE:
		rl_world_tx_complete(w, a[0], a[1]);
		break;
	case RL_OP_XMIT:
		rl_world_xmit(w, a[0], a[1], a[2] ? a[2] : 1, a[3], a[4]);
		break;
	case RL_OP_XDP_XMIT:
		rl_world_xdp_xmit(w, a[0], a[1]);
		break;
	case RL_OP_ATTACH:
		rl_world_attach(w, a[0], v, rl_verdicts_unpack(a[2], v), a[1]);
		break;
	case RL_OP_DETACH:
		rl_world_attach(w, a[0], NULL, 0, 0);
		break;
	case RL_OP_XSK_BIND:
		rl_world_xsk_bind(w, a[0], a[1]);
		break;
	case RL_OP_XSK_UNBIND:
		rl_world_xsk_unbind(w, a[0]);
		break;
	case RL_OP_XSK_CLOSE:
		rl_world_xsk_close(w, a[0]);
		break;
	case RL_OP_XSK_FILL:
		rl_world_xsk_fill(w, a[0], a[1]);
		break;
	case RL_OP_XSK_CONSUME:
		rl_world_xsk_consume(w, a[0], a[1]);
		break;
	case RL_OP_XSK_SUBMIT:
		rl_world_xsk_submit(w, a[0], a[1], a[2]);
		break;
	case RL_OP_XSK_REAP:
		rl_world_xsk_reap(w, a[0], a[1]);
		break;
	case RL_OP_XSK_WAKEUP:
		rl_world_xsk_wakeup(w, a[0], a[1]);
		break;
	case RL_OP_TDOWN:
		rl_world_tdown(w, a[0], a[1]);
		break;
	case RL_OP_HW_STEP:
		rl_world_hw_step(w, a[0]);
		break;
	case RL_OP_FLUSH:
		rl_world_flush(w);
		break;
	case RL_OP_FAULT:
		rl_world_fault(w, a[0], a[1]);
		break;
	case RL_OP_STACK_RELEASE:
		rl_world_stack_release(w, a[0]);
		break;
	case RL_OP_SETTLE:
		rl_world_settle(w);
		break;
	case RL_OP_TIMER:
		rl_world_timer(w);
		break;
	}
}

/*
 * What may run at a driver's wait: every wait point sits under rtnl_lock
 * (ndo_stop, ndo_bpf, the XSK pool setup), so another rtnl operation
 * would block until the outer one returned - the harness refuses it
 * there (net/core/rtnetlink.c; dev_xdp_install and xp_assign_dev run
 * with rtnl held).  Everything else is another context: the hardware,
 * IRQs and softirq, the stack, another device's devmap, the XSK user.
 */
static bool op_needs_rtnl(u8 code)
{
	switch (code) {
	case RL_OP_OPEN:
	case RL_OP_STOP:
	case RL_OP_ATTACH:
	case RL_OP_DETACH:
	case RL_OP_XSK_BIND:
	case RL_OP_XSK_UNBIND:
	case RL_OP_XSK_CLOSE:
		return true;
	default:
		return false;
	}
}

/* One run of rl_trace_run(): the nested operations still to go. */
struct rl_run {
	const struct rl_trace *t;
	const struct rl_trace_hooks *h;
	u64 digest;
	u32 next, end;		/* nested operations [next, end) */
	u32 outer;		/* index of the operation they nest in */
	bool nesting;		/* a nested operation is running */
	u32 passed;		/* its kind of wait passed by the next one */
};

static void run_op(struct rl_run *r, struct rl_world *w, u32 i, bool at_wait)
{
	const struct rl_op *op = &r->t->ops[i];

	/* operation i is step i + 1, wherever it runs */
	rl_model_set_step(w->m, i + 1);
	if (r->h->before)
		r->h->before(r->h->ctx, w, i, op);
	/* no device (probe failed): nothing to operate on */
	if (!w->probed || (at_wait && op_needs_rtnl(op->code)))
		rl_world_rejected(w);
	else
		rl_trace_apply(w, op);
	/* same trace, same digests: host, UML and arm64 alike */
	if (r->h->digest_steps)
		r->digest = rl_trace_digest_fold(r->digest,
						 rl_model_digest(w->m));
	if (r->h->after)
		r->h->after(r->h->ctx, w, i, r->digest);
}

/* w->at_wait: the next nested operation, if any, runs at this wait. */
static void run_at_wait(void *ctx, struct rl_world *w, enum rl_wait_point wp)
{
	struct rl_run *r = ctx;

	if (r->nesting || r->next >= r->end)
		return;
	/* the next one waits for the n-th wait of its kind (rl_op.at_wait) */
	if (r->t->ops[r->next].at_wait) {
		if (r->t->ops[r->next].at_wait != wp + 1 ||
		    ++r->passed < r->t->ops[r->next].at_nth)
			return;
		r->passed = 0;
	}
	r->nesting = true;
	run_op(r, w, r->next++, true);
	r->nesting = false;
	/* the rest of the outer operation is its own step again */
	rl_model_set_step(w->m, r->outer + 1);
}

u64 rl_trace_run(struct rl_world *w, const struct rl_trace *t,
		 const struct rl_trace_hooks *h)
{
	struct rl_run r = { .t = t, .h = h, .digest = RL_TRACE_DIGEST_SEED };
	u32 i = 0;

	while (i < t->n_ops) {
		r.outer = i;
		r.next = i + 1;
		r.passed = 0;
		for (r.end = r.next; r.end < t->n_ops && t->ops[r.end].nested;)
			r.end++;
		w->at_wait = r.next < r.end ? run_at_wait : NULL;
		w->at_wait_ctx = &r;
		run_op(&r, w, i, false);
		w->at_wait = NULL;
		/* what no wait took runs after the outer operation */
		while (r.next < r.end)
			run_op(&r, w, r.next++, false);
		i = r.end;
	}
	/* remove and the oracle: the step after the last operation */
	rl_model_set_step(w->m, t->n_ops + 1);
	if (h->before)
		h->before(h->ctx, w, t->n_ops, NULL);
	rl_world_finish(w);
	if (!h->no_digest)
		r.digest = rl_trace_digest_fold(r.digest,
						 rl_model_digest(w->m));
	if (h->after)
		h->after(h->ctx, w, t->n_ops, r.digest);
	return r.digest;
}

void rl_trace_model_cfg(const struct rl_trace *t, struct rl_model_cfg *mcfg)
{
	rl_model_default_cfg(mcfg);
	if (t->driver == RL_DRV_STMMAC)
		rl_world_model_cfg_stmmac(&t->stmmac, mcfg);
	else
		rl_world_model_cfg(&t->cfg, mcfg);
}

int rl_world_init_trace(struct rl_world *w, struct rl_model *m,
			const struct rl_trace *t)
{
	int ret = t->driver == RL_DRV_STMMAC ?
		  rl_world_init_stmmac(w, m, &t->stmmac) :
		  rl_world_init(w, m, &t->cfg);

	if (!ret)
		rl_world_skbmode_init(w, t->xdp_skb, t->xsk_copy);
	return ret;
}
