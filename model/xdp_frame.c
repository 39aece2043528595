// SPDX-License-Identifier: GPL-2.0
/*
 * xdp_frame.c - xdp_frames: conversion from a buffer, return by memory
 * type (net/core/xdp.c xdp_convert_buff_to_frame, __xdp_return).
 */
#include "xdp_frame.h"
#include "poison.h"

#define DRIVER	RL_OWNER(RL_OWN_DRIVER, 0)

struct rl_frames *rl_frames_create(struct rl_model *m, u32 nr)
{
	struct rl_frames *f = rl_zalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->m = m;
	/* a free xdp_frame is poisoned but for its ledger id (as a free skb) */
	f->frame = rl_slots_init(&f->slots, m->ledger, RL_OBJ_FRAME, nr,
				 sizeof(*f->frame), offsetof(struct rl_xdp_frame, id),
				 offsetof(struct rl_xdp_frame, mem_type));
	if (!f->frame) {
		rl_free(f);
		return NULL;
	}
	return f;
}

void rl_frames_destroy(struct rl_frames *f)
{
	if (!f)
		return;
	rl_slots_fini(&f->slots);
	rl_free(f);
}

/* A live frame owns its page. */
static bool frames_pages_owned(const struct rl_frames *f)
{
	const struct rl_ledger *l = f->m->ledger;
	u32 i;

	/* no frame alive (the common case between operations) */
	if (rl_slots_none_taken(&f->slots, l))
		return true;
	for (i = 0; i < f->slots.nr; i++) {
		const struct rl_xdp_frame *fr = &f->frame[i];

		if (RL_OWNER_KIND(rl_ledger_owner(l, RL_OBJ_FRAME, fr->id)) !=
		    RL_OWN_NONE && fr->page &&
		    rl_ledger_owner(l, RL_OBJ_PAGE, fr->page->id) !=
		    RL_OWNER(RL_OWN_FRAME, fr->id))
			return false;
	}
	return true;
}

bool rl_frames_is_valid(const struct rl_frames *f)
{
	return rl_slots_is_valid(&f->slots, f->m->ledger) &&
	       frames_pages_owned(f);
}

bool rl_frames_is_valid_since(const struct rl_frames *f)
{
	return rl_slots_is_valid_since(&f->slots, f->m->ledger) &&
	       frames_pages_owned(f);
}

static struct rl_xdp_frame *frame_get(struct rl_model *m)
{
	struct rl_xdp_frame *fr = rl_slots_get_obj(&m->frames->slots, m->ledger,
						   DRIVER);

	if (fr)
		fr->page = NULL;
	return fr;
}

static void frame_put_slot(struct rl_model *m, struct rl_xdp_frame *fr)
{
	rl_slots_put_obj(&m->frames->slots, fr);
}

struct rl_xdp_frame *rl_xdp_convert_buff_to_frame(struct rl_model *m,
						  struct rl_xdp_buff *xdp)
{
	struct rl_xdp_frame *fr = frame_get(m);
	struct rl_page *page = xdp->page;

	if (!fr)
		return NULL;
	if (xdp->xsk) {
		/* xdp_convert_zc_to_xdp_frame(): copy out, free the XSK buffer */
		page = rl_page_alloc(m);
		if (!page) {
			rl_ledger_set(m->ledger, RL_OBJ_FRAME, fr->id,
				      RL_OWNER(RL_OWN_NONE, 0));
			frame_put_slot(m, fr);
			return NULL;
		}
		page->tag = xdp->tag;
		page->len = xdp->len;
		rl_cost_add(m, RL_COST_COPY_BYTES, xdp->len);
		rl_xsk_buff_free(xdp->xsk);
		xdp->xsk = NULL;
		fr->mem_type = RL_MEM_PAGE_ORDER0;
	} else {
		fr->mem_type = xdp->rxq && xdp->rxq->has_mem_model ?
			       xdp->rxq->mem_type : RL_MEM_PAGE_SHARED;
	}
	rl_ledger_move(m->ledger, RL_OBJ_PAGE, page->id, DRIVER,
		       RL_OWNER(RL_OWN_FRAME, fr->id), RL_F_OWNER,
		       "xdp_convert_buff_to_frame: page not held by the driver");
	fr->page = page;
	fr->len = xdp->len;
	fr->tag = xdp->tag;
	xdp->page = NULL;
	return fr;
}

/* __xdp_return(): give the page back according to the memory type. */
void rl_xdp_frame_return_from(struct rl_model *m, struct rl_xdp_frame *fr,
			      u32 from)
{
	u32 own = rl_ledger_owner(m->ledger, RL_OBJ_FRAME, fr->id);
	struct rl_page_pool *pp;

	if (!rl_ledger_move(m->ledger, RL_OBJ_FRAME, fr->id, from,
			    RL_OWNER(RL_OWN_NONE, 0),
			    RL_OWNER_KIND(own) == RL_OWN_NONE ?
			    RL_F_DOUBLE_FREE : RL_F_OWNER,
			    "xdp_return_frame: frame not held by the caller"))
		return;
	pp = fr->mem_type == RL_MEM_PAGE_POOL ? rl_page_pool_of(m, fr->page) :
	     NULL;
	if (pp)
		rl_page_pool_put_page_from(pp, fr->page,
					   RL_OWNER(RL_OWN_FRAME, fr->id));
	else
		rl_page_free(m, fr->page, RL_OWNER(RL_OWN_FRAME, fr->id));
	fr->page = NULL;
	frame_put_slot(m, fr);
}

void rl_xdp_return_frame(struct rl_model *m, struct rl_xdp_frame *frame)
{
	rl_xdp_frame_return_from(m, frame, DRIVER);
}

void rl_xdp_return_frame_rx_napi(struct rl_model *m,
				 struct rl_xdp_frame *frame)
{
	rl_xdp_frame_return_from(m, frame, DRIVER);
}

struct rl_xdp_frame *rl_xdp_frame_alloc_test(struct rl_model *m, u32 len)
{
	struct rl_xdp_buff xdp = { .len = len };
	struct rl_xdp_frame *fr;

	xdp.page = rl_page_alloc_nofault(m);
	if (!xdp.page)
		return NULL;
	fr = rl_xdp_convert_buff_to_frame(m, &xdp);
	if (!fr)
		rl_page_free(m, xdp.page, DRIVER);
	return fr;
}

struct rl_xdp_frame *rl_xdp_frame_by_id(struct rl_model *m, u32 id)
{
	struct rl_frames *f = m->frames;

	if (rl_model_poison_used(m, RL_OBJ_FRAME, id,
				 "xdp_frame pointer read from freed memory"))
		return NULL;
	if (id < f->slots.base || id >= f->slots.base + f->slots.nr)
		return NULL;
	return &f->frame[id - f->slots.base];
}
