// SPDX-License-Identifier: GPL-2.0
/*
 * am65_variant_test.c - for every catalogued bug: one scenario that the
 * patched driver passes cleanly and that, with the bug put back, is caught
 * by the generic ledger finding one would expect (never a check written
 * for that bug).
 */
#include "am65_bed.h"

static const u8 v_drop[] = { RL_XDP_DROP };
static const u8 v_tx[] = { RL_XDP_TX };

/* The seed bug class: stop with RX completions nobody popped. */
static void sc_stop_with_rx_completed(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 4, 100);
	rl_world_rx(&b->w, 1, 0, 2, 100);
	rl_world_stop(&b->w, 0);
}

/* TX queued when the stop comes; the hardware finishes it too late. */
static void sc_stop_tx_marker_late(struct am65_bed *b)
{
	int i;

	rl_hw_set_tdown_mode(b->m, RL_TDOWN_AFTER, 100);
	rl_world_open(&b->w, 0);
	for (i = 0; i < 4; i++)
		rl_world_xmit(&b->w, 0, 0, 500, i & 1, i & 1);
	rl_world_stop(&b->w, 0);
}

/* A ring push fails while a received packet's buffer is requeued. */
static void sc_push_fails_in_napi(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 1);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* XDP_DROP traffic, polled. */
static void sc_xdp_drop(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_drop, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* XDP_TX frames still queued for a hung DMA at stop. */
static void sc_stop_with_xdp_tx_queued(struct am65_bed *b)
{
	rl_hw_set_tdown_mode(b->m, RL_TDOWN_NEVER, 0);
	rl_world_attach(&b->w, 0, v_tx, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* Program change on port 1 while port 2 is up and port 1 has TX in flight. */
static void sc_prog_swap_multi_port(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_open(&b->w, 1);
	rl_world_xmit(&b->w, 0, 0, 700, 0, false);
	rl_world_xmit(&b->w, 0, 0, 300, 0, false);
	rl_world_attach(&b->w, 0, v_drop, 1, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
	rl_world_stop(&b->w, 1);
}

/* Plain open and stop. */
static void sc_open_stop(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

static const u8 v_redirect[] = { RL_XDP_REDIRECT };
static const u8 v_pass[] = { RL_XDP_PASS };

/* The seed bug, zero-copy face: ZC traffic, stop with completions left. */
static void sc_zc_stop_with_rx_completed(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_settle(&b->w);
	rl_world_rx(&b->w, 0, 0, 4, 100);
	rl_world_stop(&b->w, 0);
}

/* Zero copy turned on while RX completions wait in the ring. */
static void sc_zc_enable_with_rx_completed(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* A zero-copy refill push fails. */
static void sc_zc_push_fails(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	/* the same failing poll, now on the zero-copy queue */
	sc_push_fails_in_napi(b);
}

/* UDMA-P: queue 1 zero copy, queue 0 page_pool, one shared FDQ; stop. */
static void sc_zc_shared_fdq_stop(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 2);
	rl_world_xsk_bind(&b->w, 0, 1);
	rl_world_xsk_fill(&b->w, 1, 16);
	rl_world_open(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

/* A long checksummed skb, then a short XSK frame on the same channel. */
static void sc_xsk_tx_after_csum_skb(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	rl_world_xmit(&b->w, 0, 0, 1000, 0, true);
	rl_world_settle(&b->w);
	rl_world_xsk_submit(&b->w, 0, 1, 40);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 0);
}

/* Enabling zero copy fails in the rebuild (no page for queue 1). */
static void sc_zc_enable_fails(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_open(&b->w, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_model_fail_nth(b->m, RL_FAULT_PAGE_ALLOC, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_model_fail_nth(b->m, RL_FAULT_PAGE_ALLOC, 0);
	rl_world_xsk_close(&b->w, 0);
	rl_world_stop(&b->w, 0);
}

/* Zero copy off, socket closed, traffic goes on. */
static void sc_zc_disable_close_traffic(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_xsk_unbind(&b->w, 0);
	rl_world_xsk_close(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

/* A zero-copy TX batch runs out of descriptors half way, then more TX. */
static void sc_xsk_tx_batch_cut(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	rl_world_xsk_submit(&b->w, 0, 4, 60);
	rl_model_fail_nth(b->m, RL_FAULT_DESC_ALLOC, 2);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_model_fail_nth(b->m, RL_FAULT_DESC_ALLOC, 0);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 0);
	rl_world_xsk_close(&b->w, 0);
}

/* XDP_REDIRECT to the devmap, polled: the poll owes xdp_do_flush(). */
static void sc_xdp_redirect_devmap(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* The same into an AF_XDP socket in zero copy. */
static void sc_zc_redirect_polled(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_xsk_consume(&b->w, 0, 16);
	rl_world_stop(&b->w, 0);
}

/* Stack TX completed by the hardware and by the TX NAPI. */
static void sc_tx_completed(struct am65_bed *b)
{
	rl_world_open(&b->w, 0);
	rl_world_xmit(&b->w, 0, 0, 300, 1, false);
	rl_world_xmit(&b->w, 0, 0, 200, 0, false);
	rl_world_tx_complete(&b->w, 0, 2);
	rl_world_poll_tx(&b->w, 0, 64);
	rl_world_stop(&b->w, 0);
}

/* XDP_TX polled on CPU 1 of a CPSW given one TX channel. */
static void sc_xdp_tx_cpu1(struct am65_bed *b)
{
	rl_world_attach(&b->w, 0, v_tx, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 2, 100);
	b->w.cpu = 1;
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_settle(&b->w);
	rl_world_stop(&b->w, 0);
}

struct variant_case {
	enum rl_am65_variant v;
	void (*scenario)(struct am65_bed *b);
	enum rl_finding_kind expect;
	bool udmap;
	const char *face;	/* suffix naming a second scenario of a bug */
	u32 tx_chans;		/* 0: the default configuration */
};

static const struct variant_case variant_cases[] = {
	{ .v = RL_V_RX_TDOWN_NO_DRAIN, .scenario = sc_stop_with_rx_completed,
	  .expect = RL_F_DROPPED },
	{ .v = RL_V_TX_TDOWN_TIMEOUT_LEAK, .scenario = sc_stop_tx_marker_late,
	  .expect = RL_F_DROPPED },
	{ .v = RL_V_RX_PUSH_FAIL_LEAK, .scenario = sc_push_fails_in_napi,
	  .expect = RL_F_POOL_LEAK },
	{ .v = RL_V_XDP_DROP_NO_REQUEUE, .scenario = sc_xdp_drop,
	  .expect = RL_F_LIVENESS },
	{ .v = RL_V_SKB_BEFORE_XDP_LEAK, .scenario = sc_xdp_drop,
	  .expect = RL_F_OWNER },
	{ .v = RL_V_TX_CLEANUP_FRAME_AS_SKB,
	  .scenario = sc_stop_with_xdp_tx_queued, .expect = RL_F_LEAK },
	{ .v = RL_V_PROG_SWAP_NO_REBUILD, .scenario = sc_prog_swap_multi_port,
	  .expect = RL_F_BQL },
	{ .v = RL_V_PAGE_POOL_DOUBLE_DESTROY, .scenario = sc_open_stop,
	  .expect = RL_F_USE_AFTER_FREE },
	{ .v = RL_V_XDP_DROP_PAGE_LEAK, .scenario = sc_xdp_drop,
	  .expect = RL_F_PP_STALLED },
	{ .v = RL_V_RX_TDOWN_NO_DRAIN, .scenario = sc_zc_stop_with_rx_completed,
	  .expect = RL_F_DROPPED, .face = "_zero_copy" },
	{ .v = RL_V_XSK_REBUILD_NO_TDOWN,
	  .scenario = sc_zc_enable_with_rx_completed, .expect = RL_F_DROPPED },
	{ .v = RL_V_RX_PUSH_ZC_FAIL_LEAK, .scenario = sc_zc_push_fails,
	  .expect = RL_F_POOL_LEAK },
	{ .v = RL_V_CLEANUP_MUTABLE_POOL, .scenario = sc_zc_shared_fdq_stop,
	  .expect = RL_F_DMA_UNKNOWN, .udmap = true },
	{ .v = RL_V_STALE_PSDATA_TX, .scenario = sc_xsk_tx_after_csum_skb,
	  .expect = RL_F_DMA_DEVICE },
	{ .v = RL_V_XSK_POOL_UNMAP_MISSING, .scenario = sc_zc_enable_fails,
	  .expect = RL_F_LEAK },
	{ .v = RL_V_NAPI_AFTER_POOL_FREE,
	  .scenario = sc_zc_disable_close_traffic,
	  .expect = RL_F_USE_AFTER_FREE },
	{ .v = RL_V_XSK_TX_BATCH_LOST, .scenario = sc_xsk_tx_batch_cut,
	  .expect = RL_F_LEAK },
	{ .v = RL_V_XDP_NO_FLUSH, .scenario = sc_xdp_redirect_devmap,
	  .expect = RL_F_XDP },
	{ .v = RL_V_XDP_NO_FLUSH, .scenario = sc_zc_redirect_polled,
	  .expect = RL_F_XDP, .face = "_zero_copy" },
	{ .v = RL_V_DESC_STALE_SWDATA, .scenario = sc_tx_completed,
	  .expect = RL_F_USE_AFTER_FREE },
	/*
	 * A crash cannot be run in-kernel (it is an oops); the scenario shows
	 * the patched driver clean, the crash is the regression trace's.
	 */
	{ .v = RL_V_XDP_TX_CHN_PAST_NUM, .scenario = sc_xdp_tx_cpu1,
	  .expect = RL_F_CRASH, .tx_chans = 1 },
};

static void variant_desc(const struct variant_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s%s", rl_am65_variants[c->v].name,
		 c->face ? c->face : "");
}

KUNIT_ARRAY_PARAM(variant, variant_cases, variant_desc);

static void am65_variant_is_caught(struct kunit *test)
{
	const struct variant_case *vc = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;

	/* the patched driver: the same scenario, not one finding */
	rl_am65_default_cfg(&cfg);
	cfg.pktdma = !vc->udmap;
	if (vc->tx_chans)
		cfg.tx_chans = vc->tx_chans;
	b = am65_bed_start(test, &cfg);
	vc->scenario(b);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
	KUNIT_EXPECT_EQ(test, b->m->ledger->findings, 0U);

	/* the kind looked for is one the catalogue says this bug raises */
	KUNIT_EXPECT_TRUE_MSG(test,
			      rl_am65_variants[vc->v].caught_as & BIT(vc->expect),
			      "%s: %s is not in the catalogue's caught_as",
			      rl_am65_variants[vc->v].name,
			      rl_finding_kind_name(vc->expect));

	if (vc->expect == RL_F_CRASH)
		return;
	/* the bug put back: the expected kind of finding must show up */
	cfg.variants = BIT(vc->v);
	b = am65_bed_start(test, &cfg);
	b->ctx->allowed = ~0U;
	vc->scenario(b);
	am65_bed_finish(b);
	KUNIT_EXPECT_GT_MSG(test, b->ctx->seen[vc->expect], 0U,
			    "variant %s not caught as %s (first finding: %s)",
			    rl_am65_variants[vc->v].name,
			    rl_finding_kind_name(vc->expect),
			    rl_finding_kind_name(b->m->ledger->first.kind));
}

/* Every catalogued variant has a case above. */
static void am65_every_variant_has_a_scenario(struct kunit *test)
{
	u32 seen = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(variant_cases); i++)
		seen |= BIT(variant_cases[i].v);
	KUNIT_EXPECT_EQ(test, seen, (u32)BIT(RL_V_NR) - 1);
	for (i = 0; i < RL_V_NR; i++) {
		KUNIT_EXPECT_NOT_NULL(test, rl_am65_variants[i].name);
		KUNIT_EXPECT_NE(test, rl_am65_variants[i].caught_as, 0U);
		KUNIT_EXPECT_EQ(test, rl_am65_variant_by_name(rl_am65_variants[i].name),
				(int)i);
	}
}

/*
 * The seed bug as the board saw it: with the variant, the stop leaks
 * descriptors (the ledger names each), the pool is short and the next open
 * fails - the interface cannot come up (NFS boot failure on am62l).
 */
static void am65_zc_seed_variant_leaves_pool_short(struct kunit *test)
{
	struct rl_am65_cfg cfg;
	struct am65_bed *b;
	struct rl_k3_cppi_desc_pool *pool;

	rl_am65_default_cfg(&cfg);
	cfg.variants = BIT(RL_V_RX_TDOWN_NO_DRAIN);
	b = am65_bed_start(test, &cfg);
	pool = b->common->rx_chns.desc_pool;
	rl_test_allow(b->ctx, RL_F_DROPPED);
	sc_zc_stop_with_rx_completed(b);
	KUNIT_EXPECT_EQ(test, b->ctx->seen[RL_F_DROPPED], 4U);
	KUNIT_EXPECT_EQ(test, (int)b->ctx->last.cls, (int)RL_OBJ_DESC);
	KUNIT_EXPECT_EQ(test, (int)RL_OWNER_KIND(b->ctx->last.actual), (int)RL_OWN_RING);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), pool->size - 4);
	rl_world_xsk_fill(&b->w, 0, 16);
	/* flow 1 (page_pool) cannot get its 8 descriptors: open fails */
	KUNIT_EXPECT_EQ(test, rl_world_open(&b->w, 0), -ENOMEM);
	b->ctx->allowed = ~0U;
	am65_bed_finish(b);
	KUNIT_EXPECT_GT(test, b->ctx->seen[RL_F_POOL_LEAK], 0U);
}

static struct kunit_case am65_variant_cases[] = {
	KUNIT_CASE_PARAM(am65_variant_is_caught, variant_gen_params),
	KUNIT_CASE(am65_zc_seed_variant_leaves_pool_short),
	KUNIT_CASE(am65_every_variant_has_a_scenario),
	{}
};

static struct kunit_suite am65_variant_suite = {
	.name = "ringledger_am65_cpsw_variants",
	.test_cases = am65_variant_cases,
};

kunit_test_suite(am65_variant_suite);
