// SPDX-License-Identifier: GPL-2.0
/*
 * rl_test_util.c - ledger report hook for KUnit and per-case model setup.
 */
#include "rl_test_util.h"
#include "dma.h"
#include "page_pool.h"

/*
 * The per-step check mode of every model a case starts: full in-kernel;
 * on the host RINGLEDGER_CHECK (full, incr, dual) so that every case also
 * runs with the fuzzers' incremental check (make host-check).
 */
static u8 test_check_mode(struct kunit *test)
{
	const char *env = rl_host_getenv("RINGLEDGER_CHECK");
	int mode = env ? rl_check_mode_by_name(env) : RL_CHECK_FULL;

	if (mode >= 0)
		return mode;
	KUNIT_FAIL(test, "RINGLEDGER_CHECK: '%s' is not full, incr or dual", env);
	return RL_CHECK_FULL;
}

static void test_report(void *data, const struct rl_finding *f)
{
	struct rl_test_ctx *ctx = data;
	char line[256];

	ctx->seen[f->kind]++;
	ctx->last = *f;
	if (ctx->allowed & BIT(f->kind))
		return;
	rl_finding_format(f, line, sizeof(line));
	KUNIT_FAIL(ctx->test, "ringledger finding: %s", line);
}

static int ctx_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

static void ctx_free(struct kunit_resource *res)
{
	struct rl_test_ctx *ctx = res->data;

	rl_model_destroy(ctx->m);
}

struct rl_test_ctx *rl_test_start(struct kunit *test,
				  const struct rl_model_cfg *cfg)
{
	struct rl_test_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	struct rl_model_cfg def;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	if (!cfg) {
		rl_model_default_cfg(&def);
		cfg = &def;
	}
	ctx->test = test;
	ctx->m = rl_model_create(cfg);
	KUNIT_ASSERT_NOT_NULL(test, ctx->m);
	ctx->m->check_mode = test_check_mode(test);
	rl_ledger_set_report(ctx->m->ledger, test_report, ctx);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, ctx_init,
							 ctx_free, GFP_KERNEL,
							 ctx));
	return ctx;
}

void rl_test_allow(struct rl_test_ctx *ctx, enum rl_finding_kind kind)
{
	ctx->allowed |= BIT(kind);
}

void rl_test_allow_none(struct rl_test_ctx *ctx)
{
	ctx->allowed = 0;
}

void rl_test_check(struct rl_test_ctx *ctx)
{
	KUNIT_EXPECT_TRUE(ctx->test, rl_model_check(ctx->m));
}

void rl_test_finish(struct rl_test_ctx *ctx)
{
	rl_test_check(ctx);
	KUNIT_EXPECT_TRUE(ctx->test, rl_model_final_check(ctx->m));
}

struct rl_page_pool *rl_test_page_pool(struct kunit *test, struct rl_model *m,
				       u32 size, bool dma_map, enum rl_dma_dir dir)
{
	struct rl_page_pool_params p = {
		.pool_size = size, .dma_map = dma_map,
		.dma_dir = dir,
	};
	struct rl_page_pool *pp = rl_page_pool_create(m, &p);

	KUNIT_ASSERT_NOT_NULL(test, pp);
	return pp;
}

bool rl_test_dma_kept(const struct rl_dma *before, const struct rl_dma *after,
		      bool live_in)
{
	struct rl_dma d;

	/* copied bytewise: padding included, as memcmp reads it */
	memcpy(&d, before, sizeof(d));
	if (live_in)
		d.live = after->live;
	d.slots.free_top = after->slots.free_top;
	d.slots.bad_put = after->slots.bad_put;
	return !memcmp(&d, after, sizeof(d));
}
