// SPDX-License-Identifier: GPL-2.0
/*
 * am65_scenario_test.c - the patched am65-cpsw data path driven through
 * the model: open/stop cycles, every XDP verdict, program swaps under
 * traffic, teardown with packets completed but unpopped and the marker on
 * time / late / never, faults at every site.  Every operation is followed
 * by the global check; every scenario ends with remove and the oracle.
 */
#include "am65_scenarios.h"

static const u8 v_pass[] = { RL_XDP_PASS };
static const u8 v_mix[] = { RL_XDP_PASS, RL_XDP_TX, RL_XDP_DROP,
			    RL_XDP_REDIRECT, RL_XDP_ABORTED, 7 };

/* A little of everything on an open port. */
static void traffic(struct am65_bed *b, u32 port)
{
	struct am65_cpsw_common *c = b->common;
	u32 f, q;

	for (f = 0; f < c->rx_ch_num_flows; f++)
		rl_world_rx(&b->w, f, port, 3, 60 + f);
	for (q = 0; q < c->tx_ch_num; q++) {
		rl_world_xmit(&b->w, port, q, 1000, q, q & 1);
		rl_world_xmit(&b->w, port, q, 60, 0, false);
	}
	rl_world_xdp_xmit(&b->w, port, 2);
	rl_world_settle(&b->w);
}

static void am65_open_stop_cycles(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int i;

	for (i = 0; i < 100; i++) {
		KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, i & 1), 0);
		KUNIT_ASSERT_EQ(test, rl_world_stop(&b->w, i & 1), 0);
	}
	/* both ports: the queues follow the first open and the last stop */
	rl_world_open(&b->w, 0);
	rl_world_open(&b->w, 1);
	KUNIT_EXPECT_EQ(test, b->common->usage_count, 2U);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, b->common->queues_up);
	rl_world_stop(&b->w, 1);
	KUNIT_EXPECT_FALSE(test, b->common->queues_up);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(b->common->rx_chns.desc_pool),
			b->common->rx_chns.desc_pool->size);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_open_stop_cycles_with_traffic(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int i;

	rl_world_attach(&b->w, 1, v_mix, ARRAY_SIZE(v_mix), 0);
	for (i = 0; i < 100; i++) {
		KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, i % 2), 0);
		traffic(b, i % 2);
		/* leave some completed and unpopped, then stop */
		rl_world_rx(&b->w, 0, i % 2, 2, 64);
		rl_world_xmit(&b->w, i % 2, 0, 100, 1, false);
		rl_world_tx_complete(&b->w, 0, 1);
		KUNIT_ASSERT_EQ(test, rl_world_stop(&b->w, i % 2), 0);
	}
	KUNIT_EXPECT_GT(test, b->common->ports[0].rx_packets, 0U);
	KUNIT_EXPECT_GT(test, b->common->ports[1].tx_packets, 0U);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_real_ring_sizes(struct kunit *test)
{
	struct rl_am65_cfg cfg;
	struct am65_bed *b;

	rl_am65_default_cfg(&cfg);
	cfg.rx_descs = AM65_CPSW_MAX_RX_DESC;
	cfg.tx_descs = AM65_CPSW_MAX_TX_DESC;
	cfg.rx_flows = 1;
	cfg.tx_chans = 1;
	b = am65_bed_start(test, &cfg);
	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_ring_occ(b->common->rx_chns.rx_chn->flows[0].fdq),
			500U);
	traffic(b, 0);
	rl_world_rx(&b->w, 0, 0, 100, 1500);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static const u8 verdicts[] = {
	RL_XDP_PASS, RL_XDP_DROP, RL_XDP_ABORTED, RL_XDP_TX, RL_XDP_REDIRECT, 9,
};

static void verdict_desc(const u8 *v, char *desc)
{
	static const char * const names[] = {
		"aborted", "drop", "pass", "tx", "redirect",
	};

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s",
		 *v < ARRAY_SIZE(names) ? names[*v] : "invalid");
}

KUNIT_ARRAY_PARAM(verdict, verdicts, verdict_desc);

static void am65_every_xdp_verdict(struct kunit *test)
{
	const u8 *v = test->param_value;
	struct am65_bed *b = am65_bed_start(test, NULL);
	struct am65_cpsw_port *port = &b->common->ports[0];

	rl_world_attach(&b->w, 0, v, 1, 0);
	rl_world_open(&b->w, 0);
	rl_world_rx(&b->w, 0, 0, 5, 100);
	rl_world_rx(&b->w, 1, 0, 5, 100);
	rl_world_settle(&b->w);
	switch (*v) {
	case RL_XDP_PASS:
		KUNIT_EXPECT_EQ(test, port->rx_packets, 10U);
		break;
	case RL_XDP_TX:
		/* small rings: what found no TX descriptor was dropped */
		KUNIT_EXPECT_EQ(test, port->tx_packets + port->tx_dropped, 10U);
		KUNIT_EXPECT_GT(test, port->tx_packets, 0U);
		break;
	case RL_XDP_REDIRECT:
		KUNIT_EXPECT_EQ(test, port->rx_dropped, 0U);
		break;
	default:
		KUNIT_EXPECT_EQ(test, port->rx_dropped, 10U);
	}
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

struct swap_case {
	const char *name;
	u32 disabled_ports;
	bool both_up;
	bool pktdma;
};

static const struct swap_case swap_cases[] = {
	{ "single_port", 0, false, true },
	{ "multi_port", 0, true, true },
	{ "multi_port_udmap", 0, true, false },
	{ "port2_disabled", BIT(1), false, true },
};

static void swap_desc(const struct swap_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(swap, swap_cases, swap_desc);

static void am65_prog_swap_under_traffic(struct kunit *test)
{
	const struct swap_case *sc = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;
	struct rl_page_pool *pp;
	int i;

	rl_am65_default_cfg(&cfg);
	cfg.disabled_ports = sc->disabled_ports;
	cfg.pktdma = sc->pktdma;
	b = am65_bed_start(test, &cfg);
	rl_world_open(&b->w, 0);
	if (sc->both_up)
		rl_world_open(&b->w, 1);
	pp = b->common->rx_chns.flows[0].page_pool;
	for (i = 0; i < 12; i++) {
		/* in flight on both sides while the program changes */
		rl_world_rx(&b->w, i % 2, 0, 2, 80);
		rl_world_xmit(&b->w, 0, i % 2, 200, 1, false);
		rl_world_tx_complete(&b->w, i % 2, 1);
		if (i % 3 == 2)
			rl_world_attach(&b->w, 0, NULL, 0, 0);
		else
			rl_world_attach(&b->w, i % 2 && sc->both_up ? 1 : 0,
					i % 2 ? v_mix : v_pass,
					i % 2 ? ARRAY_SIZE(v_mix) : 1, 0);
		/* v2 2/7: the page_pool survives the swap */
		KUNIT_EXPECT_PTR_EQ(test, b->common->rx_chns.flows[0].page_pool, pp);
		rl_world_settle(&b->w);
	}
	KUNIT_EXPECT_EQ(test, rl_world_attach(&b->w, 1, v_pass, 1, 0),
			sc->disabled_ports ? -EINVAL : 0);
	rl_world_stop(&b->w, 0);
	if (sc->both_up)
		rl_world_stop(&b->w, 1);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

struct tdown_case {
	const char *name;
	enum rl_tdown_mode mode;
	u32 delay;
	bool quirk;
	bool pktdma;
};

static const struct tdown_case tdown_cases[] = {
	{ "on_time", RL_TDOWN_NOW, 0, true, true },
	{ "late", RL_TDOWN_AFTER, 3, true, true },
	{ "too_late", RL_TDOWN_AFTER, 100, true, true },
	{ "never", RL_TDOWN_NEVER, 0, true, true },
	{ "never_no_quirk", RL_TDOWN_NEVER, 0, false, true },
	{ "late_no_quirk_udmap", RL_TDOWN_AFTER, 3, false, false },
	{ "never_udmap", RL_TDOWN_NEVER, 0, true, false },
};

static void tdown_desc(const struct tdown_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(tdown, tdown_cases, tdown_desc);

static void am65_stop_with_completed_unpopped(struct kunit *test)
{
	const struct tdown_case *tc = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;
	int round;

	rl_am65_default_cfg(&cfg);
	cfg.rx_tdown_irq_quirk = tc->quirk;
	cfg.pktdma = tc->pktdma;
	b = am65_bed_start(test, &cfg);
	rl_hw_set_tdown_mode(b->m, tc->mode, tc->delay);
	rl_world_attach(&b->w, 0, v_mix, ARRAY_SIZE(v_mix), 0);
	/* twice: a late marker may land in the next run's rings */
	for (round = 0; round < 2; round++) {
		KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
		rl_world_rx(&b->w, 0, 0, 5, 100);
		rl_world_rx(&b->w, 1, 0, 3, 100);
		rl_world_xmit(&b->w, 0, 0, 300, 2, true);
		rl_world_xmit(&b->w, 0, 1, 300, 0, false);
		rl_world_tx_complete(&b->w, 0, 1);
		/* completed on both sides, nothing popped: now stop */
		KUNIT_ASSERT_EQ(test, rl_world_stop(&b->w, 0), 0);
		KUNIT_EXPECT_EQ(test,
				rl_k3_cppi_desc_pool_avail(b->common->rx_chns.desc_pool),
				b->common->rx_chns.desc_pool->size);
	}
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

struct fault_case {
	const char *name;
	enum rl_fault_site site;
	u32 nth;
	bool at_open;	/* during open (queue creation) or during traffic */
};

static const struct fault_case fault_cases[] = {
	{ "desc_alloc_open_1", RL_FAULT_DESC_ALLOC, 1, true },
	{ "desc_alloc_open_7", RL_FAULT_DESC_ALLOC, 7, true },
	{ "desc_alloc_open_12", RL_FAULT_DESC_ALLOC, 12, true },
	{ "desc_alloc_traffic_2", RL_FAULT_DESC_ALLOC, 2, false },
	{ "page_alloc_open_1", RL_FAULT_PAGE_ALLOC, 1, true },
	{ "page_alloc_open_9", RL_FAULT_PAGE_ALLOC, 9, true },
	{ "page_alloc_traffic_1", RL_FAULT_PAGE_ALLOC, 1, false },
	{ "page_alloc_traffic_4", RL_FAULT_PAGE_ALLOC, 4, false },
	{ "skb_alloc_traffic_1", RL_FAULT_SKB_ALLOC, 1, false },
	{ "skb_alloc_traffic_3", RL_FAULT_SKB_ALLOC, 3, false },
	{ "ring_push_open_1", RL_FAULT_RING_PUSH, 1, true },
	{ "ring_push_open_10", RL_FAULT_RING_PUSH, 10, true },
	{ "ring_push_traffic_1", RL_FAULT_RING_PUSH, 1, false },
	{ "ring_push_traffic_5", RL_FAULT_RING_PUSH, 5, false },
	{ "dma_map_open_1", RL_FAULT_DMA_MAP, 1, true },
	{ "dma_map_open_20", RL_FAULT_DMA_MAP, 20, true },
	{ "dma_map_traffic_1", RL_FAULT_DMA_MAP, 1, false },
	{ "dma_map_traffic_6", RL_FAULT_DMA_MAP, 6, false },
};

static void fault_desc(const struct fault_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(fault, fault_cases, fault_desc);

static void am65_fault_sites(struct kunit *test)
{
	const struct fault_case *fc = test->param_value;
	struct am65_bed *b = am65_bed_start(test, NULL);
	int ret;

	rl_world_attach(&b->w, 0, v_mix, ARRAY_SIZE(v_mix), 0);
	if (fc->at_open) {
		rl_model_fail_nth(b->m, fc->site, fc->nth);
		ret = rl_world_open(&b->w, 0);
		/* the fault did fire inside open (fail_at is cleared on a hit) */
		KUNIT_EXPECT_EQ(test, b->m->fault[fc->site].fail_at, 0U);
		if (ret) {
			/* a failed open leaves nothing behind; it opens later */
			KUNIT_EXPECT_FALSE(test, b->common->queues_up);
			KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
		}
	} else {
		KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
		rl_model_fail_nth(b->m, fc->site, fc->nth);
	}
	traffic(b, 0);
	traffic(b, 0);
	KUNIT_EXPECT_EQ(test, b->m->fault[fc->site].fail_at, 0U);
	rl_model_fail_nth(b->m, fc->site, 0);
	/* with the fault gone, the next polls refill the rings */
	rl_world_rx(&b->w, 0, 0, 1, 64);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_check_rx_depth(b->common, 0, false));
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_check_rx_depth(b->common, 1, false));
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_bad_config_and_ports(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_am65_cfg cfg;
	struct am65_bed *b;

	rl_am65_default_cfg(&cfg);
	cfg.rx_flows = AM65_CPSW_MAX_RX_FLOWS + 1;
	KUNIT_EXPECT_NULL(test, rl_am65_cpsw_probe(ctx->m, &cfg));
	rl_am65_default_cfg(&cfg);
	cfg.disabled_ports = 3;	/* every port disabled */
	KUNIT_EXPECT_NULL(test, rl_am65_cpsw_probe(ctx->m, &cfg));
	rl_am65_default_cfg(&cfg);
	cfg.disabled_ports = BIT(0);
	b = am65_bed_start(test, &cfg);
	/* no net_device for a disabled port; dev_open() of an up one: no-op */
	KUNIT_EXPECT_EQ(test, rl_world_open(&b->w, 0), -ENODEV);
	KUNIT_EXPECT_EQ(test, rl_world_open(&b->w, 1), 0);
	KUNIT_EXPECT_EQ(test, rl_world_open(&b->w, 1), 0);
	KUNIT_EXPECT_EQ(test, b->common->usage_count, 1U);
	/* traffic tagged with the disabled port is dropped, not leaked */
	rl_world_rx(&b->w, 0, 0, 3, 64);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, rl_am65_variant_by_name("no_such_bug"), -1);
	KUNIT_EXPECT_EQ(test, rl_am65_variant_by_name("rx_tdown_no_drain"),
			(int)RL_V_RX_TDOWN_NO_DRAIN);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_is_valid_catches_corruption(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	struct rl_xdp_rxq_info *rxq;
	struct rl_page_pool *pool;

	rl_world_open(&b->w, 0);
	/* between operations: open ports and usage_count agree */
	b->common->usage_count++;
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_is_valid(b->common));
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_settled(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	b->common->usage_count--;
	/* at any time: a zero-copy queue has an owner port */
	b->common->xdp_zc_queues |= BIT(0);
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_valid(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	b->common->xdp_zc_queues &= ~BIT(0);
	/* between operations: a flow's page_pool has exactly its users */
	pool = b->common->rx_chns.flows[0].page_pool;
	KUNIT_ASSERT_NOT_NULL(test, pool);
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_is_settled(b->common));
	rl_page_pool_get_user(pool);		/* one too many */
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_settled(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	rl_page_pool_destroy(pool);
	rl_page_pool_destroy(pool);		/* one too few */
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_settled(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	rl_page_pool_get_user(pool);
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_is_settled(b->common));
	/* between operations: napi_enabled is the NAPI's own state */
	KUNIT_ASSERT_TRUE(test, b->common->rx_chns.flows[0].napi_rx.enabled);
	b->common->rx_chns.flows[0].napi_rx.enabled = false;
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_settled(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	b->common->rx_chns.flows[0].napi_rx.enabled = true;
	KUNIT_ASSERT_TRUE(test, b->common->tx_chns[0].napi_tx.enabled);
	b->common->tx_chns[0].napi_tx.enabled = false;
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_settled(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	b->common->tx_chns[0].napi_tx.enabled = true;
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_is_settled(b->common));
	/* at any time: an rxq info holds a pool only as its memory model */
	rxq = &b->common->ports[0].xdp_rxq[AM65_CPSW_MAX_RX_FLOWS - 1];
	KUNIT_ASSERT_TRUE(test, !rxq->pp);
	rxq->pp = pool;
	KUNIT_EXPECT_FALSE(test, rl_am65_cpsw_is_valid(b->common));
	RL_EXPECT_FINDING(b->ctx, RL_F_INVALID, am65_bed_check(b));
	rxq->pp = NULL;
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_is_valid(b->common));
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void wait_desc(const enum rl_wait_point *wp, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", rl_wait_point_name(*wp));
}

static const enum rl_wait_point wait_points[] = {
	RL_WAIT_RX_TDOWN, RL_WAIT_TX_TDOWN, RL_WAIT_NAPI_DISABLE,
	RL_WAIT_HRTIMER_CANCEL, RL_WAIT_SYNC_NET,
};

KUNIT_ARRAY_PARAM(wait, wait_points, wait_desc);

static void wait_acts(struct am65_bed *b)
{
	/* the other port's traffic, the hardware, another device */
	rl_world_rx(&b->w, 1, 1, 2, 64);
	rl_world_hw_step(&b->w, 1);
	rl_world_xdp_xmit(&b->w, 1, 2);
	b->at_skip = ~0U;	/* ran */
}

/*
 * Every wait point is reached by a zero-copy enable/disable and a stop
 * with IRQ pacing, and other contexts act there; the invariants hold at
 * the wait and the run ends clean.
 */
static void am65_every_wait_point_lets_others_act(struct kunit *test)
{
	const enum rl_wait_point *wp = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;

	rl_am65_default_cfg(&cfg);
	cfg.pacing = true;
	b = am65_bed_start(test, &cfg);
	rl_world_attach(&b->w, 0, rl_sc_v_redirect, 1, 1);
	rl_world_open(&b->w, 0);
	rl_world_open(&b->w, 1);
	rl_sc_at_wait(b, *wp, 0, wait_acts);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_rx(&b->w, 0, 0, 3, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	rl_world_xsk_unbind(&b->w, 0);
	rl_world_rx(&b->w, 1, 1, 3, 100);
	rl_world_poll_rx(&b->w, 1, 64);
	rl_world_stop(&b->w, 0);
	rl_world_stop(&b->w, 1);
	KUNIT_EXPECT_GT(test, b->m->waits[*wp], 0U);
	KUNIT_EXPECT_EQ_MSG(test, b->at_skip, ~0U, "nothing ran at %s",
			    rl_wait_point_name(*wp));
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static struct kunit_case am65_scenario_cases[] = {
	KUNIT_CASE(am65_open_stop_cycles),
	KUNIT_CASE(am65_open_stop_cycles_with_traffic),
	KUNIT_CASE(am65_real_ring_sizes),
	KUNIT_CASE_PARAM(am65_every_xdp_verdict, verdict_gen_params),
	KUNIT_CASE_PARAM(am65_prog_swap_under_traffic, swap_gen_params),
	KUNIT_CASE_PARAM(am65_stop_with_completed_unpopped, tdown_gen_params),
	KUNIT_CASE_PARAM(am65_fault_sites, fault_gen_params),
	KUNIT_CASE(am65_bad_config_and_ports),
	KUNIT_CASE(am65_is_valid_catches_corruption),
	KUNIT_CASE_PARAM(am65_every_wait_point_lets_others_act, wait_gen_params),
	{}
};

static struct kunit_suite am65_scenario_suite = {
	.name = "ringledger_am65_cpsw",
	.test_cases = am65_scenario_cases,
};

kunit_test_suite(am65_scenario_suite);
