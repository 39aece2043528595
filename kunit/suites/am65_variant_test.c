// SPDX-License-Identifier: GPL-2.0
/*
 * am65_variant_test.c - for every catalogued bug: one scenario that the
 * patched driver passes cleanly and that, with the bug put back, is caught
 * by the generic ledger finding one would expect (never a check written
 * for that bug).
 */
#include "am65_scenarios.h"

struct variant_case {
	enum rl_am65_variant v;
	void (*scenario)(struct am65_bed *b);
	enum rl_finding_kind expect;
	bool udmap;
	const char *face;	/* suffix naming a second scenario of a bug */
	u32 tx_chans;		/* 0: the default configuration */
	bool pace;		/* RX IRQ pacing */
	bool no_quirk;		/* AM65x: no RX teardown wait */
	bool no_wait;		/* tdown_wait=0: no softirq in the waits */
};

static const struct variant_case variant_cases[] = {
	{ .v = RL_V_RX_TDOWN_NO_DRAIN, .scenario = rl_sc_stop_paced_rx_masked,
	  .expect = RL_F_DROPPED, .pace = true, .no_quirk = true },
	{ .v = RL_V_TX_TDOWN_TIMEOUT_LEAK,
	  .scenario = rl_sc_stop_tx_completes_in_napi_disable,
	  .expect = RL_F_DROPPED },
	{ .v = RL_V_RX_PUSH_FAIL_LEAK, .scenario = rl_sc_push_fails_in_napi,
	  .expect = RL_F_POOL_LEAK },
	{ .v = RL_V_XDP_DROP_NO_REQUEUE, .scenario = rl_sc_xdp_drop,
	  .expect = RL_F_LIVENESS },
	{ .v = RL_V_SKB_BEFORE_XDP_LEAK, .scenario = rl_sc_xdp_drop,
	  .expect = RL_F_OWNER },
	{ .v = RL_V_TX_CLEANUP_FRAME_AS_SKB,
	  .scenario = rl_sc_stop_with_xdp_tx_queued, .expect = RL_F_LEAK },
	{ .v = RL_V_PROG_SWAP_NO_REBUILD, .scenario = rl_sc_prog_swap_multi_port,
	  .expect = RL_F_BQL },
	{ .v = RL_V_PAGE_POOL_DOUBLE_DESTROY, .scenario = rl_sc_open_stop,
	  .expect = RL_F_USE_AFTER_FREE },
	{ .v = RL_V_XDP_DROP_PAGE_LEAK, .scenario = rl_sc_xdp_drop,
	  .expect = RL_F_PP_STALLED },
	{ .v = RL_V_RX_TDOWN_NO_DRAIN, .scenario = rl_sc_zc_stop_paced_rx_masked,
	  .expect = RL_F_DROPPED, .face = "_zero_copy", .pace = true,
	  .no_quirk = true },
	{ .v = RL_V_XSK_REBUILD_NO_TDOWN,
	  .scenario = rl_sc_zc_enable_live_channel, .expect = RL_F_LIVENESS,
	  .udmap = true },
	{ .v = RL_V_RX_PUSH_ZC_FAIL_LEAK, .scenario = rl_sc_zc_push_fails,
	  .expect = RL_F_POOL_LEAK },
	{ .v = RL_V_CLEANUP_MUTABLE_POOL, .scenario = rl_sc_zc_shared_fdq_stop,
	  .expect = RL_F_DMA_UNKNOWN, .udmap = true },
	{ .v = RL_V_STALE_PSDATA_TX, .scenario = rl_sc_xsk_tx_after_csum_skb,
	  .expect = RL_F_DMA_DEVICE },
	{ .v = RL_V_XSK_POOL_UNMAP_MISSING, .scenario = rl_sc_zc_enable_fails,
	  .expect = RL_F_LEAK },
	{ .v = RL_V_NAPI_AFTER_POOL_FREE,
	  .scenario = rl_sc_zc_disable_close_traffic,
	  .expect = RL_F_USE_AFTER_FREE },
	{ .v = RL_V_XSK_TX_BATCH_LOST, .scenario = rl_sc_xsk_tx_batch_cut,
	  .expect = RL_F_LEAK },
	{ .v = RL_V_XDP_NO_FLUSH, .scenario = rl_sc_xdp_redirect_devmap,
	  .expect = RL_F_XDP },
	{ .v = RL_V_XDP_NO_FLUSH, .scenario = rl_sc_zc_redirect_polled,
	  .expect = RL_F_XDP, .face = "_zero_copy" },
	{ .v = RL_V_DESC_STALE_SWDATA, .scenario = rl_sc_tx_completed,
	  .expect = RL_F_USE_AFTER_FREE },
	/*
	 * A crash cannot be run in-kernel (it is an oops); the scenario shows
	 * the patched driver clean, the crash is the regression trace's.
	 */
	{ .v = RL_V_XDP_TX_CHN_PAST_NUM, .scenario = rl_sc_xdp_tx_cpu1,
	  .expect = RL_F_CRASH, .tx_chans = 1 },
	{ .v = RL_V_RX_SLOT_LOST, .scenario = rl_sc_page_alloc_fails_in_napi,
	  .expect = RL_F_LIVENESS },
	{ .v = RL_V_CREATE_RXQ_NAPI_DISABLE,
	  .scenario = rl_sc_open_fails_in_create_rxq, .expect = RL_F_NAPI },
	{ .v = RL_V_CREATE_RXQS_PARTIAL_UNWIND,
	  .scenario = rl_sc_prog_swap_rebuild_fails, .expect = RL_F_LEAK },
	{ .v = RL_V_PAGE_POOL_BY_FLOW, .scenario = rl_sc_open_stop,
	  .expect = RL_F_OOPS, .udmap = true },
	{ .v = RL_V_PAGE_POOL_BY_FLOW, .scenario = rl_sc_xdp_drop_flow1,
	  .expect = RL_F_OWNER, .udmap = true, .face = "_wrong_pool" },
	{ .v = RL_V_XSK_PORT_ID_NO_MINUS_ONE, .scenario = rl_sc_zc_tx_port2,
	  .expect = RL_F_OOPS },
	{ .v = RL_V_ZC_XDP_TX_DOUBLE_FREE, .scenario = rl_sc_zc_xdp_tx_fails,
	  .expect = RL_F_DOUBLE_FREE },
	{ .v = RL_V_REOPEN_BQL_RESET,
	  .scenario = rl_sc_reopen_with_tx_in_flight, .expect = RL_F_BQL },
	{ .v = RL_V_ZC_REFILL_POLL_COUNT, .scenario = rl_sc_zc_fill_ring_dry,
	  .expect = RL_F_LIVENESS },
	{ .v = RL_V_REBUILD_FAIL_PORT_UP,
	  .scenario = rl_sc_prog_swap_rebuild_fails_xmit, .expect = RL_F_LEAK },
	{ .v = RL_V_IRQ_DISABLED_CLEARED, .scenario = rl_sc_paced_stop_reopen,
	  .expect = RL_F_LIVENESS, .pace = true },
	{ .v = RL_V_RACE_XDP_TX_RX_TDOWN, .scenario = rl_sc_xdp_tx_during_stop,
	  .expect = RL_F_LEAK, .no_wait = true },
	{ .v = RL_V_RACE_XDP_XMIT_TDOWN, .scenario = rl_sc_xdp_xmit_during_stop,
	  .expect = RL_F_LEAK },
	{ .v = RL_V_RACE_XMIT_REBUILD, .scenario = rl_sc_xmit_during_prog_swap,
	  .expect = RL_F_BQL },
	{ .v = RL_V_PACING_TIMER_UNBALANCED,
	  .scenario = rl_sc_paced_wakeup_poll, .expect = RL_F_IRQ, .pace = true },
	{ .v = RL_V_PACING_TIMER_UNBALANCED, .scenario = rl_sc_paced_stop_reopen,
	  .expect = RL_F_LIVENESS, .pace = true, .face = "_stop_reopen" },
	/* PKTDMA (the default): flow 1 has an FDQ of its own */
	{ .v = RL_V_RX_RESET_SKIP_FDQ, .scenario = rl_sc_open_stop,
	  .expect = RL_F_POOL_LEAK },
	{ .v = RL_V_RACE_RX_REFILL_TDOWN,
	  .scenario = rl_sc_rx_flow1_waits_at_stop, .expect = RL_F_POOL_LEAK,
	  .udmap = true, .no_wait = true },
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
	cfg.pacing = vc->pace;
	cfg.rx_tdown_irq_quirk = !vc->no_quirk;
	if (vc->no_wait)
		cfg.tdown_wait = 0;
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
	cfg.variants = BIT_ULL(vc->v);
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
	u64 seen = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(variant_cases); i++)
		seen |= BIT_ULL(variant_cases[i].v);
	KUNIT_EXPECT_EQ(test, seen, BIT_ULL(RL_V_NR) - 1);
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
	cfg.variants = BIT_ULL(RL_V_RX_TDOWN_NO_DRAIN);
	cfg.pacing = true;
	cfg.rx_tdown_irq_quirk = false;
	b = am65_bed_start(test, &cfg);
	pool = b->common->rx_chns.desc_pool;
	rl_test_allow(b->ctx, RL_F_DROPPED);
	rl_sc_zc_stop_paced_rx_masked(b);
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
