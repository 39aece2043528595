// SPDX-License-Identifier: GPL-2.0
/*
 * page.c - page allocator model: a fixed table of pages handed out LIFO
 * (deterministic), each page's owner kept in the ledger.
 */
#include "page.h"

struct rl_pages *rl_pages_create(struct rl_model *m, u32 nr)
{
	struct rl_pages *p = rl_zalloc(sizeof(*p));
	u32 i;

	if (!p)
		return NULL;
	p->m = m;
	p->nr = nr;
	p->page = rl_zalloc((nr + 1) * sizeof(*p->page));
	p->free_stack = rl_zalloc((nr + 1) * sizeof(u32));
	if (!p->page || !p->free_stack ||
	    !rl_ledger_reserve(m->ledger, RL_OBJ_PAGE, nr, &p->base)) {
		rl_pages_destroy(p);
		return NULL;
	}
	for (i = 0; i < nr; i++) {
		p->page[i].id = p->base + i;
		p->free_stack[i] = nr - 1 - i;
	}
	p->free_top = nr;
	return p;
}

void rl_pages_destroy(struct rl_pages *p)
{
	if (!p)
		return;
	rl_free(p->page);
	rl_free(p->free_stack);
	rl_free(p);
}

bool rl_pages_is_valid(const struct rl_pages *p)
{
	const struct rl_ledger *l = p->m->ledger;
	u32 i;

	if (p->free_top > p->nr)
		return false;
	/* every page on the free stack is with the allocator (owner none) */
	for (i = 0; i < p->free_top; i++) {
		u32 idx = p->free_stack[i];

		if (idx >= p->nr ||
		    rl_ledger_owner(l, RL_OBJ_PAGE, p->base + idx) !=
		    RL_OWNER(RL_OWN_NONE, 0))
			return false;
	}
	return rl_ledger_count_owner(l, RL_OBJ_PAGE, p->base, p->nr,
				     RL_OWNER(RL_OWN_NONE, 0)) == p->free_top;
}

struct rl_page *rl_page_alloc_nofault(struct rl_model *m)
{
	struct rl_pages *p = m->pages;
	struct rl_page *page;

	if (!p->free_top)
		return NULL;
	page = &p->page[p->free_stack[--p->free_top]];
	page->pp_id = 0;
	page->dma_addr = 0;
	/* contents are not cleared: alloc_page() does not zero */
	rl_ledger_set(m->ledger, RL_OBJ_PAGE, page->id,
		      RL_OWNER(RL_OWN_DRIVER, 0));
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
	p->free_stack[p->free_top++] = page->id - p->base;
}

struct rl_page *rl_page_by_id(struct rl_model *m, u32 id)
{
	struct rl_pages *p = m->pages;

	if (id < p->base || id >= p->base + p->nr)
		return NULL;
	return &p->page[id - p->base];
}

u32 rl_page_owner(struct rl_model *m, const struct rl_page *page)
{
	return rl_ledger_owner(m->ledger, RL_OBJ_PAGE, page->id);
}
