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
};

/* Probe the driver over a fresh model; NULL @cfg: rl_am65_default_cfg. */
struct am65_bed *am65_bed_start(struct kunit *test,
				const struct rl_am65_cfg *cfg);
void am65_bed_check(struct am65_bed *b);
/* Close every socket and port, remove: the end-of-run oracle. */
bool am65_bed_finish(struct am65_bed *b);

int am65_bed_open(struct am65_bed *b, u32 port);
int am65_bed_stop(struct am65_bed *b, u32 port);
u32 am65_bed_rx(struct am65_bed *b, u32 flow, u32 port, u32 n, u32 len);
int am65_bed_poll_rx(struct am65_bed *b, u32 flow, int budget);
int am65_bed_poll_tx(struct am65_bed *b, u32 chn, int budget);
u32 am65_bed_tx_complete(struct am65_bed *b, u32 chn, u32 k);
void am65_bed_settle(struct am65_bed *b);
int am65_bed_xmit(struct am65_bed *b, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum);
int am65_bed_xdp_xmit(struct am65_bed *b, u32 port, u32 n);
/* Program cycling through @verdicts (n = 0: detach); REDIRECT: devmap. */
int am65_bed_attach(struct am65_bed *b, u32 port, const u8 *verdicts, u32 n);
/* Same, with XDP_REDIRECT going to the AF_XDP socket of @qid. */
int am65_bed_attach_xsk(struct am65_bed *b, u32 port, const u8 *verdicts,
			u32 n, u32 qid);
int am65_bed_xsk_bind(struct am65_bed *b, u32 port, u32 qid);
int am65_bed_xsk_unbind(struct am65_bed *b, u32 qid);
void am65_bed_xsk_close(struct am65_bed *b, u32 qid);
u32 am65_bed_xsk_fill(struct am65_bed *b, u32 qid, u32 n);
u32 am65_bed_xsk_consume(struct am65_bed *b, u32 qid, u32 n);
u32 am65_bed_xsk_submit(struct am65_bed *b, u32 qid, u32 n, u32 len);
u32 am65_bed_xsk_reap(struct am65_bed *b, u32 qid, u32 n);
int am65_bed_xsk_wakeup(struct am65_bed *b, u32 qid, u32 flags);

#endif /* RL_AM65_BED_H */
