// SPDX-License-Identifier: GPL-2.0
/*
 * poison_test.c - freed memory the model owns reads as poison (0x6b, as
 * SLUB's POISON_FREE): a stale pointer's read gives values every lookup
 * refuses with a USE_AFTER_FREE finding, and a write after the free is
 * found when the object is reused (SLUB's check_object).
 */
#include "rl_test_util.h"
#include "poison.h"
#include "k3_cppi_desc_pool.h"
#include "xdp.h"
#include "skb.h"

/* A descriptor read through a pointer kept past its free. */
static void poison_stale_descriptor_read(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool =
		rl_k3_cppi_desc_pool_create_name(ctx->m, 2,
						 sizeof(struct rl_cppi5_desc), "t");
	struct rl_page *page = rl_page_alloc(ctx->m);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	u64 *sw = rl_cppi5_hdesc_get_swdata(pool, d);

	KUNIT_ASSERT_NOT_NULL(test, page);
	sw[0] = page->id;
	KUNIT_EXPECT_PTR_EQ(test, rl_page_by_id(ctx->m, (u32)sw[0]), page);
	rl_k3_cppi_desc_pool_free(pool, d);
	KUNIT_EXPECT_EQ(test, sw[0], RL_POISON_U64);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_page_by_id(ctx->m, (u32)sw[0])));
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_k3_cppi_desc_pool_dma2virt(pool, sw[0])));
	/* the accessors refuse the freed descriptor and hand out poison */
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  sw = rl_cppi5_hdesc_get_swdata(pool, d));
	KUNIT_EXPECT_EQ(test, sw[1], RL_POISON_U64);
	/* reused: the previous user's words are back (never zeroed) */
	d = rl_k3_cppi_desc_pool_alloc(pool);
	KUNIT_EXPECT_EQ(test, ((u64 *)rl_cppi5_hdesc_get_swdata(pool, d))[0],
			(u64)page->id);
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_page_free(ctx->m, page, RL_OWNER(RL_OWN_DRIVER, 0));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/* A write through a stale pointer is found at the next alloc. */
static void poison_descriptor_written_after_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool =
		rl_k3_cppi_desc_pool_create_name(ctx->m, 1,
						 sizeof(struct rl_cppi5_desc), "t");
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	u32 *ps = rl_cppi5_hdesc_get_psdata(pool, d);

	rl_k3_cppi_desc_pool_free(pool, d);
	ps[2] = 0;
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  d = rl_k3_cppi_desc_pool_alloc(pool));
	KUNIT_ASSERT_NOT_NULL(test, d);
	rl_k3_cppi_desc_pool_free(pool, d);
	/* untouched while free: no finding */
	d = rl_k3_cppi_desc_pool_alloc(pool);
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/* skbs and xdp_frames: poisoned but for their id while free. */
static void poison_skb_and_frame(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_sk_buff *skb = rl_alloc_skb(ctx->m, 60);
	struct rl_xdp_frame *fr = rl_xdp_frame_alloc_test(ctx->m, 60);
	u32 skb_id, fr_id;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_NOT_NULL(test, fr);
	skb_id = skb->id;
	fr_id = fr->id;
	rl_skb_free(ctx->m, skb);
	rl_xdp_return_frame(ctx->m, fr);
	KUNIT_EXPECT_EQ(test, skb->len, RL_POISON_U32);
	KUNIT_EXPECT_EQ(test, fr->len, RL_POISON_U32);
	KUNIT_EXPECT_EQ(test, skb->id, skb_id);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_skb_by_id(ctx->m, skb->len)));
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_xdp_frame_by_id(ctx->m, fr->len)));
	/* written while free: found when the slot is handed out again */
	skb->len = 1;
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  skb = rl_alloc_skb(ctx->m, 60));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_EQ(test, skb->id, skb_id);
	rl_skb_free(ctx->m, skb);
	fr->tag = 1;
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  fr = rl_xdp_frame_alloc_test(ctx->m, 60));
	KUNIT_ASSERT_NOT_NULL(test, fr);
	KUNIT_EXPECT_EQ(test, fr->id, fr_id);
	rl_xdp_return_frame(ctx->m, fr);
	rl_test_finish(ctx);
}

/* Page and XSK buffer contents, and DMA addresses read after a free. */
static void poison_page_xsk_and_dma(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *xsk = rl_xsk_pool_create(ctx->m, 4, 4);
	struct rl_page *page = rl_page_alloc(ctx->m);
	struct rl_xsk_buff *buf;

	KUNIT_ASSERT_NOT_NULL(test, page);
	page->len = 60;
	rl_page_free(ctx->m, page, RL_OWNER(RL_OWN_DRIVER, 0));
	KUNIT_EXPECT_EQ(test, page->len, RL_POISON_U32);
	rl_xsk_user_fill(xsk, 1);
	buf = rl_xsk_buff_alloc(xsk);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	buf->len = 60;
	rl_xsk_buff_free(buf);
	KUNIT_EXPECT_EQ(test, buf->len, RL_POISON_U32);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_xsk_buff_by_id(ctx->m, buf->len)));
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  rl_dma_unmap(ctx->m->dma, RL_POISON_U64, 60,
				       RL_DMA_TO_DEVICE));
	rl_xsk_pool_destroy(xsk);
	rl_test_finish(ctx);
}

static struct kunit_case poison_test_cases[] = {
	KUNIT_CASE(poison_stale_descriptor_read),
	KUNIT_CASE(poison_descriptor_written_after_free),
	KUNIT_CASE(poison_skb_and_frame),
	KUNIT_CASE(poison_page_xsk_and_dma),
	{}
};

static struct kunit_suite poison_test_suite = {
	.name = "ringledger_poison",
	.test_cases = poison_test_cases,
};

kunit_test_suite(poison_test_suite);
