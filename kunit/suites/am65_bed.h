/* SPDX-License-Identifier: GPL-2.0 */
/*
 * am65_bed.h - a test bed for the extracted am65-cpsw data path: the
 * driver probed over a model sized for its configuration, operations the
 * way the stack and the hardware perform them, and the global check plus
 * the driver's own predicate after every operation.
 */
#ifndef RL_AM65_BED_H
#define RL_AM65_BED_H

#include "rl_test_util.h"
#include "am65_cpsw.h"

struct am65_bed {
	struct rl_test_ctx *ctx;
	struct rl_model *m;
	struct am65_cpsw_common *common;
	struct rl_redirect_target *target;	/* where XDP_REDIRECT goes */
	u32 cpu;
	/* AF_XDP sockets bound to queues: UMEM pool + its xskmap target */
	struct rl_xsk_pool *xsk[AM65_CPSW_MAX_QUEUES];
	struct rl_redirect_target *xsk_target[AM65_CPSW_MAX_QUEUES];
	u32 xsk_port[AM65_CPSW_MAX_QUEUES];
};

/* Model sized from the driver configuration (real sizes fit too). */
void am65_bed_model_cfg(const struct rl_am65_cfg *cfg,
			struct rl_model_cfg *mcfg);
/* Probe the driver over a fresh model; NULL @cfg: rl_am65_default_cfg. */
struct am65_bed *am65_bed_start(struct kunit *test,
				const struct rl_am65_cfg *cfg);
/* After each operation: global check + rl_am65_cpsw_is_valid. */
void am65_bed_check(struct am65_bed *b);
/* Close every port, remove, flush redirects: the end-of-run oracle. */
bool am65_bed_finish(struct am65_bed *b);

int am65_bed_open(struct am65_bed *b, u32 port);
int am65_bed_stop(struct am65_bed *b, u32 port);
/* @n packets of @len bytes arrive on @flow from @port; the IRQ fires. */
u32 am65_bed_rx(struct am65_bed *b, u32 flow, u32 port, u32 n, u32 len);
/* One NAPI poll of @flow; with no fault armed, the ring must stay full. */
int am65_bed_poll_rx(struct am65_bed *b, u32 flow, int budget);
int am65_bed_poll_tx(struct am65_bed *b, u32 chn, int budget);
/* The hardware sends up to @k packets of @chn; the IRQ fires. */
u32 am65_bed_tx_complete(struct am65_bed *b, u32 chn, u32 k);
/* Poll every RX flow and TX channel until nothing is left to do. */
void am65_bed_settle(struct am65_bed *b);
/* The stack sends one skb on @port/@queue; returns the ndo's result. */
int am65_bed_xmit(struct am65_bed *b, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum);
/* ndo_xdp_xmit of @n frames coming from another device. */
int am65_bed_xdp_xmit(struct am65_bed *b, u32 port, u32 n);
/* Attach a program cycling through @verdicts (NULL/0: detach). */
int am65_bed_attach(struct am65_bed *b, u32 port, const u8 *verdicts, u32 n);

/*
 * An AF_XDP socket with a UMEM of @frames frames binds to @port/@qid in
 * zero-copy mode (ndo_bpf XDP_SETUP_XSK_POOL).  The socket stays open when
 * the driver refuses; am65_bed_xsk_close() closes it.
 */
int am65_bed_xsk_bind(struct am65_bed *b, u32 port, u32 qid, u32 frames);
/* Zero copy off for @qid (the socket stays open). */
int am65_bed_xsk_unbind(struct am65_bed *b, u32 qid);
/* Close the socket: unbind if still bound, then free the pool. */
void am65_bed_xsk_close(struct am65_bed *b, u32 qid);
/* What the application does with its rings. */
u32 am65_bed_xsk_fill(struct am65_bed *b, u32 qid, u32 n);
u32 am65_bed_xsk_consume(struct am65_bed *b, u32 qid, u32 n);
u32 am65_bed_xsk_submit(struct am65_bed *b, u32 qid, u32 n, u32 len);
u32 am65_bed_xsk_reap(struct am65_bed *b, u32 qid, u32 n);
int am65_bed_xsk_wakeup(struct am65_bed *b, u32 qid, u32 flags);
/* A program whose XDP_REDIRECT goes to the socket of @qid. */
int am65_bed_attach_xsk(struct am65_bed *b, u32 port, const u8 *verdicts,
			u32 n, u32 qid);

#endif /* RL_AM65_BED_H */
