// SPDX-License-Identifier: GPL-2.0
/*
 * trace_replay_test.c - every regression trace of fuzz/regressions/ as a
 * parameterised case, generated at build time (rl_trace_gen.h, made by
 * kunit/kernel/gen-traces.sh from the trace files: adding a trace file
 * adds a case).
 *
 * Each case runs its trace twice: on the patched driver, where any finding
 * fails the case with the line the host replay prints; and with the
 * trace's variant, where the first finding must be the expected kind.
 * A trace expecting a CRASH (a sanitizer report or a signal on the host)
 * runs only on the patched driver here: in-kernel the crash is an oops.
 * Both runs log the ledger digest after every step and the first finding,
 * so kunit/kernel/compare-digests.py can show that host, UML and arm64
 * take the same steps and fail at the same place.
 */
#include "rl_test_util.h"
#include "rl_trace.h"
#include "rl_trace_gen.h"

struct replay {
	struct kunit *test;
	const char *name;
	const char *label;	/* "patched" or "variant" */
	bool fail_on_finding;
	u32 n_ops;
	u32 findings;
	struct rl_finding first;
};

static void replay_report(void *data, const struct rl_finding *f)
{
	struct replay *r = data;
	char line[256];

	if (!r->findings++)
		r->first = *f;
	if (!r->fail_on_finding)
		return;
	rl_finding_format(f, line, sizeof(line));
	KUNIT_FAIL(r->test, "ringledger finding: %s", line);
}

static void replay_step(void *ctx, struct rl_world *w, u32 i, u64 digest)
{
	struct replay *r = ctx;

	if (i < r->n_ops)
		kunit_info(r->test, "replay %s %s step %u digest %016llx",
			   r->name, r->label, i + 1, (unsigned long long)digest);
	else
		kunit_info(r->test, "replay %s %s end digest %016llx", r->name,
			   r->label, (unsigned long long)digest);
}

static void replay_run(struct replay *r, struct rl_trace *t, u64 variants)
{
	struct rl_trace_hooks h = {
		.after = replay_step, .ctx = r, .digest_steps = true,
	};
	struct rl_model_cfg mcfg;
	u64 saved = rl_trace_variants(t);
	struct rl_test_ctx *ctx;
	struct rl_world w;
	char line[256];
	int ret;

	r->n_ops = t->n_ops;
	rl_trace_model_cfg(t, &mcfg);
	ctx = rl_test_start(r->test, &mcfg);
	rl_ledger_set_report(ctx->m->ledger, replay_report, r);
	rl_trace_set_variants(t, variants);
	ret = rl_world_init_trace(&w, ctx->m, t);
	rl_trace_set_variants(t, saved);
	KUNIT_ASSERT_EQ(r->test, ret, 0);
	rl_trace_run(&w, t, &h);
	if (r->findings) {
		rl_finding_format(&r->first, line, sizeof(line));
		kunit_info(r->test, "replay %s %s first %s", r->name,
			   r->label, line);
	}
}

static void trace_desc(const struct rl_gen_trace *g, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", g->name);
}

KUNIT_ARRAY_PARAM(trace, rl_gen_traces, trace_desc);

static void trace_replays_as_on_the_host(struct kunit *test)
{
	const struct rl_gen_trace *g = test->param_value;
	struct rl_trace *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct replay *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	char err[RL_TRACE_ERR_LEN];

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_EQ_MSG(test, rl_trace_parse(t, g->text, strlen(g->text),
						 g->name, err, sizeof(err)), 0,
			    "%s", err);
	r->test = test;
	r->name = g->name;
	r->label = "patched";
	r->fail_on_finding = true;
	replay_run(r, t, 0);
	if (!rl_trace_variants(t))
		return;
	if (t->has_expect && t->expect == RL_F_CRASH) {
		kunit_info(test, "%s: expects a CRASH: variant run host-only",
			   g->name);
		return;
	}
	/* the bug put back: the finding the trace was kept for */
	memset(r, 0, sizeof(*r));
	r->test = test;
	r->name = g->name;
	r->label = "variant";
	replay_run(r, t, rl_trace_variants(t));
	KUNIT_EXPECT_GT_MSG(test, r->findings, 0U, "%s: no finding", g->name);
	if (t->has_expect && r->findings)
		KUNIT_EXPECT_EQ_MSG(test, (int)r->first.kind, (int)t->expect,
				    "%s: first finding is %s, expected %s",
				    g->name, rl_finding_kind_name(r->first.kind),
				    rl_finding_kind_name(t->expect));
}

/*
 * The rule of rl_world.h: probe is step 0, and every operation, whatever
 * it does or refuses, is exactly one step - so the finding of step N is
 * operation N's.  For each driver.
 */
static void every_op_is_one_step(struct kunit *test, enum rl_driver driver)
{
	struct rl_test_ctx *ctx;
	struct rl_model_cfg mcfg;
	struct rl_trace *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct rl_world w;
	u32 code, step;

	KUNIT_ASSERT_NOT_NULL(test, t);
	rl_trace_init(t);
	t->driver = driver;
	rl_trace_model_cfg(t, &mcfg);
	ctx = rl_test_start(test, &mcfg);
	KUNIT_ASSERT_EQ(test, rl_world_init_trace(&w, ctx->m, t), 0);
	KUNIT_EXPECT_EQ(test, ctx->m->ledger->step, 1U);
	for (code = 0; code < RL_OP_NR; code++) {
		struct rl_op op = { .code = code };

		step = ctx->m->ledger->step;
		rl_trace_apply(&w, &op);
		KUNIT_EXPECT_EQ_MSG(test, ctx->m->ledger->step, step + 1,
				    "operation %u", code);
		/* and again, where it now finds a different state */
		rl_trace_apply(&w, &op);
		KUNIT_EXPECT_EQ_MSG(test, ctx->m->ledger->step, step + 2,
				    "operation %u repeated", code);
	}
	KUNIT_EXPECT_TRUE(test, rl_world_finish(&w));
}

static void trace_every_op_is_one_step(struct kunit *test)
{
	every_op_is_one_step(test, RL_DRV_AM65);
	every_op_is_one_step(test, RL_DRV_STMMAC);
}

struct nest_order {
	u32 n;
	u32 order[16];
	bool port1_up;		/* before remove */
};

static void nest_before(void *ctx, struct rl_world *w, u32 i,
			const struct rl_op *op)
{
	struct nest_order *o = ctx;

	if (!op)
		o->port1_up = w->common->ports[1].ndev->up;
}

static void nest_after(void *ctx, struct rl_world *w, u32 i, u64 digest)
{
	struct nest_order *o = ctx;

	if (o->n < ARRAY_SIZE(o->order))
		o->order[o->n++] = i;
}

/*
 * Nested operations run at the driver's waits, one per wait, in order:
 * the default stop has six (RX teardown, two RX napi_disable, TX
 * teardown, two TX napi_disable), so of eight nested operations two are
 * left for after the stop; "open 1" at a wait (rtnl held) is refused.
 * Text and bytes keep the nesting.
 */
static void trace_nested_ops_run_at_waits(struct kunit *test)
{
	static const char text[] =
		"open 0\nstop 0 {\n\trx 0 0 1 64\n\topen 1\n"
		"\txdp_xmit 0 2\n\thw_step 0\n\thw_step 0\n\thw_step 0\n"
		"\thw_step 1\n}\nsettle { hw_step 1 ; flush }\n";
	static const u32 want[] = { 0, 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11 };
	struct rl_trace *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct rl_trace *u = kunit_kzalloc(test, sizeof(*u), GFP_KERNEL);
	char *buf = kunit_kzalloc(test, 4096, GFP_KERNEL);
	u8 *bytes = kunit_kzalloc(test, 1024, GFP_KERNEL);
	struct nest_order o = { 0 };
	struct rl_trace_hooks h = {
		.before = nest_before, .after = nest_after, .ctx = &o,
	};
	struct rl_test_ctx *ctx;
	struct rl_model_cfg mcfg;
	struct rl_world w;
	char err[RL_TRACE_ERR_LEN];
	int n;
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, u);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, bytes);
	KUNIT_ASSERT_EQ_MSG(test, rl_trace_parse(t, text, sizeof(text) - 1,
						 "nest", err, sizeof(err)), 0,
			    "%s", err);
	KUNIT_ASSERT_EQ(test, t->n_ops, 12U);
	KUNIT_EXPECT_FALSE(test, t->ops[1].nested);
	KUNIT_EXPECT_TRUE(test, t->ops[2].nested);
	KUNIT_EXPECT_TRUE(test, t->ops[11].nested);
	/* text -> text and bytes -> bytes keep every op and its nesting */
	rl_trace_format(t, buf, 4096);
	KUNIT_ASSERT_EQ(test, rl_trace_parse(u, buf, strlen(buf), "fmt", err,
					     sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(t->ops, u->ops, sizeof(t->ops)), 0);
	n = rl_trace_to_bytes(t, bytes, 1024, err, sizeof(err));
	KUNIT_ASSERT_GT(test, n, 0);
	rl_trace_from_bytes(u, bytes, n);
	KUNIT_EXPECT_EQ(test, u->n_ops, t->n_ops);
	KUNIT_EXPECT_EQ(test, memcmp(t->ops, u->ops, sizeof(t->ops)), 0);

	rl_trace_model_cfg(t, &mcfg);
	ctx = rl_test_start(test, &mcfg);
	KUNIT_ASSERT_EQ(test, rl_world_init(&w, ctx->m, &t->cfg), 0);
	rl_trace_run(&w, t, &h);
	KUNIT_EXPECT_EQ(test, o.n, t->n_ops + 1);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, o.order[i], want[i], "position %u", i);
	KUNIT_EXPECT_FALSE(test, o.port1_up);
	KUNIT_EXPECT_EQ(test, ctx->m->ledger->findings, 0U);
}

static struct kunit_case trace_replay_cases[] = {
	KUNIT_CASE_PARAM(trace_replays_as_on_the_host, trace_gen_params),
	KUNIT_CASE(trace_every_op_is_one_step),
	KUNIT_CASE(trace_nested_ops_run_at_waits),
	{}
};

static struct kunit_suite trace_replay_suite = {
	.name = "ringledger_trace_replay",
	.test_cases = trace_replay_cases,
};

kunit_test_suite(trace_replay_suite);
