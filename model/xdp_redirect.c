// SPDX-License-Identifier: GPL-2.0
/*
 * xdp_redirect.c - redirect targets (devmap bulk queue, xskmap), the
 * flush and the core's after-poll check of the flush lists.
 */
#include "xdp_redirect.h"

#define DRIVER	RL_OWNER(RL_OWN_DRIVER, 0)

static bool target_valid(const struct rl_obj_hdr *h)
{
	return rl_redirect_target_is_valid(container_of(h, const struct rl_redirect_target, hdr));
}

static u32 target_held(const struct rl_obj_hdr *h)
{
	return container_of(h, const struct rl_redirect_target, hdr)->count;
}

static const struct rl_obj_ops target_ops = {
	.kind = RL_REG_REDIRECT,
	.name = "rl_redirect_target_is_valid",
	.cls = RL_OBJ_FRAME,
	.is_valid = target_valid,
	.held = target_held,
	.held_cls = RL_OBJ_FRAME,
	.held_kind = RL_OWN_REDIRECT,
};

struct rl_redirect_target *rl_redirect_target_create(struct rl_model *m,
						     u32 cap,
						     struct rl_xsk_pool *xsk)
{
	struct rl_redirect_target *t;
	int id;

	if (!cap || cap > RL_PROG_MAX_VERDICTS)
		return NULL;
	t = rl_zalloc(sizeof(*t));
	if (!t)
		return NULL;
	id = rl_model_register(m, &t->hdr, &target_ops);
	if (id < 0) {
		rl_free(t);
		return NULL;
	}
	t->hdr.id = (u32)id;
	t->m = m;
	t->cap = cap;
	t->xsk = xsk;
	return t;
}

void rl_redirect_target_destroy(struct rl_redirect_target *t)
{
	u32 i;

	/*
	 * Only xdp_do_flush() empties a bulk queue; frames still queued when
	 * the device goes away are never sent nor returned.
	 */
	for (i = 0; i < t->count; i++)
		rl_ledger_expect(t->m->ledger, RL_OBJ_FRAME, t->q[i],
				 RL_OWNER(RL_OWN_NONE, 0), RL_F_LEAK,
				 "xdp_frame left in a devmap bulk queue when its device went away");
	rl_redirect_flush(t);
	rl_model_unregister(t->m, &t->hdr);
	rl_free(t);
}

/*
 * Each queued frame is owned by this target, and queued once.  That no
 * other frame names this target as its owner follows from the model-wide
 * conservation in rl_model_check() (frames the ledger gives to redirect
 * targets == what the targets hold), so it is not counted here.
 */
bool rl_redirect_target_is_valid(const struct rl_redirect_target *t)
{
	const struct rl_ledger *l = t->m->ledger;
	u32 i, j;

	if (t->count > t->cap)
		return false;
	for (i = 0; i < t->count; i++) {
		if (rl_ledger_owner(l, RL_OBJ_FRAME, t->q[i]) !=
		    RL_OWNER(RL_OWN_REDIRECT, t->hdr.id))
			return false;
		for (j = 0; j < i; j++)
			if (t->q[j] == t->q[i])
				return false;
	}
	return true;
}

static int redirect_xsk(struct rl_model *m, struct rl_redirect_target *t,
			struct rl_xdp_buff *xdp)
{
	struct rl_xsk_buff *copy;
	struct rl_page_pool *pp;

	if (xdp->xsk) {
		if (xdp->xsk->pool != t->xsk)
			return -EINVAL;
		xdp->xsk->len = xdp->len;
		return rl_xsk_rcv_zc(xdp->xsk);
	}
	/* copy mode (__xsk_rcv): data copied into a UMEM frame, buffer freed */
	copy = rl_xsk_buff_alloc(t->xsk);
	if (!copy)
		return -ENOSPC;
	copy->len = xdp->len;
	copy->tag = xdp->tag;
	rl_cost_add(m, RL_COST_COPY_BYTES, xdp->len);
	if (rl_xsk_rcv_zc(copy)) {
		rl_xsk_buff_free(copy);
		return -ENOSPC;
	}
	pp = rl_page_pool_of(m, xdp->page);
	if (pp)
		rl_page_pool_put_page_from(pp, xdp->page, DRIVER);
	else
		rl_page_free(m, xdp->page, DRIVER);
	xdp->page = NULL;
	return 0;
}

static struct rl_redirect_target *target_by_id(struct rl_model *m, u32 id)
{
	u32 i;

	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_redirect_target *t = m->reg[RL_REG_REDIRECT][i];

		if (t && t->hdr.id == id)
			return t;
	}
	return NULL;
}

struct rl_redirect_target *rl_xdp_prog_target(struct rl_model *m,
					      const struct rl_bpf_prog *prog)
{
	return prog && prog->has_target ? target_by_id(m, prog->target_id) :
					  NULL;
}

/*
 * xsk_generic_rcv(): skb-mode XDP redirects @len bytes into a UMEM frame
 * from the fill ring (__xsk_rcv copies) and flushes at once; the caller
 * frees the skb either way.
 */
int rl_xsk_generic_rcv(struct rl_redirect_target *t, u32 len, u32 tag)
{
	struct rl_xsk_buff *copy;

	if (!t->xsk)
		return -EINVAL;
	copy = rl_xsk_buff_alloc(t->xsk);
	if (!copy)
		return -ENOSPC;
	copy->len = len;
	copy->tag = tag;
	rl_cost_add(t->m, RL_COST_COPY_BYTES, len);
	if (rl_xsk_rcv_zc(copy)) {
		rl_xsk_buff_free(copy);
		return -ENOSPC;
	}
	rl_xsk_flush(t->xsk);
	return 0;
}

int rl_xdp_do_redirect(struct rl_model *m, struct rl_xdp_buff *xdp,
		       struct rl_bpf_prog *prog)
{
	struct rl_redirect_target *t;
	struct rl_xdp_frame *fr;

	t = prog && prog->has_target ? target_by_id(m, prog->target_id) : NULL;
	if (!t)
		return -EINVAL;
	if (t->xsk)
		return redirect_xsk(m, t, xdp);
	/* bq_enqueue(): a full bulk queue is flushed before queueing */
	if (t->count == t->cap)
		rl_redirect_flush(t);
	fr = rl_xdp_convert_buff_to_frame(m, xdp);
	if (!fr)
		return -EOVERFLOW;
	rl_ledger_set(m->ledger, RL_OBJ_FRAME, fr->id,
		      RL_OWNER(RL_OWN_REDIRECT, t->hdr.id));
	t->q[t->count++] = fr->id;
	return 0;
}

u32 rl_redirect_flush(struct rl_redirect_target *t)
{
	struct rl_frames *f = t->m->frames;
	u32 i, n = t->count;

	for (i = 0; i < n; i++)
		rl_xdp_frame_return_from(t->m, &f->frame[t->q[i] - f->slots.base],
				  RL_OWNER(RL_OWN_REDIRECT, t->hdr.id));
	t->count = 0;
	return n;
}

/*
 * The flush lists are per CPU in the kernel (bpf_net_context); the model
 * keeps one: NAPI polls run one at a time, and each is checked when it
 * returns (rl_xdp_check_flushed).
 */
void rl_xdp_do_flush(struct rl_model *m)
{
	u32 i;

	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_xsk_pool *xsk = m->reg[RL_REG_XSK_POOL][i];

		if (m->reg[RL_REG_REDIRECT][i])
			rl_redirect_flush(m->reg[RL_REG_REDIRECT][i]);
		if (xsk)
			rl_xsk_flush(xsk);
	}
}

u32 rl_xdp_flush_pending(const struct rl_model *m)
{
	const struct rl_redirect_target *t;
	u32 i, n = 0;

	for (i = 0; i < RL_MAX_REG; i++) {
		const struct rl_xsk_pool *xsk = m->reg[RL_REG_XSK_POOL][i];

		t = m->reg[RL_REG_REDIRECT][i];
		if (t)
			n += t->count;
		if (xsk && rl_xsk_flush_pending(xsk))
			n += xsk->rx.cached_prod - xsk->rx.prod;
	}
	return n;
}

bool rl_xdp_check_flushed(struct rl_model *m, u32 napi_id)
{
	u32 left = rl_xdp_flush_pending(m);

	if (!left)
		return true;
	rl_ledger_report_count(m->ledger, RL_F_XDP, RL_OBJ_FRAME, napi_id, 0,
			       left,
			       "xdp_do_check_flushed: NAPI poll returned with redirected frames never flushed (missing xdp_do_flush)");
	/* the kernel flushes the lists, then warns */
	rl_xdp_do_flush(m);
	return false;
}
