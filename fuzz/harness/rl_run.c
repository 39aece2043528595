// SPDX-License-Identifier: GPL-2.0
/*
 * rl_run.c - host runner shared by the fuzz targets and the replay tool.
 */
#include "rl_run.h"
#include "rl_explain.h"

u32 rl_run_variants_from_env(void)
{
	const char *env = getenv("RINGLEDGER_VARIANT");
	char buf[256], *tok, *save = NULL;
	u32 mask = 0;

	if (!env || !*env || !strcmp(env, "patched"))
		return 0;
	snprintf(buf, sizeof(buf), "%s", env);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int v = rl_am65_variant_by_name(tok);

		if (v < 0) {
			fprintf(stderr, "ringledger: unknown variant '%s' in RINGLEDGER_VARIANT (make variants lists them)\n",
				tok);
			exit(2);
		}
		mask |= BIT(v);
	}
	return mask;
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

bool rl_run_trace(struct rl_run *r, const struct rl_trace *t)
{
	struct rl_model_cfg mcfg;
	struct rl_explain e;
	struct rl_model *m;
	struct rl_world w;
	char op[96];

	r->trace = t;
	r->op = 0;
	r->findings = 0;
	r->digest = RL_TRACE_DIGEST_SEED;
	rl_trace_model_cfg(t, &mcfg);
	m = rl_model_create(&mcfg);
	r->model = m;
	if (!m) {
		fprintf(stderr, "ringledger: cannot create the model\n");
		exit(2);
	}
	rl_ledger_set_report(m->ledger, report, r);
	if (r->verbose && !rl_explain_init(&e, m)) {
		fprintf(stderr, "ringledger: out of memory\n");
		exit(2);
	}
	if (rl_world_init(&w, m, &t->cfg)) {
		fprintf(stderr, "ringledger: the driver refused the configuration\n");
		rl_model_destroy(m);
		exit(2);
	}
	for (r->op = 0; r->op < t->n_ops; r->op++) {
		if (r->verbose) {
			rl_trace_format_op(&t->ops[r->op], op, sizeof(op));
			printf("%4u %s\n", (unsigned int)r->op + 1, op);
			rl_explain_begin(&e);
		}
		if (r->before_op)
			r->before_op(r, &w, &t->ops[r->op]);
		rl_trace_apply(&w, &t->ops[r->op]);
		/* same trace, same digests: host, UML and arm64 alike */
		if (r->digest_steps)
			r->digest = rl_trace_digest_fold(r->digest,
							 rl_model_digest(m));
		if (r->verbose)
			rl_explain_moves(&e);
	}
	if (r->verbose) {
		printf("%4u remove + end-of-run oracle\n", (unsigned int)r->op + 1);
		rl_explain_begin(&e);
	}
	if (r->before_op)
		r->before_op(r, &w, NULL);
	rl_world_finish(&w);
	if (r->verbose) {
		rl_explain_moves(&e);
		rl_explain_fini(&e);
	}
	r->digest = rl_trace_digest_fold(r->digest, rl_model_digest(m));
	rl_model_destroy(m);
	return r->findings == 0;
}
