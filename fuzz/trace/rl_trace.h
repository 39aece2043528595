/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_trace.h - one trace format for every run: a probe configuration and
 * a sequence of operations.  Three forms, converted losslessly:
 *  - text: "config ..." then one operation per line, '#' comments;
 *    "stop 0 {" opens the operations that run at stop's waits, "}"
 *    closes them (also on one line: "stop 0 { hw_step 1 ; rx 0 0 1 64 }");
 *  - fuzz bytes: decoded deterministically (a small FuzzedDataProvider);
 *  - struct rl_trace in memory, which rl_trace_apply() runs on a world.
 * Kernel-compatible C: the same traces replay in-kernel.
 */
#ifndef RL_TRACE_H
#define RL_TRACE_H

#include "rl_world.h"

#define RL_TRACE_MAX_OPS	512
#define RL_TRACE_MAX_ARGS	5
#define RL_TRACE_CFG_BYTES	10	/* am65's configuration in fuzz bytes */
#define RL_TRACE_CFG_BYTES_STMMAC 5
#define RL_TRACE_ERR_LEN	160

enum rl_op_code {
	RL_OP_OPEN, RL_OP_STOP, RL_OP_LINK, RL_OP_RX, RL_OP_POLL_RX,
	RL_OP_POLL_TX, RL_OP_TX_COMPLETE, RL_OP_XMIT, RL_OP_XDP_XMIT,
	RL_OP_ATTACH, RL_OP_DETACH, RL_OP_XSK_BIND, RL_OP_XSK_UNBIND,
	RL_OP_XSK_CLOSE, RL_OP_XSK_FILL, RL_OP_XSK_CONSUME, RL_OP_XSK_SUBMIT,
	RL_OP_XSK_REAP, RL_OP_XSK_WAKEUP, RL_OP_TDOWN, RL_OP_HW_STEP,
	RL_OP_FLUSH, RL_OP_FAULT, RL_OP_STACK_RELEASE, RL_OP_SETTLE, RL_OP_TIMER,
	RL_OP_NR
};

struct rl_op {
	u8 code;
	/*
	 * Runs inside the closest earlier operation that is not nested: at
	 * its driver waits, one nested operation per wait, in order; what no
	 * wait consumed runs after it.  Text "op {" ... "}", bytes bit 0x80.
	 */
	bool nested;
	/*
	 * A nested operation may wait for one kind of wait point: 0 takes
	 * the next wait whatever it is, else RL_WAIT_* + 1, and then the
	 * at_nth-th wait of that kind (1-8) - the waits before it pass with
	 * nothing nested, and so do the operations after it.  Text
	 * "@napi_disable:3 xmit ...", bytes bit 0x40 and a byte (kind in
	 * bits 0-2, at_nth - 1 in bits 3-5).
	 */
	u8 at_wait;
	u8 at_nth;
	u16 arg[RL_TRACE_MAX_ARGS];
};

/* The text names of the wait points a nested operation can wait for. */
extern const char * const rl_trace_wait_names[RL_WAIT_NR];

struct rl_trace {
	/*
	 * The driver the trace runs ("config driver=stmmac"; am65 when the
	 * line does not say), and its configuration: cfg for am65 (with
	 * cfg.variants from "variant" lines), stmmac for stmmac.
	 */
	u8 driver;
	struct rl_am65_cfg cfg;
	struct rl_stmmac_cfg stmmac;
	bool has_expect;
	enum rl_finding_kind expect;	/* "expect KIND": the finding due */
	/* "xdp_mode skb", "xsk_mode copy": rl_world_skbmode.c (text only) */
	bool xdp_skb;
	bool xsk_copy;
	u32 n_ops;
	struct rl_op ops[RL_TRACE_MAX_OPS];
};

/* Default configuration of a trace with no "config" line. */
void rl_trace_init(struct rl_trace *t);
/*
 * Fuzz bytes -> trace for @driver (the fuzz target's: bytes do not name
 * it); never fails (missing bytes read as zero).  rl_trace_from_bytes:
 * am65.
 */
void rl_trace_from_bytes_drv(struct rl_trace *t, enum rl_driver driver,
			     const u8 *data, size_t size);
void rl_trace_from_bytes(struct rl_trace *t, const u8 *data, size_t size);
/* The driver named @name ("am65", "stmmac"), or -1. */
int rl_driver_by_name(const char *name);
extern const char * const rl_driver_names[RL_DRV_NR];
/*
 * Probe the trace's driver with its configuration over @m (made with
 * rl_trace_model_cfg); non-zero when the driver refuses it.
 */
int rl_world_init_trace(struct rl_world *w, struct rl_model *m,
			const struct rl_trace *t);
/*
 * Trace -> fuzz bytes that decode to the same trace.  Returns the length,
 * or -1 with @err set when the trace holds what bytes cannot say (a
 * configuration outside the fuzzing ranges, a variant).
 */
int rl_trace_to_bytes(const struct rl_trace *t, u8 *buf, size_t cap,
		      char *err, size_t errlen);
/*
 * Text -> trace.  On error returns -1 and writes one line
 * "FILE:LINE:COL: expected ..." into @err.
 */
int rl_trace_parse(struct rl_trace *t, const char *text, size_t len,
		   const char *file, char *err, size_t errlen);
/* Trace -> text; returns the length written (NUL terminated, truncated). */
int rl_trace_format(const struct rl_trace *t, char *buf, size_t cap);
int rl_trace_format_op(const struct rl_op *op, char *buf, size_t cap);
/* Run one operation on @w (probed with t->cfg). */
void rl_trace_apply(struct rl_world *w, const struct rl_op *op);

/* What a caller of rl_trace_run() sees of the run; any hook may be NULL. */
struct rl_trace_hooks {
	/* before operation @i (0-based); @op NULL: before remove + oracle */
	void (*before)(void *ctx, struct rl_world *w, u32 i,
		       const struct rl_op *op);
	/* after operation @i; @digest is the run's digest so far */
	void (*after)(void *ctx, struct rl_world *w, u32 i, u64 digest);
	void *ctx;
	bool digest_steps;	/* fold the digest after every operation */
	bool no_digest;		/* the caller needs no digest (fuzz targets) */
};

/*
 * The one replay loop (host replay, fuzz targets, in-kernel trace cases):
 * every operation of @t on @w (probed with t->cfg), then remove and the
 * end-of-run oracle.  Returns the run's digest: the model digest folded
 * after each operation (with digest_steps) and after the end.
 */
u64 rl_trace_run(struct rl_world *w, const struct rl_trace *t,
		 const struct rl_trace_hooks *h);
/* Model capacities for the trace's configuration. */
void rl_trace_model_cfg(const struct rl_trace *t, struct rl_model_cfg *mcfg);
/*
 * Digest of a run: the model digest of each step folded in (FNV-1a
 * constants).  The host replay and the in-kernel trace cases use the same
 * fold, so their digests compare step by step.
 */
#define RL_TRACE_DIGEST_SEED	0xcbf29ce484222325ULL
static inline u64 rl_trace_digest_fold(u64 digest, u64 step)
{
	return digest * 0x100000001b3ULL ^ step;
}
/* Finding kind by its printed name, or -1. */
int rl_finding_kind_by_name(const char *name);
/*
 * "name,name,..." or "patched" -> the variant mask of @driver's catalogue
 * in @mask; on an unknown or missing name returns -1 with one line in
 * @err.
 */
int rl_variants_parse_drv(enum rl_driver driver, const char *list, u64 *mask,
			  char *err, size_t errlen);
/* @driver's variant or profile @name as a mask, 0 when unknown. */
u64 rl_variant_mask_drv(enum rl_driver driver, const char *name);
/* The catalogue of @driver and its size. */
const struct rl_variant_info *rl_variant_table(enum rl_driver driver, u32 *n);

/* The variants a trace's run puts back (its driver's configuration). */
static inline u64 rl_trace_variants(const struct rl_trace *t)
{
	return t->driver == RL_DRV_STMMAC ? t->stmmac.variants :
					    t->cfg.variants;
}

static inline void rl_trace_set_variants(struct rl_trace *t, u64 mask)
{
	if (t->driver == RL_DRV_STMMAC)
		t->stmmac.variants = mask;
	else
		t->cfg.variants = mask;
}

/* The performance variants a trace's run puts back ("perf" lines). */
static inline u32 rl_trace_perf(const struct rl_trace *t)
{
	return t->driver == RL_DRV_STMMAC ? t->stmmac.perf : t->cfg.perf;
}

static inline void rl_trace_set_perf(struct rl_trace *t, u32 mask)
{
	if (t->driver == RL_DRV_STMMAC)
		t->stmmac.perf = mask;
	else
		t->cfg.perf = mask;
}

/* The performance-variant catalogue of @driver and its size; by name. */
const struct rl_variant_info *rl_perf_table(enum rl_driver driver, u32 *n);
int rl_perf_by_name_drv(enum rl_driver driver, const char *name);

#endif /* RL_TRACE_H */
