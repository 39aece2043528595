// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_fixes_test.c - stmmac fixes from upstream's history, each as a
 * pair of cases: the patched driver (mainline with the fix) runs the
 * scenario clean, the variant that puts the code before the fix back is
 * caught by the finding the kernel's debug options would report.
 */
#include "stmmac_bed.h"

/*
 * The end of a driver-memory case: with upstream's code the end-of-run
 * oracle must report the leak; patched, it must run clean.
 */
static void finish_or_leak(struct kunit *test, struct rl_test_ctx *ctx,
			   bool upstream)
{
	if (!upstream) {
		rl_test_finish(ctx);
		return;
	}
	RL_EXPECT_FINDING(ctx, RL_F_LEAK,
			  KUNIT_EXPECT_FALSE(test, rl_model_final_check(ctx->m)));
}

/*
 * The zero-copy queue bitmap of stmmac_dvr_probe: a socket's queue is
 * marked in it and cleared again; remove frees it (d7f576dc9836).  The
 * series left it to kmemleak (stmmac_zc_qps_bitmap_leak).
 */
static void zc_qps_bitmap(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = rl_stmmac_test_probe(test, ctx, 2, 4, 4,
		upstream ? BIT_ULL(RL_SV_ZC_QPS_BITMAP_LEAK) : 0);

	KUNIT_ASSERT_NOT_NULL(test, priv->af_xdp_zc_qps);
	KUNIT_EXPECT_FALSE(test, rl_test_bit(0, priv->af_xdp_zc_qps));
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), 0);
	rl_stmmac_remove(priv);
	finish_or_leak(test, ctx, upstream);
}

static void stmmac_remove_frees_zc_qps(struct kunit *test)
{
	zc_qps_bitmap(test, false);
}

static void stmmac_zc_qps_bitmap_leak_variant(struct kunit *test)
{
	zc_qps_bitmap(test, true);
}

/*
 * Probe under memory pressure: the workqueue after the bitmap cannot be
 * made.  Patched (a137f3f27f92): probe fails with nothing left behind;
 * upstream before it: the bitmap stays (stmmac_probe_wq_fail_leak).
 * The bitmap itself failing leaves nothing either way.
 */
static void probe_wq_fails(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_cfg cfg = { .rx_queues = 1, .tx_queues = 1,
				     .dma_rx_size = 4, .dma_tx_size = 4,
				     .variants = upstream ?
				     BIT_ULL(RL_SV_PROBE_WQ_FAIL_LEAK) : 0 };

	rl_model_fail_nth(ctx->m, RL_FAULT_KMALLOC, 1);
	KUNIT_EXPECT_NULL(test, rl_stmmac_probe(ctx->m, &cfg));
	rl_model_fail_nth(ctx->m, RL_FAULT_KMALLOC, 2);
	KUNIT_EXPECT_NULL(test, rl_stmmac_probe(ctx->m, &cfg));
	KUNIT_EXPECT_EQ(test, ctx->m->fault_hits, 2U);
	finish_or_leak(test, ctx, upstream);
}

static void stmmac_probe_wq_fail_unwinds(struct kunit *test)
{
	probe_wq_fails(test, false);
}

static void stmmac_probe_wq_fail_leak_variant(struct kunit *test)
{
	probe_wq_fails(test, true);
}

/*
 * The device fills the ring of four; a poll of budget 2 takes two and its
 * refill gets no page (the page_pool is empty), leaving those two
 * descriptors without a buffer, OWN clear, their stale write-back looking
 * like frames.  The next poll: patched (0bb05e6adfa9) it stops before
 * cur_rx would reach dirty_rx, holding the last frame back until a refill
 * succeeded; before the fix (stmmac_rx_cur_catches_dirty) it walks on to
 * dirty_rx and takes a buffer-less descriptor for a frame.
 */
static void rx_refill_starved(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = rl_stmmac_test_probe(test, ctx, 1, 4, 4,
		upstream ? BIT_ULL(RL_SV_RX_CUR_CATCHES_DIRTY) : 0);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	rl_model_fail_nth(ctx->m, RL_FAULT_PAGE_ALLOC, 1);
	rl_stmmac_test_rx_poll(test, rx_q, 4, 64, 2, 2);
	KUNIT_EXPECT_EQ(test, rx_q->dirty_rx, 0U);
	KUNIT_EXPECT_EQ(test, rx_q->cur_rx, 2U);
	rl_napi_schedule(&rx_q->rx_napi);
	if (upstream) {
		RL_EXPECT_FINDING(ctx, RL_F_OOPS,
				  rl_napi_run(&rx_q->rx_napi, 64, 0));
		rl_test_allow(ctx, RL_F_OOPS);
		rl_test_allow(ctx, RL_F_INVALID);
		rl_stack_release(ctx->m, 8);
		rl_stmmac_remove(priv);
		return;
	}
	/* one frame taken, the refill rearms three, the last frame waits */
	KUNIT_EXPECT_EQ(test, rl_napi_run(&rx_q->rx_napi, 64, 0), 1);
	KUNIT_EXPECT_EQ(test, rx_q->cur_rx, 3U);
	KUNIT_EXPECT_EQ(test, rx_q->dirty_rx, 3U);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 3U);
	rl_stmmac_test_rx_poll(test, rx_q, 0, 0, 64, 1);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 4U);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	rl_test_check(ctx);
	rl_stack_release(ctx->m, 8);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_rx_stops_short_of_dirty(struct kunit *test)
{
	rx_refill_starved(test, false);
}

static void stmmac_rx_cur_catches_dirty_variant(struct kunit *test)
{
	rx_refill_starved(test, true);
}

/*
 * stmmac_open under memory pressure: every RX queue is allocated, then
 * the TX ring cannot be.  Patched (the posted "Free Rx descs on Tx
 * allocation failure"): the RX queues are freed too, open fails clean and
 * the next open works; upstream leaves them in the dma_conf open kfree()s
 * (stmmac_alloc_tx_fail_rx_leak) - the leak is seen at the end.
 */
static void open_tx_alloc_fails(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = rl_stmmac_test_probe(test, ctx, 1, 4, 4,
		upstream ? BIT_ULL(RL_SV_ALLOC_TX_FAIL_RX_LEAK) : 0);

	/* dma_alloc_coherent: the RX ring first, the TX ring second */
	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 2);
	KUNIT_EXPECT_EQ(test, rl_stmmac_open(priv), -ENOMEM);
	KUNIT_EXPECT_EQ(test, ctx->m->fault_hits, 1U);
	KUNIT_EXPECT_FALSE(test, priv->up);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[0].page_pool);
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), 0);
	rl_stmmac_remove(priv);
	finish_or_leak(test, ctx, upstream);
}

static void stmmac_open_tx_alloc_fail_frees_rx(struct kunit *test)
{
	open_tx_alloc_fails(test, false);
}

static void stmmac_alloc_tx_fail_rx_leak_variant(struct kunit *test)
{
	open_tx_alloc_fails(test, true);
}

/*
 * Attaching a program rebuilds two RX queues in priv->dma_conf; queue 0's
 * ring cannot be allocated.  The free that follows walks queue 1 too:
 * patched, its pointers were cleared when stmmac_xdp_release freed it,
 * and the device is left STMMAC_DOWN until the next swap builds the
 * queues; upstream (stmmac_alloc_fail_frees_dangling) reads queue 1's
 * kfree'd buf_pool (KASAN), then frees its ring and pool again.
 */
static void rebuild_alloc_fails(struct kunit *test, bool upstream)
{
	static const u8 v[] = { RL_XDP_PASS };
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = rl_stmmac_test_probe(test, ctx, 2, 4, 4,
		upstream ? BIT_ULL(RL_SV_ALLOC_FAIL_FREES_DANGLING) : 0);
	struct rl_bpf_prog *prog = rl_bpf_prog_create(priv->m, v, 1, NULL);

	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 1);
	if (upstream)
		RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
				  KUNIT_EXPECT_EQ(test,
					rl_stmmac_xdp_set_prog(priv, prog), 0));
	else
		KUNIT_EXPECT_EQ(test, rl_stmmac_xdp_set_prog(priv, prog), 0);
	KUNIT_EXPECT_EQ(test, ctx->m->fault_hits, 1U);
	KUNIT_EXPECT_TRUE(test, priv->down);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[1].dma_rx);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[1].page_pool);
	/* the next swap builds the queues again */
	KUNIT_EXPECT_EQ(test, rl_stmmac_xdp_set_prog(priv, NULL), 0);
	KUNIT_EXPECT_FALSE(test, priv->down);
	KUNIT_EXPECT_NOT_NULL(test, priv->rx_queue[1].dma_rx);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), 0);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_rebuild_alloc_fail_frees_once(struct kunit *test)
{
	rebuild_alloc_fails(test, false);
}

static void stmmac_alloc_fail_frees_dangling_variant(struct kunit *test)
{
	rebuild_alloc_fails(test, true);
}

static struct kunit_case stmmac_fixes_test_cases[] = {
	KUNIT_CASE(stmmac_remove_frees_zc_qps),
	KUNIT_CASE(stmmac_zc_qps_bitmap_leak_variant),
	KUNIT_CASE(stmmac_probe_wq_fail_unwinds),
	KUNIT_CASE(stmmac_probe_wq_fail_leak_variant),
	KUNIT_CASE(stmmac_rx_stops_short_of_dirty),
	KUNIT_CASE(stmmac_rx_cur_catches_dirty_variant),
	KUNIT_CASE(stmmac_open_tx_alloc_fail_frees_rx),
	KUNIT_CASE(stmmac_alloc_tx_fail_rx_leak_variant),
	KUNIT_CASE(stmmac_rebuild_alloc_fail_frees_once),
	KUNIT_CASE(stmmac_alloc_fail_frees_dangling_variant),
	{}
};

static struct kunit_suite stmmac_fixes_test_suite = {
	.name = "ringledger_stmmac_fixes",
	.test_cases = stmmac_fixes_test_cases,
};

kunit_test_suite(stmmac_fixes_test_suite);
