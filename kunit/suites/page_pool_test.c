// SPDX-License-Identifier: GPL-2.0
/*
 * page_pool_test.c - page_pool accounting (hold/release/inflight, user
 * count, DMA mapping owned by the pool, deferred release) and detectors.
 */
#include "rl_test_util.h"
#include "page_pool.h"
#include "xdp.h"

/* the suite's pools map both ways (when they map) */
static struct rl_page_pool *make_pp(struct kunit *test, struct rl_model *m,
				    u32 size, bool dma_map)
{
	return rl_test_page_pool(test, m, size, dma_map, RL_DMA_BIDIRECTIONAL);
}

static void page_pool_alloc_recycle_release(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 2, true);
	struct rl_page *a = rl_page_pool_dev_alloc_pages(pp);
	struct rl_page *b = rl_page_pool_dev_alloc_pages(pp);
	struct rl_page *c = rl_page_pool_dev_alloc_pages(pp);

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, pp->hold_cnt, 3U);
	KUNIT_EXPECT_EQ(test, rl_page_pool_inflight(pp), 3);
	/* the pool mapped the pages: three live mappings */
	KUNIT_EXPECT_EQ(test, ctx->m->dma->live, 3U);
	KUNIT_EXPECT_NE(test, rl_page_pool_get_dma_addr(a), (rl_dma_addr_t)0);
	rl_page_pool_put_full_page(pp, a, false);
	rl_page_pool_recycle_direct(pp, b);
	/* cache full: the third page goes back to the page allocator */
	rl_page_pool_put_full_page(pp, c, false);
	KUNIT_EXPECT_EQ(test, pp->cached, 2U);
	KUNIT_EXPECT_EQ(test, pp->release_cnt, 1U);
	KUNIT_EXPECT_EQ(test, ctx->m->dma->live, 2U);
	rl_test_check(ctx);
	/* a cached page is handed out again, still mapped */
	KUNIT_EXPECT_PTR_EQ(test, rl_page_pool_dev_alloc_pages(pp), b);
	rl_page_pool_put_full_page(pp, b, true);
	rl_page_pool_destroy(pp);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_FREED);
	KUNIT_EXPECT_EQ(test, ctx->m->dma->live, 0U);
	rl_test_finish(ctx);
}

static void page_pool_alloc_fault(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);

	rl_model_fail_nth(ctx->m, RL_FAULT_PAGE_ALLOC, 1);
	KUNIT_EXPECT_NULL(test, rl_page_pool_dev_alloc_pages(pp));
	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 1);
	rl_page_pool_destroy(pp);
	pp = make_pp(test, ctx->m, 4, true);
	KUNIT_EXPECT_NULL(test, rl_page_pool_dev_alloc_pages(pp));
	KUNIT_EXPECT_EQ(test, rl_page_pool_inflight(pp), 0);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static void page_pool_user_count_with_mem_model(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, true);
	struct rl_xdp_rxq_info rxq0 = {}, rxq1 = {};

	/* one user at create, one per port's rxq registration */
	rl_xdp_rxq_info_reg(ctx->m, &rxq0, 0, 0, 0);
	rl_xdp_rxq_info_reg_mem_model(&rxq0, RL_MEM_PAGE_POOL, pp);
	rl_xdp_rxq_info_reg(ctx->m, &rxq1, 1, 0, 0);
	rl_xdp_rxq_info_reg_mem_model(&rxq1, RL_MEM_PAGE_POOL, pp);
	KUNIT_EXPECT_EQ(test, pp->user_cnt, 3U);
	rl_xdp_rxq_info_unreg(&rxq0);
	rl_xdp_rxq_info_unreg(&rxq1);
	KUNIT_EXPECT_EQ(test, pp->user_cnt, 1U);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_ACTIVE);
	rl_page_pool_destroy(pp);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_FREED);
	rl_test_finish(ctx);
}

static void page_pool_deferred_release(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, true);
	struct rl_page *p = rl_page_pool_dev_alloc_pages(pp);

	/* destroyed with a page out: the pool waits, then frees itself */
	rl_page_pool_destroy(pp);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_RELEASING);
	rl_test_check(ctx);
	rl_page_pool_put_full_page(pp, p, false);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_FREED);
	rl_test_finish(ctx);
}

static void page_pool_stalled_shutdown(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);
	struct rl_page *p = rl_page_pool_dev_alloc_pages(pp);

	rl_page_pool_destroy(pp);
	rl_test_allow(ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(ctx, RL_F_PP_STALLED,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	rl_test_allow_none(ctx);
	rl_page_pool_put_full_page(pp, p, false);
	rl_test_finish(ctx);
}

static void page_pool_negative_inflight(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 1, false);
	struct rl_page *own = rl_page_pool_dev_alloc_pages(pp);
	struct rl_page *stray = rl_page_alloc(ctx->m);

	/* a page the pool never handed out, passed off as one of its own */
	stray->pp_id = own->pp_id;
	rl_page_pool_put_full_page(pp, own, false);
	rl_page_pool_put_full_page(pp, stray, false);
	RL_EXPECT_FINDING(ctx, RL_F_PP_INFLIGHT, rl_page_pool_destroy(pp));
	KUNIT_EXPECT_EQ(test, (s32)ctx->last.actual, -1);
}

static void page_pool_double_destroy(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);

	rl_page_pool_destroy(pp);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE, rl_page_pool_destroy(pp));
	rl_test_finish(ctx);
}

static void page_pool_use_after_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);

	rl_page_pool_destroy(pp);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_page_pool_dev_alloc_pages(pp)));
	rl_test_finish(ctx);
}

static void page_pool_put_of_unowned_page(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);
	struct rl_page *p = rl_page_pool_dev_alloc_pages(pp);

	rl_page_pool_put_full_page(pp, p, false);
	/* second return: the page already sits in the pool cache */
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE,
			  rl_page_pool_put_full_page(pp, p, false));
	KUNIT_EXPECT_EQ(test, pp->cached, 1U);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static void page_pool_put_to_wrong_pool(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *a = make_pp(test, ctx->m, 4, false);
	struct rl_page_pool *b = make_pp(test, ctx->m, 4, false);
	struct rl_page *p = rl_page_pool_dev_alloc_pages(a);

	RL_EXPECT_FINDING(ctx, RL_F_OWNER, rl_page_pool_put_full_page(b, p, false));
	rl_page_pool_put_full_page(a, p, false);
	rl_page_pool_destroy(a);
	rl_page_pool_destroy(b);
	rl_test_finish(ctx);
}

static void page_pool_never_destroyed(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);

	rl_page_pool_put_full_page(pp, rl_page_pool_dev_alloc_pages(pp), false);
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static void page_pool_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 4, false);

	pp->release_cnt++;
	KUNIT_EXPECT_FALSE(test, rl_page_pool_is_valid(pp));
	pp->release_cnt--;
	pp->cached = 5;
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	pp->cached = 0;
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

/*
 * What an allocation is allowed to change (RL_PP_ALLOC_FOOTPRINT,
 * proofs/footprints.h; assumption A5): of the pool its cache count and
 * hold count, of the model its failure count and the page-allocation and
 * DMA-map fault sites, of the page table its free stack's top, of the DMA
 * table its live count and stack top; the pages (a page whose mapping
 * failed goes back poisoned), the mapping table, the two free stacks and
 * the ledger's page and DMA integers it names whole.  Left out as
 * bookkeeping: the total of fault hits, the work counters and the free
 * stacks' incremental-check state (bad_put, pos).  Saved copies of those
 * objects, compared byte for byte with exactly those fields taken from
 * now (the DMA table's part by rl_test_dma_kept); @live_in false leaves
 * out the DMA table's live count.
 */
struct pp_fp {
	struct rl_page_pool pp;
	struct rl_model m;
	struct rl_pages pages;
	struct rl_dma dma;
	u32 count[RL_OBJ_NR][RL_OWN_NR];
};

static void pp_fp_save(struct pp_fp *s, const struct rl_page_pool *pp)
{
	const struct rl_model *m = pp->m;

	memcpy(&s->pp, pp, sizeof(s->pp));
	memcpy(&s->m, m, sizeof(s->m));
	memcpy(&s->pages, m->pages, sizeof(s->pages));
	memcpy(&s->dma, m->dma, sizeof(s->dma));
	memcpy(s->count, m->ledger->count, sizeof(s->count));
}

static bool pp_fp_kept(struct pp_fp *s, const struct rl_page_pool *pp,
		       bool live_in)
{
	const struct rl_model *m = pp->m;
	u32 c;

	s->pp.cached = pp->cached;
	s->pp.hold_cnt = pp->hold_cnt;
	s->m.pp_alloc_fails = m->pp_alloc_fails;
	s->m.fault[RL_FAULT_PAGE_ALLOC] = m->fault[RL_FAULT_PAGE_ALLOC];
	s->m.fault[RL_FAULT_DMA_MAP] = m->fault[RL_FAULT_DMA_MAP];
	s->m.fault_hits = m->fault_hits;
	memcpy(s->m.cost, m->cost, sizeof(s->m.cost));
	s->pages.slots.free_top = m->pages->slots.free_top;
	s->pages.slots.bad_put = m->pages->slots.bad_put;
	if (memcmp(&s->pp, pp, sizeof(s->pp)) || memcmp(&s->m, m, sizeof(s->m)) ||
	    memcmp(&s->pages, m->pages, sizeof(s->pages)) ||
	    !rl_test_dma_kept(&s->dma, m->dma, live_in))
		return false;
	for (c = 0; c < RL_OBJ_NR; c++)
		if (c != RL_OBJ_PAGE && c != RL_OBJ_DMA &&
		    memcmp(s->count[c], m->ledger->count[c], sizeof(s->count[c])))
			return false;
	return true;
}

/*
 * A new page (taken from the page allocator and mapped), a cached one and
 * an allocation whose mapping fails each stay inside the footprint; the
 * first is a page of the page table and shows a footprint without the DMA
 * table's live count caught.
 */
static void page_pool_alloc_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = make_pp(test, ctx->m, 2, true);
	struct pp_fp *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct rl_page *a;

	KUNIT_ASSERT_NOT_NULL(test, s);
	pp_fp_save(s, pp);
	a = rl_page_pool_dev_alloc_pages(pp);
	KUNIT_ASSERT_NOT_NULL(test, a);
	/* the contract's \subset: a page of the model's page table */
	KUNIT_EXPECT_TRUE(test, a >= ctx->m->pages->page &&
			  a < ctx->m->pages->page + ctx->m->pages->slots.nr);
	KUNIT_EXPECT_FALSE(test, pp_fp_kept(s, pp, false));
	KUNIT_EXPECT_TRUE(test, pp_fp_kept(s, pp, true));
	rl_page_pool_put_full_page(pp, a, true);
	pp_fp_save(s, pp);
	KUNIT_EXPECT_PTR_EQ(test, rl_page_pool_dev_alloc_pages(pp), a);
	KUNIT_EXPECT_TRUE(test, pp_fp_kept(s, pp, false));
	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 1);
	pp_fp_save(s, pp);
	KUNIT_EXPECT_NULL(test, rl_page_pool_dev_alloc_pages(pp));
	KUNIT_EXPECT_TRUE(test, pp_fp_kept(s, pp, true));
	rl_page_pool_put_full_page(pp, a, true);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static struct kunit_case page_pool_test_cases[] = {
	KUNIT_CASE(page_pool_alloc_stays_in_footprint),
	KUNIT_CASE(page_pool_alloc_recycle_release),
	KUNIT_CASE(page_pool_alloc_fault),
	KUNIT_CASE(page_pool_user_count_with_mem_model),
	KUNIT_CASE(page_pool_deferred_release),
	KUNIT_CASE(page_pool_stalled_shutdown),
	KUNIT_CASE(page_pool_negative_inflight),
	KUNIT_CASE(page_pool_double_destroy),
	KUNIT_CASE(page_pool_use_after_free),
	KUNIT_CASE(page_pool_put_of_unowned_page),
	KUNIT_CASE(page_pool_put_to_wrong_pool),
	KUNIT_CASE(page_pool_never_destroyed),
	KUNIT_CASE(page_pool_is_valid_catches_corruption),
	{}
};

static struct kunit_suite page_pool_test_suite = {
	.name = "ringledger_page_pool",
	.test_cases = page_pool_test_cases,
};

kunit_test_suite(page_pool_test_suite);
