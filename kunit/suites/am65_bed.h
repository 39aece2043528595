/* SPDX-License-Identifier: GPL-2.0 */
/*
 * am65_bed.h - the KUnit side of a driver run: rl_world (fuzz/trace/) over
 * a per-case model whose findings fail the case, torn down automatically.
 */
#ifndef RL_AM65_BED_H
#define RL_AM65_BED_H

#include "rl_test_util.h"
#include "rl_world.h"

struct am65_bed {
	struct rl_test_ctx *ctx;
	struct rl_world w;
	struct rl_model *m;			/* w.m */
	struct am65_cpsw_common *common;	/* w.common */
	/* rl_sc_at_wait(): one action at the nth visit of a wait point */
	enum rl_wait_point at_wp;
	u32 at_skip;
	void (*at_fn)(struct am65_bed *b);
};

/* Probe the driver over a fresh model; NULL @cfg: rl_am65_default_cfg. */
struct am65_bed *am65_bed_start(struct kunit *test,
				const struct rl_am65_cfg *cfg);
void am65_bed_check(struct am65_bed *b);
/* Close every socket and port, remove: the end-of-run oracle. */
bool am65_bed_finish(struct am65_bed *b);

/*
 * The operations are the world's (rl_world.h), each one step with its
 * global check: rl_world_open(&b->w, 0), rl_world_settle(&b->w), ...
 */

#endif /* RL_AM65_BED_H */
