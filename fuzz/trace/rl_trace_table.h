/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_trace_table.h - the operation table shared by the byte and text
 * forms of a trace (internal to fuzz/trace/).
 */
#ifndef RL_TRACE_TABLE_H
#define RL_TRACE_TABLE_H

#include "rl_trace.h"

enum rl_arg_kind {
	RL_A_NUM,	/* 0..max */
	RL_A_LEN,	/* 0..max, two bytes */
	RL_A_PORT,	/* < ports */
	RL_A_FLOW,	/* < rx_flows */
	RL_A_CHAN,	/* < tx_chans (queues too) */
	RL_A_CPU,	/* < nr_cpus */
	RL_A_UPDOWN,	/* "up" / "down" */
	RL_A_VERDICTS,	/* 1-3 letters of adptrx */
	RL_A_TARGET,	/* "devmap" or "xskN" */
	RL_A_MODE,	/* "now" / "after" / "never" */
	RL_A_SITE,	/* fault site name */
	RL_A_FLAGS,	/* "rx" / "tx" / "rxtx" */
};

struct rl_arg_info {
	u8 kind;
	u16 max;
	const char *what;
};

struct rl_op_info {
	const char *name;
	u8 nargs;
	struct rl_arg_info args[RL_TRACE_MAX_ARGS];
};

extern const struct rl_op_info rl_op_table[RL_OP_NR];

/* Largest value an argument may take in trace @t (its driver's config). */
u32 rl_arg_max(const struct rl_trace *t, const struct rl_arg_info *a);
/* Verdict letters packed in an argument -> XDP actions; returns count. */
u32 rl_verdicts_unpack(u16 v, u8 *out);

#endif /* RL_TRACE_TABLE_H */
