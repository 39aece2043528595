// SPDX-License-Identifier: GPL-2.0
/*
 * am65_bed.c - KUnit wrappers over rl_world: the model is the test's, the
 * world is torn down when the case ends, whatever happened.
 */
#include "am65_bed.h"

static int bed_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

/* Runs before the model is destroyed (resources free in reverse order). */
static void bed_free(struct kunit_resource *res)
{
	struct am65_bed *b = res->data;

	if (b->w.common)
		rl_world_teardown(&b->w);
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
	rl_model_default_cfg(&mcfg);
	rl_world_model_cfg(cfg, &mcfg);
	b->ctx = rl_test_start(test, &mcfg);
	KUNIT_ASSERT_EQ(test, rl_world_init(&b->w, b->ctx->m, cfg), 0);
	b->m = b->w.m;
	b->common = b->w.common;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, bed_init,
							 bed_free, GFP_KERNEL,
							 b));
	return b;
}

void am65_bed_check(struct am65_bed *b)
{
	rl_world_check(&b->w);
}

bool am65_bed_finish(struct am65_bed *b)
{
	return rl_world_finish(&b->w);
}

int am65_bed_open(struct am65_bed *b, u32 port)
{
	return rl_world_open(&b->w, port);
}

int am65_bed_stop(struct am65_bed *b, u32 port)
{
	return rl_world_stop(&b->w, port);
}

u32 am65_bed_rx(struct am65_bed *b, u32 flow, u32 port, u32 n, u32 len)
{
	return rl_world_rx(&b->w, flow, port, n, len);
}

int am65_bed_poll_rx(struct am65_bed *b, u32 flow, int budget)
{
	return rl_world_poll_rx(&b->w, flow, budget);
}

int am65_bed_poll_tx(struct am65_bed *b, u32 chn, int budget)
{
	return rl_world_poll_tx(&b->w, chn, budget);
}

u32 am65_bed_tx_complete(struct am65_bed *b, u32 chn, u32 k)
{
	return rl_world_tx_complete(&b->w, chn, k);
}

void am65_bed_settle(struct am65_bed *b)
{
	rl_world_settle(&b->w);
}

int am65_bed_xmit(struct am65_bed *b, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum)
{
	return rl_world_xmit(&b->w, port, queue, len, nr_frags, csum);
}

int am65_bed_xdp_xmit(struct am65_bed *b, u32 port, u32 n)
{
	return rl_world_xdp_xmit(&b->w, port, n);
}

int am65_bed_attach(struct am65_bed *b, u32 port, const u8 *verdicts, u32 n)
{
	return rl_world_attach(&b->w, port, verdicts, n, 0);
}

int am65_bed_attach_xsk(struct am65_bed *b, u32 port, const u8 *verdicts,
			u32 n, u32 qid)
{
	return rl_world_attach(&b->w, port, verdicts, n, qid + 1);
}

int am65_bed_xsk_bind(struct am65_bed *b, u32 port, u32 qid)
{
	return rl_world_xsk_bind(&b->w, port, qid);
}

int am65_bed_xsk_unbind(struct am65_bed *b, u32 qid)
{
	return rl_world_xsk_unbind(&b->w, qid);
}

void am65_bed_xsk_close(struct am65_bed *b, u32 qid)
{
	rl_world_xsk_close(&b->w, qid);
}

u32 am65_bed_xsk_fill(struct am65_bed *b, u32 qid, u32 n)
{
	return rl_world_xsk_fill(&b->w, qid, n);
}

u32 am65_bed_xsk_consume(struct am65_bed *b, u32 qid, u32 n)
{
	return rl_world_xsk_consume(&b->w, qid, n);
}

u32 am65_bed_xsk_submit(struct am65_bed *b, u32 qid, u32 n, u32 len)
{
	return rl_world_xsk_submit(&b->w, qid, n, len);
}

u32 am65_bed_xsk_reap(struct am65_bed *b, u32 qid, u32 n)
{
	return rl_world_xsk_reap(&b->w, qid, n);
}

int am65_bed_xsk_wakeup(struct am65_bed *b, u32 qid, u32 flags)
{
	return rl_world_xsk_wakeup(&b->w, qid, flags);
}
