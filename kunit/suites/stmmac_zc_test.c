// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_zc_test.c - AF_XDP zero copy on the patched stmmac data path,
 * driven through the world (the kernel's rules around the driver): a
 * socket bound to a running queue with a program, RX into UMEM frames,
 * XSK TX completed, the pool switched off again; then each zero-copy
 * variant put back and caught - the series' NAPI order around the pool
 * switch (a6451192da26), XDP_TX into a TX queue the switch freed,
 * descriptors left OWN without a buffer, XSK TX frames completed
 * twice, and zero-copy XDP_TX sending its copy unmapped.  Every case ends with every frame back with
 * the user and the final oracle clean.  Also through the world: the
 * program swap's rebuild with the stack transmitting while it sleeps in
 * an allocation (b270bfe69736, and a TX clean waking the queue in
 * napi_disable).
 */
#include "rl_test_util.h"
#include "rl_world.h"

static const u8 v_redirect_pass[] = { RL_XDP_REDIRECT, RL_XDP_PASS };

struct zc_bed {
	struct rl_test_ctx *ctx;
	struct rl_world w;
};

static int bed_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

/* Runs before the model is destroyed (resources free in reverse order). */
static void bed_free(struct kunit_resource *res)
{
	struct zc_bed *b = res->data;

	if (b->w.stmmac)
		rl_world_teardown(&b->w);
}

/* The world over a probed stmmac of @cfg, torn down when the case ends. */
static struct zc_bed *zc_probe(struct kunit *test,
			       const struct rl_stmmac_cfg *cfg)
{
	struct zc_bed *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct rl_model_cfg mcfg;

	KUNIT_ASSERT_NOT_NULL(test, b);
	rl_model_default_cfg(&mcfg);
	rl_world_model_cfg_stmmac(cfg, &mcfg);
	b->ctx = rl_test_start(test, &mcfg);
	KUNIT_ASSERT_EQ(test, rl_world_init_stmmac(&b->w, b->ctx->m, cfg), 0);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, bed_init,
							 bed_free, GFP_KERNEL,
							 b));
	return b;
}

/* One queue pair of @rx_size/@tx_size, a program redirecting to socket 0. */
static struct zc_bed *zc_start(struct kunit *test, u32 rx_size, u32 tx_size,
			       u64 variants)
{
	struct rl_stmmac_cfg cfg = { .rx_queues = 1, .tx_queues = 1,
				     .dma_rx_size = rx_size,
				     .dma_tx_size = tx_size, .nr_cpus = 1,
				     .variants = variants };
	struct zc_bed *b = zc_probe(test, &cfg);

	KUNIT_ASSERT_EQ(test, rl_world_attach(&b->w, 0, v_redirect_pass,
					      ARRAY_SIZE(v_redirect_pass), 1),
			0);
	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	return b;
}

static void stmmac_zc_rx_tx_and_switch_back(struct kunit *test)
{
	struct zc_bed *b = zc_start(test, 8, 8, 0);
	struct rl_stmmac_priv *priv;

	KUNIT_ASSERT_EQ(test, rl_world_xsk_fill(&b->w, 0, 8), 8U);
	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	priv = b->w.stmmac;
	/* the rebuilt queue is zero copy: XSK buffers from the fill ring */
	KUNIT_EXPECT_PTR_EQ(test, priv->rx_queue[0].xsk_pool, b->w.xsk[0]);
	KUNIT_EXPECT_PTR_EQ(test, priv->tx_queue[0].xsk_pool, b->w.xsk[0]);
	KUNIT_EXPECT_TRUE(test, priv->rx_queue[0].rxtx_napi.enabled);
	KUNIT_EXPECT_FALSE(test, priv->rx_queue[0].rx_napi.enabled);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_fill(&b->w, 0, 16), 16U);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, priv->rx_queue[0].dma_rx->held, 8U);
	/* redirected frames reach the socket's RX ring, passed ones the stack */
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 0, 0, 6, 128), 6U);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_consume(&b->w, 0, 16), 3U);
	/* XSK TX: sent, completed to the user */
	KUNIT_EXPECT_EQ(test, rl_world_xsk_submit(&b->w, 0, 3, 200), 3U);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_reap(&b->w, 0, 8), 3U);
	/* back to page_pool mode: the XSK buffers go back to the pool */
	KUNIT_EXPECT_EQ(test, rl_world_xsk_unbind(&b->w, 0), 0);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[0].xsk_pool);
	KUNIT_EXPECT_TRUE(test, priv->rx_queue[0].rx_napi.enabled);
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 0, 0, 2, 64), 2U);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(priv));
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

/*
 * Bound before the fill ring has frames: no descriptor is the device's,
 * a frame finds the engine suspended; once the user fills and wakes the
 * queue, the polls step over the empty descriptors and refill them.
 */
static void stmmac_zc_bound_with_empty_fill_ring(struct kunit *test)
{
	struct zc_bed *b = zc_start(test, 4, 8, 0);
	struct rl_stmmac_priv *priv;
	struct rl_xsk_pool *pool;
	int i;

	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	priv = b->w.stmmac;
	KUNIT_EXPECT_EQ(test, priv->rx_queue[0].buf_alloc_num, 0U);
	KUNIT_EXPECT_EQ(test, priv->rx_queue[0].dma_rx->held, 0U);
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 0, 0, 1, 64), 0U);
	/* the bind's kick polls an empty fill ring: the user must kick again */
	rl_world_settle(&b->w);
	rl_world_xsk_fill(&b->w, 0, 16);
	/*
	 * an empty ring with frames to be had and no poll pending: live
	 * only because the last poll told the user to kick (need_wakeup);
	 * without the flag the liveness check fires
	 */
	pool = priv->rx_queue[0].xsk_pool;
	KUNIT_EXPECT_TRUE(test, pool->rx_need_wakeup);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_check_rx_depth(priv, 0, 0, 64, false));
	rl_xsk_clear_rx_need_wakeup(pool);
	RL_EXPECT_FINDING(b->ctx, RL_F_LIVENESS,
			  KUNIT_EXPECT_FALSE(test,
					     rl_stmmac_check_rx_depth(priv, 0, 0,
								      64, false)));
	rl_xsk_set_rx_need_wakeup(pool);
	for (i = 0; i < 8; i++) {
		rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX);
		rl_world_settle(&b->w);
	}
	KUNIT_EXPECT_GT(test, priv->rx_queue[0].dma_rx->held, 0U);
	KUNIT_EXPECT_GT(test, rl_world_rx(&b->w, 0, 0, 1, 64), 0U);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

/* race_stmmac_pool_napi_order: a poll is pending when the switch starts */
static void race_stmmac_pool_napi_order_variant(struct kunit *test)
{
	struct zc_bed *b = zc_start(test, 4, 4,
				    BIT_ULL(RL_SV_RACE_POOL_NAPI_ORDER));

	rl_world_xsk_fill(&b->w, 0, 8);
	/* nothing polls between the interrupt and the bind */
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 0, 0, 1, 64), 1U);
	KUNIT_EXPECT_TRUE(test, b->w.stmmac->rx_queue[0].rx_napi.scheduled);
	rl_test_allow(b->ctx, RL_F_OOPS);
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, rl_world_xsk_bind(&b->w, 0, 0));
	/* the poll that napi_disable waited for ran on the freed ring */
	KUNIT_EXPECT_GT(test, b->ctx->seen[RL_F_OOPS], 0U);
	rl_test_allow(b->ctx, RL_F_INVALID);
	rl_world_teardown(&b->w);
}

/* stmmac_zc_unfilled_desc_own: the device writes through a stale address */
static void stmmac_zc_unfilled_desc_own_variant(struct kunit *test)
{
	struct zc_bed *b = zc_start(test, 4, 4,
				    BIT_ULL(RL_SV_ZC_UNFILLED_DESC_OWN));

	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	RL_EXPECT_FINDING(b->ctx, RL_F_DMA_DEVICE,
			  rl_world_rx(&b->w, 0, 0, 1, 64));
	rl_test_allow(b->ctx, RL_F_DMA_DEVICE);
	rl_test_allow(b->ctx, RL_F_OWNER);
	rl_world_teardown(&b->w);
}

/* stmmac_xsk_tx_stale_done: completions for frames already reaped */
static void stmmac_xsk_tx_stale_done_variant(struct kunit *test)
{
	struct zc_bed *b = zc_start(test, 4, 8,
				    BIT_ULL(RL_SV_XSK_TX_STALE_DONE));

	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_submit(&b->w, 0, 2, 200), 2U);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_reap(&b->w, 0, 8), 2U);
	RL_EXPECT_FINDING(b->ctx, RL_F_XSK, rl_world_xsk_unbind(&b->w, 0));
	rl_test_allow(b->ctx, RL_F_XSK);
	rl_test_allow(b->ctx, RL_F_INVALID);
	rl_world_teardown(&b->w);
}

/*
 * Queue 0 zero copy, frames with XDP_TX waiting on RX queue 3: the pool's
 * disable sleeps in synchronize_rcu with TX queue 0 freed while the
 * softirq polls queue 3, whose XDP_TX goes to this CPU's queue 0.
 * Patched: the switch took queue 0 away (stopped), the frame is dropped.
 */
static void xdp_tx_pool_switch(struct kunit *test, bool upstream)
{
	static const u8 v_tx[] = { RL_XDP_TX };
	struct rl_stmmac_cfg cfg = { .rx_queues = 4, .tx_queues = 3,
				     .dma_rx_size = 2, .dma_tx_size = 4,
				     .nr_cpus = 2,
				     .variants = upstream ?
				     BIT_ULL(RL_SV_RACE_XDP_TX_POOL_SWITCH) : 0 };
	struct zc_bed *b = zc_probe(test, &cfg);

	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	KUNIT_ASSERT_EQ(test, rl_world_attach(&b->w, 0, v_tx, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 3, 0, 2, 60), 2U);
	if (upstream) {
		rl_test_allow(b->ctx, RL_F_INVALID);
		RL_EXPECT_FINDING(b->ctx, RL_F_OOPS,
				  rl_world_xsk_unbind(&b->w, 0));
		rl_world_teardown(&b->w);
		return;
	}
	KUNIT_EXPECT_EQ(test, rl_world_xsk_unbind(&b->w, 0), 0);
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(b->w.stmmac->dev,
							   0));
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

static void stmmac_zc_xdp_tx_during_pool_switch(struct kunit *test)
{
	xdp_tx_pool_switch(test, false);
}

static void race_stmmac_xdp_tx_pool_switch_variant(struct kunit *test)
{
	xdp_tx_pool_switch(test, true);
}

/*
 * XDP_TX on a zero-copy queue: six frames into a TX ring of four, so some
 * go out and the rest find the ring's quarter taken.  Patched: the copies
 * are mapped for the device, the ones that cannot go are dropped whole;
 * upstream before Wei Fang's fix: the copy's address is the page_pool's
 * (none), and the buffers of the dropped ones are freed twice.
 */
static void zc_xdp_tx(struct kunit *test, bool upstream)
{
	static const u8 v_tx[] = { RL_XDP_TX };
	struct rl_stmmac_cfg cfg = { .rx_queues = 1, .tx_queues = 1,
				     .dma_rx_size = 8, .dma_tx_size = 4,
				     .nr_cpus = 1,
				     .variants = upstream ?
				     BIT_ULL(RL_SV_ZC_XDP_TX_PP_ADDR) : 0 };
	struct zc_bed *b = zc_probe(test, &cfg);

	/* the program only says XDP_TX; its socket 0 is the one bound */
	KUNIT_ASSERT_EQ(test, rl_world_attach(&b->w, 0, v_tx, 1, 1), 0);
	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	KUNIT_ASSERT_EQ(test, rl_world_xsk_fill(&b->w, 0, 16), 16U);
	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_world_rx(&b->w, 0, 0, 6, 120), 6U);
	if (upstream) {
		rl_test_allow(b->ctx, RL_F_DMA_DEVICE);
		rl_test_allow(b->ctx, RL_F_DOUBLE_FREE);
		RL_EXPECT_FINDING(b->ctx, RL_F_DMA_SYNC,
				  rl_world_settle(&b->w));
		KUNIT_EXPECT_GT(test, b->ctx->seen[RL_F_DOUBLE_FREE], 0U);
		rl_test_allow(b->ctx, RL_F_LEAK);
		rl_world_teardown(&b->w);
		return;
	}
	rl_world_settle(&b->w);
	KUNIT_EXPECT_GT(test, b->w.stmmac->rx_dropped, 0U);
	KUNIT_EXPECT_TRUE(test, rl_stmmac_is_valid(b->w.stmmac));
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

static void stmmac_zc_xdp_tx_copies_mapped(struct kunit *test)
{
	zc_xdp_tx(test, false);
}

static void stmmac_zc_xdp_tx_page_pool_addr_variant(struct kunit *test)
{
	zc_xdp_tx(test, true);
}

/*
 * stmmac_xsk_enable_wakeup_err: no carrier when the socket binds - the
 * kick fails after the queue became zero copy.  Patched: bound; upstream:
 * the bind fails and the core drops the pool the rings still use.
 */
static void xsk_enable_wakeup_err(struct kunit *test, bool upstream)
{
	struct zc_bed *b = zc_start(test, 4, 4, upstream ?
				    BIT_ULL(RL_SV_XSK_ENABLE_WAKEUP_ERR) : 0);

	rl_world_link(&b->w, 0, false);
	if (upstream) {
		RL_EXPECT_FINDING(b->ctx, RL_F_INVALID,
				  KUNIT_EXPECT_EQ(test,
						  rl_world_xsk_bind(&b->w, 0, 0),
						  -ENETDOWN));
		rl_test_allow(b->ctx, RL_F_INVALID);
		rl_test_allow(b->ctx, RL_F_LEAK);
		rl_test_allow(b->ctx, RL_F_NAPI);
		rl_test_allow(b->ctx, RL_F_XSK);
		rl_test_allow(b->ctx, RL_F_USE_AFTER_FREE);
		rl_test_allow(b->ctx, RL_F_OWNER);
		rl_world_teardown(&b->w);
		return;
	}
	KUNIT_EXPECT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	KUNIT_EXPECT_PTR_EQ(test, b->w.stmmac->rx_queue[0].xsk_pool,
			    b->w.xsk[0]);
	rl_world_link(&b->w, 0, true);
	rl_world_xsk_fill(&b->w, 0, 8);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX),
			0);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

static void stmmac_xsk_bound_without_carrier(struct kunit *test)
{
	xsk_enable_wakeup_err(test, false);
}

static void stmmac_xsk_enable_wakeup_err_variant(struct kunit *test)
{
	xsk_enable_wakeup_err(test, true);
}

/*
 * stmmac_queue_reenable_fail_ignored: the pool's disable rebuilds the
 * queue and its ring allocation fails.  Patched: STMMAC_DOWN, no queues,
 * the next program swap builds them; upstream runs on without the rings.
 */
static void queue_reenable_fails(struct kunit *test, bool upstream)
{
	struct zc_bed *b = zc_start(test, 4, 4, upstream ?
				    BIT_ULL(RL_SV_QUEUE_REENABLE_FAIL_IGNORED) :
				    0);
	struct rl_stmmac_priv *priv;

	rl_world_xsk_fill(&b->w, 0, 8);
	KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	priv = b->w.stmmac;
	rl_world_fault(&b->w, RL_FAULT_DMA_MAP, 1);
	if (upstream) {
		RL_EXPECT_FINDING(b->ctx, RL_F_INVALID,
				  rl_world_xsk_unbind(&b->w, 0));
		KUNIT_EXPECT_FALSE(test, priv->down);
		rl_test_allow(b->ctx, RL_F_INVALID);
		rl_test_allow(b->ctx, RL_F_OOPS);
		rl_test_allow(b->ctx, RL_F_NAPI);
		rl_world_teardown(&b->w);
		return;
	}
	KUNIT_EXPECT_EQ(test, rl_world_xsk_unbind(&b->w, 0), 0);
	KUNIT_EXPECT_TRUE(test, priv->down);
	KUNIT_EXPECT_NULL(test, priv->rx_queue[0].dma_rx);
	/* the next swap (a detach) builds the queues again */
	KUNIT_EXPECT_EQ(test, rl_world_attach(&b->w, 0, NULL, 0, 0), 0);
	KUNIT_EXPECT_FALSE(test, priv->down);
	KUNIT_EXPECT_NOT_NULL(test, priv->rx_queue[0].dma_rx);
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

static void stmmac_zc_queue_rebuild_fails_down(struct kunit *test)
{
	queue_reenable_fails(test, false);
}

static void stmmac_queue_reenable_fail_ignored_variant(struct kunit *test)
{
	queue_reenable_fails(test, true);
}

/* At the rebuild's first GFP_KERNEL allocation the stack sends a frame. */
static void xmit_at_alloc(void *ctx, struct rl_world *w,
			  enum rl_wait_point wp)
{
	int *ret = ctx;

	if (wp == RL_WAIT_ALLOC && *ret == -EINPROGRESS)
		*ret = rl_world_xmit(w, 0, 0, 100, 0, false);
}

/*
 * A program attached to the running device rebuilds its rings (no
 * socket here).  @completed: the device sent what the stack queued and
 * its TX NAPI waits scheduled - napi_disable runs it, and its clean wakes
 * the queue the rebuild stopped.  Patched, the stack finds the queue
 * stopped at the allocation; @variant puts back upstream's code.
 */
static void rebuild_with_stack_tx(struct kunit *test, bool completed,
				  u64 variant)
{
	static const u8 v_pass[] = { RL_XDP_PASS };
	struct rl_stmmac_cfg cfg = { .rx_queues = 1, .tx_queues = 1,
				     .dma_rx_size = 4, .dma_tx_size = 4,
				     .nr_cpus = 1, .variants = variant };
	struct zc_bed *b = zc_probe(test, &cfg);
	int i, ret = -EINPROGRESS;	/* until the stack sends */

	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	for (i = 0; completed && i < 4; i++)
		rl_world_xmit(&b->w, 0, 0, 100, 0, false);
	if (completed) {
		KUNIT_EXPECT_TRUE(test, rl_netif_tx_queue_stopped(b->w.stmmac->dev, 0));
		rl_world_tx_complete(&b->w, 0, 4);
	}
	b->w.at_wait = xmit_at_alloc;
	b->w.at_wait_ctx = &ret;
	if (variant) {
		rl_test_allow(b->ctx, RL_F_INVALID);
		RL_EXPECT_FINDING(b->ctx, RL_F_OOPS,
				  rl_world_attach(&b->w, 0, v_pass, 1, 0));
		rl_world_teardown(&b->w);
		return;
	}
	KUNIT_EXPECT_EQ(test, rl_world_attach(&b->w, 0, v_pass, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, ret, RL_NETDEV_TX_BUSY);
	KUNIT_EXPECT_FALSE(test, rl_netif_tx_queue_stopped(b->w.stmmac->dev, 0));
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&b->w));
	rl_test_finish(b->ctx);
}

static void stmmac_rebuild_stops_stack_tx(struct kunit *test)
{
	rebuild_with_stack_tx(test, false, 0);
}

static void stmmac_xdp_release_tx_running_variant(struct kunit *test)
{
	rebuild_with_stack_tx(test, false,
			      BIT_ULL(RL_SV_XDP_RELEASE_TX_RUNNING));
}

static void stmmac_rebuild_tx_woken_stopped_again(struct kunit *test)
{
	rebuild_with_stack_tx(test, true, 0);
}

static void race_stmmac_tx_wake_in_rebuild_variant(struct kunit *test)
{
	rebuild_with_stack_tx(test, true,
			      BIT_ULL(RL_SV_RACE_TX_WAKE_IN_REBUILD));
}

static struct kunit_case stmmac_zc_test_cases[] = {
	KUNIT_CASE(stmmac_rebuild_stops_stack_tx),
	KUNIT_CASE(stmmac_xdp_release_tx_running_variant),
	KUNIT_CASE(stmmac_rebuild_tx_woken_stopped_again),
	KUNIT_CASE(race_stmmac_tx_wake_in_rebuild_variant),
	KUNIT_CASE(stmmac_xsk_bound_without_carrier),
	KUNIT_CASE(stmmac_xsk_enable_wakeup_err_variant),
	KUNIT_CASE(stmmac_zc_queue_rebuild_fails_down),
	KUNIT_CASE(stmmac_queue_reenable_fail_ignored_variant),
	KUNIT_CASE(stmmac_zc_xdp_tx_during_pool_switch),
	KUNIT_CASE(race_stmmac_xdp_tx_pool_switch_variant),
	KUNIT_CASE(stmmac_zc_rx_tx_and_switch_back),
	KUNIT_CASE(stmmac_zc_bound_with_empty_fill_ring),
	KUNIT_CASE(race_stmmac_pool_napi_order_variant),
	KUNIT_CASE(stmmac_zc_unfilled_desc_own_variant),
	KUNIT_CASE(stmmac_xsk_tx_stale_done_variant),
	KUNIT_CASE(stmmac_zc_xdp_tx_copies_mapped),
	KUNIT_CASE(stmmac_zc_xdp_tx_page_pool_addr_variant),
	{}
};

static struct kunit_suite stmmac_zc_test_suite = {
	.name = "ringledger_stmmac_zc",
	.test_cases = stmmac_zc_test_cases,
};

kunit_test_suite(stmmac_zc_test_suite);
