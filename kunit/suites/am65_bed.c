// SPDX-License-Identifier: GPL-2.0
/*
 * am65_bed.c - KUnit wrappers over rl_world: the model is the test's, the
 * world is torn down when the case ends, whatever happened.
 */
#include "am65_bed.h"

static int bed_init(struct kunit_resource *res, void *context)
{
	res->data = context;
	return 0;
}

/* Runs before the model is destroyed (resources free in reverse order). */
static void bed_free(struct kunit_resource *res)
{
	struct am65_bed *b = res->data;

	if (b->w.common)
		rl_world_teardown(&b->w);
}

struct am65_bed *am65_bed_start(struct kunit *test,
				const struct rl_am65_cfg *cfg)
{
	struct am65_bed *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct rl_am65_cfg def;
	struct rl_model_cfg mcfg;

	KUNIT_ASSERT_NOT_NULL(test, b);
	if (!cfg) {
		rl_am65_default_cfg(&def);
		cfg = &def;
	}
	rl_model_default_cfg(&mcfg);
	rl_world_model_cfg(cfg, &mcfg);
	b->ctx = rl_test_start(test, &mcfg);
	KUNIT_ASSERT_EQ(test, rl_world_init(&b->w, b->ctx->m, cfg), 0);
	b->m = b->w.m;
	b->common = b->w.common;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, bed_init,
							 bed_free, GFP_KERNEL,
							 b));
	return b;
}

void am65_bed_check(struct am65_bed *b)
{
	rl_world_check(&b->w);
}

bool am65_bed_finish(struct am65_bed *b)
{
	return rl_world_finish(&b->w);
}
