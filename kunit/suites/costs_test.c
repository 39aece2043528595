// SPDX-License-Identifier: GPL-2.0
/*
 * costs_test.c - the work-per-packet workloads of make costs (issue 21)
 * in KUnit: every workload x size runs clean, forwards every packet, and
 * logs the digest of its counters in the trace-replay format, so that
 * kunit/kernel/compare-digests.py shows host, UML and arm64 counting the
 * same work.  The gate itself (fuzz/costs/expected.txt) is checked on the
 * host by make costs-check; here each detector is made to fire: a stall
 * (the v2 zero-copy refill, the seed's l2fwd 0) and each performance
 * variant raising a count.
 */
#include "rl_test_util.h"
#include "rl_costs.h"

#define COSTS_MAX_PARAMS 128

static u32 costs_index[COSTS_MAX_PARAMS];

static const void *costs_gen_params(const void *prev, char *desc)
{
	const u32 *p = prev ? (const u32 *)prev + 1 : costs_index;
	u32 i = p - costs_index;
	const struct rl_costs_case *c;

	if (i >= rl_costs_nr_cases * rl_costs_nr_sizes ||
	    i >= COSTS_MAX_PARAMS)
		return NULL;
	costs_index[i] = i;
	c = &rl_costs_cases[i / rl_costs_nr_sizes];
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s-%s-%s-%u", c->driver,
		 c->workload, c->mode, rl_costs_sizes[i % rl_costs_nr_sizes]);
	return p;
}

static struct rl_costs_result *run(struct kunit *test,
				   const struct rl_costs_case *c, u32 len,
				   u32 perf, u64 variants)
{
	struct rl_costs_result *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	char err[RL_TRACE_ERR_LEN];

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_EQ_MSG(test, rl_costs_run(c, len, perf, variants, r, err,
					       sizeof(err)), 0, "%s", err);
	return r;
}

static void costs_workload_runs_clean(struct kunit *test)
{
	u32 i = *(const u32 *)test->param_value;
	const struct rl_costs_case *c = &rl_costs_cases[i / rl_costs_nr_sizes];
	u32 len = rl_costs_sizes[i % rl_costs_nr_sizes];
	struct rl_costs_result *r = run(test, c, len, 0, 0);

	KUNIT_EXPECT_EQ_MSG(test, r->findings, 0U, "%s", r->first);
	KUNIT_EXPECT_EQ_MSG(test, r->stalled, false, "rx %u tx %u of %u", r->rx,
			       r->tx, RL_COSTS_PACKETS);
	kunit_info(test, "replay costs-%s-%s-%s-%u patched end digest %016llx",
		   c->driver, c->workload, c->mode, len,
		   (unsigned long long)r->digest);
	kunit_info(test, "costs %s:%s/%s/%u: %llu estimated A53 cycles a packet",
		   c->driver, c->workload, c->mode, len,
		   (unsigned long long)rl_costs_cycles_per_pkt(r));
}

static const struct rl_costs_case *find_case(struct kunit *test,
					     const char *drv, const char *wl,
					     const char *mode)
{
	u32 i;

	for (i = 0; i < rl_costs_nr_cases; i++)
		if (!strcmp(rl_costs_cases[i].driver, drv) &&
		    !strcmp(rl_costs_cases[i].workload, wl) &&
		    !strcmp(rl_costs_cases[i].mode, mode))
			return &rl_costs_cases[i];
	KUNIT_FAIL(test, "no workload %s:%s/%s", drv, wl, mode);
	return NULL;
}

/* The seed's l2fwd zero-copy 0: v2's refill stalls RX, rxdrop still runs. */
static void costs_stall_detector_fires(struct kunit *test)
{
	u64 v = BIT_ULL(RL_V_ZC_REFILL_POLL_COUNT);
	const struct rl_costs_case *l2fwd = find_case(test, "am65", "l2fwd", "zc");
	const struct rl_costs_case *rxdrop = find_case(test, "am65", "rxdrop", "zc");
	struct rl_costs_result *r;

	KUNIT_ASSERT_NOT_NULL(test, l2fwd);
	KUNIT_ASSERT_NOT_NULL(test, rxdrop);
	r = run(test, l2fwd, 64, 0, v);
	KUNIT_EXPECT_TRUE(test, r->stalled);
	KUNIT_EXPECT_EQ(test, r->rx, 0U);
	KUNIT_EXPECT_GT(test, r->findings, 0U);
	r = run(test, rxdrop, 64, 0, v);
	KUNIT_EXPECT_FALSE(test, r->stalled);
	KUNIT_EXPECT_EQ(test, r->findings, 0U);
}

/* Each performance variant costs more of the counter it is about. */
static void costs_perf_variants_cost_more(struct kunit *test)
{
	static const struct {
		const char *drv, *wl, *mode;
		u32 v;		/* enum rl_am65_perf / rl_stmmac_perf */
		enum rl_cost k;
	} want[] = {
		{ "am65", "stack_rx", "stack", RL_PV_RX_ALLOC_SKB_COPY,
		  RL_COST_SKB_ALLOC },
		{ "am65", "txonly", "zc", RL_PV_XSK_TX_SYNC_FULL,
		  RL_COST_CACHE_BYTES },
		{ "am65", "stack_rx", "stack", RL_PV_PP_RELEASE_ON_PASS,
		  RL_COST_PAGE_ALLOC },
		{ "stmmac", "stack_rx", "stack", RL_SPV_PP_SYNC_DEV_ALWAYS,
		  RL_COST_SYNC_DEV },
	};
	u32 i;

	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(want), (size_t)(RL_PV_NR + RL_SPV_NR));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct rl_costs_case *c = find_case(test, want[i].drv,
							  want[i].wl,
							  want[i].mode);
		struct rl_costs_result *base, *perf;

		KUNIT_ASSERT_NOT_NULL(test, c);
		base = run(test, c, 64, 0, 0);
		perf = run(test, c, 64, BIT(want[i].v), 0);
		KUNIT_EXPECT_GT_MSG(test, perf->total[want[i].k],
				    base->total[want[i].k], "%s:%s perf %u",
				    want[i].drv, want[i].wl, want[i].v);
		KUNIT_EXPECT_EQ(test, perf->findings, 0U);
		KUNIT_EXPECT_FALSE(test, perf->stalled);
	}
}

/* Every counter has its line in model/cost.c's table (no gap). */
static void costs_table_complete(struct kunit *test)
{
	u32 k;

	/* every workload x size is a parameter of costs_workload_runs_clean */
	KUNIT_EXPECT_LE(test, rl_costs_nr_cases * rl_costs_nr_sizes,
			(u32)COSTS_MAX_PARAMS);
	for (k = 0; k < RL_COST_NR; k++) {
		KUNIT_EXPECT_NOT_NULL(test, rl_cost_info[k].name);
		KUNIT_EXPECT_NOT_NULL(test, rl_cost_info[k].source);
	}
}

static struct kunit_case costs_cases[] = {
	KUNIT_CASE(costs_table_complete),
	KUNIT_CASE_PARAM(costs_workload_runs_clean, costs_gen_params),
	KUNIT_CASE(costs_stall_detector_fires),
	KUNIT_CASE(costs_perf_variants_cost_more),
	{}
};

static struct kunit_suite costs_suite = {
	.name = "ringledger_costs",
	.test_cases = costs_cases,
};

kunit_test_suite(costs_suite);
