/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_crash.h - run a trace in a child process and turn its death into a
 * finding of kind CRASH: a sanitizer report (ASan, UBSan, LSan), a signal
 * or a hang, at the operation that was running.  On hardware that is an
 * oops (KASAN report, NULL dereference, soft lockup) in that operation.
 * Host only: the fuzzers see the same crashes as engine crashes.
 */
#ifndef RL_CRASH_H
#define RL_CRASH_H

#include "rl_run.h"

/* Seconds a trace may run before it counts as a hang. */
#define RL_CRASH_TIMEOUT	60

struct rl_crash {
	bool crashed;
	u32 op;			/* operation running, 0-based; n_ops: the end */
	u32 step;		/* ledger step at that moment */
	char op_text[96];	/* that operation, as text */
	char line[640];		/* the finding: "step S: CRASH op#N: ..." */
};

/*
 * Run @t as rl_run_trace(@r, @t) does, in a child.  The child's stdout
 * goes where ours goes; its stderr is collected and copied to ours after
 * it ends.  @r's findings, first finding and digest come back when the
 * child finished; @c says whether and where it crashed instead.  Returns
 * false when the child could not be started.
 */
bool rl_crash_run(struct rl_run *r, const struct rl_trace *t,
		  struct rl_crash *c);

#endif /* RL_CRASH_H */
