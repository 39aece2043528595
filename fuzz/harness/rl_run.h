/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_run.h - run a trace end to end on the host (fuzzers and replay):
 * model sized for the trace, driver probed, every operation applied with
 * the checks, then remove and the end-of-run oracle.
 */
#ifndef RL_RUN_H
#define RL_RUN_H

#include "rl_trace.h"

struct rl_run {
	const struct rl_trace *trace;
	u32 op;			/* index of the operation running */
	bool verbose;		/* print each step with its ledger deltas */
	bool abort_on_finding;	/* fuzzers: one line, then abort() */
	u32 findings;
	struct rl_finding first;
	u32 first_op;
	char first_where[160];	/* " in FUNC (FILE:LINE)" of the driver, or "" */
	struct rl_model *model;	/* of the run going on */
	bool digest_steps;	/* fold the ledger digest of every step */
	bool no_digest;		/* no digest wanted: saves a ledger walk */
	u8 check_mode;		/* enum rl_check_mode of the per-step check */
	u64 digest;		/* digest of the run (every step if asked) */
	/*
	 * Called before each operation (coverage matrix, crash watch) and,
	 * with @op NULL, before remove and the end-of-run oracle; may be NULL.
	 */
	void (*before_op)(struct rl_run *r, struct rl_world *w,
			  const struct rl_op *op);
	void *ctx;
};

/* Variant mask from RINGLEDGER_VARIANT (comma separated names); exits 2
 * with a one-line error on an unknown name.
 */
/* RINGLEDGER_VARIANT, names of @driver's catalogue (exit 2 if unknown). */
u64 rl_run_variants_from_env(enum rl_driver driver);
/* RINGLEDGER_DRIVER (am65 when unset): the driver fuzz bytes decode for. */
enum rl_driver rl_run_driver_from_env(void);
/*
 * Check mode from RINGLEDGER_CHECK (full, incr or dual), else @dflt;
 * exits 2 with a one-line error on another value.
 */
u8 rl_run_check_mode_from_env(u8 dflt);
/* Runs @t; returns true when no finding was made. */
bool rl_run_trace(struct rl_run *r, const struct rl_trace *t);

#endif /* RL_RUN_H */
