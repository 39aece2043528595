// SPDX-License-Identifier: GPL-2.0
/*
 * xdp.c - XDP core model: rxq info (net/core/xdp.c xdp_rxq_info_*),
 * frames (xdp_convert_buff_to_frame, xdp_return_frame), BPF program
 * stand-in and redirect targets (devmap bulk queue, xskmap).
 */
#include "xdp.h"
#include "poison.h"

#define DRIVER	RL_OWNER(RL_OWN_DRIVER, 0)

/* A free xdp_frame is poisoned but for its ledger id (as a free skb). */
static u8 *frame_body(struct rl_xdp_frame *fr)
{
	return (u8 *)fr + offsetof(struct rl_xdp_frame, mem_type);
}

#define FRAME_BODY_LEN	(sizeof(struct rl_xdp_frame) - \
			 offsetof(struct rl_xdp_frame, mem_type))

int rl_xdp_rxq_info_reg(struct rl_model *m, struct rl_xdp_rxq_info *rxq,
			u32 port, u32 queue_index, u32 napi_id)
{
	rxq->m = m;
	if (rxq->state == RL_RXQ_REGISTERED) {
		/* __xdp_rxq_info_reg: "Missing unregister, handled but fix driver" */
		rl_ledger_report_count(m->ledger, RL_F_XDP, RL_OBJ_PAGE, port,
				       RL_RXQ_UNREGISTERED, rxq->state,
				       "xdp_rxq_info_reg: missing unregister");
		rl_xdp_rxq_info_unreg(rxq);
	}
	rxq->state = RL_RXQ_REGISTERED;
	rxq->port = port;
	rxq->queue_index = queue_index;
	rxq->napi_id = napi_id;
	rxq->has_mem_model = false;
	rxq->pp = NULL;
	return 0;
}

void rl_xdp_rxq_info_unreg(struct rl_xdp_rxq_info *rxq)
{
	if (rxq->state != RL_RXQ_REGISTERED) {
		if (rxq->m)
			rl_ledger_report_count(rxq->m->ledger, RL_F_XDP,
					       RL_OBJ_PAGE, rxq->port,
					       RL_RXQ_REGISTERED, rxq->state,
					       "xdp_rxq_info_unreg: not registered (Driver BUG)");
		return;
	}
	/* xdp_unreg_mem_model() disconnects the page_pool: one user less */
	if (rxq->has_mem_model && rxq->mem_type == RL_MEM_PAGE_POOL && rxq->pp)
		rl_page_pool_destroy(rxq->pp);
	rxq->has_mem_model = false;
	rxq->pp = NULL;
	rxq->state = RL_RXQ_UNREGISTERED;
}

bool rl_xdp_rxq_info_is_reg(const struct rl_xdp_rxq_info *rxq)
{
	return rxq->state == RL_RXQ_REGISTERED;
}

int rl_xdp_rxq_info_reg_mem_model(struct rl_xdp_rxq_info *rxq,
				  enum rl_mem_type type,
				  struct rl_page_pool *pp)
{
	if (rxq->state != RL_RXQ_REGISTERED) {
		if (rxq->m)
			rl_ledger_report_count(rxq->m->ledger, RL_F_XDP,
					       RL_OBJ_PAGE, rxq->port,
					       RL_RXQ_REGISTERED, rxq->state,
					       "xdp_rxq_info_reg_mem_model: Missing register, driver bug");
		return -EFAULT;
	}
	if (type == RL_MEM_PAGE_POOL) {
		if (!pp)
			return -EINVAL;
		rl_page_pool_get_user(pp);	/* page_pool_use_xdp_mem() */
	}
	rxq->has_mem_model = true;
	rxq->mem_type = type;
	rxq->pp = type == RL_MEM_PAGE_POOL ? pp : NULL;
	return 0;
}

bool rl_xdp_rxq_info_is_valid(const struct rl_xdp_rxq_info *rxq)
{
	if (rxq->has_mem_model && rxq->state != RL_RXQ_REGISTERED)
		return false;
	return !(rxq->has_mem_model && rxq->mem_type == RL_MEM_PAGE_POOL) ||
	       rxq->pp;
}

struct rl_frames *rl_frames_create(struct rl_model *m, u32 nr)
{
	struct rl_frames *f = rl_zalloc(sizeof(*f));
	u32 i;

	if (!f)
		return NULL;
	f->m = m;
	f->frame = rl_zalloc((nr + 1) * sizeof(*f->frame));
	if (!f->frame || !rl_slots_init(&f->slots, m->ledger, RL_OBJ_FRAME, nr)) {
		rl_frames_destroy(f);
		return NULL;
	}
	for (i = 0; i < nr; i++) {
		f->frame[i].id = f->slots.base + i;
		rl_poison_free(frame_body(&f->frame[i]), FRAME_BODY_LEN);
	}
	return f;
}

void rl_frames_destroy(struct rl_frames *f)
{
	if (!f)
		return;
	if (f->frame)
		rl_asan_unpoison(f->frame, (f->slots.nr + 1) * sizeof(*f->frame));
	rl_free(f->frame);
	rl_slots_fini(&f->slots);
	rl_free(f);
}

bool rl_frames_is_valid(const struct rl_frames *f)
{
	const struct rl_ledger *l = f->m->ledger;
	u32 i;

	if (!rl_slots_is_valid(&f->slots, l))
		return false;
	/* a live frame owns its page */
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

static struct rl_xdp_frame *frame_get(struct rl_model *m)
{
	struct rl_xdp_frame *fr;
	u32 idx;

	if (!rl_slots_get(&m->frames->slots, m->ledger, DRIVER, &idx))
		return NULL;
	fr = &m->frames->frame[idx];
	if (!rl_poison_take(frame_body(fr), FRAME_BODY_LEN))
		rl_ledger_report_count(m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_FRAME, fr->id, RL_POISON_FREE, 0,
				       "freed xdp_frame written after free (poison overwritten)");
	fr->page = NULL;
	return fr;
}

static void frame_put_slot(struct rl_model *m, struct rl_xdp_frame *fr)
{
	rl_slots_put(&m->frames->slots, fr->id - m->frames->slots.base);
	rl_poison_free(frame_body(fr), FRAME_BODY_LEN);
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
static void frame_return_from(struct rl_model *m, struct rl_xdp_frame *fr,
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
	frame_return_from(m, frame, DRIVER);
}

void rl_xdp_return_frame_rx_napi(struct rl_model *m,
				 struct rl_xdp_frame *frame)
{
	frame_return_from(m, frame, DRIVER);
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

struct rl_bpf_prog *rl_bpf_prog_create(struct rl_model *m, const u8 *verdict,
				       u32 nr,
				       struct rl_redirect_target *target)
{
	struct rl_bpf_prog *prog;
	int id;

	if (nr > RL_PROG_MAX_VERDICTS)
		return NULL;
	prog = rl_zalloc(sizeof(*prog));
	if (!prog)
		return NULL;
	id = rl_model_register(m, RL_REG_PROG, prog);
	if (id < 0) {
		rl_free(prog);
		return NULL;
	}
	prog->hdr.id = (u32)id;
	prog->m = m;
	prog->refcnt = 1;
	prog->nr = nr;
	memcpy(prog->verdict, verdict, nr);
	prog->has_target = target;
	prog->target_id = target ? target->hdr.id : 0;
	return prog;
}

void rl_bpf_prog_add(struct rl_bpf_prog *prog, u32 n)
{
	prog->refcnt += n;
}

void rl_bpf_prog_put(struct rl_bpf_prog *prog)
{
	if (!prog->refcnt) {
		rl_ledger_report_count(prog->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_FRAME, prog->hdr.id, 1, 0,
				       "bpf_prog_put on a freed program");
		return;
	}
	if (!--prog->refcnt)
		prog->hdr.zombie = true;
}

bool rl_bpf_prog_is_valid(const struct rl_bpf_prog *prog)
{
	/* a freed program is a zombie with no reference left */
	return prog->nr <= RL_PROG_MAX_VERDICTS &&
	       prog->hdr.zombie == !prog->refcnt;
}

u32 rl_bpf_prog_run_xdp(struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp)
{
	if (!prog->refcnt)
		rl_ledger_report_count(prog->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_FRAME, prog->hdr.id, 1, 0,
				       "bpf_prog_run_xdp on a freed program");
	if (!prog->nr)
		return RL_XDP_PASS;
	return prog->verdict[prog->pos++ % prog->nr];
}

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
	id = rl_model_register(m, RL_REG_REDIRECT, t);
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
	rl_model_unregister(t->m, RL_REG_REDIRECT, t);
	rl_free(t);
}

bool rl_redirect_target_is_valid(const struct rl_redirect_target *t)
{
	const struct rl_ledger *l = t->m->ledger;
	u32 i;

	if (t->count > t->cap)
		return false;
	for (i = 0; i < t->count; i++)
		if (rl_ledger_owner(l, RL_OBJ_FRAME, t->q[i]) !=
		    RL_OWNER(RL_OWN_REDIRECT, t->hdr.id))
			return false;
	return rl_ledger_count_owner(l, RL_OBJ_FRAME, t->m->frames->slots.base,
				     t->m->frames->slots.nr,
				     RL_OWNER(RL_OWN_REDIRECT, t->hdr.id)) ==
	       t->count;
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
		frame_return_from(t->m, &f->frame[t->q[i] - f->slots.base],
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
