// SPDX-License-Identifier: GPL-2.0
/*
 * xsk_pool_test.c - xsk_buff_pool: frame ownership across user rings, free
 * list and driver; completion-slot reservation by TX peek; DMA map
 * balance; need_wakeup; and each detector; and that alloc and free, TX
 * peek and completed write only what the proofs' footprints say.
 */
#include "rl_test_util.h"
#include "xsk_pool.h"

static struct rl_xsk_pool *make_xsk(struct kunit *test, struct rl_model *m,
				    u32 frames, u32 ring)
{
	struct rl_xsk_pool *pool = rl_xsk_pool_create(m, frames, ring);

	KUNIT_ASSERT_NOT_NULL(test, pool);
	return pool;
}

static void xsk_alloc_free_list_before_fill_ring(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 8);
	struct rl_xsk_buff *a, *b, *c;

	KUNIT_EXPECT_EQ(test, pool->user_cnt, 8U);
	/* nothing filled yet: xsk_buff_alloc returns NULL, it never blocks */
	KUNIT_EXPECT_NULL(test, rl_xsk_buff_alloc(pool));
	KUNIT_EXPECT_EQ(test, rl_xsk_user_fill(pool, 2), 2U);
	a = rl_xsk_buff_alloc(pool);
	KUNIT_ASSERT_NOT_NULL(test, a);
	rl_xsk_buff_free(a);
	/* the freed buffer is reused before the fill ring is touched */
	b = rl_xsk_buff_alloc(pool);
	KUNIT_EXPECT_PTR_EQ(test, b, a);
	KUNIT_EXPECT_EQ(test, pool->fill.prod - pool->fill.cons, 1U);
	c = rl_xsk_buff_alloc(pool);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_NULL(test, rl_xsk_buff_alloc(pool));
	rl_test_check(ctx);
	rl_xsk_buff_free(b);
	rl_xsk_buff_free(c);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_alloc_batch_and_fault(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 8);
	struct rl_xsk_buff *bufs[8];
	u32 i, n;

	rl_xsk_user_fill(pool, 5);
	rl_model_fail_nth(ctx->m, RL_FAULT_XSK_ALLOC, 4);
	n = rl_xsk_buff_alloc_batch(pool, bufs, 8);
	KUNIT_EXPECT_EQ(test, n, 3U);
	for (i = 0; i < n; i++)
		rl_xsk_buff_free(bufs[i]);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_rx_to_user(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 2);
	struct rl_xsk_buff *b[3];
	int i;

	rl_xsk_pool_dma_map(pool);
	rl_xsk_user_fill(pool, 2);
	rl_xsk_user_fill(pool, 2);
	for (i = 0; i < 2; i++) {
		b[i] = rl_xsk_buff_alloc(pool);
		b[i]->len = 60;
		rl_xsk_buff_dma_sync_for_cpu(b[i]);
		KUNIT_EXPECT_EQ(test, rl_xsk_rcv_zc(b[i]), 0);
	}
	/* user not consuming RX: the ring is full, delivery fails */
	rl_xsk_user_fill(pool, 2);
	b[2] = rl_xsk_buff_alloc(pool);
	KUNIT_EXPECT_EQ(test, rl_xsk_rcv_zc(b[2]), -ENOSPC);
	rl_xsk_buff_free(b[2]);
	KUNIT_EXPECT_TRUE(test, rl_xsk_flush_pending(pool));
	rl_xsk_flush(pool);
	KUNIT_EXPECT_FALSE(test, rl_xsk_flush_pending(pool));
	KUNIT_EXPECT_EQ(test, rl_xsk_user_consume_rx(pool, 8), 2U);
	rl_test_check(ctx);
	rl_xsk_pool_dma_unmap(pool);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_tx_peek_reserves_completion(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 4);
	struct rl_xdp_desc d[8];
	rl_dma_addr_t dma;

	rl_xsk_pool_dma_map(pool);
	KUNIT_EXPECT_EQ(test, rl_xsk_user_submit_tx(pool, 4, 100), 4U);
	KUNIT_EXPECT_EQ(test, rl_xsk_tx_peek_release_desc_batch(pool, d, 8), 4U);
	dma = rl_xsk_buff_raw_get_dma(pool, d[0].addr);
	rl_xsk_buff_raw_dma_sync_for_device(pool, dma, d[0].len);
	KUNIT_EXPECT_EQ(test, pool->comp.cached_prod - pool->comp.prod, 4U);
	rl_xsk_tx_release(pool);
	rl_test_check(ctx);
	/* the completion ring is fully reserved: nothing more goes out */
	rl_xsk_user_submit_tx(pool, 2, 100);
	KUNIT_EXPECT_FALSE(test, rl_xsk_tx_peek_desc(pool, &d[4]));
	rl_xsk_tx_completed(pool, 4);
	/* the user does not reap: still no slot for the next frame */
	KUNIT_EXPECT_FALSE(test, rl_xsk_tx_peek_desc(pool, &d[4]));
	KUNIT_EXPECT_EQ(test, rl_xsk_user_reap_comp(pool, 8), 4U);
	KUNIT_EXPECT_TRUE(test, rl_xsk_tx_peek_desc(pool, &d[4]));
	rl_xsk_tx_completed(pool, 1);
	rl_xsk_user_reap_comp(pool, 8);
	rl_xsk_user_consume_rx(pool, 8);
	KUNIT_EXPECT_EQ(test, pool->tx.prod - pool->tx.cons, 1U);
	rl_xsk_pool_dma_unmap(pool);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_completed_more_than_reserved(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 4);
	struct rl_xdp_desc d;

	rl_xsk_user_submit_tx(pool, 1, 64);
	rl_xsk_tx_peek_desc(pool, &d);
	RL_EXPECT_FINDING(ctx, RL_F_XSK, rl_xsk_tx_completed(pool, 2));
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * Copy-mode TX (xsk_generic_xmit): a busy queue gives the descriptor back;
 * the skb's destructor completes its frame, and a socket closed with skbs
 * in flight is freed with the last of them.
 */
static void xsk_copy_mode_tx(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 4);
	struct rl_xdp_desc d, again;

	KUNIT_EXPECT_EQ(test, rl_xsk_user_submit_tx(pool, 2, 100), 2U);
	KUNIT_ASSERT_TRUE(test, rl_xsk_tx_peek_desc(pool, &d));
	rl_xsk_tx_unpeek(pool);		/* NETDEV_TX_BUSY */
	KUNIT_EXPECT_EQ(test, pool->comp.cached_prod, pool->comp.prod);
	KUNIT_ASSERT_TRUE(test, rl_xsk_tx_peek_desc(pool, &again));
	KUNIT_EXPECT_EQ(test, again.addr, d.addr);
	rl_xsk_skb_hold(pool);
	rl_test_check(ctx);
	/* closed while the skb is in flight: the pool waits for it */
	rl_xsk_pool_release(pool);
	KUNIT_EXPECT_FALSE(test, rl_xsk_pool_freed(pool));
	rl_xsk_cq_submit_addr(pool, rl_xsk_pool_frame_id(pool, d.addr));
	KUNIT_EXPECT_TRUE(test, rl_xsk_pool_freed(pool));
	rl_test_finish(ctx);
}

/* A destructor with no completion slot reserved is caught. */
static void xsk_copy_mode_submit_unreserved(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 8, 4);

	rl_xsk_skb_hold(pool);
	RL_EXPECT_FINDING(ctx, RL_F_XSK, rl_xsk_cq_submit_addr(pool, 0));
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_double_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);
	struct rl_xsk_buff *b;

	rl_xsk_user_fill(pool, 1);
	b = rl_xsk_buff_alloc(pool);
	rl_xsk_buff_free(b);
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE, rl_xsk_buff_free(b));
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_dma_map_must_balance(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);

	RL_EXPECT_FINDING(ctx, RL_F_XSK, rl_xsk_pool_dma_unmap(pool));
	KUNIT_EXPECT_EQ(test, rl_xsk_pool_dma_map(pool), 0);
	KUNIT_EXPECT_EQ(test, ctx->m->dma->live, 4U);
	/* a map without its unmap: the DMA oracle reports live mappings */
	rl_xsk_pool_destroy(pool);
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
	KUNIT_EXPECT_EQ(test, (int)ctx->last.cls, (int)RL_OBJ_DMA);
}

static void xsk_dma_address_needs_mapping(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);
	struct rl_xsk_buff *b;

	rl_xsk_user_fill(pool, 1);
	b = rl_xsk_buff_alloc(pool);
	RL_EXPECT_FINDING(ctx, RL_F_XSK,
			  KUNIT_EXPECT_TRUE(test,
				rl_dma_mapping_error(rl_xsk_buff_xdp_get_dma(b))));
	rl_xsk_buff_free(b);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_need_wakeup_flags(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);

	KUNIT_EXPECT_TRUE(test, rl_xsk_uses_need_wakeup(pool));
	rl_xsk_set_rx_need_wakeup(pool);
	rl_xsk_set_tx_need_wakeup(pool);
	KUNIT_EXPECT_TRUE(test, pool->rx_need_wakeup && pool->tx_need_wakeup);
	rl_xsk_clear_rx_need_wakeup(pool);
	rl_xsk_clear_tx_need_wakeup(pool);
	KUNIT_EXPECT_FALSE(test, pool->rx_need_wakeup || pool->tx_need_wakeup);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void xsk_destroy_with_driver_held_frames(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);
	struct rl_xsk_buff *b;

	rl_xsk_user_fill(pool, 1);
	b = rl_xsk_buff_alloc(pool);
	KUNIT_ASSERT_NOT_NULL(test, b);
	RL_EXPECT_FINDING(ctx, RL_F_LEAK, rl_xsk_pool_destroy(pool));
	KUNIT_EXPECT_EQ(test, ctx->last.actual,
			RL_OWNER(RL_OWN_DRIVER, pool->hdr.id));
	/* NAPI running after the pool is gone */
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  KUNIT_EXPECT_NULL(test, rl_xsk_buff_alloc(pool)));
	/*
	 * the driver freeing the buffer it held: its head is freed memory
	 * (xp_destroy), kept as the zombie's so that this is a finding
	 */
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE, rl_xsk_buff_free(b));
	KUNIT_EXPECT_TRUE(test, rl_xsk_pool_is_valid(pool));
	rl_test_finish(ctx);
}

static void xsk_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);

	rl_xsk_user_fill(pool, 2);
	pool->fill.prod--;
	KUNIT_EXPECT_FALSE(test, rl_xsk_pool_is_valid(pool));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	pool->fill.prod++;
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * The proofs' footprint of xsk_buff_alloc and xsk_buff_free
 * (RL_XSK_FOOTPRINT, proofs/footprints.h; assumption A5): of the pool
 * and its frame table they change only the free list's count, the fill
 * ring's consumer and a frame's length and content tag (and the free
 * list itself, the ledger's XSK entries and the fault site, outside these
 * structs).  @tag_in false is the footprint as it was before the tag was
 * named: a free, which poisons the tag, must break it.
 */
static bool xsk_footprint_kept(const struct rl_xsk_pool *before,
			       const struct rl_xsk_buff *frames,
			       const struct rl_xsk_pool *after, bool tag_in)
{
	struct rl_xsk_pool p;
	u32 i;

	/* copied bytewise: padding included, as memcmp reads it */
	memcpy(&p, before, sizeof(p));
	p.free_cnt = after->free_cnt;
	p.fill.cons = after->fill.cons;
	if (memcmp(&p, after, sizeof(p)))
		return false;
	for (i = 0; i < after->nr_frames; i++) {
		struct rl_xsk_buff b;

		memcpy(&b, &frames[i], sizeof(b));
		b.len = after->buf[i].len;
		if (tag_in)
			b.tag = after->buf[i].tag;
		if (memcmp(&b, &after->buf[i], sizeof(b)))
			return false;
	}
	return true;
}

static void xsk_alloc_free_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);
	struct rl_xsk_buff frames[4];
	struct rl_xsk_pool before;
	struct rl_xsk_buff *a;

	rl_xsk_user_fill(pool, 2);
	memcpy(&before, pool, sizeof(before));
	memcpy(frames, pool->buf, sizeof(frames));
	a = rl_xsk_buff_alloc(pool);	/* from the fill ring */
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_TRUE(test, xsk_footprint_kept(&before, frames, pool, true));
	/* one of the pool's frames (the contract's \subset of its table) */
	KUNIT_EXPECT_TRUE(test, a >= pool->buf && a < pool->buf + pool->nr_frames);
	/* what the driver writes into the buffer before it frees it */
	a->len = 60;
	a->tag = 7;
	memcpy(&before, pool, sizeof(before));
	memcpy(frames, pool->buf, sizeof(frames));
	rl_xsk_buff_free(a);
	KUNIT_EXPECT_TRUE(test, xsk_footprint_kept(&before, frames, pool, true));
	KUNIT_EXPECT_FALSE(test, xsk_footprint_kept(&before, frames, pool, false));
	memcpy(&before, pool, sizeof(before));
	memcpy(frames, pool->buf, sizeof(frames));
	a = rl_xsk_buff_alloc(pool);	/* from the free list */
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_TRUE(test, xsk_footprint_kept(&before, frames, pool, true));
	rl_xsk_buff_free(a);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * The TX side's footprint (RL_XSK_TX_FOOTPRINT: peek and completed): of
 * the pool they change the TX ring's consumer and the completion ring's
 * reserved and published counters (and its entries, the ledger's XSK
 * entries, outside the struct); the frame table stays.  @comp_in false
 * leaves the reservation counter out: a peek must break it.
 */
static bool xsk_tx_footprint_kept(const struct rl_xsk_pool *before,
				  const struct rl_xsk_buff *frames,
				  const struct rl_xsk_pool *after, bool comp_in)
{
	struct rl_xsk_pool p;

	memcpy(&p, before, sizeof(p));
	p.tx.cons = after->tx.cons;
	if (comp_in)
		p.comp.cached_prod = after->comp.cached_prod;
	p.comp.prod = after->comp.prod;
	return !memcmp(&p, after, sizeof(p)) &&
	       !memcmp(frames, after->buf, after->nr_frames * sizeof(*frames));
}

static void xsk_tx_peek_completed_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_xsk_pool *pool = make_xsk(test, ctx->m, 4, 4);
	struct rl_xsk_buff frames[4];
	struct rl_xsk_pool before;
	struct rl_xdp_desc d[4];

	rl_xsk_pool_dma_map(pool);
	KUNIT_EXPECT_EQ(test, rl_xsk_user_submit_tx(pool, 2, 100), 2U);
	memcpy(&before, pool, sizeof(before));
	memcpy(frames, pool->buf, sizeof(frames));
	KUNIT_EXPECT_EQ(test, rl_xsk_tx_peek_release_desc_batch(pool, d, 4), 2U);
	KUNIT_EXPECT_TRUE(test, xsk_tx_footprint_kept(&before, frames, pool, true));
	KUNIT_EXPECT_FALSE(test, xsk_tx_footprint_kept(&before, frames, pool, false));
	memcpy(&before, pool, sizeof(before));
	rl_xsk_tx_completed(pool, 2);
	KUNIT_EXPECT_TRUE(test, xsk_tx_footprint_kept(&before, frames, pool, true));
	rl_xsk_user_reap_comp(pool, 4);
	rl_xsk_pool_dma_unmap(pool);
	rl_xsk_pool_destroy(pool);
	rl_test_finish(ctx);
}

static struct kunit_case xsk_pool_test_cases[] = {
	KUNIT_CASE(xsk_alloc_free_list_before_fill_ring),
	KUNIT_CASE(xsk_alloc_batch_and_fault),
	KUNIT_CASE(xsk_alloc_free_stay_in_footprint),
	KUNIT_CASE(xsk_rx_to_user),
	KUNIT_CASE(xsk_tx_peek_reserves_completion),
	KUNIT_CASE(xsk_tx_peek_completed_stay_in_footprint),
	KUNIT_CASE(xsk_completed_more_than_reserved),
	KUNIT_CASE(xsk_copy_mode_tx),
	KUNIT_CASE(xsk_copy_mode_submit_unreserved),
	KUNIT_CASE(xsk_double_free),
	KUNIT_CASE(xsk_dma_map_must_balance),
	KUNIT_CASE(xsk_dma_address_needs_mapping),
	KUNIT_CASE(xsk_need_wakeup_flags),
	KUNIT_CASE(xsk_destroy_with_driver_held_frames),
	KUNIT_CASE(xsk_is_valid_catches_corruption),
	{}
};

static struct kunit_suite xsk_pool_test_suite = {
	.name = "ringledger_xsk_pool",
	.test_cases = xsk_pool_test_cases,
};

kunit_test_suite(xsk_pool_test_suite);
