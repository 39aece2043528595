/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_test_util.h - glue between the ledger and KUnit: every finding fails
 * the running case unless the case said it expects that kind of finding.
 */
#ifndef RL_TEST_UTIL_H
#define RL_TEST_UTIL_H

#include <kunit/test.h>
#include "model.h"
#include "dma.h"

struct rl_test_ctx {
	struct kunit *test;
	struct rl_model *m;
	u32 allowed;			/* BIT(kind) of findings expected */
	u32 seen[RL_F_NR];		/* findings of each kind so far */
	struct rl_finding last;		/* the most recent finding */
};

/*
 * A model with @cfg (NULL: default sizes) whose findings fail the test;
 * destroyed automatically when the case ends.
 */
struct rl_test_ctx *rl_test_start(struct kunit *test,
				  const struct rl_model_cfg *cfg);
/* From here on, findings of @kind are counted instead of failing. */
void rl_test_allow(struct rl_test_ctx *ctx, enum rl_finding_kind kind);
/* Every finding fails the case again. */
void rl_test_allow_none(struct rl_test_ctx *ctx);
/* Global check after a step: every predicate must hold. */
void rl_test_check(struct rl_test_ctx *ctx);
/* End of a correct-use case: check + final oracle must be clean. */
void rl_test_finish(struct rl_test_ctx *ctx);

/*
 * The DMA table's part of every footprint naming RL_DMA_FOOTPRINT's cells
 * (proofs/footprints.h; assumption A5): of the struct only the live count
 * and the slot stack's top may change (the mapping table, the stack and
 * the ledger's DMA entries, which the footprint also names, lie outside
 * it); the stack's bad_put flag is the incremental check's bookkeeping,
 * left out of every footprint.  @live_in false leaves the live count
 * out, which a map or an unmap must break.
 */
/*
 * A page_pool of @size pages on model @m for a case (page_pool_create):
 * mapping its pages in direction @dir when @dma_map; the case fails at
 * once if it cannot be made.
 */
struct rl_page_pool *rl_test_page_pool(struct kunit *test, struct rl_model *m,
				       u32 size, bool dma_map, enum rl_dma_dir dir);

bool rl_test_dma_kept(const struct rl_dma *before, const struct rl_dma *after,
		      bool live_in);

/*
 * Perform @stmt, a deliberate misuse, and require at least one finding of
 * @kind from it; any other finding still fails the case.
 */
#define RL_EXPECT_FINDING(ctx, kind, stmt)				\
	do {								\
		u32 __before = (ctx)->seen[kind];			\
		u32 __mask = (ctx)->allowed;				\
		rl_test_allow(ctx, kind);				\
		stmt;							\
		(ctx)->allowed = __mask;				\
		KUNIT_EXPECT_GT_MSG((ctx)->test, (ctx)->seen[kind], __before, \
				    "no %s finding from: %s",		\
				    rl_finding_kind_name(kind), #stmt);	\
	} while (0)

#endif /* RL_TEST_UTIL_H */
