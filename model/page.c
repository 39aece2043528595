// SPDX-License-Identifier: GPL-2.0
/*
 * page.c - page allocator model: a fixed table of pages handed out LIFO
 * (deterministic), each page's owner kept in the ledger.
 */
#include "page.h"
#include "poison.h"

struct rl_pages *rl_pages_create(struct rl_model *m, u32 nr)
{
	struct rl_pages *p = rl_zalloc(sizeof(*p));

	if (!p)
		return NULL;
	p->m = m;
	p->page = rl_slots_init(&p->slots, m->ledger, RL_OBJ_PAGE, nr,
				sizeof(*p->page), offsetof(struct rl_page, id),
				RL_SLOTS_NONE);
	if (!p->page) {
		rl_free(p);
		return NULL;
	}
	return p;
}

void rl_pages_destroy(struct rl_pages *p)
{
	if (!p)
		return;
	rl_slots_fini(&p->slots);
	rl_free(p);
}

bool rl_pages_is_valid(const struct rl_pages *p)
{
	return rl_slots_is_valid(&p->slots, p->m->ledger);
}

bool rl_pages_is_valid_since(const struct rl_pages *p)
{
	return rl_slots_is_valid_since(&p->slots, p->m->ledger);
}

struct rl_page *rl_page_alloc_nofault(struct rl_model *m)
{
	struct rl_page *page;
	u32 idx;

	if (!rl_slots_get(&m->pages->slots, m->ledger,
			  RL_OWNER(RL_OWN_DRIVER, 0), &idx))
		return NULL;
	page = &m->pages->page[idx];
	rl_cost_add(m, RL_COST_PAGE_ALLOC, 1);
	page->pp_id = 0;
	page->dma_addr = 0;
	/* contents are not cleared: alloc_page() does not zero */
	return page;
}

struct rl_page *rl_page_alloc(struct rl_model *m)
{
	if (rl_model_fault_hit(m, RL_FAULT_PAGE_ALLOC))
		return NULL;
	return rl_page_alloc_nofault(m);
}

void rl_page_free(struct rl_model *m, struct rl_page *page, u32 from)
{
	struct rl_pages *p = m->pages;

	if (!rl_ledger_move(m->ledger, RL_OBJ_PAGE, page->id, from,
			    RL_OWNER(RL_OWN_NONE, 0),
			    RL_OWNER_KIND(rl_ledger_owner(m->ledger,
							  RL_OBJ_PAGE,
							  page->id)) ==
			    RL_OWN_NONE ? RL_F_DOUBLE_FREE : RL_F_OWNER,
			    "put_page: page freed by someone who does not own it"))
		return;
	rl_cost_add(m, RL_COST_PAGE_FREE, 1);
	/* the content goes with the page (page poisoning) */
	page->len = RL_POISON_U32;
	page->tag = RL_POISON_U32;
	rl_slots_put(&p->slots, page->id - p->slots.base);
}

struct rl_page *rl_page_by_id(struct rl_model *m, u32 id)
{
	struct rl_pages *p = m->pages;

	if (rl_model_poison_used(m, RL_OBJ_PAGE, id,
				 "page pointer read from freed memory"))
		return NULL;
	if (id < p->slots.base || id >= p->slots.base + p->slots.nr)
		return NULL;
	return &p->page[id - p->slots.base];
}

u32 rl_page_owner(struct rl_model *m, const struct rl_page *page)
{
	return rl_ledger_owner(m->ledger, RL_OBJ_PAGE, page->id);
}
