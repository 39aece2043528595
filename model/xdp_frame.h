/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xdp_frame.h - xdp_frames (net/core/xdp.c): xdp_buff -> xdp_frame
 * conversion (a zero-copy buffer is copied into a new page and freed, as
 * xdp_convert_zc_to_xdp_frame does) and the return of a frame by its
 * memory type.
 */
#ifndef RL_XDP_FRAME_H
#define RL_XDP_FRAME_H

#include "xdp_rxq.h"
#include "slots.h"

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

struct rl_frames *rl_frames_create(struct rl_model *m, u32 nr);
void rl_frames_destroy(struct rl_frames *f);
bool rl_frames_is_valid(const struct rl_frames *f);
/* The same from what moved since the last check (rl_slots_is_valid_since). */
bool rl_frames_is_valid_since(const struct rl_frames *f);

/* xdp_convert_buff_to_frame(): NULL when it cannot; buffer kept then. */
/*@ ensures page_kept_or_taken: xdp->page == \null ||
  @   xdp->page == \old(xdp->page);
  @ ensures ghost_kept: rl_g_pages_put == \old(rl_g_pages_put);
  @ ensures new_frame: \result == \null || (\valid(\result) &&
  @   \valid(\result->page) && \separated(\result, xdp));
  @ ensures frame_took_page: \result != \null ==> xdp->page == \null;
  @*/
struct rl_xdp_frame *rl_xdp_convert_buff_to_frame(struct rl_model *m,
						  struct rl_xdp_buff *xdp);
/* xdp_return_frame() / xdp_return_frame_rx_napi() by the driver */
void rl_xdp_return_frame(struct rl_model *m, struct rl_xdp_frame *frame);
/*
 * Proof view (A5, read against the code and run by KUnit's
 * xdp_return_stays_in_footprint): the frame, its slot and its page's
 * hand-back (RL_XDP_RETURN_FOOTPRINT), nothing of the driver's memory.
 */
/*@ requires \valid(m) && \valid(frame) && \valid(frame->page);
  @ assigns RL_XDP_RETURN_FOOTPRINT(m, frame);
  @*/
void rl_xdp_return_frame_rx_napi(struct rl_model *m,
				 struct rl_xdp_frame *frame);
/* ndo_xdp_xmit input: a frame over a fresh page, owned by the caller. */
struct rl_xdp_frame *rl_xdp_frame_alloc_test(struct rl_model *m, u32 len);

/* The xdp_frame with ledger id @id (drivers keep ids in swdata). */
struct rl_xdp_frame *rl_xdp_frame_by_id(struct rl_model *m, u32 id);


/*
 * __xdp_return() of frame @fr held by @from (the driver, or a redirect
 * target flushing): the page goes back by memory type, the slot is freed.
 */
void rl_xdp_frame_return_from(struct rl_model *m, struct rl_xdp_frame *fr,
			      u32 from);

#endif /* RL_XDP_FRAME_H */
