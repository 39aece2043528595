// SPDX-License-Identifier: GPL-2.0
/*
 * skb.c - sk_buff model.  Freeing an skb returns its pages: to their
 * page_pool when marked for recycle (skb_pp_recycle), else with put_page -
 * which, for a page_pool page, leaves the pool's inflight count up for good
 * (the "missing skb_mark_for_recycle" leak).
 */
#include "skb.h"
#include "page_pool.h"
#include "xsk_pool.h"
#include "poison.h"

#define SKB_DRIVER	RL_OWNER(RL_OWN_DRIVER, 0)

struct rl_skbs *rl_skbs_create(struct rl_model *m, u32 nr)
{
	struct rl_skbs *s = rl_zalloc(sizeof(*s));

	if (!s)
		return NULL;
	s->m = m;
	/*
	 * What the skb's user owns is poisoned while it is free (SLUB poison
	 * of the skbuff_head_cache object): all but the ledger id, which the
	 * model itself reads to tell a double free from a free.
	 */
	s->skb = rl_slots_init(&s->slots, m->ledger, RL_OBJ_SKB, nr,
			       sizeof(*s->skb), offsetof(struct rl_sk_buff, id),
			       offsetof(struct rl_sk_buff, len));
	if (!s->skb) {
		rl_free(s);
		return NULL;
	}
	return s;
}

void rl_skbs_destroy(struct rl_skbs *s)
{
	if (!s)
		return;
	rl_slots_fini(&s->slots);
	rl_free(s);
}

/* Every page a live skb points at is owned by that skb. */
static bool skbs_pages_owned(const struct rl_skbs *s)
{
	const struct rl_ledger *l = s->m->ledger;
	u32 i;

	/* no skb alive (the common case between operations): nothing to see */
	if (rl_slots_none_taken(&s->slots, l))
		return true;
	for (i = 0; i < s->slots.nr; i++) {
		const struct rl_sk_buff *skb = &s->skb[i];
		u32 f;

		if (RL_OWNER_KIND(rl_ledger_owner(l, RL_OBJ_SKB, skb->id)) ==
		    RL_OWN_NONE)
			continue;
		if (skb->head &&
		    rl_ledger_owner(l, RL_OBJ_PAGE, skb->head->id) !=
		    RL_OWNER(RL_OWN_SKB, skb->id))
			return false;
		for (f = 0; f < skb->nr_frags; f++)
			if (rl_ledger_owner(l, RL_OBJ_PAGE, skb->frags[f]->id) !=
			    RL_OWNER(RL_OWN_SKB, skb->id))
				return false;
	}
	return true;
}

bool rl_skbs_is_valid(const struct rl_skbs *s)
{
	const struct rl_ledger *l = s->m->ledger;

	if (s->stack_count > RL_STACK_DEPTH ||
	    !rl_slots_is_valid(&s->slots, l))
		return false;
	if (rl_ledger_count_owner(l, RL_OBJ_SKB, s->slots.base, s->slots.nr,
				  RL_OWNER(RL_OWN_STACK, 0)) != s->stack_count)
		return false;
	return skbs_pages_owned(s);
}

bool rl_skbs_is_valid_since(const struct rl_skbs *s)
{
	const struct rl_ledger *l = s->m->ledger;

	if (!rl_slots_whole_class(&s->slots, l))
		return rl_skbs_is_valid(s);
	/* skbs reach the stack only as stack:0 (rl_stack_deliver) */
	if (s->stack_count > RL_STACK_DEPTH ||
	    !rl_slots_is_valid_since(&s->slots, l) ||
	    rl_ledger_count(l, RL_OBJ_SKB, RL_OWN_STACK) != s->stack_count)
		return false;
	return skbs_pages_owned(s);
}

static struct rl_sk_buff *skb_get(struct rl_model *m)
{
	struct rl_sk_buff *skb;

	if (rl_model_fault_hit(m, RL_FAULT_SKB_ALLOC))
		return NULL;
	skb = rl_slots_get_obj(&m->skbs->slots, m->ledger, SKB_DRIVER);
	if (!skb)
		return NULL;
	skb->len = 0;
	skb->tag = 0;
	skb->head = NULL;
	skb->pp_recycle = false;
	skb->ip_summed = RL_CHECKSUM_NONE;
	skb->queue_mapping = 0;
	skb->nr_frags = 0;
	skb->dev = NULL;
	skb->xsk_cq = NULL;
	return skb;
}

static bool skb_take_page(struct rl_model *m, struct rl_sk_buff *skb,
			  struct rl_page *page)
{
	return rl_ledger_move(m->ledger, RL_OBJ_PAGE, page->id, SKB_DRIVER,
			      RL_OWNER(RL_OWN_SKB, skb->id), RL_F_OWNER,
			      "skb takes a page the driver does not hold");
}

struct rl_sk_buff *rl_build_skb(struct rl_model *m, struct rl_page *page,
				u32 len)
{
	struct rl_sk_buff *skb = skb_get(m);

	if (!skb)
		return NULL;
	rl_cost_add(m, RL_COST_SKB_BUILD, 1);
	skb->len = len;
	skb->tag = page->tag;
	if (skb_take_page(m, skb, page))
		skb->head = page;
	return skb;
}

struct rl_sk_buff *rl_alloc_skb(struct rl_model *m, u32 len)
{
	struct rl_sk_buff *skb = skb_get(m);

	if (skb) {
		rl_cost_add(m, RL_COST_SKB_ALLOC, 1);
		skb->len = len;
	}
	return skb;
}

/* Work only NAPI context may do: __napi_alloc_skb, napi_consume_skb. */
static void napi_context_check(struct rl_model *m, const char *what)
{
	if (!m->napi_ctx)
		rl_ledger_report_count(m->ledger, RL_F_NAPI, RL_OBJ_SKB, 0, 1, 0,
				       what);
}

struct rl_sk_buff *rl_napi_alloc_skb(struct rl_model *m, u32 len)
{
	napi_context_check(m, "napi_alloc_skb outside NAPI context (DEBUG_NET_WARN_ON_ONCE(!in_softirq()))");
	return rl_alloc_skb(m, len);
}

void rl_skb_add_rx_frag(struct rl_model *m, struct rl_sk_buff *skb,
			struct rl_page *page, u32 len)
{
	if (skb->nr_frags >= RL_MAX_SKB_FRAGS || !skb_take_page(m, skb, page))
		return;
	skb->frags[skb->nr_frags] = page;
	skb->frag_len[skb->nr_frags++] = len;
	skb->len += len;
}

/*
 * skb_put_data(): @len bytes copied into the linear area (the length was
 * set when the skb was allocated here): only the copy is counted.
 */
void rl_eth_type_trans(struct rl_sk_buff *skb, struct rl_netdev *nd)
{
	skb->dev = nd;
}

void rl_skb_put_data(struct rl_model *m, struct rl_sk_buff *skb, u32 len)
{
	rl_cost_add(m, RL_COST_COPY_BYTES, len);
}

void rl_skb_mark_for_recycle(struct rl_sk_buff *skb)
{
	skb->pp_recycle = true;
}

struct rl_sk_buff *rl_skb_alloc_tx(struct rl_model *m, u32 len, u32 nr_frags,
				   u32 frag_len)
{
	struct rl_sk_buff *skb = rl_alloc_skb(m, len);
	u32 f;

	if (!skb)
		return NULL;
	/* the socket copied the payload from user space (tcp_sendmsg) */
	rl_cost_add(m, RL_COST_COPY_BYTES, len);
	for (f = 0; f < nr_frags && f < RL_MAX_SKB_FRAGS; f++) {
		struct rl_page *page = rl_page_alloc_nofault(m);

		if (!page)
			break;
		rl_skb_add_rx_frag(m, skb, page, frag_len);
	}
	return skb;
}

static void skb_put_page(struct rl_model *m, struct rl_sk_buff *skb,
			 struct rl_page *page)
{
	struct rl_page_pool *pp = skb->pp_recycle ? rl_page_pool_of(m, page) :
				  NULL;

	if (pp)
		rl_page_pool_put_page_from(pp, page, RL_OWNER(RL_OWN_SKB, skb->id));
	else
		rl_page_free(m, page, RL_OWNER(RL_OWN_SKB, skb->id));
}

static void skb_release(struct rl_model *m, struct rl_sk_buff *skb, u32 from)
{
	struct rl_skbs *s = m->skbs;
	u32 f;

	if (!rl_ledger_move(m->ledger, RL_OBJ_SKB, skb->id, from,
			    RL_OWNER(RL_OWN_NONE, 0),
			    RL_OWNER_KIND(rl_skb_owner(m, skb)) == RL_OWN_NONE ?
			    RL_F_DOUBLE_FREE : RL_F_OWNER,
			    "kfree_skb: skb not held by the one freeing it"))
		return;
	rl_cost_add(m, RL_COST_SKB_FREE, 1);
	if (skb->xsk_cq) {
		struct rl_xsk_pool *pool = skb->xsk_cq;

		skb->xsk_cq = NULL;
		rl_xsk_cq_submit_addr(pool, skb->xsk_frame);
	}
	if (skb->head)
		skb_put_page(m, skb, skb->head);
	for (f = 0; f < skb->nr_frags; f++)
		skb_put_page(m, skb, skb->frags[f]);
	rl_slots_put_obj(&s->slots, skb);
}

void rl_skb_free(struct rl_model *m, struct rl_sk_buff *skb)
{
	skb_release(m, skb, SKB_DRIVER);
}

void rl_napi_consume_skb(struct rl_model *m, struct rl_sk_buff *skb,
			 int budget)
{
	/* budget 0: not called from NAPI (netpoll), dev_consume_skb_any */
	if (budget)
		napi_context_check(m, "napi_consume_skb with a budget outside NAPI context (DEBUG_NET_WARN_ON_ONCE(!in_softirq()))");
	skb_release(m, skb, SKB_DRIVER);
}

void rl_netif_receive_skb(struct rl_model *m, struct rl_sk_buff *skb)
{
	struct rl_skbs *s = m->skbs;

	/* skb-mode XDP runs before the stack sees the skb (do_xdp_generic) */
	if (m->rx_hook && m->rx_hook(m->rx_hook_ctx, skb))
		return;
	if (!rl_ledger_move(m->ledger, RL_OBJ_SKB, skb->id, SKB_DRIVER,
			    RL_OWNER(RL_OWN_STACK, 0), RL_F_OWNER,
			    "napi_gro_receive: skb not held by the driver"))
		return;
	/* a full stack consumes its oldest skb to make room */
	if (s->stack_count == RL_STACK_DEPTH)
		rl_stack_release(m, 1);
	s->stack_q[(s->stack_head + s->stack_count++) % RL_STACK_DEPTH] =
		skb->id - s->slots.base;
	s->delivered++;
}

u32 rl_stack_release(struct rl_model *m, u32 n)
{
	struct rl_skbs *s = m->skbs;
	u32 done = 0;

	while (done < n && s->stack_count) {
		struct rl_sk_buff *skb = &s->skb[s->stack_q[s->stack_head]];

		s->stack_head = (s->stack_head + 1) % RL_STACK_DEPTH;
		s->stack_count--;
		skb_release(m, skb, RL_OWNER(RL_OWN_STACK, 0));
		done++;
	}
	return done;
}

u32 rl_skb_owner(struct rl_model *m, const struct rl_sk_buff *skb)
{
	return rl_ledger_owner(m->ledger, RL_OBJ_SKB, skb->id);
}

struct rl_sk_buff *rl_skb_by_id(struct rl_model *m, u32 id)
{
	struct rl_skbs *s = m->skbs;

	if (rl_model_poison_used(m, RL_OBJ_SKB, id,
				 "skb pointer read from freed memory"))
		return NULL;
	if (id < s->slots.base || id >= s->slots.base + s->slots.nr)
		return NULL;
	return &s->skb[id - s->slots.base];
}
