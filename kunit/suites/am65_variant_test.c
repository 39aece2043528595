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
	am65_bed_open(b, 0);
	am65_bed_rx(b, 0, 0, 4, 100);
	am65_bed_rx(b, 1, 0, 2, 100);
	am65_bed_stop(b, 0);
}

/* TX queued when the stop comes; the hardware finishes it too late. */
static void sc_stop_tx_marker_late(struct am65_bed *b)
{
	int i;

	rl_hw_set_tdown_mode(b->m, RL_TDOWN_AFTER, 100);
	am65_bed_open(b, 0);
	for (i = 0; i < 4; i++)
		am65_bed_xmit(b, 0, 0, 500, i & 1, i & 1);
	am65_bed_stop(b, 0);
}

/* A ring push fails while a received packet's buffer is requeued. */
static void sc_push_fails_in_napi(struct am65_bed *b)
{
	am65_bed_open(b, 0);
	am65_bed_rx(b, 0, 0, 2, 100);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 1);
	am65_bed_poll_rx(b, 0, 64);
	rl_model_fail_nth(b->m, RL_FAULT_RING_PUSH, 0);
	am65_bed_settle(b);
	am65_bed_stop(b, 0);
}

/* XDP_DROP traffic, polled. */
static void sc_xdp_drop(struct am65_bed *b)
{
	am65_bed_attach(b, 0, v_drop, 1);
	am65_bed_open(b, 0);
	am65_bed_rx(b, 0, 0, 3, 100);
	am65_bed_poll_rx(b, 0, 64);
	am65_bed_stop(b, 0);
}

/* XDP_TX frames still queued for a hung DMA at stop. */
static void sc_stop_with_xdp_tx_queued(struct am65_bed *b)
{
	rl_hw_set_tdown_mode(b->m, RL_TDOWN_NEVER, 0);
	am65_bed_attach(b, 0, v_tx, 1);
	am65_bed_open(b, 0);
	am65_bed_rx(b, 0, 0, 2, 100);
	am65_bed_poll_rx(b, 0, 64);
	am65_bed_stop(b, 0);
}

/* Program change on port 1 while port 2 is up and port 1 has TX in flight. */
static void sc_prog_swap_multi_port(struct am65_bed *b)
{
	am65_bed_open(b, 0);
	am65_bed_open(b, 1);
	am65_bed_xmit(b, 0, 0, 700, 0, false);
	am65_bed_xmit(b, 0, 0, 300, 0, false);
	am65_bed_attach(b, 0, v_drop, 1);
	am65_bed_settle(b);
	am65_bed_stop(b, 0);
	am65_bed_stop(b, 1);
}

/* Plain open and stop. */
static void sc_open_stop(struct am65_bed *b)
{
	am65_bed_open(b, 0);
	am65_bed_stop(b, 0);
}

struct variant_case {
	enum rl_am65_variant v;
	void (*scenario)(struct am65_bed *b);
	enum rl_finding_kind expect;
};

static const struct variant_case variant_cases[] = {
	{ RL_V_RX_TDOWN_NO_DRAIN, sc_stop_with_rx_completed, RL_F_DROPPED },
	{ RL_V_TX_TDOWN_TIMEOUT_LEAK, sc_stop_tx_marker_late, RL_F_DROPPED },
	{ RL_V_RX_PUSH_FAIL_LEAK, sc_push_fails_in_napi, RL_F_POOL_LEAK },
	{ RL_V_XDP_DROP_NO_REQUEUE, sc_xdp_drop, RL_F_LIVENESS },
	{ RL_V_SKB_BEFORE_XDP_LEAK, sc_xdp_drop, RL_F_OWNER },
	{ RL_V_TX_CLEANUP_FRAME_AS_SKB, sc_stop_with_xdp_tx_queued, RL_F_LEAK },
	{ RL_V_PROG_SWAP_NO_REBUILD, sc_prog_swap_multi_port, RL_F_BQL },
	{ RL_V_PAGE_POOL_DOUBLE_DESTROY, sc_open_stop, RL_F_USE_AFTER_FREE },
	{ RL_V_XDP_DROP_PAGE_LEAK, sc_xdp_drop, RL_F_PP_STALLED },
};

static void variant_desc(const struct variant_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", rl_am65_variants[c->v].name);
}

KUNIT_ARRAY_PARAM(variant, variant_cases, variant_desc);

static void am65_variant_is_caught(struct kunit *test)
{
	const struct variant_case *vc = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;

	/* the patched driver: the same scenario, not one finding */
	b = am65_bed_start(test, NULL);
	vc->scenario(b);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
	KUNIT_EXPECT_EQ(test, b->m->ledger->findings, 0U);

	/* the bug put back: the expected kind of finding must show up */
	rl_am65_default_cfg(&cfg);
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
		KUNIT_EXPECT_EQ(test, rl_am65_variant_by_name(rl_am65_variants[i].name),
				(int)i);
	}
}

static struct kunit_case am65_variant_cases[] = {
	KUNIT_CASE_PARAM(am65_variant_is_caught, variant_gen_params),
	KUNIT_CASE(am65_every_variant_has_a_scenario),
	{}
};

static struct kunit_suite am65_variant_suite = {
	.name = "ringledger_am65_cpsw_variants",
	.test_cases = am65_variant_cases,
};

kunit_test_suite(am65_variant_suite);
