// SPDX-License-Identifier: GPL-2.0
/*
 * skb_test.c - sk_buff model: build_skb over page_pool pages with and
 * without the recycle mark, copy allocation, fragments, the stack holding
 * delivered skbs; and each detector.
 */
#include "rl_test_util.h"
#include "skb.h"
#include "page_pool.h"

static struct rl_page_pool *make_pp(struct kunit *test, struct rl_model *m)
{
	return rl_test_page_pool(test, m, 4, true, RL_DMA_FROM_DEVICE);
}

static void skb_recycled_page_returns_to_pool(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_page *page = rl_page_pool_dev_alloc_pages(pp);
	struct rl_sk_buff *skb = rl_build_skb(ctx->m, page, 60);

	KUNIT_ASSERT_NOT_NULL(test, skb);
	rl_skb_mark_for_recycle(skb);
	KUNIT_EXPECT_EQ(test, rl_page_owner(ctx->m, page),
			RL_OWNER(RL_OWN_SKB, skb->id));
	rl_netif_receive_skb(ctx->m, skb);
	KUNIT_EXPECT_EQ(test, rl_skb_owner(ctx->m, skb), RL_OWNER(RL_OWN_STACK, 0));
	rl_test_check(ctx);
	/* the pool is destroyed while the stack still holds the page */
	rl_page_pool_destroy(pp);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_RELEASING);
	KUNIT_EXPECT_EQ(test, rl_stack_release(ctx->m, 8), 1U);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_FREED);
	rl_test_finish(ctx);
}

static void skb_without_recycle_mark_stalls_pool(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m);
	struct rl_page *page = rl_page_pool_dev_alloc_pages(pp);
	struct rl_sk_buff *skb = rl_build_skb(ctx->m, page, 60);

	/* freed with put_page: the pool never learns the page came back */
	rl_skb_free(ctx->m, skb);
	rl_page_pool_destroy(pp);
	rl_test_allow(ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(ctx, RL_F_PP_STALLED,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, ctx->seen[RL_F_PP_STALLED], 1U);
}

static void skb_copy_alloc_frags_and_tx(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_skb_alloc_tx(ctx->m, 100, 3, 1000);
	struct rl_sk_buff *copy = rl_alloc_skb(ctx->m, 64);

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_EXPECT_EQ(test, skb->nr_frags, 3);
	KUNIT_EXPECT_EQ(test, skb->len, 3100U);
	KUNIT_EXPECT_NULL(test, copy->head);
	rl_test_check(ctx);
	rl_skb_free(ctx->m, skb);
	rl_netif_receive_skb(ctx->m, copy);
	rl_test_finish(ctx);
}

static void skb_alloc_fault(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page *page = rl_page_alloc(ctx->m);

	rl_model_fail_nth(ctx->m, RL_FAULT_SKB_ALLOC, 1);
	KUNIT_EXPECT_NULL(test, rl_build_skb(ctx->m, page, 60));
	/* build_skb failed: the page stays with the caller */
	KUNIT_EXPECT_EQ(test, rl_page_owner(ctx->m, page),
			RL_OWNER(RL_OWN_DRIVER, 0));
	rl_page_free(ctx->m, page, RL_OWNER(RL_OWN_DRIVER, 0));
	rl_test_finish(ctx);
}

static void skb_double_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_alloc_skb(ctx->m, 64);

	rl_skb_free(ctx->m, skb);
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE, rl_skb_free(ctx->m, skb));
	rl_test_finish(ctx);
}

static void skb_free_after_delivery(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_alloc_skb(ctx->m, 64);

	rl_netif_receive_skb(ctx->m, skb);
	/* the driver frees an skb it already handed to the stack */
	RL_EXPECT_FINDING(ctx, RL_F_OWNER, rl_skb_free(ctx->m, skb));
	rl_test_finish(ctx);
}

static void skb_never_freed(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_alloc_skb(ctx->m, 64);

	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, (int)ctx->last.cls, (int)RL_OBJ_SKB);
	rl_skb_free(ctx->m, skb);
}

static void skb_page_not_held_by_driver(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page *page = rl_page_alloc(ctx->m);
	struct rl_sk_buff *a = rl_build_skb(ctx->m, page, 60);
	struct rl_sk_buff *b;

	/* the same page attached to a second skb */
	RL_EXPECT_FINDING(ctx, RL_F_OWNER, b = rl_build_skb(ctx->m, page, 60));
	KUNIT_EXPECT_NULL(test, b->head);
	rl_skb_free(ctx->m, a);
	rl_skb_free(ctx->m, b);
	rl_test_finish(ctx);
}

static void skbs_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_alloc_skb(ctx->m, 64);

	ctx->m->skbs->stack_count = 1;
	KUNIT_EXPECT_FALSE(test, rl_skbs_is_valid(ctx->m->skbs));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	ctx->m->skbs->stack_count = 0;
	rl_skb_free(ctx->m, skb);
	rl_test_finish(ctx);
}

static struct kunit_case skb_test_cases[] = {
	KUNIT_CASE(skb_recycled_page_returns_to_pool),
	KUNIT_CASE(skb_without_recycle_mark_stalls_pool),
	KUNIT_CASE(skb_copy_alloc_frags_and_tx),
	KUNIT_CASE(skb_alloc_fault),
	KUNIT_CASE(skb_double_free),
	KUNIT_CASE(skb_free_after_delivery),
	KUNIT_CASE(skb_never_freed),
	KUNIT_CASE(skb_page_not_held_by_driver),
	KUNIT_CASE(skbs_is_valid_catches_corruption),
	{}
};

static struct kunit_suite skb_test_suite = {
	.name = "ringledger_skb",
	.test_cases = skb_test_cases,
};

kunit_test_suite(skb_test_suite);
