// SPDX-License-Identifier: GPL-2.0
/*
 * rl_costs.c - the workloads of make costs and their run (rl_costs.h).
 *
 * The AM62x-sk of the seed's figures: CPSW3G, two ports (port 0 runs the
 * workload), one RX flow, one TX channel, PKTDMA, 32 RX and 64 TX
 * descriptors: xdpsock's single queue.  A batch is 16 packets (the XSK
 * rings' size in the world); two batches warm the rings and pools, four
 * are measured.  Each workload is what the tool makes the kernel do:
 * xdpsock -r/-t/-l with need_wakeup (a refill the fill ring could not
 * serve waits for the user's wakeup), iperf's stack RX (skbs delivered,
 * then consumed by the socket) and TX (one skb per send), and the XDP
 * samples xdp1 (drop) and xdp2 (XDP_TX).
 */
#include "rl_costs.h"
#include "rl_world.h"

#define CFG_AM65 "config ports=2 disabled=0 flows=1 chans=1 rx_descs=32 " \
		 "tx_descs=64 pktdma=1 quirk=0 cpus=1 tdown_wait=2\n"
/* stmmac: one RX and one TX queue, rings of 32 and 64 descriptors */
#define CFG_STMMAC "config driver=stmmac rx_queues=1 tx_queues=1 " \
		   "rx_size=32 tx_size=64 cpus=1\n"

/* The user side of xdpsock: consume RX, refill, wake the driver. */
#define ZC_RX_BATCH "rx 0 0 16 %L\npoll_rx 0 64 0\nxsk_consume 0 16\n"
#define ZC_REFILL "xsk_fill 0 16\nxsk_wakeup 0 rx\npoll_rx 0 64 0\n"
#define ZC_TX_BATCH "xsk_submit 0 16 %L\nxsk_wakeup 0 tx\npoll_tx 0 64 0\n" \
		    "tx_complete 0 16\npoll_tx 0 64 0\nxsk_reap 0 16\n"
/*
 * Copy mode (xdpsock -c; -S: skb-mode XDP too): bound with XDP_COPY, RX
 * copied into UMEM by the core, TX sent by xsk_generic_xmit as skbs.
 */
#define COPY "xsk_mode copy\n"
#define SKB "xdp_mode skb\nxsk_mode copy\n"
#define COPY_RX_PRE "attach 0 xsk0 r\nopen 0\nxsk_fill 0 16\nxsk_bind 0 0\n"
#define COPY_RX_BATCH "rx 0 0 16 %L\npoll_rx 0 64 0\nxsk_consume 0 16\n" \
		      "xsk_fill 0 16\n"
#define COPY_TX_PRE "attach 0 xsk0 r\nopen 0\nxsk_bind 0 0\n"
#define COPY_TX_BATCH "xsk_submit 0 16 %L\nxsk_wakeup 0 tx\ntx_complete 0 16\n" \
		      "poll_tx 0 64 0\nxsk_reap 0 16\n"
#define COPY_FWD_BATCH "rx 0 0 16 %L\npoll_rx 0 64 0\nxsk_consume 0 16\n" \
		       "xsk_submit 0 16 %L\nxsk_wakeup 0 tx\ntx_complete 0 16\n" \
		       "poll_tx 0 64 0\nxsk_reap 0 16\nxsk_fill 0 16\n"

const struct rl_costs_case rl_costs_cases[] = {
	/*
	 * rxdrop keeps the fill ring stocked (xdpsock gives back each frame
	 * it drops at once); l2fwd gets its frames back only from TX
	 * completions, so the poll finds the fill ring dry and the refill
	 * waits for the wakeup after the completions.
	 */
	{ "am65", "rxdrop", "zc", RL_COSTS_RX,
	  "xdpsock -r -z: XDP_REDIRECT into the socket's UMEM, no copy",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_fill 0 16\nxsk_bind 0 0\nxsk_fill 0 16\n",
	  ZC_RX_BATCH "xsk_fill 0 16\n" },
	{ "am65", "rxdrop", "native", RL_COSTS_RX,
	  "xdpsock -r -N -c: driver XDP redirects, the core copies into UMEM",
	  COPY, COPY_RX_PRE, COPY_RX_BATCH },
	{ "am65", "txonly", "zc", RL_COSTS_TX,
	  "xdpsock -t -z: UMEM frames sent by the driver's zero-copy TX",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_bind 0 0\n",
	  ZC_TX_BATCH },
	{ "am65", "l2fwd", "zc", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -z: each received frame sent back from the same UMEM frame",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_fill 0 16\nxsk_bind 0 0\n",
	  ZC_RX_BATCH "xsk_submit 0 16 %L\nxsk_wakeup 0 tx\npoll_tx 0 64 0\n"
	  "tx_complete 0 16\npoll_tx 0 64 0\nxsk_reap 0 16\n" ZC_REFILL },
	{ "am65", "rxdrop", "skb", RL_COSTS_RX,
	  "xdpsock -r -S: the driver builds an skb, skb-mode XDP copies it into UMEM",
	  SKB, COPY_RX_PRE, COPY_RX_BATCH },
	{ "am65", "txonly", "native", RL_COSTS_TX,
	  "xdpsock -t -N -c: copy-mode TX, an skb per frame (the XDP mode does not matter)",
	  COPY, COPY_TX_PRE, COPY_TX_BATCH },
	{ "am65", "txonly", "skb", RL_COSTS_TX,
	  "xdpsock -t -S: the same copy-mode TX",
	  SKB, COPY_TX_PRE, COPY_TX_BATCH },
	{ "am65", "l2fwd", "native", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -N -c: driver XDP copies in, copy-mode TX sends back",
	  COPY, COPY_RX_PRE, COPY_FWD_BATCH },
	{ "am65", "l2fwd", "skb", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -S: skb-mode XDP copies in, copy-mode TX sends back",
	  SKB, COPY_RX_PRE, COPY_FWD_BATCH },
	{ "am65", "stack_rx", "stack", RL_COSTS_RX,
	  "iperf3 receiver: build_skb around the page, the socket frees it",
	  NULL,
	  "open 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\nstack_release 16\n" },
	{ "am65", "stack_tx", "stack", RL_COSTS_TX,
	  "iperf3 sender: one linear skb per send, checksum offload",
	  NULL,
	  "open 0\n",
	  /* sixteen sends, then the completions */
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "tx_complete 0 16\npoll_tx 0 64 0\n" },
	{ "am65", "xdp_drop", "native", RL_COSTS_RX,
	  "xdp1: XDP_DROP in the driver, the page recycled",
	  NULL,
	  "attach 0 devmap d\nopen 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\n" },
	{ "am65", "xdp_tx", "native", RL_COSTS_RX | RL_COSTS_TX,
	  "xdp2: XDP_TX, the page sent back out and recycled on completion",
	  NULL,
	  "attach 0 devmap t\nopen 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\ntx_complete 0 16\npoll_tx 0 64 0\n" },
	/*
	 * stmmac (the seed's second table): zero copy (stmmac_zc.c), native
	 * copy mode, skb mode and the stack, the same workloads as am65's.
	 */
	{ "stmmac", "rxdrop", "zc", RL_COSTS_RX,
	  "xdpsock -r -z: XDP_REDIRECT into the socket's UMEM, no copy",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_fill 0 16\nxsk_bind 0 0\nxsk_fill 0 16\n",
	  ZC_RX_BATCH "xsk_fill 0 16\n" },
	{ "stmmac", "txonly", "zc", RL_COSTS_TX,
	  "xdpsock -t -z: UMEM frames sent by the driver's zero-copy TX",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_bind 0 0\n",
	  ZC_TX_BATCH },
	{ "stmmac", "l2fwd", "zc", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -z: each received frame sent back from the same UMEM frame",
	  NULL,
	  "attach 0 xsk0 r\nopen 0\nxsk_fill 0 16\nxsk_bind 0 0\n",
	  ZC_RX_BATCH "xsk_submit 0 16 %L\nxsk_wakeup 0 tx\npoll_tx 0 64 0\n"
	  "tx_complete 0 16\npoll_tx 0 64 0\nxsk_reap 0 16\n" ZC_REFILL },
	{ "stmmac", "rxdrop", "native", RL_COSTS_RX,
	  "xdpsock -r -N -c: driver XDP redirects, the core copies into UMEM",
	  COPY, COPY_RX_PRE, COPY_RX_BATCH },
	{ "stmmac", "rxdrop", "skb", RL_COSTS_RX,
	  "xdpsock -r -S: the driver builds an skb, skb-mode XDP copies it into UMEM",
	  SKB, COPY_RX_PRE, COPY_RX_BATCH },
	{ "stmmac", "txonly", "native", RL_COSTS_TX,
	  "xdpsock -t -N -c: copy-mode TX, an skb per frame (the XDP mode does not matter)",
	  COPY, COPY_TX_PRE, COPY_TX_BATCH },
	{ "stmmac", "txonly", "skb", RL_COSTS_TX,
	  "xdpsock -t -S: the same copy-mode TX",
	  SKB, COPY_TX_PRE, COPY_TX_BATCH },
	{ "stmmac", "l2fwd", "native", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -N -c: driver XDP copies in, copy-mode TX sends back",
	  COPY, COPY_RX_PRE, COPY_FWD_BATCH },
	{ "stmmac", "l2fwd", "skb", RL_COSTS_RX | RL_COSTS_TX,
	  "xdpsock -l -S: skb-mode XDP copies in, copy-mode TX sends back",
	  SKB, COPY_RX_PRE, COPY_FWD_BATCH },
	{ "stmmac", "stack_rx", "stack", RL_COSTS_RX,
	  "iperf3 receiver: an skb around the page, the socket frees it",
	  NULL,
	  "open 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\nstack_release 16\n" },
	{ "stmmac", "stack_tx", "stack", RL_COSTS_TX,
	  "iperf3 sender: one linear skb per send, checksum offload",
	  NULL,
	  "open 0\n",
	  /* sixteen sends, then the completions */
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "xmit 0 0 %L 0 1\n"
	  "tx_complete 0 16\npoll_tx 0 64 0\n" },
	{ "stmmac", "xdp_drop", "native", RL_COSTS_RX,
	  "xdp1: XDP_DROP in the driver, the page recycled",
	  NULL,
	  "attach 0 devmap d\nopen 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\n" },
	{ "stmmac", "xdp_tx", "native", RL_COSTS_RX | RL_COSTS_TX,
	  "xdp2: XDP_TX, the page sent back out and recycled on completion",
	  NULL,
	  "attach 0 devmap t\nopen 0\n",
	  "rx 0 0 16 %L\npoll_rx 0 64 0\ntx_complete 0 16\npoll_tx 0 64 0\n" },
};

const u32 rl_costs_nr_cases = ARRAY_SIZE(rl_costs_cases);
const u32 rl_costs_sizes[] = { 64, 512, 1500 };
const u32 rl_costs_nr_sizes = ARRAY_SIZE(rl_costs_sizes);

/* Append @s to @buf with "%L" replaced by @len; false when full. */
static bool put_text(char *buf, size_t cap, size_t *n, const char *s, u32 len)
{
	int w;

	while (*s) {
		if (s[0] == '%' && s[1] == 'L') {
			w = snprintf(buf + *n, cap - *n, "%u", len);
			if (w < 0 || (size_t)w >= cap - *n)
				return false;
			*n += w;
			s += 2;
			continue;
		}
		if (*n + 1 >= cap)
			return false;
		buf[(*n)++] = *s++;
	}
	buf[*n] = '\0';
	return true;
}

static u32 count_lines(const char *s)
{
	u32 n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

int rl_costs_text(const struct rl_costs_case *c, u32 len, u32 perf, u64 variants,
		  char *buf, size_t cap)
{
	enum rl_driver drv = strcmp(c->driver, "stmmac") ? RL_DRV_AM65 :
						       RL_DRV_STMMAC;
	const struct rl_variant_info *tab;
	size_t n = 0;
	u32 i, nv;

	if (!cap || !put_text(buf, cap, &n, strcmp(c->driver, "stmmac") ?
			      CFG_AM65 : CFG_STMMAC, 0))
		return -1;
	tab = rl_perf_table(drv, &nv);
	for (i = 0; i < nv; i++)
		if ((perf & BIT(i)) &&
		    (!put_text(buf, cap, &n, "perf ", 0) ||
		     !put_text(buf, cap, &n, tab[i].name, 0) ||
		     !put_text(buf, cap, &n, "\n", 0)))
			return -1;
	tab = rl_variant_table(drv, &nv);
	for (i = 0; i < nv; i++)
		if ((variants & BIT_ULL(i)) &&
		    (!put_text(buf, cap, &n, "variant ", 0) ||
		     !put_text(buf, cap, &n, tab[i].name, 0) ||
		     !put_text(buf, cap, &n, "\n", 0)))
			return -1;
	if ((c->modes && !put_text(buf, cap, &n, c->modes, len)) ||
	    !put_text(buf, cap, &n, c->prelude, len))
		return -1;
	for (i = 0; i < RL_COSTS_WARM + RL_COSTS_MEASURED; i++)
		if (!put_text(buf, cap, &n, c->batch, len))
			return -1;
	return (int)n;
}

struct costs_ctx {
	struct rl_costs_result *res;
	u32 start_op;		/* counters read after this operation ... */
	u32 end_op;		/* ... and after this one */
	u64 at_start[RL_COST_NR];
};

static void costs_after(void *data, struct rl_world *w, u32 i, u64 digest)
{
	struct costs_ctx *c = data;
	u32 k;

	if (i == c->start_op)
		memcpy(c->at_start, w->m->cost, sizeof(c->at_start));
	if (i == c->end_op)
		for (k = 0; k < RL_COST_NR; k++)
			c->res->total[k] = w->m->cost[k] - c->at_start[k];
}

static void costs_report(void *data, const struct rl_finding *f)
{
	struct rl_costs_result *r = data;

	if (!r->findings++)
		rl_finding_format(f, r->first, sizeof(r->first));
}

static u64 costs_digest(const u64 *total)
{
	u64 d = RL_TRACE_DIGEST_SEED;
	u32 k;

	for (k = 0; k < RL_COST_NR; k++)
		d = rl_trace_digest_fold(d, total[k]);
	return d;
}

int rl_costs_run(const struct rl_costs_case *c, u32 len, u32 perf,
		 u64 variants, struct rl_costs_result *res, char *err,
		 size_t errlen)
{
	struct rl_trace_hooks h = { .after = costs_after };
	struct costs_ctx ctx = { .res = res };
	struct rl_model_cfg mcfg;
	struct rl_trace *t;
	struct rl_model *m;
	struct rl_world w;
	char *text;
	u32 pre, per;
	int ret = -ENOMEM;

	memset(res, 0, sizeof(*res));
	t = rl_zalloc(sizeof(*t));
	text = rl_zalloc(RL_COSTS_TEXT_LEN);
	if (!t || !text)
		goto out;
	ret = -EINVAL;
	if (rl_costs_text(c, len, perf, variants, text, RL_COSTS_TEXT_LEN) < 0) {
		snprintf(err, errlen, "costs: the trace of %s/%s does not fit",
			 c->workload, c->mode);
		goto out;
	}
	if (rl_trace_parse(t, text, strlen(text), c->workload, err, errlen))
		goto out;
	pre = count_lines(c->prelude);
	per = count_lines(c->batch);
	/* operation indices are 0-based: the last op of the warm batches */
	ctx.start_op = pre + RL_COSTS_WARM * per - 1;
	ctx.end_op = ctx.start_op + RL_COSTS_MEASURED * per;
	h.ctx = &ctx;
	h.no_digest = true;
	rl_trace_model_cfg(t, &mcfg);
	ret = -ENOMEM;
	m = rl_model_create(&mcfg);
	if (!m)
		goto out;
	rl_ledger_set_report(m->ledger, costs_report, res);
	ret = -EINVAL;
	if (rl_world_init_trace(&w, m, t)) {
		snprintf(err, errlen, "costs: the driver refused %s/%s",
			 c->workload, c->mode);
		rl_model_destroy(m);
		goto out;
	}
	rl_trace_run(&w, t, &h);
	rl_model_destroy(m);
	res->rx = (u32)res->total[RL_COST_HW_RX];
	res->tx = (u32)res->total[RL_COST_HW_TX];
	res->stalled = ((c->expect & RL_COSTS_RX) && res->rx < RL_COSTS_PACKETS) ||
		       ((c->expect & RL_COSTS_TX) && res->tx < RL_COSTS_PACKETS);
	res->digest = costs_digest(res->total);
	ret = 0;
out:
	rl_free(text);
	rl_free(t);
	return ret;
}

static u64 cycles(const struct rl_costs_result *r, bool coherent)
{
	u64 cyc = 0;
	u32 k;

	for (k = 0; k < RL_COST_NR; k++)
		if (!coherent || k != RL_COST_CACHE_BYTES)
			cyc += r->total[k] * rl_cost_info[k].a53_cycles;
	return (cyc + RL_COSTS_PACKETS / 2) / RL_COSTS_PACKETS;
}

u64 rl_costs_cycles_per_pkt(const struct rl_costs_result *r)
{
	return cycles(r, false);
}

u64 rl_costs_cycles_per_pkt_coherent(const struct rl_costs_result *r)
{
	return cycles(r, true);
}
