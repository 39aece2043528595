// SPDX-License-Identifier: GPL-2.0
/*
 * rl_run.c - host runner shared by the fuzz targets and the replay tool.
 */
#include "rl_run.h"
#include "rl_explain.h"

u64 rl_run_variants_from_env(enum rl_driver driver)
{
	const char *env = getenv("RINGLEDGER_VARIANT");
	char err[128];
	u64 mask;

	if (!env || !*env)
		return 0;
	if (rl_variants_parse_drv(driver, env, &mask, err, sizeof(err))) {
		fprintf(stderr, "ringledger: RINGLEDGER_VARIANT: %s\n", err);
		exit(2);
	}
	return mask;
}

enum rl_driver rl_run_driver_from_env(void)
{
	const char *env = getenv("RINGLEDGER_DRIVER");
	int d;

	if (!env || !*env)
		return RL_DRV_AM65;
	d = rl_driver_by_name(env);
	if (d < 0) {
		fprintf(stderr, "ringledger: RINGLEDGER_DRIVER: '%s' is not am65 or stmmac\n",
			env);
		exit(2);
	}
	return d;
}

u8 rl_run_check_mode_from_env(u8 dflt)
{
	const char *env = getenv("RINGLEDGER_CHECK");
	int mode;

	if (!env || !*env)
		return dflt;
	mode = rl_check_mode_by_name(env);
	if (mode < 0) {
		fprintf(stderr, "ringledger: RINGLEDGER_CHECK: '%s' is not full, incr or dual\n",
			env);
		exit(2);
	}
	return mode;
}

static void report(void *ctx, const struct rl_finding *f)
{
	struct rl_run *r = ctx;
	char line[256], op[96], where[160];

	rl_finding_format(f, line, sizeof(line));
	rl_explain_driver_frame(r->model, where, sizeof(where));
	if (!r->findings++) {
		r->first = *f;
		r->first_op = r->op;
		snprintf(r->first_where, sizeof(r->first_where), "%s", where);
	}
	if (r->op < r->trace->n_ops)
		rl_trace_format_op(&r->trace->ops[r->op], op, sizeof(op));
	else
		snprintf(op, sizeof(op), "remove + end-of-run oracle");
	if (r->abort_on_finding) {
		fprintf(stderr, "ringledger: finding at op %u (%s)%s: %s\n",
			(unsigned int)r->op + 1, op, where, line);
		abort();
	}
	if (r->verbose || r->findings <= 8)
		printf("  FINDING op %u (%s)%s: %s\n", (unsigned int)r->op + 1, op,
		       where, line);
}

struct run_ctx {
	struct rl_run *r;
	struct rl_explain e;
};

static void before_op(void *ctx, struct rl_world *w, u32 i,
		      const struct rl_op *op)
{
	struct run_ctx *c = ctx;
	struct rl_run *r = c->r;
	char text[96];

	r->op = i;
	if (r->verbose) {
		if (op)
			rl_trace_format_op(op, text, sizeof(text));
		printf("%4u %s%s%s\n", (unsigned int)i + 1,
		       op ? text : "remove + end-of-run oracle",
		       w->wait_now ? "   <- at " : "",
		       w->wait_now ? rl_wait_point_name(w->wait_now - 1) : "");
		rl_explain_begin(&c->e);
	}
	if (r->before_op)
		r->before_op(r, w, op);
}

static void after_op(void *ctx, struct rl_world *w, u32 i, u64 digest)
{
	struct run_ctx *c = ctx;

	if (c->r->verbose)
		rl_explain_moves(&c->e);
}

bool rl_run_trace(struct rl_run *r, const struct rl_trace *t)
{
	struct rl_model_cfg mcfg;
	struct run_ctx c = { .r = r };
	struct rl_trace_hooks h = {
		.before = before_op, .after = after_op, .ctx = &c,
		.digest_steps = r->digest_steps, .no_digest = r->no_digest,
	};
	struct rl_model *m;
	struct rl_world w;

	r->trace = t;
	r->op = 0;
	r->findings = 0;
	rl_trace_model_cfg(t, &mcfg);
	m = rl_model_create(&mcfg);
	r->model = m;
	if (!m) {
		fprintf(stderr, "ringledger: cannot create the model\n");
		exit(2);
	}
	m->check_mode = r->check_mode;
	rl_ledger_set_report(m->ledger, report, r);
	if (r->verbose && !rl_explain_init(&c.e, m)) {
		fprintf(stderr, "ringledger: out of memory\n");
		exit(2);
	}
	if (rl_world_init_trace(&w, m, t)) {
		fprintf(stderr, "ringledger: the driver refused the configuration\n");
		rl_model_destroy(m);
		exit(2);
	}
	r->digest = rl_trace_run(&w, t, &h);
	if (r->verbose)
		rl_explain_fini(&c.e);
	rl_model_destroy(m);
	return r->findings == 0;
}
