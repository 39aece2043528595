// SPDX-License-Identifier: GPL-2.0
/*
 * am65_zc_test.c - AF_XDP zero copy on the patched am65-cpsw data path:
 * pool enable/disable up and down, the error cases, fill ring states, a
 * user that does not consume or reap, TX batches larger than the ring,
 * mode switches under traffic, teardown with XSK buffers unpopped, and the
 * seed bug scenario.  Every scenario ends with every XSK frame back with
 * the user or the pool.
 */
#include "am65_bed.h"

static const u8 v_pass[] = { RL_XDP_PASS };
static const u8 v_redirect[] = { RL_XDP_REDIRECT };
static const u8 v_zc_mix[] = { RL_XDP_REDIRECT, RL_XDP_PASS, RL_XDP_DROP,
			       RL_XDP_TX, RL_XDP_REDIRECT, RL_XDP_ABORTED };

/* Zero-copy traffic on queue 0 of port 0, both directions. */
static void zc_traffic(struct am65_bed *b)
{
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_rx(&b->w, 0, 0, 6, 128);
	rl_world_rx(&b->w, 1, 0, 2, 128);
	rl_world_xsk_submit(&b->w, 0, 5, 200);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX | RL_XDP_WAKEUP_RX);
	rl_world_settle(&b->w);
	rl_world_xsk_consume(&b->w, 0, 64);
	rl_world_xsk_reap(&b->w, 0, 64);
}

static void am65_zc_enable_disable_cycles(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int i;

	rl_world_attach(&b->w, 0, v_zc_mix, ARRAY_SIZE(v_zc_mix), 1);
	for (i = 0; i < 20; i++) {
		bool up = i % 4 < 2;

		if (up)
			KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
		KUNIT_ASSERT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
		if (up) {
			KUNIT_EXPECT_PTR_EQ(test, b->common->rx_chns.flows[0].xsk_pool,
					    b->w.xsk[0]);
			zc_traffic(b);
		}
		KUNIT_ASSERT_EQ(test, rl_world_xsk_unbind(&b->w, 0), 0);
		KUNIT_EXPECT_NULL(test, b->common->rx_chns.flows[0].xsk_pool);
		if (up) {
			rl_world_rx(&b->w, 0, 0, 2, 64);
			rl_world_settle(&b->w);
			rl_world_stop(&b->w, 0);
		}
	}
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

/*
 * The core unbinds the pool whatever the driver says; a driver that
 * refuses is the core's WARN "Failed to disable zero-copy!".
 */
static void am65_zc_disable_refused_is_a_finding(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);

	KUNIT_EXPECT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	/* the driver now believes port 2 owns the queue: it refuses */
	b->common->xsk_port_id[0] = 2;
	RL_EXPECT_FINDING(b->ctx, RL_F_XSK,
			  KUNIT_EXPECT_EQ(test, rl_world_xsk_unbind(&b->w, 0), -EINVAL));
	KUNIT_EXPECT_NULL(test, rl_xsk_get_pool_from_qid(b->common->ports[0].ndev,
							 0));
	/* put the driver right and let it undo its mapping */
	b->common->xsk_port_id[0] = 1;
	rl_xsk_reg_pool_at_qid(b->common->ports[0].ndev, b->w.xsk[0], 0);
	KUNIT_EXPECT_EQ(test, rl_am65_cpsw_xsk_setup_pool(b->common, 0, NULL, 0),
			0);
	rl_xsk_clear_pool_at_qid(b->common->ports[0].ndev, 0);
	rl_world_xsk_close(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_zc_error_cases(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);

	/* down interface: accepted, nothing rebuilt */
	KUNIT_EXPECT_EQ(test, rl_world_xsk_bind(&b->w, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, b->common->xdp_zc_queues, 1U);
	/* the queue is owned by port 1: port 2 gets -EINVAL */
	KUNIT_EXPECT_EQ(test, rl_am65_cpsw_xsk_setup_pool(b->common, 1,
							  b->w.xsk[0], 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, b->common->xsk_port_id[0], 1U);
	/* disabling a queue that is not zero copy */
	KUNIT_EXPECT_EQ(test, rl_am65_cpsw_xsk_setup_pool(b->common, 0, NULL, 1),
			-EINVAL);
	/* a queue the hardware does not have */
	KUNIT_EXPECT_EQ(test, rl_world_xsk_bind(&b->w, 0, 5), -EINVAL);
	/* up but no XDP program: accepted, queue stays in page_pool mode */
	rl_world_open(&b->w, 0);
	KUNIT_EXPECT_NULL(test, b->common->rx_chns.flows[0].xsk_pool);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX),
			-EINVAL);
	/* the program arrives: the rebuild turns zero copy on */
	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	KUNIT_EXPECT_PTR_EQ(test, b->common->rx_chns.flows[0].xsk_pool, b->w.xsk[0]);
	KUNIT_EXPECT_PTR_EQ(test, b->common->tx_chns[0].xsk_pool, b->w.xsk[0]);
	zc_traffic(b);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_EQ(test, rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX),
			-ENETDOWN);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static const u32 fill_levels[] = { 0, 3, 16 };

static void fill_desc(const u32 *n, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "fill_%u", *n);
}

KUNIT_ARRAY_PARAM(fill, fill_levels, fill_desc);

static void am65_zc_fill_ring_states(struct kunit *test)
{
	const u32 *n = test->param_value;
	struct am65_bed *b = am65_bed_start(test, NULL);
	struct am65_cpsw_rx_flow *flow = &b->common->rx_chns.flows[0];

	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, *n);
	rl_world_open(&b->w, 0);
	/* the FDQ gets what the fill ring had, up to the ring's depth */
	KUNIT_EXPECT_EQ(test, rl_ring_occ(b->common->rx_chns.rx_chn->flows[0].fdq),
			min(*n, 8U));
	KUNIT_EXPECT_EQ(test, b->w.xsk[0]->rx_need_wakeup, *n < 8);
	rl_world_rx(&b->w, 0, 0, 4, 100);
	rl_world_poll_rx(&b->w, 0, 64);
	KUNIT_EXPECT_EQ(test, b->w.xsk[0]->rx.prod, min(*n, 4U));
	/* the user refills; a wakeup poll tops the ring up again */
	rl_world_xsk_consume(&b->w, 0, 64);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_RX);
	rl_world_poll_rx(&b->w, 0, 64);
	KUNIT_EXPECT_EQ(test, flow->rx_missing, 0U);
	KUNIT_EXPECT_FALSE(test, b->w.xsk[0]->rx_need_wakeup);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_zc_user_not_consuming_rx(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int i;

	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	rl_world_open(&b->w, 0);
	/* the RX ring (16) fills up; later packets are dropped, not leaked */
	for (i = 0; i < 6; i++) {
		rl_world_xsk_fill(&b->w, 0, 16);
		rl_world_rx(&b->w, 0, 0, 8, 100);
		rl_world_settle(&b->w);
	}
	KUNIT_EXPECT_EQ(test, b->w.xsk[0]->rx.prod - b->w.xsk[0]->rx.cons, 16U);
	KUNIT_EXPECT_GT(test, b->common->ports[0].rx_dropped, 0U);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_zc_user_not_reaping_completions(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	struct rl_xsk_pool *pool;
	u32 sent;

	rl_world_attach(&b->w, 0, v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	pool = b->w.xsk[0];
	/* more than the completion ring (16) holds, and nobody reaps */
	rl_world_xsk_submit(&b->w, 0, 16, 100);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	rl_world_xsk_submit(&b->w, 0, 16, 100);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	sent = pool->comp.prod;
	KUNIT_EXPECT_EQ(test, sent, 16U);
	KUNIT_EXPECT_EQ(test, pool->tx.prod - pool->tx.cons, 16U);
	/* reaping makes room: the rest goes out */
	rl_world_xsk_reap(&b->w, 0, 64);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_settle(&b->w);
	KUNIT_EXPECT_EQ(test, pool->comp.prod, 32U);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_zc_tx_batch_larger_than_ring(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int i;

	rl_world_attach(&b->w, 0, v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	/* 8 TX descriptors, 4 kept for the stack: batches of 4 at most */
	rl_world_xsk_submit(&b->w, 0, 14, 300);
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_poll_tx(&b->w, 0, 64);
	KUNIT_EXPECT_EQ(test, b->common->tx_chns[0].xsk_inflight, 4U);
	/* skbs still get their descriptors meanwhile */
	KUNIT_EXPECT_EQ(test, rl_world_xmit(&b->w, 0, 0, 100, 0, false),
			RL_NETDEV_TX_OK);
	for (i = 0; i < 8; i++) {
		rl_world_settle(&b->w);
		rl_world_xsk_reap(&b->w, 0, 64);
		rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	}
	KUNIT_EXPECT_EQ(test, b->w.xsk[0]->comp.prod, 14U);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

struct switch_case {
	const char *name;
	bool both_up;
	bool pktdma;
};

static const struct switch_case switch_cases[] = {
	{ "one_port", false, true },
	{ "two_ports", true, true },
	{ "two_ports_udmap", true, false },
};

static void switch_desc(const struct switch_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(switch, switch_cases, switch_desc);

static void am65_zc_mode_switch_under_traffic(struct kunit *test)
{
	const struct switch_case *sc = test->param_value;
	struct rl_am65_cfg cfg;
	struct am65_bed *b;
	int i;

	rl_am65_default_cfg(&cfg);
	cfg.pktdma = sc->pktdma;
	b = am65_bed_start(test, &cfg);
	rl_world_open(&b->w, 0);
	if (sc->both_up)
		rl_world_open(&b->w, 1);
	for (i = 0; i < 12; i++) {
		/* traffic in flight on every path while the mode changes */
		rl_world_rx(&b->w, 0, 0, 3, 90);
		rl_world_rx(&b->w, 1, sc->both_up ? 1 : 0, 2, 90);
		rl_world_xmit(&b->w, 0, 0, 400, 1, true);
		rl_world_xsk_fill(&b->w, 0, 8);
		rl_world_xsk_submit(&b->w, 0, 2, 100);
		switch (i % 4) {
		case 0:
			rl_world_attach(&b->w, 0, v_zc_mix, ARRAY_SIZE(v_zc_mix), 1);
			break;
		case 1:
			rl_world_xsk_bind(&b->w, 0, 0);
			break;
		case 2:
			rl_world_attach(&b->w, sc->both_up ? 1 : 0, v_pass, 1, 0);
			break;
		default:
			rl_world_xsk_unbind(&b->w, 0);
			rl_world_attach(&b->w, 0, NULL, 0, 0);
		}
		rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
		rl_world_settle(&b->w);
		rl_world_xsk_consume(&b->w, 0, 64);
		rl_world_xsk_reap(&b->w, 0, 64);
	}
	rl_world_stop(&b->w, 0);
	if (sc->both_up)
		rl_world_stop(&b->w, 1);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static void am65_zc_stop_with_xsk_completed_unpopped(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	int round;

	rl_world_attach(&b->w, 0, v_zc_mix, ARRAY_SIZE(v_zc_mix), 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	for (round = 0; round < 3; round++) {
		rl_world_xsk_fill(&b->w, 0, 16);
		KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
		rl_world_rx(&b->w, 0, 0, 5, 100);
		rl_world_xsk_submit(&b->w, 0, 3, 100);
		rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
		rl_world_poll_tx(&b->w, 0, 64);
		rl_world_tx_complete(&b->w, 0, 2);
		/* RX and TX completions nobody popped */
		KUNIT_ASSERT_EQ(test, rl_world_stop(&b->w, 0), 0);
		rl_world_xsk_consume(&b->w, 0, 64);
		rl_world_xsk_reap(&b->w, 0, 64);
	}
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

/*
 * The seed bug (v2, am62l EVM NFS boot failure, "descriptor leakage during
 * Rx teardown"): zero-copy traffic, stop with packets completed but not
 * popped, open again.  The patched driver opens with a full pool.
 */
static void am65_zc_seed_nfs_boot_teardown_leak(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = b->common->rx_chns.desc_pool;

	rl_world_attach(&b->w, 0, v_redirect, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_xsk_fill(&b->w, 0, 16);
	KUNIT_ASSERT_EQ(test, rl_world_open(&b->w, 0), 0);
	zc_traffic(b);
	rl_world_rx(&b->w, 0, 0, 5, 100);
	rl_world_rx(&b->w, 1, 0, 3, 100);
	KUNIT_ASSERT_EQ(test, rl_world_stop(&b->w, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), pool->size);
	rl_world_xsk_fill(&b->w, 0, 16);
	KUNIT_EXPECT_EQ(test, rl_world_open(&b->w, 0), 0);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

/* The zero-copy TX liveness check fires when sendable frames wait. */
static void am65_zc_tx_progress_check_fires(struct kunit *test)
{
	struct am65_bed *b = am65_bed_start(test, NULL);

	rl_world_attach(&b->w, 0, v_pass, 1, 1);
	rl_world_xsk_bind(&b->w, 0, 0);
	rl_world_open(&b->w, 0);
	rl_world_xsk_submit(&b->w, 0, 3, 100);
	/* descriptors free, completion slots free, NAPI never ran: stuck */
	RL_EXPECT_FINDING(b->ctx, RL_F_LIVENESS,
			  KUNIT_EXPECT_FALSE(test,
				rl_am65_cpsw_check_tx_progress(b->common, 0)));
	/* after the completion NAPI ran, nothing waits */
	rl_world_xsk_wakeup(&b->w, 0, RL_XDP_WAKEUP_TX);
	rl_world_poll_tx(&b->w, 0, 64);
	KUNIT_EXPECT_TRUE(test, rl_am65_cpsw_check_tx_progress(b->common, 0));
	rl_world_settle(&b->w);
	rl_world_xsk_reap(&b->w, 0, 8);
	rl_world_stop(&b->w, 0);
	KUNIT_EXPECT_TRUE(test, am65_bed_finish(b));
}

static struct kunit_case am65_zc_cases[] = {
	KUNIT_CASE(am65_zc_tx_progress_check_fires),
	KUNIT_CASE(am65_zc_enable_disable_cycles),
	KUNIT_CASE(am65_zc_error_cases),
	KUNIT_CASE(am65_zc_disable_refused_is_a_finding),
	KUNIT_CASE_PARAM(am65_zc_fill_ring_states, fill_gen_params),
	KUNIT_CASE(am65_zc_user_not_consuming_rx),
	KUNIT_CASE(am65_zc_user_not_reaping_completions),
	KUNIT_CASE(am65_zc_tx_batch_larger_than_ring),
	KUNIT_CASE_PARAM(am65_zc_mode_switch_under_traffic, switch_gen_params),
	KUNIT_CASE(am65_zc_stop_with_xsk_completed_unpopped),
	KUNIT_CASE(am65_zc_seed_nfs_boot_teardown_leak),
	{}
};

static struct kunit_suite am65_zc_suite = {
	.name = "ringledger_am65_cpsw_zc",
	.test_cases = am65_zc_cases,
};

kunit_test_suite(am65_zc_suite);
