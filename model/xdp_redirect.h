/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xdp_redirect.h - XDP_REDIRECT (net/core/filter.c, kernel/bpf/devmap.c,
 * net/xdp/xsk.c): redirect targets - a devmap bulk queue, an xskmap
 * socket - that hold what was redirected until xdp_do_flush(), and the
 * core's check that a NAPI poll flushed (xdp_do_check_flushed).
 */
#ifndef RL_XDP_REDIRECT_H
#define RL_XDP_REDIRECT_H

#include "xdp_frame.h"
#include "bpf_prog.h"

struct rl_redirect_target {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	struct rl_xsk_pool *xsk;	/* non-NULL: an XSK socket (xskmap) */
	u32 cap;			/* devmap bulk queue size */
	u32 count;
	u32 q[RL_PROG_MAX_VERDICTS];	/* queued frame ids */
};

struct rl_redirect_target *rl_redirect_target_create(struct rl_model *m,
						     u32 cap,
						     struct rl_xsk_pool *xsk);
void rl_redirect_target_destroy(struct rl_redirect_target *t);
/* The bpf_redirect_map target of @prog, NULL when gone or none. */
struct rl_redirect_target *rl_xdp_prog_target(struct rl_model *m,
					      const struct rl_bpf_prog *prog);
/* xsk_generic_rcv(): skb-mode XDP copies @len bytes into the socket. */
int rl_xsk_generic_rcv(struct rl_redirect_target *t, u32 len, u32 tag);
bool rl_redirect_target_is_valid(const struct rl_redirect_target *t);
/*
 * xdp_do_redirect(): 0 when the buffer left the driver, negative errno
 * when the driver still owns it and must free it.
 */
/*@ ensures page_kept_or_taken: xdp->page == \null ||
  @   xdp->page == \old(xdp->page);
  @ ensures ghost_kept: rl_g_pages_put == \old(rl_g_pages_put);
  @*/
int rl_xdp_do_redirect(struct rl_model *m, struct rl_xdp_buff *xdp,
		       struct rl_bpf_prog *prog);
/* xdp_do_flush() for one target: queued frames sent and returned. */
u32 rl_redirect_flush(struct rl_redirect_target *t);
/* xdp_do_flush(): every redirect target's bulk queue, every socket. */
void rl_xdp_do_flush(struct rl_model *m);
/* Frames redirected and not flushed yet (bulk queues, socket RX rings). */
u32 rl_xdp_flush_pending(const struct rl_model *m);
/*
 * xdp_do_check_flushed() (net/core/filter.c, 9a675ba55a96, under
 * CONFIG_DEBUG_NET): after NAPI @napi_id's poll, nothing may wait on the
 * flush lists.  Reports RL_F_XDP and flushes; true when clean.
 */
bool rl_xdp_check_flushed(struct rl_model *m, u32 napi_id);

#endif /* RL_XDP_REDIRECT_H */
