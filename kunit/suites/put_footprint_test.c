// SPDX-License-Identifier: GPL-2.0
/*
 * put_footprint_test.c - what giving a page back may write, run against
 * the proofs' footprints (proofs/footprints.h; assumption A5): a put into
 * a page_pool (RL_PP_PUT_FOOTPRINT), put_page (RL_PAGE_FREE_FOOTPRINT)
 * and the return of an xdp_frame (RL_XDP_RETURN_FOOTPRINT).  Saved copies
 * of the objects, compared byte for byte after the call with exactly the
 * footprint's fields taken from now; each case also shows a footprint one
 * field short caught.
 */
#include "rl_test_util.h"
#include "page_pool.h"
#include "xdp.h"

/*
 * The cells every put may write: of the page table the free stack's top
 * and of the pages only the one given back (its content and - a pool's
 * put - its pool id and address); the DMA table as an unmap may
 * (rl_test_dma_kept); the ledger's page and DMA integers.  A pool's put
 * writes its cache (the entries and the pointer), its cache and release
 * counts, its state and zombie flag; a frame's return the frame, the
 * frame table's free stack's top and the ledger's frame integers.  Left
 * out, as for the allocation: the work counters, the total of fault hits
 * and the free stacks' bad_put.  @omit leaves one footprint field out.
 */
enum put_fp_omit {
	PUT_FP_ALL,
	PUT_FP_NO_RELEASE_CNT,
	PUT_FP_NO_FREE_TOP,
	PUT_FP_NO_FRAME_TOP,
};

struct put_fp {
	struct rl_page_pool pp;
	struct rl_model m;
	struct rl_pages pages;
	struct rl_frames frames;
	struct rl_dma dma;
	u32 count[RL_OBJ_NR][RL_OWN_NR];
	struct rl_page *pg;		/* the page table, saved */
	struct rl_xdp_frame *fr;	/* the frame table, saved */
};

static struct put_fp *put_fp_new(struct kunit *test, const struct rl_model *m)
{
	struct put_fp *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->pg = kunit_kzalloc(test, m->pages->slots.nr * sizeof(*s->pg),
			      GFP_KERNEL);
	s->fr = kunit_kzalloc(test, m->frames->slots.nr * sizeof(*s->fr),
			      GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s->pg);
	KUNIT_ASSERT_NOT_NULL(test, s->fr);
	return s;
}

static void put_fp_save(struct put_fp *s, const struct rl_page_pool *pp,
			const struct rl_model *m)
{
	if (pp)
		memcpy(&s->pp, pp, sizeof(s->pp));
	memcpy(&s->m, m, sizeof(s->m));
	memcpy(&s->pages, m->pages, sizeof(s->pages));
	memcpy(&s->frames, m->frames, sizeof(s->frames));
	memcpy(&s->dma, m->dma, sizeof(s->dma));
	memcpy(s->count, m->ledger->count, sizeof(s->count));
	memcpy(s->pg, m->pages->page, m->pages->slots.nr * sizeof(*s->pg));
	memcpy(s->fr, m->frames->frame, m->frames->slots.nr * sizeof(*s->fr));
}

/* @pp: the pool put into, or NULL; @fr: the frame returned, or NULL */
static bool put_fp_kept(struct put_fp *s, const struct rl_page_pool *pp,
			const struct rl_model *m, const struct rl_page *page,
			const struct rl_xdp_frame *fr, enum put_fp_omit omit)
{
	struct rl_page *was = &s->pg[page - m->pages->page];
	u32 c;

	if (pp) {
		s->pp.cached = pp->cached;
		s->pp.cache = pp->cache;
		if (omit != PUT_FP_NO_RELEASE_CNT)
			s->pp.release_cnt = pp->release_cnt;
		s->pp.state = pp->state;
		s->pp.hdr.zombie = pp->hdr.zombie;
		if (memcmp(&s->pp, pp, sizeof(s->pp)))
			return false;
		was->dma_addr = page->dma_addr;
		was->pp_id = page->pp_id;
	}
	if (fr) {
		memcpy(&s->fr[fr - m->frames->frame], fr, sizeof(*fr));
		if (omit != PUT_FP_NO_FRAME_TOP)
			s->frames.slots.free_top = m->frames->slots.free_top;
		s->frames.slots.bad_put = m->frames->slots.bad_put;
	}
	was->len = page->len;
	was->tag = page->tag;
	s->m.fault_hits = m->fault_hits;
	memcpy(s->m.cost, m->cost, sizeof(s->m.cost));
	if (omit != PUT_FP_NO_FREE_TOP)
		s->pages.slots.free_top = m->pages->slots.free_top;
	s->pages.slots.bad_put = m->pages->slots.bad_put;
	if (memcmp(&s->m, m, sizeof(s->m)) ||
	    memcmp(&s->pages, m->pages, sizeof(s->pages)) ||
	    memcmp(&s->frames, m->frames, sizeof(s->frames)) ||
	    memcmp(s->pg, m->pages->page, m->pages->slots.nr * sizeof(*s->pg)) ||
	    memcmp(s->fr, m->frames->frame,
		   m->frames->slots.nr * sizeof(*s->fr)) ||
	    !rl_test_dma_kept(&s->dma, m->dma, true))
		return false;
	for (c = 0; c < RL_OBJ_NR; c++)
		if (c != RL_OBJ_PAGE && c != RL_OBJ_DMA &&
		    (c != RL_OBJ_FRAME || !fr) &&
		    memcmp(s->count[c], m->ledger->count[c],
			   sizeof(s->count[c])))
			return false;
	return true;
}

/*
 * A put into the cache, one the cache has no room for (unmapped and
 * freed: a footprint without the release count is caught), and the last
 * page of a destroyed pool (the pool released).
 */
static void page_pool_put_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = rl_test_page_pool(test, ctx->m, 1, true,
						     RL_DMA_BIDIRECTIONAL);
	struct put_fp *s = put_fp_new(test, ctx->m);
	struct rl_page *a = rl_page_pool_dev_alloc_pages(pp);
	struct rl_page *b = rl_page_pool_dev_alloc_pages(pp);

	KUNIT_ASSERT_NOT_NULL(test, b);
	put_fp_save(s, pp, ctx->m);
	rl_page_pool_put_full_page(pp, a, true);
	KUNIT_EXPECT_EQ(test, pp->cached, 1U);
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, pp, ctx->m, a, NULL,
					    PUT_FP_ALL));
	put_fp_save(s, pp, ctx->m);
	rl_page_pool_put_full_page(pp, b, true);
	KUNIT_EXPECT_EQ(test, pp->release_cnt, 1U);
	KUNIT_EXPECT_FALSE(test, put_fp_kept(s, pp, ctx->m, b, NULL,
					     PUT_FP_NO_RELEASE_CNT));
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, pp, ctx->m, b, NULL,
					    PUT_FP_ALL));
	KUNIT_EXPECT_PTR_EQ(test, rl_page_pool_dev_alloc_pages(pp), a);
	rl_page_pool_destroy(pp);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_RELEASING);
	put_fp_save(s, pp, ctx->m);
	rl_page_pool_put_full_page(pp, a, false);
	KUNIT_EXPECT_EQ(test, (int)pp->state, (int)RL_PP_FREED);
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, pp, ctx->m, a, NULL,
					    PUT_FP_ALL));
	rl_test_finish(ctx);
}

/* put_page of a page the driver holds; without the free stack's top, caught */
static void page_free_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct put_fp *s = put_fp_new(test, ctx->m);
	struct rl_page *p = rl_page_alloc(ctx->m);

	KUNIT_ASSERT_NOT_NULL(test, p);
	put_fp_save(s, NULL, ctx->m);
	rl_page_free(ctx->m, p, RL_OWNER(RL_OWN_DRIVER, 0));
	KUNIT_EXPECT_FALSE(test, put_fp_kept(s, NULL, ctx->m, p, NULL,
					     PUT_FP_NO_FREE_TOP));
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, NULL, ctx->m, p, NULL,
					    PUT_FP_ALL));
	rl_test_finish(ctx);
}

/*
 * The return of a frame over an ordinary page (put_page) and of one over
 * a page_pool page (a put into the page's pool, the memory model of the
 * rxq the buffer came from); a footprint without the frame table's free
 * stack's top is caught.
 */
static void xdp_return_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_page_pool *pp = rl_test_page_pool(test, ctx->m, 4, true,
						     RL_DMA_BIDIRECTIONAL);
	struct put_fp *s = put_fp_new(test, ctx->m);
	struct rl_xdp_rxq_info rxq = {};
	struct rl_xdp_buff xdp = { .rxq = &rxq, .len = 60 };
	struct rl_xdp_frame *fr = rl_xdp_frame_alloc_test(ctx->m, 60);
	struct rl_page *page;

	KUNIT_ASSERT_NOT_NULL(test, fr);
	page = fr->page;
	put_fp_save(s, NULL, ctx->m);
	rl_xdp_return_frame_rx_napi(ctx->m, fr);
	KUNIT_EXPECT_FALSE(test, put_fp_kept(s, NULL, ctx->m, page, fr,
					     PUT_FP_NO_FRAME_TOP));
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, NULL, ctx->m, page, fr,
					    PUT_FP_ALL));
	KUNIT_ASSERT_EQ(test, rl_xdp_rxq_info_reg(ctx->m, &rxq, 0, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, rl_xdp_rxq_info_reg_mem_model(&rxq,
			RL_MEM_PAGE_POOL, pp), 0);
	xdp.page = rl_page_pool_dev_alloc_pages(pp);
	KUNIT_ASSERT_NOT_NULL(test, xdp.page);
	page = xdp.page;
	fr = rl_xdp_convert_buff_to_frame(ctx->m, &xdp);
	KUNIT_ASSERT_NOT_NULL(test, fr);
	put_fp_save(s, pp, ctx->m);
	rl_xdp_return_frame_rx_napi(ctx->m, fr);
	KUNIT_EXPECT_EQ(test, pp->cached, 1U);
	KUNIT_EXPECT_TRUE(test, put_fp_kept(s, pp, ctx->m, page, fr,
					    PUT_FP_ALL));
	rl_xdp_rxq_info_unreg(&rxq);
	rl_page_pool_destroy(pp);
	rl_test_finish(ctx);
}

static struct kunit_case put_footprint_test_cases[] = {
	KUNIT_CASE(page_pool_put_stays_in_footprint),
	KUNIT_CASE(page_free_stays_in_footprint),
	KUNIT_CASE(xdp_return_stays_in_footprint),
	{}
};

static struct kunit_suite put_footprint_test_suite = {
	.name = "ringledger_put_footprint",
	.test_cases = put_footprint_test_cases,
};

kunit_test_suite(put_footprint_test_suite);
