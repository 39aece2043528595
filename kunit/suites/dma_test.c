// SPDX-License-Identifier: GPL-2.0
/*
 * dma_test.c - the streaming DMA API model: correct use, and each
 * CONFIG_DMA_API_DEBUG-style detector made to fire on purpose; and that
 * map and unmap write only what the proofs' footprint says.
 */
#include "rl_test_util.h"
#include "dma.h"

static void dma_map_sync_unmap(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dma *dma = ctx->m->dma;
	rl_dma_addr_t a, b;

	a = rl_dma_map_single(dma, 1500, RL_DMA_TO_DEVICE, 1);
	b = rl_dma_map_page(dma, 7, 128, 2048, RL_DMA_FROM_DEVICE);
	KUNIT_ASSERT_FALSE(test, rl_dma_mapping_error(a));
	KUNIT_ASSERT_FALSE(test, rl_dma_mapping_error(b));
	KUNIT_EXPECT_NE(test, a, b);
	KUNIT_EXPECT_EQ(test, dma->live, 2U);
	rl_test_check(ctx);
	rl_dma_sync_for_cpu(dma, b + 100, 64, RL_DMA_FROM_DEVICE);
	rl_dma_sync_for_device(dma, b, 2048, RL_DMA_FROM_DEVICE);
	KUNIT_EXPECT_TRUE(test, rl_dma_device_access(dma, b, 2048, false));
	KUNIT_EXPECT_TRUE(test, rl_dma_device_access(dma, a, 1500, true));
	rl_dma_unmap(dma, a, 1500, RL_DMA_TO_DEVICE);
	rl_dma_unmap(dma, b, 2048, RL_DMA_FROM_DEVICE);
	KUNIT_EXPECT_EQ(test, dma->live, 0U);
	rl_test_finish(ctx);
}

static void dma_addresses_are_deterministic(struct kunit *test)
{
	struct rl_test_ctx *x = rl_test_start(test, NULL);
	struct rl_test_ctx *y = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(x->m->dma, 64, RL_DMA_TO_DEVICE, 0);
	rl_dma_addr_t b = rl_dma_map_single(y->m->dma, 64, RL_DMA_TO_DEVICE, 0);

	KUNIT_EXPECT_EQ(test, a, b);
	KUNIT_EXPECT_EQ(test, a, (rl_dma_addr_t)RL_DMA_BASE);
	rl_dma_unmap(x->m->dma, a, 64, RL_DMA_TO_DEVICE);
	rl_dma_unmap(y->m->dma, b, 64, RL_DMA_TO_DEVICE);
}

static void dma_map_fault_nth(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dma *dma = ctx->m->dma;
	rl_dma_addr_t a, b;

	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 2);
	a = rl_dma_map_single(dma, 64, RL_DMA_TO_DEVICE, 0);
	b = rl_dma_map_single(dma, 64, RL_DMA_TO_DEVICE, 0);
	KUNIT_EXPECT_FALSE(test, rl_dma_mapping_error(a));
	KUNIT_EXPECT_TRUE(test, rl_dma_mapping_error(b));
	KUNIT_EXPECT_EQ(test, dma->live, 1U);
	rl_dma_unmap(dma, a, 64, RL_DMA_TO_DEVICE);
	rl_test_finish(ctx);
}

static void dma_unmap_unknown_address(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);

	RL_EXPECT_FINDING(ctx, RL_F_DMA_UNKNOWN,
			  rl_dma_unmap(ctx->m->dma, RL_DMA_BASE + 0x1230, 64,
				       RL_DMA_TO_DEVICE));
	RL_EXPECT_FINDING(ctx, RL_F_DMA_UNKNOWN,
			  rl_dma_unmap(ctx->m->dma, 0x1000, 64,
				       RL_DMA_TO_DEVICE));
}

static void dma_unmap_size_mismatch(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 256, RL_DMA_TO_DEVICE, 0);

	RL_EXPECT_FINDING(ctx, RL_F_DMA_MISMATCH,
			  rl_dma_unmap(ctx->m->dma, a, 128, RL_DMA_TO_DEVICE));
	KUNIT_EXPECT_EQ(test, ctx->last.expected, 256U);
	KUNIT_EXPECT_EQ(test, ctx->last.actual, 128U);
}

static void dma_unmap_direction_mismatch(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 256, RL_DMA_TO_DEVICE, 0);

	RL_EXPECT_FINDING(ctx, RL_F_DMA_MISMATCH,
			  rl_dma_unmap(ctx->m->dma, a, 256, RL_DMA_FROM_DEVICE));
}

static void dma_double_unmap(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 256, RL_DMA_TO_DEVICE, 0);

	rl_dma_unmap(ctx->m->dma, a, 256, RL_DMA_TO_DEVICE);
	RL_EXPECT_FINDING(ctx, RL_F_DMA_DOUBLE_UNMAP,
			  rl_dma_unmap(ctx->m->dma, a, 256, RL_DMA_TO_DEVICE));
	rl_test_finish(ctx);
}

static void dma_sync_of_unmapped_range(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 256, RL_DMA_FROM_DEVICE, 0);

	rl_dma_unmap(ctx->m->dma, a, 256, RL_DMA_FROM_DEVICE);
	RL_EXPECT_FINDING(ctx, RL_F_DMA_SYNC,
			  rl_dma_sync_for_cpu(ctx->m->dma, a, 64,
					      RL_DMA_FROM_DEVICE));
	RL_EXPECT_FINDING(ctx, RL_F_DMA_SYNC,
			  rl_dma_sync_for_device(ctx->m->dma, a, 64,
						 RL_DMA_FROM_DEVICE));
}

static void dma_sync_outside_mapping(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 256, RL_DMA_FROM_DEVICE, 0);

	RL_EXPECT_FINDING(ctx, RL_F_DMA_SYNC,
			  rl_dma_sync_for_cpu(ctx->m->dma, a + 200, 100,
					      RL_DMA_FROM_DEVICE));
	rl_dma_unmap(ctx->m->dma, a, 256, RL_DMA_FROM_DEVICE);
}

static void dma_device_access_outside_mapping(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dma *dma = ctx->m->dma;
	rl_dma_addr_t a = rl_dma_map_single(dma, 256, RL_DMA_TO_DEVICE, 0);

	/* a device write into a TO_DEVICE buffer, past the end, unmapped */
	RL_EXPECT_FINDING(ctx, RL_F_DMA_DEVICE,
			  rl_dma_device_access(dma, a, 64, false));
	RL_EXPECT_FINDING(ctx, RL_F_DMA_DEVICE,
			  rl_dma_device_access(dma, a, 512, true));
	rl_dma_unmap(dma, a, 256, RL_DMA_TO_DEVICE);
	RL_EXPECT_FINDING(ctx, RL_F_DMA_DEVICE,
			  rl_dma_device_access(dma, a, 64, true));
}

static void dma_mapping_live_at_end(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	rl_dma_addr_t a = rl_dma_map_single(ctx->m->dma, 64, RL_DMA_TO_DEVICE, 5);

	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, (int)ctx->last.cls, (int)RL_OBJ_DMA);
	KUNIT_EXPECT_EQ(test, ctx->last.actual, RL_OWNER(RL_OWN_MAPPED, 5));
	rl_dma_unmap(ctx->m->dma, a, 64, RL_DMA_TO_DEVICE);
}

static void dma_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);

	ctx->m->dma->live++;
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(ctx->m->dma));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	ctx->m->dma->live--;
	KUNIT_EXPECT_TRUE(test, rl_dma_is_valid(ctx->m->dma));
}

/*
 * rl_dma_is_valid() is the exact mirror of rl_dma_ok (unit dma), and
 * rl_slots_is_valid() of rl_slots_ok (unit slots): each fact broken alone
 * is caught, and passes again once restored.
 */
static void dma_is_valid_checks_each_fact(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dma *dma = ctx->m->dma;
	struct rl_slots *s = &dma->slots;
	rl_dma_addr_t a = rl_dma_map_single(dma, 64, RL_DMA_TO_DEVICE, 3);
	u32 top = s->free[s->free_top - 1];
	u32 mapped = 0, below;

	KUNIT_ASSERT_FALSE(test, rl_dma_mapping_error(a));
	KUNIT_ASSERT_TRUE(test, s->free_top >= 2);
	while (mapped < s->nr && !dma->maps[mapped].live)
		mapped++;
	KUNIT_ASSERT_TRUE(test, mapped < s->nr);
	KUNIT_ASSERT_TRUE(test, rl_dma_is_valid(dma));
	/* a live mapping the ledger has mapped, its flag cleared */
	dma->maps[mapped].live = false;
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(dma));
	dma->maps[mapped].live = true;
	/* a free slot flagged live */
	dma->maps[top].live = true;
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(dma));
	dma->maps[top].live = false;
	/* a slot off the free stack that is neither free nor mapped */
	s->free_top--;
	rl_ledger_set(ctx->m->ledger, RL_OBJ_DMA, s->base + top,
		      RL_OWNER(RL_OWN_DRIVER, 0));
	KUNIT_EXPECT_TRUE(test, rl_slots_is_valid(s, ctx->m->ledger));
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(dma));
	rl_ledger_set(ctx->m->ledger, RL_OBJ_DMA, s->base + top,
		      RL_OWNER(RL_OWN_NONE, 0));
	s->free_top++;
	/* a free slot on the stack twice: more on it than the ledger's free */
	s->free[s->free_top] = top;
	s->free_top++;
	KUNIT_EXPECT_FALSE(test, rl_slots_is_valid(s, ctx->m->ledger));
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(dma));
	s->free_top--;
	/*
	 * a slot on the stack twice in place of another free one: the
	 * counts agree, its place on the stack (pos) does not
	 */
	below = s->free[s->free_top - 2];
	s->free[s->free_top - 2] = top;
	KUNIT_EXPECT_FALSE(test, rl_slots_is_valid(s, ctx->m->ledger));
	KUNIT_EXPECT_FALSE(test, rl_dma_is_valid(dma));
	s->free[s->free_top - 2] = below;
	KUNIT_EXPECT_TRUE(test, rl_slots_is_valid(s, ctx->m->ledger));
	KUNIT_EXPECT_TRUE(test, rl_dma_is_valid(dma));
	rl_dma_unmap(dma, a, 64, RL_DMA_TO_DEVICE);
	rl_test_finish(ctx);
}

/*
 * The proofs' footprint of map and unmap (RL_DMA_FOOTPRINT,
 * proofs/footprints.h; assumption A5), rl_test_dma_kept: a map or an
 * unmap stays inside it and breaks it with the live count left out.
 */
static void dma_map_unmap_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dma *dma = ctx->m->dma;
	struct rl_dma before;
	rl_dma_addr_t a;

	memcpy(&before, dma, sizeof(before));
	a = rl_dma_map_page(dma, 7, 128, 2048, RL_DMA_FROM_DEVICE);
	KUNIT_ASSERT_FALSE(test, rl_dma_mapping_error(a));
	KUNIT_EXPECT_TRUE(test, rl_test_dma_kept(&before, dma, true));
	KUNIT_EXPECT_FALSE(test, rl_test_dma_kept(&before, dma, false));
	memcpy(&before, dma, sizeof(before));
	rl_dma_unmap(dma, a, 2048, RL_DMA_FROM_DEVICE);
	KUNIT_EXPECT_TRUE(test, rl_test_dma_kept(&before, dma, true));
	KUNIT_EXPECT_FALSE(test, rl_test_dma_kept(&before, dma, false));
	rl_test_finish(ctx);
}

static struct kunit_case dma_test_cases[] = {
	KUNIT_CASE(dma_map_sync_unmap),
	KUNIT_CASE(dma_map_unmap_stay_in_footprint),
	KUNIT_CASE(dma_addresses_are_deterministic),
	KUNIT_CASE(dma_map_fault_nth),
	KUNIT_CASE(dma_unmap_unknown_address),
	KUNIT_CASE(dma_unmap_size_mismatch),
	KUNIT_CASE(dma_unmap_direction_mismatch),
	KUNIT_CASE(dma_double_unmap),
	KUNIT_CASE(dma_sync_of_unmapped_range),
	KUNIT_CASE(dma_sync_outside_mapping),
	KUNIT_CASE(dma_device_access_outside_mapping),
	KUNIT_CASE(dma_mapping_live_at_end),
	KUNIT_CASE(dma_is_valid_catches_corruption),
	KUNIT_CASE(dma_is_valid_checks_each_fact),
	{}
};

static struct kunit_suite dma_test_suite = {
	.name = "ringledger_dma",
	.test_cases = dma_test_cases,
};

kunit_test_suite(dma_test_suite);
