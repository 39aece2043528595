/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_explain.h - what a step did, for people: the objects it moved (with
 * every ring and pool named the first time it appears), and the driver
 * function a finding came from.  Host only (fuzz targets, replay).
 */
#ifndef RL_EXPLAIN_H
#define RL_EXPLAIN_H

#include "rl_trace.h"

struct rl_explain {
	struct rl_model *m;
	u32 *before[RL_OBJ_NR];	/* owners when the step began */
	u8 named[RL_REG_NR][64];	/* rings, pools... already explained */
};

/* Snapshot buffers sized to @m; false when out of memory. */
bool rl_explain_init(struct rl_explain *e, struct rl_model *m);
void rl_explain_fini(struct rl_explain *e);
/* Remember every owner before the step. */
void rl_explain_begin(struct rl_explain *e);
/* Print, indented, each group of objects the step moved. */
void rl_explain_moves(struct rl_explain *e);
/*
 * " in FUNC (FILE:LINE)" of the first driver/ frame on the stack (the
 * driver code that made the call being reported) - else of the driver
 * callback the core is checking (m->blame_fn) -, or "" when there is
 * none or no symbolizer (a build without a sanitizer runtime).
 */
void rl_explain_driver_frame(const struct rl_model *m, char *buf, size_t len);

#endif /* RL_EXPLAIN_H */
