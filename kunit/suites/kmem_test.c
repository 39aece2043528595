// SPDX-License-Identifier: GPL-2.0
/*
 * kmem_test.c - a driver's slab objects: a bitmap allocated, used and
 * freed runs clean; one never freed is kmemleak's report at the end of
 * the run; one freed twice is a double free at once; the fault site
 * fails the n-th allocation.
 */
#include "rl_test_util.h"
#include "kmem.h"

static void kmem_bitmap_used_and_freed(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	unsigned long *map = rl_bitmap_zalloc(ctx->m, 70, "test bitmap");

	KUNIT_ASSERT_NOT_NULL(test, map);
	KUNIT_EXPECT_FALSE(test, rl_test_bit(3, map));
	rl_set_bit(3, map);
	rl_set_bit(69, map);
	KUNIT_EXPECT_TRUE(test, rl_test_bit(3, map));
	KUNIT_EXPECT_TRUE(test, rl_test_bit(69, map));
	KUNIT_EXPECT_FALSE(test, rl_test_bit(4, map));
	rl_clear_bit(3, map);
	KUNIT_EXPECT_FALSE(test, rl_test_bit(3, map));
	rl_test_check(ctx);
	rl_bitmap_free(ctx->m, map);
	rl_bitmap_free(ctx->m, NULL);	/* as kfree(NULL): nothing */
	rl_test_finish(ctx);
}

static void kmem_never_freed(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);

	KUNIT_ASSERT_NOT_NULL(test, rl_bitmap_zalloc(ctx->m, 8, "leaked"));
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, ctx->seen[RL_F_LEAK], 1U);
}

static void kmem_double_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	unsigned long *map = rl_bitmap_zalloc(ctx->m, 8, "freed twice");

	KUNIT_ASSERT_NOT_NULL(test, map);
	rl_bitmap_free(ctx->m, map);
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE, rl_bitmap_free(ctx->m, map));
	KUNIT_EXPECT_TRUE(test, rl_model_final_check(ctx->m));
}

static void kmem_alloc_fault(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_workqueue *wq;

	rl_model_fail_nth(ctx->m, RL_FAULT_KMALLOC, 2);
	wq = rl_alloc_workqueue(ctx->m, "first");
	KUNIT_ASSERT_NOT_NULL(test, wq);
	KUNIT_EXPECT_NULL(test, rl_bitmap_zalloc(ctx->m, 8, "second"));
	rl_destroy_workqueue(ctx->m, wq);
	rl_test_finish(ctx);
}

static struct kunit_case kmem_test_cases[] = {
	KUNIT_CASE(kmem_bitmap_used_and_freed),
	KUNIT_CASE(kmem_never_freed),
	KUNIT_CASE(kmem_double_free),
	KUNIT_CASE(kmem_alloc_fault),
	{}
};

static struct kunit_suite kmem_test_suite = {
	.name = "ringledger_kmem",
	.test_cases = kmem_test_cases,
};

kunit_test_suite(kmem_test_suite);
