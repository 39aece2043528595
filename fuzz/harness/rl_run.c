// SPDX-License-Identifier: GPL-2.0
/*
 * rl_run.c - host runner shared by the fuzz targets and the replay tool.
 */
#include "rl_run.h"

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
	char line[256], op[96];

	if (!r->findings++) {
		r->first = *f;
		r->first_op = r->op;
	}
	rl_finding_format(f, line, sizeof(line));
	if (r->op < r->trace->n_ops)
		rl_trace_format_op(&r->trace->ops[r->op], op, sizeof(op));
	else
		snprintf(op, sizeof(op), "remove + end-of-run oracle");
	if (r->abort_on_finding) {
		fprintf(stderr, "ringledger: finding at op %u (%s): %s\n",
			(unsigned int)r->op + 1, op, line);
		abort();
	}
	if (r->verbose || r->findings <= 8)
		printf("  FINDING op %u (%s): %s\n", (unsigned int)r->op + 1, op,
		       line);
}

static void print_deltas(const struct rl_ledger *l,
			 u32 before[RL_OBJ_NR][RL_OWN_NR])
{
	int c, k;
	bool any = false;

	for (c = 0; c < RL_OBJ_NR; c++)
		for (k = 1; k < RL_OWN_NR; k++) {
			s32 d = (s32)(l->count[c][k] - before[c][k]);

			if (!d)
				continue;
			printf("%s %s:%s%+d", any ? "," : "  |",
			       rl_obj_class_name(c), rl_owner_kind_name(k), d);
			any = true;
		}
	printf("\n");
}

bool rl_run_trace(struct rl_run *r, const struct rl_trace *t)
{
	struct rl_model_cfg mcfg;
	struct rl_model *m;
	struct rl_world w;
	u32 before[RL_OBJ_NR][RL_OWN_NR];
	char op[96];

	r->trace = t;
	r->op = 0;
	r->findings = 0;
	r->digest = RL_TRACE_DIGEST_SEED;
	rl_trace_model_cfg(t, &mcfg);
	m = rl_model_create(&mcfg);
	if (!m) {
		fprintf(stderr, "ringledger: cannot create the model\n");
		exit(2);
	}
	rl_ledger_set_report(m->ledger, report, r);
	if (rl_world_init(&w, m, &t->cfg)) {
		fprintf(stderr, "ringledger: the driver refused the configuration\n");
		rl_model_destroy(m);
		exit(2);
	}
	for (r->op = 0; r->op < t->n_ops; r->op++) {
		if (r->verbose)
			memcpy(before, m->ledger->count, sizeof(before));
		if (r->before_op)
			r->before_op(r, &w, &t->ops[r->op]);
		rl_trace_apply(&w, &t->ops[r->op]);
		/* same trace, same digests: host, UML and arm64 alike */
		if (r->digest_steps)
			r->digest = rl_trace_digest_fold(r->digest,
							 rl_model_digest(m));
		if (r->verbose) {
			rl_trace_format_op(&t->ops[r->op], op, sizeof(op));
			printf("%4u %-32s", (unsigned int)r->op + 1, op);
			print_deltas(m->ledger, before);
		}
	}
	if (r->before_op)
		r->before_op(r, &w, NULL);
	rl_world_finish(&w);
	r->digest = rl_trace_digest_fold(r->digest, rl_model_digest(m));
	rl_model_destroy(m);
	return r->findings == 0;
}
