// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_test.c - the stmmac receive path over the descriptor ring
 * model (issue 20): open fills every ring with pages the running DMA
 * owns, frames come back through NAPI into the stack with each descriptor
 * re-armed, a short page_pool stalls the refill and the next poll
 * completes it; with an XDP program (attached to a running device: the
 * queues rebuilt with pools mapped both ways) a dropped page goes back to
 * its pool, XDP_TX sends the page itself and the TX completion returns
 * it, a full TX ring consumes the frame; release gives everything back.
 */
#include "stmmac_bed.h"

static struct rl_stmmac_priv *bed(struct kunit *test, struct rl_test_ctx *ctx,
				  u32 queues, u32 size)
{
	return rl_stmmac_test_probe(test, ctx, queues, size, 8, 0);
}

/* The device receives @n frames of @len bytes; one NAPI poll takes @polled. */
static void rx_and_poll(struct kunit *test, struct rl_stmmac_rx_queue *rx_q,
			int n, u32 len, int polled)
{
	rl_stmmac_test_rx_poll(test, rx_q, n, len, 64, polled);
}

static void stmmac_open_fills_rings(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 2, 8);

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, priv->rx_queue[0].dma_rx->held, 8U);
	KUNIT_EXPECT_EQ(test, priv->rx_queue[1].dma_rx->held, 8U);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	rl_test_check(ctx);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), -EINVAL);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_rx_frames_reach_the_stack(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];
	int i;

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	rx_and_poll(test, rx_q, 3, 64, 3);
	/* every consumed descriptor re-armed with a page */
	KUNIT_EXPECT_EQ(test, rx_q->dirty_rx, rx_q->cur_rx);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 4U);
	KUNIT_EXPECT_EQ(test, rl_stack_release(ctx->m, 8), 3U);
	/* the ring goes round: the engine wraps, the driver follows */
	for (i = 0; i < 6; i++)
		rx_and_poll(test, rx_q, 1, 1500, 1);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* The page_pool is empty for a while: the refill stops, the next one goes on. */
static void stmmac_rx_refill_after_alloc_failure(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	/* the skb copy fails for neither; the refill's first page does */
	rl_model_fail_nth(ctx->m, RL_FAULT_PAGE_ALLOC, 1);
	rx_and_poll(test, rx_q, 2, 64, 2);
	KUNIT_EXPECT_NE(test, rx_q->dirty_rx, rx_q->cur_rx);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 2U);
	rl_test_check(ctx);
	/* the liveness check excuses a short ring after a failed allocation */
	KUNIT_EXPECT_TRUE(test, rl_stmmac_check_rx_depth(priv, 0, 2, 64, true));
	/* and fires on the same ring when pages were to be had */
	RL_EXPECT_FINDING(ctx, RL_F_LIVENESS,
			  KUNIT_EXPECT_FALSE(test,
					     rl_stmmac_check_rx_depth(priv, 0, 2,
								      64, false)));
	/* the next poll refills what the last one could not */
	rx_and_poll(test, rx_q, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, rx_q->dirty_rx, rx_q->cur_rx);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 4U);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_check_rx_depth(priv, 0, 0, 64, false));
	rl_stack_release(ctx->m, 8);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* A program of @n verdicts attached to the running device. */
static void attach(struct kunit *test, struct rl_stmmac_priv *priv,
		   const u8 *v, u32 n)
{
	struct rl_bpf_prog *prog = rl_bpf_prog_create(priv->m, v, n, NULL);

	KUNIT_ASSERT_NOT_NULL(test, prog);
	KUNIT_ASSERT_EQ(test, rl_stmmac_xdp_set_prog(priv, prog), 0);
}

static void stmmac_xdp_drop_and_pass(struct kunit *test)
{
	static const u8 v[] = { RL_XDP_DROP, RL_XDP_PASS };
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	attach(test, priv, v, 2);
	KUNIT_EXPECT_TRUE(test, rx_q->xdp_rxq.mem_type == RL_MEM_PAGE_POOL);
	rx_and_poll(test, rx_q, 2, 64, 2);
	KUNIT_EXPECT_EQ(test, priv->rx_dropped, 1U);
	KUNIT_EXPECT_EQ(test, rl_stack_release(ctx->m, 8), 1U);
	KUNIT_EXPECT_EQ(test, rx_q->dma_rx->held, 4U);
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_xdp_tx_round_trip(struct kunit *test)
{
	static const u8 v[] = { RL_XDP_TX };
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	attach(test, priv, v, 1);
	rx_and_poll(test, rx_q, 1, 128, 1);
	KUNIT_EXPECT_EQ(test, tx_q->cur_tx, 1U);
	KUNIT_EXPECT_NOT_NULL(test, tx_q->xdpf[0]);
	rl_test_check(ctx);
	/* the device sends it (reading the page_pool page), NAPI cleans */
	KUNIT_EXPECT_EQ(test, rl_dring_hw_tx(tx_q->dma_tx), 0);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&tx_q->tx_napi, 64, 0), 1);
	KUNIT_EXPECT_EQ(test, tx_q->dirty_tx, 1U);
	KUNIT_EXPECT_NULL(test, tx_q->xdpf[0]);
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* Less than a quarter of the TX ring free: the frame is consumed. */
static void stmmac_xdp_tx_ring_full(struct kunit *test)
{
	static const u8 v[] = { RL_XDP_TX };
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 16);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	attach(test, priv, v, 1);
	rx_and_poll(test, rx_q, 8, 64, 8);
	/* 8 descriptors, 1 kept empty, 2 (a quarter) kept for the stack */
	KUNIT_EXPECT_EQ(test, priv->tx_queue[0].cur_tx, 6U);
	KUNIT_EXPECT_EQ(test, priv->rx_dropped, 2U);
	rl_test_check(ctx);
	/* released with frames still on the ring: all returned */
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* Another device's devmap sends 8 frames: 6 fit, the caller frees 2. */
static void stmmac_ndo_xdp_xmit(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[0];
	struct rl_xdp_frame *fr[8];
	int i;

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	for (i = 0; i < 8; i++) {
		fr[i] = rl_xdp_frame_alloc_test(ctx->m, 100);
		KUNIT_ASSERT_NOT_NULL(test, fr[i]);
	}
	KUNIT_EXPECT_EQ(test, rl_stmmac_xdp_xmit(priv, 8, fr, true), 6);
	for (i = 6; i < 8; i++)
		rl_xdp_return_frame(ctx->m, fr[i]);
	rl_test_check(ctx);
	for (i = 0; i < 6; i++)
		KUNIT_EXPECT_EQ(test, rl_dring_hw_tx(tx_q->dma_tx), 0);
	/* the flush armed the TX NAPI: it unmaps and returns them */
	KUNIT_EXPECT_EQ(test, rl_napi_run(&tx_q->tx_napi, 64, 0), 6);
	KUNIT_EXPECT_EQ(test, tx_q->dirty_tx, 6U);
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* A 2-fragment skb: three descriptors, BQL, completion; the ring of 8 stops the queue. */
static void stmmac_xmit_and_clean(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[0];
	struct rl_sk_buff *skb = rl_skb_alloc_tx(ctx->m, 300, 2, 100);	/* 500 bytes */
	int i;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_xmit(priv, skb), RL_NETDEV_TX_OK);
	KUNIT_EXPECT_EQ(test, tx_q->cur_tx, 3U);
	KUNIT_EXPECT_TRUE(test, tx_q->tx_skbuff[2] == skb);
	KUNIT_EXPECT_EQ(test, rl_netdev_bql_inflight(priv->dev, 0), 500U);
	/* fewer than MAX_SKB_FRAGS + 1 free: the queue stops */
	KUNIT_EXPECT_TRUE(test, rl_netif_tx_queue_stopped(priv->dev, 0));
	rl_test_check(ctx);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, rl_dring_hw_tx(tx_q->dma_tx), 0);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&tx_q->tx_napi, 64, 0), 3);
	KUNIT_EXPECT_EQ(test, rl_netdev_bql_inflight(priv->dev, 0), 0U);
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(priv->dev, 0));
	KUNIT_EXPECT_NULL(test, tx_q->tx_skbuff[2]);
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/* Released with an skb on the ring: freed, BQL reset at the next open. */
static void stmmac_release_with_skb_in_flight(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_sk_buff *skb = rl_skb_alloc_tx(ctx->m, 60, 0, 0);

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_xmit(priv, skb), RL_NETDEV_TX_OK);
	KUNIT_EXPECT_EQ(test, rl_stmmac_release(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_EQ(test, rl_netdev_bql_inflight(priv->dev, 0), 0U);
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	priv->rx_queue[0].cur_rx = 4;
	KUNIT_EXPECT_FALSE(test, rl_stmmac_is_valid(priv));
	priv->rx_queue[0].cur_rx = 0;
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	/*
	 * STMMAC_DOWN: outside a call no rings may exist; asleep in the
	 * rebuild's allocation some may, but no NAPI may be on yet
	 */
	priv->down = true;
	KUNIT_EXPECT_FALSE(test, rl_stmmac_is_valid(priv));
	priv->m->waiting++;
	KUNIT_EXPECT_FALSE(test, rl_stmmac_is_valid(priv));
	rl_stmmac_disable_queue_napis(priv, 0);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	priv->m->waiting--;
	rl_stmmac_enable_queue_napis(priv, 0);
	priv->down = false;
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/*
 * The channel interrupt: a frame raises the status, the handler masks
 * the channel and schedules the NAPI, the completed poll unmasks it; a
 * status left behind a masked interrupt with no poll coming is the lost
 * interrupt rl_stmmac_check_irqs reports.
 */
static void stmmac_irq_masked_until_poll_completes(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv = bed(test, ctx, 1, 4);
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[0];

	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	KUNIT_EXPECT_TRUE(test, rx_q->dma_rx->irq_en);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(rx_q->dma_rx, 64), 0);
	KUNIT_EXPECT_TRUE(test, rl_dring_irq_line(rx_q->dma_rx));
	rl_irq_raise(&priv->irq);
	KUNIT_EXPECT_TRUE(test, rx_q->rx_napi.scheduled);
	KUNIT_EXPECT_FALSE(test, rx_q->dma_rx->irq_en);
	/* masked with a poll to come: not lost */
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(rx_q->dma_rx, 64), 0);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_check_irqs(priv));
	KUNIT_EXPECT_EQ(test, rl_napi_run(&rx_q->rx_napi, 64, 0), 2);
	KUNIT_EXPECT_TRUE(test, rx_q->dma_rx->irq_en);
	/* the status still set: the line is up again, nothing lost */
	KUNIT_EXPECT_TRUE(test, rl_stmmac_check_irqs(priv));
	rl_irq_raise(&priv->irq);
	KUNIT_EXPECT_EQ(test, rl_napi_run(&rx_q->rx_napi, 64, 0), 0);
	/* broken on purpose: masked with a status and no poll scheduled */
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(rx_q->dma_rx, 64), 0);
	rl_dring_irq_enable(rx_q->dma_rx, false);
	rl_test_allow(ctx, RL_F_LIVENESS);
	KUNIT_EXPECT_FALSE(test, rl_stmmac_check_irqs(priv));
	KUNIT_EXPECT_EQ(test, ctx->seen[RL_F_LIVENESS], 1U);
	KUNIT_EXPECT_EQ(test, rl_stack_release(ctx->m, 8), 2U);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

/*
 * The head of a fragmented skb fails to map (third mapping of the call):
 * the patched driver undoes the fragments and the ring is as before; with
 * stmmac_xmit_map_err_stale (upstream) the freed skb stays on the ring,
 * cur_tx advanced and the fragments OWN and mapped, and release frees it
 * a second time.
 */
static void xmit_head_map_fails(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_stmmac_priv *priv;
	struct rl_stmmac_tx_queue *tx_q;
	struct rl_sk_buff *skb = rl_skb_alloc_tx(ctx->m, 300, 2, 100);
	u32 live;

	priv = rl_stmmac_test_probe(test, ctx, 1, 4, 8,
		       upstream ? BIT_ULL(RL_SV_XMIT_MAP_ERR_STALE) : 0);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	tx_q = &priv->tx_queue[0];
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	live = ctx->m->dma->live;
	rl_model_fail_nth(ctx->m, RL_FAULT_DMA_MAP, 3);
	KUNIT_EXPECT_EQ(test, rl_stmmac_xmit(priv, skb), RL_NETDEV_TX_OK);
	KUNIT_EXPECT_EQ(test, priv->tx_dropped, 1U);
	if (!upstream) {
		KUNIT_EXPECT_EQ(test, tx_q->cur_tx, 0U);
		KUNIT_EXPECT_NULL(test, tx_q->tx_skbuff[2]);
		KUNIT_EXPECT_EQ(test, ctx->m->dma->live, live);
		KUNIT_EXPECT_FALSE(test, rl_dring_des3(tx_q->dma_tx, 1) & RL_DES3_OWN);
		KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(priv->dev, 0));
		rl_stmmac_remove(priv);
		rl_test_finish(ctx);
		return;
	}
	KUNIT_EXPECT_EQ(test, tx_q->cur_tx, 3U);
	KUNIT_EXPECT_TRUE(test, tx_q->tx_skbuff[2] == skb);
	KUNIT_EXPECT_EQ(test, ctx->m->dma->live, live + 2);
	rl_test_allow(ctx, RL_F_DOUBLE_FREE);
	rl_test_allow(ctx, RL_F_OWNER);
	rl_test_allow(ctx, RL_F_USE_AFTER_FREE);
	rl_test_allow(ctx, RL_F_LEAK);
	rl_stmmac_remove(priv);
	KUNIT_EXPECT_GT(test, ctx->seen[RL_F_DOUBLE_FREE], 0U);
	rl_test_finish(ctx);
}

static void stmmac_xmit_map_err_undone(struct kunit *test)
{
	xmit_head_map_fails(test, false);
}

static void stmmac_xmit_map_err_stale_variant(struct kunit *test)
{
	xmit_head_map_fails(test, true);
}

/*
 * A program attached to a running device rebuilds the queues and the
 * rebuild's first page allocation fails.  Patched: STMMAC_DOWN - no
 * queues, ndo_xdp_xmit refused, the next swap builds them again; with
 * stmmac_xdp_reopen_fail_ignored (upstream) the device runs on with no
 * queues, which the predicate reports (a release would touch the freed
 * rings: the test stops it from running one).
 */
static void xdp_reopen_fails(struct kunit *test, bool upstream)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	u8 pass = RL_XDP_PASS;
	struct rl_stmmac_priv *priv;
	struct rl_xdp_frame *f;

	priv = rl_stmmac_test_probe(test, ctx, 1, 2, 4,
		       upstream ? BIT_ULL(RL_SV_XDP_REOPEN_FAIL_IGNORED) : 0);
	KUNIT_ASSERT_EQ(test, rl_stmmac_open(priv), 0);
	rl_model_fail_nth(ctx->m, RL_FAULT_PAGE_ALLOC, 1);
	attach(test, priv, &pass, 1);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[0].dma_rx);
	if (upstream) {
		KUNIT_EXPECT_FALSE(test, priv->down);
		KUNIT_EXPECT_FALSE(test, rl_stmmac_is_valid(priv));
		priv->up = false;	/* no release: it would oops */
		rl_stmmac_remove(priv);
		rl_test_finish(ctx);
		return;
	}
	KUNIT_EXPECT_TRUE(test, priv->down);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	f = rl_xdp_frame_alloc_test(ctx->m, 60);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, rl_stmmac_xdp_xmit(priv, 1, &f, true), -ENETDOWN);
	rl_xdp_return_frame(ctx->m, f);
	/* the next swap (here: detach) builds the queues again */
	KUNIT_EXPECT_EQ(test, rl_stmmac_xdp_set_prog(priv, NULL), 0);
	KUNIT_EXPECT_FALSE(test, priv->down);
	KUNIT_EXPECT_EQ(test, priv->rx_queue[0].dma_rx->held, 2U);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	rl_test_check(ctx);
	rl_stmmac_remove(priv);
	rl_test_finish(ctx);
}

static void stmmac_xdp_reopen_fail_down(struct kunit *test)
{
	xdp_reopen_fails(test, false);
}

static void stmmac_xdp_reopen_fail_ignored_variant(struct kunit *test)
{
	xdp_reopen_fails(test, true);
}

static struct kunit_case stmmac_test_cases[] = {
	KUNIT_CASE(stmmac_open_fills_rings),
	KUNIT_CASE(stmmac_rx_frames_reach_the_stack),
	KUNIT_CASE(stmmac_rx_refill_after_alloc_failure),
	KUNIT_CASE(stmmac_xdp_drop_and_pass),
	KUNIT_CASE(stmmac_xdp_tx_round_trip),
	KUNIT_CASE(stmmac_xdp_tx_ring_full),
	KUNIT_CASE(stmmac_ndo_xdp_xmit),
	KUNIT_CASE(stmmac_xmit_and_clean),
	KUNIT_CASE(stmmac_release_with_skb_in_flight),
	KUNIT_CASE(stmmac_is_valid_catches_corruption),
	KUNIT_CASE(stmmac_irq_masked_until_poll_completes),
	KUNIT_CASE(stmmac_xmit_map_err_undone),
	KUNIT_CASE(stmmac_xmit_map_err_stale_variant),
	KUNIT_CASE(stmmac_xdp_reopen_fail_down),
	KUNIT_CASE(stmmac_xdp_reopen_fail_ignored_variant),
	{}
};

static struct kunit_suite stmmac_test_suite = {
	.name = "ringledger_stmmac",
	.test_cases = stmmac_test_cases,
};

kunit_test_suite(stmmac_test_suite);
