/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xdp.h - the XDP core a driver calls (net/core/xdp.c, net/core/filter.c):
 * rxq info registration and memory models, xdp_buff -> xdp_frame
 * conversion (a zero-copy buffer is copied into a new page and freed, as
 * xdp_convert_zc_to_xdp_frame does), frame return by memory type, a BPF
 * program stand-in with data-driven verdicts, and redirect targets that
 * queue frames and give them back on flush.
 */
#ifndef RL_XDP_H
#define RL_XDP_H

#include "model.h"
#include "page.h"
#include "page_pool.h"
#include "xsk_pool.h"
#include "slots.h"

/* enum xdp_action values; anything else is an invalid verdict */
/*
 * For the proofs: a ghost count of the RX pages the driver handed back
 * (rl_am65_cpsw_put_page); Frama-C only, gcc and the kernel see comments.
 * The model's own functions never touch it.
 */
/*@ ghost extern unsigned long long rl_g_pages_put; */

#define RL_XDP_ABORTED	0
#define RL_XDP_DROP	1
#define RL_XDP_PASS	2
#define RL_XDP_TX	3
#define RL_XDP_REDIRECT	4

#define RL_PROG_MAX_VERDICTS	16

enum rl_mem_type {
	RL_MEM_PAGE_SHARED,	/* MEM_TYPE_PAGE_SHARED */
	RL_MEM_PAGE_ORDER0,	/* MEM_TYPE_PAGE_ORDER0 */
	RL_MEM_PAGE_POOL,	/* MEM_TYPE_PAGE_POOL */
	RL_MEM_XSK_BUFF_POOL,	/* MEM_TYPE_XSK_BUFF_POOL */
};

enum rl_rxq_state {
	RL_RXQ_NEW,		/* never registered */
	RL_RXQ_REGISTERED,	/* REG_STATE_REGISTERED */
	RL_RXQ_UNREGISTERED,	/* REG_STATE_UNREGISTERED */
};

struct rl_xdp_rxq_info {
	struct rl_model *m;
	enum rl_rxq_state state;
	u32 port;
	u32 queue_index;
	u32 napi_id;
	bool has_mem_model;
	enum rl_mem_type mem_type;
	struct rl_page_pool *pp;	/* MEM_TYPE_PAGE_POOL allocator */
};

/* struct xdp_buff: either a page (page_pool mode) or an XSK buffer. */
struct rl_xdp_buff {
	struct rl_xdp_rxq_info *rxq;
	struct rl_page *page;
	struct rl_xsk_buff *xsk;
	u32 len;
	u32 tag;
};

struct rl_xdp_frame {
	u32 id;			/* ledger id, RL_OBJ_FRAME */
	enum rl_mem_type mem_type;
	struct rl_page *page;
	u32 len;
	u32 tag;
};

struct rl_frames {
	struct rl_model *m;
	struct rl_slots slots;	/* slot i is frame[i] */
	struct rl_xdp_frame *frame;
};

struct rl_redirect_target {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	struct rl_xsk_pool *xsk;	/* non-NULL: an XSK socket (xskmap) */
	u32 cap;			/* devmap bulk queue size */
	u32 count;
	u32 q[RL_PROG_MAX_VERDICTS];	/* queued frame ids */
};

struct rl_bpf_prog {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	u32 refcnt;
	u8 verdict[RL_PROG_MAX_VERDICTS];
	u32 nr;
	u32 pos;
	/*
	 * bpf_redirect_map target, by id: when the map entry goes away (the
	 * socket closed, the device went), redirects fail instead of
	 * reaching a freed object.
	 */
	bool has_target;
	u32 target_id;
};

struct rl_frames *rl_frames_create(struct rl_model *m, u32 nr);
void rl_frames_destroy(struct rl_frames *f);
bool rl_frames_is_valid(const struct rl_frames *f);

/* xdp_rxq_info_reg() / _unreg() / _is_reg() / _reg_mem_model() */
int rl_xdp_rxq_info_reg(struct rl_model *m, struct rl_xdp_rxq_info *rxq,
			u32 port, u32 queue_index, u32 napi_id);
void rl_xdp_rxq_info_unreg(struct rl_xdp_rxq_info *rxq);
bool rl_xdp_rxq_info_is_reg(const struct rl_xdp_rxq_info *rxq);
int rl_xdp_rxq_info_reg_mem_model(struct rl_xdp_rxq_info *rxq,
				  enum rl_mem_type type,
				  struct rl_page_pool *pp);
bool rl_xdp_rxq_info_is_valid(const struct rl_xdp_rxq_info *rxq);

/* xdp_convert_buff_to_frame(): NULL when it cannot; buffer kept then. */
/*@ ensures page_kept_or_taken: xdp->page == \null ||
  @   xdp->page == \old(xdp->page);
  @ ensures ghost_kept: rl_g_pages_put == \old(rl_g_pages_put);
  @ ensures new_frame: \result == \null || \separated(\result, xdp);
  @*/
struct rl_xdp_frame *rl_xdp_convert_buff_to_frame(struct rl_model *m,
						  struct rl_xdp_buff *xdp);
/* xdp_return_frame() / xdp_return_frame_rx_napi() by the driver */
void rl_xdp_return_frame(struct rl_model *m, struct rl_xdp_frame *frame);
/*@ ensures ghost_kept: rl_g_pages_put == \old(rl_g_pages_put); */
void rl_xdp_return_frame_rx_napi(struct rl_model *m,
				 struct rl_xdp_frame *frame);
/* ndo_xdp_xmit input: a frame over a fresh page, owned by the caller. */
struct rl_xdp_frame *rl_xdp_frame_alloc_test(struct rl_model *m, u32 len);

/* Program stand-in: verdicts cycle through @verdict[0..nr-1]. */
struct rl_bpf_prog *rl_bpf_prog_create(struct rl_model *m, const u8 *verdict,
				       u32 nr,
				       struct rl_redirect_target *target);
void rl_bpf_prog_add(struct rl_bpf_prog *prog, u32 n);
void rl_bpf_prog_put(struct rl_bpf_prog *prog);
bool rl_bpf_prog_is_valid(const struct rl_bpf_prog *prog);
/* bpf_prog_run_xdp(): the next verdict of the pattern */
u32 rl_bpf_prog_run_xdp(struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp);

struct rl_redirect_target *rl_redirect_target_create(struct rl_model *m,
						     u32 cap,
						     struct rl_xsk_pool *xsk);
void rl_redirect_target_destroy(struct rl_redirect_target *t);
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
/* The xdp_frame with ledger id @id (drivers keep ids in swdata). */
struct rl_xdp_frame *rl_xdp_frame_by_id(struct rl_model *m, u32 id);

#endif /* RL_XDP_H */
