// SPDX-License-Identifier: GPL-2.0
/*
 * xdp_test.c - XDP core model: rxq info and memory models, buffer to
 * frame conversion (page_pool and zero-copy), frame return by memory type,
 * program verdicts, redirect targets; and each detector.
 */
#include "rl_test_util.h"
#include "xdp.h"
#include "netdev.h"

static struct rl_page_pool *make_pp(struct kunit *test, struct rl_model *m)
{
	return rl_test_page_pool(test, m, 8, true, RL_DMA_BIDIRECTIONAL);
}

static void xdp_rxq_register_order(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_xdp_rxq_info rxq = { .m = ctx->m };

	RL_EXPECT_FINDING(ctx, RL_F_XDP,
			  KUNIT_EXPECT_EQ(test, rl_xdp_rxq_info_reg_mem_model(&rxq,
					  RL_MEM_PAGE_POOL, pp), -EFAULT));
	KUNIT_EXPECT_EQ(test, rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0), 0);
	KUNIT_EXPECT_TRUE(test, rl_xdp_rxq_info_is_reg(&rxq));
	KUNIT_EXPECT_EQ(test, rl_xdp_rxq_info_reg_mem_model(&rxq,
			RL_MEM_PAGE_POOL, pp), 0);
	KUNIT_EXPECT_TRUE(test, rl_xdp_rxq_info_is_valid(&rxq));
	rl_xdp_rxq_info_unreg(&rxq);
	RL_EXPECT_FINDING(ctx, RL_F_XDP, rl_xdp_rxq_info_unreg(&rxq));
	/* a memory model on an unregistered rxq breaks the predicate */
	rxq.has_mem_model = true;
	KUNIT_EXPECT_FALSE(test, rl_xdp_rxq_info_is_valid(&rxq));
	rxq.has_mem_model = false;
	/* so does a pool pointer without a page_pool memory model */
	rxq.pp = pp;
	KUNIT_EXPECT_FALSE(test, rl_xdp_rxq_info_is_valid(&rxq));
	rxq.pp = NULL;
	KUNIT_EXPECT_TRUE(test, rl_xdp_rxq_info_is_valid(&rxq));
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

/*
 * The proof view's assigns (model/xdp_rxq.h, A3): unreg writes the
 * info's state, memory model flag and pool pointer - and drops the
 * pool's user, the pool's own memory; is_reg writes nothing.  A
 * footprint without the pool pointer is caught.
 */
static void xdp_rxq_unreg_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_xdp_rxq_info rxq, before;

	memset(&rxq, 0, sizeof(rxq));
	rxq.m = ctx->m;
	KUNIT_ASSERT_EQ(test, rl_xdp_rxq_info_reg(ctx->m, &rxq, 1, 2, 3), 0);
	KUNIT_ASSERT_EQ(test, rl_xdp_rxq_info_reg_mem_model(&rxq,
			RL_MEM_PAGE_POOL, pp), 0);
	memcpy(&before, &rxq, sizeof(rxq));
	KUNIT_EXPECT_TRUE(test, rl_xdp_rxq_info_is_reg(&rxq));
	KUNIT_EXPECT_EQ(test, memcmp(&before, &rxq, sizeof(rxq)), 0);
	rl_xdp_rxq_info_unreg(&rxq);
	KUNIT_EXPECT_FALSE(test, rl_xdp_rxq_info_is_reg(&rxq));
	before.state = rxq.state;
	before.has_mem_model = rxq.has_mem_model;
	/* the footprint one field short: the pool pointer was cleared */
	KUNIT_EXPECT_NE(test, memcmp(&before, &rxq, sizeof(rxq)), 0);
	before.pp = rxq.pp;
	KUNIT_EXPECT_EQ(test, memcmp(&before, &rxq, sizeof(rxq)), 0);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static void xdp_register_twice(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xdp_rxq_info rxq = {};

	rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0);
	RL_EXPECT_FINDING(ctx, RL_F_XDP, rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0));
	KUNIT_EXPECT_TRUE(test, rl_xdp_rxq_info_is_reg(&rxq));
	rl_xdp_rxq_info_unreg(&rxq);
	rl_test_finish(ctx);
}

static void xdp_frame_from_page_pool_buffer(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_xdp_rxq_info rxq = {};
	struct rl_xdp_buff xdp = { .rxq = &rxq, .len = 64, .tag = 7 };
	struct rl_xdp_frame *fr;

	rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0);
	rl_xdp_rxq_info_reg_mem_model(&rxq, RL_MEM_PAGE_POOL, pp);
	xdp.page = rl_page_pool_dev_alloc_pages(pp);
	fr = rl_xdp_convert_buff_to_frame(ctx->m, &xdp);
	KUNIT_ASSERT_NOT_NULL(test, fr);
	KUNIT_EXPECT_EQ(test, (int)fr->mem_type, (int)RL_MEM_PAGE_POOL);
	KUNIT_EXPECT_EQ(test, rl_page_owner(ctx->m, fr->page),
			RL_OWNER(RL_OWN_FRAME, fr->id));
	rl_test_check(ctx);
	/* returning the frame recycles the page into its pool */
	rl_xdp_return_frame_rx_napi(ctx->m, fr);
	KUNIT_EXPECT_EQ(test, pp->cached, 1U);
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE, rl_xdp_return_frame(ctx->m, fr));
	rl_xdp_rxq_info_unreg(&rxq);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static void xdp_frame_from_zero_copy_buffer(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *xsk = rl_xsk_pool_create(ctx->m, 4, 4);
	struct rl_xdp_buff xdp = { .len = 64, .tag = 9 };
	struct rl_xdp_frame *fr;

	rl_xsk_user_fill(xsk, 1);
	xdp.xsk = rl_xsk_buff_alloc(xsk);
	fr = rl_xdp_convert_buff_to_frame(ctx->m, &xdp);
	KUNIT_ASSERT_NOT_NULL(test, fr);
	/* copied into a new page; the XSK buffer went back to the pool */
	KUNIT_EXPECT_EQ(test, (int)fr->mem_type, (int)RL_MEM_PAGE_ORDER0);
	KUNIT_EXPECT_EQ(test, fr->page->tag, 9U);
	KUNIT_EXPECT_EQ(test, xsk->free_cnt, 1U);
	KUNIT_EXPECT_NULL(test, xdp.xsk);
	rl_xdp_return_frame(ctx->m, fr);
	rl_xsk_pool_destroy(xsk);
	rl_test_finish(ctx);
}

static void xdp_zero_copy_conversion_fails_cleanly(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *xsk = rl_xsk_pool_create(ctx->m, 4, 4);
	struct rl_xdp_buff xdp = { .len = 64 };

	rl_xsk_user_fill(xsk, 1);
	xdp.xsk = rl_xsk_buff_alloc(xsk);
	rl_model_fail_nth(ctx->m, RL_FAULT_PAGE_ALLOC, 1);
	KUNIT_EXPECT_NULL(test, rl_xdp_convert_buff_to_frame(ctx->m, &xdp));
	KUNIT_ASSERT_NOT_NULL(test, xdp.xsk);
	rl_xsk_buff_free(xdp.xsk);
	rl_xsk_pool_destroy(xsk);
	rl_test_finish(ctx);
}

static void xdp_prog_verdict_pattern(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	const u8 v[] = { RL_XDP_PASS, RL_XDP_DROP, RL_XDP_TX, 9 };
	struct rl_bpf_prog *prog = rl_bpf_prog_create(ctx->m, v, 4, NULL);
	struct rl_xdp_buff xdp = {};
	int i;

	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_EXPECT_TRUE(test, rl_bpf_prog_is_valid(prog));
	prog->refcnt = 0;	/* corrupt: no reference but not freed */
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	prog->refcnt = 1;
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ(test, rl_bpf_prog_run_xdp(prog, &xdp), (u32)v[i % 4]);
	rl_bpf_prog_add(prog, 1);
	rl_bpf_prog_put(prog);
	rl_bpf_prog_put(prog);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE, rl_bpf_prog_put(prog));
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE, rl_bpf_prog_run_xdp(prog, &xdp));
	rl_test_finish(ctx);
}

static void xdp_redirect_devmap_queue_and_flush(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_redirect_target *t = rl_redirect_target_create(ctx->m, 2, NULL);
	const u8 v[] = { RL_XDP_REDIRECT };
	struct rl_bpf_prog *prog = rl_bpf_prog_create(ctx->m, v, 1, t);
	struct rl_xdp_rxq_info rxq = {};
	int i;

	rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0);
	rl_xdp_rxq_info_reg_mem_model(&rxq, RL_MEM_PAGE_POOL, pp);
	for (i = 0; i < 3; i++) {
		struct rl_xdp_buff xdp = { .rxq = &rxq, .len = 60 };

		xdp.page = rl_page_pool_dev_alloc_pages(pp);
		KUNIT_EXPECT_EQ(test, rl_xdp_do_redirect(ctx->m, &xdp, prog), 0);
		KUNIT_EXPECT_NULL(test, xdp.page);
	}
	/* the bulk queue (2) flushed once on its own; one frame still queued */
	KUNIT_EXPECT_EQ(test, t->count, 1U);
	rl_test_check(ctx);
	/* without xdp_do_flush the queued frame never comes back */
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, rl_redirect_flush(t), 1U);
	KUNIT_EXPECT_EQ(test, pp->cached, 3U);
	rl_bpf_prog_put(prog);
	rl_redirect_target_destroy(t);
	rl_xdp_rxq_info_unreg(&rxq);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

/* A NAPI whose poll redirects one page to a devmap, flushing or not. */
struct flush_bed {
	struct rl_napi napi;
	struct rl_page_pool *pp;
	struct rl_bpf_prog *prog;
	struct rl_xdp_rxq_info rxq;
	bool flush;
};

static int flush_bed_poll(struct rl_napi *napi, int budget)
{
	struct flush_bed *b = container_of(napi, struct flush_bed, napi);
	struct rl_xdp_buff xdp = { .rxq = &b->rxq, .len = 60 };

	xdp.page = rl_page_pool_dev_alloc_pages(b->pp);
	if (xdp.page && rl_xdp_do_redirect(napi->m, &xdp, b->prog))
		rl_page_pool_recycle_direct(b->pp, xdp.page);
	if (b->flush)
		rl_xdp_do_flush(napi->m);
	rl_napi_complete_done(napi, 1);
	return 1;
}

/* xdp_do_check_flushed() after each poll (9a675ba55a96). */
static void xdp_poll_must_flush(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_redirect_target *t = rl_redirect_target_create(ctx->m, 4, NULL);
	const u8 v[] = { RL_XDP_REDIRECT };
	struct flush_bed b = { .flush = true };

	b.pp = make_pp(test, ctx->m);
	b.prog = rl_bpf_prog_create(ctx->m, v, 1, t);
	rl_xdp_rxq_info_reg(ctx->m, &b.rxq, 0, 0, 0);
	rl_xdp_rxq_info_reg_mem_model(&b.rxq, RL_MEM_PAGE_POOL, b.pp);
	rl_netif_napi_add(ctx->m, &b.napi, flush_bed_poll);
	rl_napi_enable(&b.napi);
	rl_napi_schedule(&b.napi);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&b.napi, 64, 0), 1);
	KUNIT_EXPECT_EQ(test, t->count, 0U);
	/* the driver forgets the flush: the core finds the queued frame */
	b.flush = false;
	rl_napi_schedule(&b.napi);
	RL_EXPECT_FINDING(ctx, RL_F_XDP, rl_napi_run(&b.napi, 64, 0));
	/* ... and flushes it, as xdp_do_check_flushed does */
	KUNIT_EXPECT_EQ(test, rl_xdp_flush_pending(ctx->m), 0U);
	rl_napi_disable(&b.napi);
	rl_netif_napi_del(&b.napi);
	rl_bpf_prog_put(b.prog);
	rl_redirect_target_destroy(t);
	rl_xdp_rxq_info_unreg(&b.rxq);
	rl_page_pool_destroy(b.pp);
	rl_test_finish(ctx);
}

/* One page, redirected by @prog to its devmap target and queued there. */
static void redirect_one_page(struct kunit *test, struct rl_test_ctx *ctx,
			      struct rl_bpf_prog *prog)
{
	struct rl_xdp_buff xdp = { .len = 60 };

	xdp.page = rl_page_alloc(ctx->m);
	KUNIT_ASSERT_NOT_NULL(test, xdp.page);
	KUNIT_ASSERT_EQ(test, rl_xdp_do_redirect(ctx->m, &xdp, prog), 0);
}

/* A bulk queue is only emptied by a flush: gone with its device, lost. */
static void xdp_redirect_target_gone_with_frames(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_redirect_target *t = rl_redirect_target_create(ctx->m, 4, NULL);
	const u8 v[] = { RL_XDP_REDIRECT };
	struct rl_bpf_prog *prog = rl_bpf_prog_create(ctx->m, v, 1, t);

	redirect_one_page(test, ctx, prog);
	RL_EXPECT_FINDING(ctx, RL_F_LEAK, rl_redirect_target_destroy(t));
	rl_bpf_prog_put(prog);
	rl_test_finish(ctx);
}

static void xdp_redirect_to_xsk_socket(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *xsk = rl_xsk_pool_create(ctx->m, 4, 2);
	struct rl_redirect_target *t = rl_redirect_target_create(ctx->m, 4, xsk);
	const u8 v[] = { RL_XDP_REDIRECT };
	struct rl_bpf_prog *prog = rl_bpf_prog_create(ctx->m, v, 1, t);
	struct rl_xdp_buff xdp = { .len = 60 };
	int i;

	KUNIT_ASSERT_EQ(test, rl_xsk_user_fill(xsk, 4), 2U);
	for (i = 0; i < 2; i++) {
		xdp.xsk = rl_xsk_buff_alloc(xsk);
		KUNIT_EXPECT_EQ(test, rl_xdp_do_redirect(ctx->m, &xdp, prog), 0);
	}
	/* RX ring full: the driver keeps the buffer and must free it */
	rl_xsk_user_fill(xsk, 1);
	xdp.xsk = rl_xsk_buff_alloc(xsk);
	KUNIT_ASSERT_NOT_NULL(test, xdp.xsk);
	KUNIT_EXPECT_EQ(test, rl_xdp_do_redirect(ctx->m, &xdp, prog), -ENOSPC);
	rl_xsk_buff_free(xdp.xsk);
	/* user space sees the entries only once xdp_do_flush() ran */
	KUNIT_EXPECT_EQ(test, rl_xdp_flush_pending(ctx->m), 2U);
	KUNIT_EXPECT_EQ(test, rl_xsk_user_consume_rx(xsk, 4), 0U);
	rl_xdp_do_flush(ctx->m);
	KUNIT_EXPECT_EQ(test, rl_xdp_flush_pending(ctx->m), 0U);
	KUNIT_EXPECT_EQ(test, rl_xsk_user_consume_rx(xsk, 4), 2U);
	rl_bpf_prog_put(prog);
	rl_redirect_target_destroy(t);
	rl_xsk_pool_destroy(xsk);
	rl_test_finish(ctx);
}

/*
 * A bulk queue's predicate: each queued frame owned by its target, once.
 * A frame the ledger gives to a target that does not queue it is the
 * model-wide conservation's to catch (owner-kind count vs frames held).
 */
static void xdp_redirect_target_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_redirect_target *t = rl_redirect_target_create(ctx->m, 4, NULL);
	const u8 v[] = { RL_XDP_REDIRECT };
	struct rl_bpf_prog *prog = rl_bpf_prog_create(ctx->m, v, 1, t);

	redirect_one_page(test, ctx, prog);
	KUNIT_ASSERT_EQ(test, t->count, 1U);
	KUNIT_EXPECT_TRUE(test, rl_redirect_target_is_valid(t));
	/* the same frame queued twice */
	t->q[1] = t->q[0];
	t->count = 2;
	KUNIT_EXPECT_FALSE(test, rl_redirect_target_is_valid(t));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	/* a frame the target owns but no longer queues */
	t->count = 0;
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	/* a queued frame the ledger gives to someone else */
	t->count = 1;
	t->q[0]++;
	KUNIT_EXPECT_FALSE(test, rl_redirect_target_is_valid(t));
	t->q[0]--;
	KUNIT_EXPECT_TRUE(test, rl_redirect_target_is_valid(t));
	rl_xdp_do_flush(ctx->m);
	rl_bpf_prog_put(prog);
	rl_redirect_target_destroy(t);
	rl_test_finish(ctx);
}

static void xdp_redirect_without_target(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xdp_buff xdp = { .len = 60 };

	xdp.page = rl_page_alloc(ctx->m);
	KUNIT_EXPECT_EQ(test, rl_xdp_do_redirect(ctx->m, &xdp, NULL), -EINVAL);
	rl_page_free(ctx->m, xdp.page, RL_OWNER(RL_OWN_DRIVER, 0));
	rl_test_finish(ctx);
}

static void xdp_frames_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xdp_frame *fr = rl_xdp_frame_alloc_test(ctx->m, 64);

	KUNIT_ASSERT_NOT_NULL(test, fr);
	ctx->m->frames->slots.free_top--;
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	ctx->m->frames->slots.free_top++;
	rl_xdp_return_frame(ctx->m, fr);
	rl_test_finish(ctx);
}

static struct kunit_case xdp_test_cases[] = {
	KUNIT_CASE(xdp_rxq_register_order),
	KUNIT_CASE(xdp_register_twice),
	KUNIT_CASE(xdp_rxq_unreg_stays_in_footprint),
	KUNIT_CASE(xdp_frame_from_page_pool_buffer),
	KUNIT_CASE(xdp_frame_from_zero_copy_buffer),
	KUNIT_CASE(xdp_zero_copy_conversion_fails_cleanly),
	KUNIT_CASE(xdp_prog_verdict_pattern),
	KUNIT_CASE(xdp_redirect_devmap_queue_and_flush),
	KUNIT_CASE(xdp_redirect_to_xsk_socket),
	KUNIT_CASE(xdp_poll_must_flush),
	KUNIT_CASE(xdp_redirect_target_gone_with_frames),
	KUNIT_CASE(xdp_redirect_without_target),
	KUNIT_CASE(xdp_redirect_target_is_valid_catches_corruption),
	KUNIT_CASE(xdp_frames_is_valid_catches_corruption),
	{}
};

static struct kunit_suite xdp_test_suite = {
	.name = "ringledger_xdp",
	.test_cases = xdp_test_cases,
};

kunit_test_suite(xdp_test_suite);
