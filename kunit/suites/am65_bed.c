// SPDX-License-Identifier: GPL-2.0
/*
 * am65_bed.c - operations on the extracted driver, each followed by the
 * global check, so a finding names the step that caused it.
 */
#include "am65_bed.h"

void am65_bed_model_cfg(const struct rl_am65_cfg *cfg,
			struct rl_model_cfg *mcfg)
{
	u32 descs = cfg->rx_flows * cfg->rx_descs + cfg->tx_chans * cfg->tx_descs;

	rl_model_default_cfg(mcfg);
	/* every RX descriptor holds a page and a mapping; room for the rest */
	mcfg->max_desc = max(descs, mcfg->max_desc);
	mcfg->max_pages = max(3 * descs + 256, mcfg->max_pages);
	mcfg->max_dma_maps = max(3 * descs + 256, mcfg->max_dma_maps);
	mcfg->nr_cpus = cfg->nr_cpus;
}

static int bed_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

static void bed_close_sockets(struct am65_bed *b)
{
	u32 q;

	for (q = 0; q < AM65_CPSW_MAX_QUEUES; q++)
		if (b->xsk[q])
			am65_bed_xsk_close(b, q);
}

/* Runs before the model is destroyed (resources free in reverse order). */
static void bed_free(struct kunit_resource *res)
{
	struct am65_bed *b = res->data;

	if (b->common)
		bed_close_sockets(b);
	if (b->common) {
		rl_am65_cpsw_remove(b->common);
		b->common = NULL;
	}
	if (b->target) {
		rl_redirect_target_destroy(b->target);
		b->target = NULL;
	}
}

struct am65_bed *am65_bed_start(struct kunit *test,
				const struct rl_am65_cfg *cfg)
{
	struct am65_bed *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct rl_am65_cfg def;
	struct rl_model_cfg mcfg;

	KUNIT_ASSERT_NOT_NULL(test, b);
	if (!cfg) {
		rl_am65_default_cfg(&def);
		cfg = &def;
	}
	am65_bed_model_cfg(cfg, &mcfg);
	b->ctx = rl_test_start(test, &mcfg);
	b->m = b->ctx->m;
	b->target = rl_redirect_target_create(b->m, 4, NULL);
	KUNIT_ASSERT_NOT_NULL(test, b->target);
	b->common = rl_am65_cpsw_probe(b->m, cfg);
	KUNIT_ASSERT_NOT_NULL(test, b->common);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, bed_init,
							 bed_free, GFP_KERNEL,
							 b));
	am65_bed_check(b);
	return b;
}

void am65_bed_check(struct am65_bed *b)
{
	rl_model_check(b->m);
	if (b->common && !rl_am65_cpsw_is_valid(b->common))
		rl_ledger_report_count(b->m->ledger, RL_F_INVALID, RL_OBJ_DESC,
				       0, 1, 0, "rl_am65_cpsw_is_valid");
	rl_model_step(b->m);
}

bool am65_bed_finish(struct am65_bed *b)
{
	/* sockets close first: the core unbinds zero copy before the pool goes */
	bed_close_sockets(b);
	rl_am65_cpsw_remove(b->common);
	b->common = NULL;
	rl_xdp_do_flush(b->m);
	rl_redirect_target_destroy(b->target);
	b->target = NULL;
	return rl_model_final_check(b->m);
}

int am65_bed_open(struct am65_bed *b, u32 port)
{
	int ret = rl_am65_cpsw_ndo_open(b->common, port);

	am65_bed_check(b);
	return ret;
}

int am65_bed_stop(struct am65_bed *b, u32 port)
{
	int ret = rl_am65_cpsw_ndo_stop(b->common, port);

	am65_bed_check(b);
	return ret;
}

u32 am65_bed_rx(struct am65_bed *b, u32 flow, u32 port, u32 n, u32 len)
{
	u32 i, done = 0;

	for (i = 0; i < n; i++)
		done += !rl_hw_rx_packet(b->common->rx_chns.rx_chn, flow,
					 port + 1, len,
					 i & 1 ? AM65_CPSW_RX_CSUM_VALID : 0);
	rl_am65_cpsw_rx_irq(b->common, flow);
	am65_bed_check(b);
	return done;
}

int am65_bed_poll_rx(struct am65_bed *b, u32 flow, int budget)
{
	bool armed = rl_model_fault_armed(b->m);
	int ret = rl_napi_run(&b->common->rx_chns.flows[flow].napi_rx, budget,
			      b->cpu);

	if (!armed)
		rl_am65_cpsw_check_rx_depth(b->common);
	am65_bed_check(b);
	return ret;
}

int am65_bed_poll_tx(struct am65_bed *b, u32 chn, int budget)
{
	int ret = rl_napi_run(&b->common->tx_chns[chn].napi_tx, budget, b->cpu);

	am65_bed_check(b);
	return ret;
}

u32 am65_bed_tx_complete(struct am65_bed *b, u32 chn, u32 k)
{
	u32 n = rl_hw_tx_complete(b->common->tx_chns[chn].tx_chn, k);

	if (n)
		rl_am65_cpsw_tx_irq(b->common, chn);
	am65_bed_check(b);
	return n;
}

void am65_bed_settle(struct am65_bed *b)
{
	struct am65_cpsw_common *c = b->common;
	bool busy = true;
	u32 i, rounds = 0;

	while (busy && rounds++ < 64) {
		busy = false;
		for (i = 0; i < c->rx_ch_num_flows; i++) {
			rl_am65_cpsw_rx_irq(c, i);
			busy |= am65_bed_poll_rx(b, i, AM65_CPSW_NAPI_WEIGHT) > 0;
		}
		for (i = 0; i < c->tx_ch_num; i++) {
			busy |= rl_hw_tx_complete(c->tx_chns[i].tx_chn, 64) > 0;
			rl_am65_cpsw_tx_irq(c, i);
			busy |= am65_bed_poll_tx(b, i, AM65_CPSW_NAPI_WEIGHT) > 0;
			/* zero-copy TX queues more from the completion NAPI */
			busy |= c->tx_chns[i].tx_chn->enabled &&
				rl_ring_occ(c->tx_chns[i].tx_chn->ring) > 0;
		}
	}
}

int am65_bed_xmit(struct am65_bed *b, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum)
{
	struct rl_sk_buff *skb = rl_skb_alloc_tx(b->m, len, nr_frags, 256);
	int ret;

	if (!skb)
		return -ENOMEM;
	skb->queue_mapping = queue;
	if (csum) {
		skb->ip_summed = RL_CHECKSUM_PARTIAL;
		skb->csum_start = 34;
		skb->csum_offset = 16;
	}
	ret = rl_am65_cpsw_ndo_start_xmit(b->common, port, skb);
	/* NETDEV_TX_BUSY: the stack keeps the skb (here: drops it) */
	if (ret == RL_NETDEV_TX_BUSY)
		rl_skb_free(b->m, skb);
	am65_bed_check(b);
	return ret;
}

int am65_bed_xdp_xmit(struct am65_bed *b, u32 port, u32 n)
{
	struct rl_xdp_frame *frames[8];
	int i, sent;

	if (n > ARRAY_SIZE(frames))
		n = ARRAY_SIZE(frames);
	for (i = 0; i < (int)n; i++) {
		frames[i] = rl_xdp_frame_alloc_test(b->m, 60);
		if (!frames[i])
			break;
	}
	n = i;
	sent = rl_am65_cpsw_ndo_xdp_xmit(b->common, port, n, frames);
	/* the core returns what the driver did not take */
	for (i = sent < 0 ? 0 : sent; i < (int)n; i++)
		rl_xdp_return_frame(b->m, frames[i]);
	am65_bed_check(b);
	return sent;
}

int am65_bed_attach(struct am65_bed *b, u32 port, const u8 *verdicts, u32 n)
{
	struct rl_bpf_prog *prog = NULL;
	int ret;

	if (n) {
		prog = rl_bpf_prog_create(b->m, verdicts, n, b->target);
		if (!prog)
			return -ENOMEM;
	}
	ret = rl_am65_cpsw_ndo_bpf(b->common, port, prog);
	am65_bed_check(b);
	return ret;
}

/* The socket of @qid (UMEM + xskmap entry), created on first use. */
static int bed_xsk_socket(struct am65_bed *b, u32 qid, u32 frames)
{
	if (qid >= AM65_CPSW_MAX_QUEUES)
		return -EINVAL;
	if (b->xsk[qid])
		return 0;
	b->xsk[qid] = rl_xsk_pool_create(b->m, frames, 16);
	if (!b->xsk[qid])
		return -ENOMEM;
	b->xsk_target[qid] = rl_redirect_target_create(b->m, 4, b->xsk[qid]);
	return b->xsk_target[qid] ? 0 : -ENOMEM;
}

int am65_bed_xsk_bind(struct am65_bed *b, u32 port, u32 qid, u32 frames)
{
	int ret = bed_xsk_socket(b, qid, frames);

	if (ret)
		return ret;
	ret = rl_am65_cpsw_xsk_setup_pool(b->common, port, b->xsk[qid], qid);
	if (!ret)
		b->xsk_port[qid] = port + 1;
	am65_bed_check(b);
	return ret;
}

int am65_bed_xsk_unbind(struct am65_bed *b, u32 qid)
{
	int ret;

	if (qid >= AM65_CPSW_MAX_QUEUES || !b->xsk_port[qid])
		return -EINVAL;
	ret = rl_am65_cpsw_xsk_setup_pool(b->common, b->xsk_port[qid] - 1,
					  NULL, qid);
	if (!ret)
		b->xsk_port[qid] = 0;
	am65_bed_check(b);
	return ret;
}

void am65_bed_xsk_close(struct am65_bed *b, u32 qid)
{
	if (b->xsk_port[qid] && b->common)
		am65_bed_xsk_unbind(b, qid);
	/* the core forgets the pool even when the driver refused */
	if (b->common && b->xsk_port[qid])
		b->common->ports[b->xsk_port[qid] - 1].xsk_pool[qid] = NULL;
	b->xsk_port[qid] = 0;
	if (b->xsk_target[qid])
		rl_redirect_target_destroy(b->xsk_target[qid]);
	b->xsk_target[qid] = NULL;
	rl_xsk_pool_destroy(b->xsk[qid]);
	b->xsk[qid] = NULL;
	am65_bed_check(b);
}

u32 am65_bed_xsk_fill(struct am65_bed *b, u32 qid, u32 n)
{
	return b->xsk[qid] ? rl_xsk_user_fill(b->xsk[qid], n) : 0;
}

u32 am65_bed_xsk_consume(struct am65_bed *b, u32 qid, u32 n)
{
	return b->xsk[qid] ? rl_xsk_user_consume_rx(b->xsk[qid], n) : 0;
}

u32 am65_bed_xsk_submit(struct am65_bed *b, u32 qid, u32 n, u32 len)
{
	return b->xsk[qid] ? rl_xsk_user_submit_tx(b->xsk[qid], n, len) : 0;
}

u32 am65_bed_xsk_reap(struct am65_bed *b, u32 qid, u32 n)
{
	return b->xsk[qid] ? rl_xsk_user_reap_comp(b->xsk[qid], n) : 0;
}

int am65_bed_xsk_wakeup(struct am65_bed *b, u32 qid, u32 flags)
{
	int ret;

	if (!b->xsk_port[qid])
		return -EINVAL;
	ret = rl_am65_cpsw_xsk_wakeup(b->common, b->xsk_port[qid] - 1, qid,
				      flags);
	am65_bed_check(b);
	return ret;
}

int am65_bed_attach_xsk(struct am65_bed *b, u32 port, const u8 *verdicts,
			u32 n, u32 qid)
{
	struct rl_bpf_prog *prog;
	int ret = bed_xsk_socket(b, qid, 64);

	if (ret)
		return ret;
	prog = rl_bpf_prog_create(b->m, verdicts, n, b->xsk_target[qid]);
	if (!prog)
		return -ENOMEM;
	ret = rl_am65_cpsw_ndo_bpf(b->common, port, prog);
	am65_bed_check(b);
	return ret;
}
