// SPDX-License-Identifier: GPL-2.0
/*
 * page_pool.c - model of net/core/page_pool.c accounting:
 * pages_state_hold_cnt / pages_state_release_cnt, the user count taken by
 * page_pool_use_xdp_mem(), and the deferred release that warns
 * "page_pool_release_retry() stalled pool shutdown" while pages are out.
 */
#include "page_pool.h"
#include "poison.h"

/* the proofs' count of users dropped (page_pool.h); ghost, never compiled */
/*@ ghost unsigned int rl_g_pp_drops; */

static u32 pp_owner(const struct rl_page_pool *pp)
{
	return RL_OWNER(RL_OWN_POOL, pp->hdr.id);
}

static bool pp_valid(const struct rl_obj_hdr *h)
{
	return rl_page_pool_is_valid(container_of(h, const struct rl_page_pool, hdr));
}

static u32 pp_held(const struct rl_obj_hdr *h)
{
	return container_of(h, const struct rl_page_pool, hdr)->cached;
}

static void pp_final(struct rl_obj_hdr *h)
{
	rl_page_pool_final_check(container_of(h, struct rl_page_pool, hdr));
}

static void pp_reap(struct rl_obj_hdr *h)
{
	rl_page_pool_reap(container_of(h, struct rl_page_pool, hdr));
}

static const struct rl_obj_ops pp_ops = {
	.kind = RL_REG_PAGE_POOL,
	.name = "rl_page_pool_is_valid",
	.cls = RL_OBJ_PAGE,
	.is_valid = pp_valid,
	.held = pp_held,
	.held_cls = RL_OBJ_PAGE,
	.held_kind = RL_OWN_POOL,
	.final_check = pp_final,
	.reap = pp_reap,
};

struct rl_page_pool *rl_page_pool_create(struct rl_model *m,
					 const struct rl_page_pool_params *p)
{
	struct rl_page_pool *pp;
	int id;

	if (!p->pool_size || p->pool_size > RL_PP_MAX_SIZE)
		return NULL;
	pp = rl_zalloc(sizeof(*pp));
	if (!pp)
		return NULL;
	pp->cache = rl_zalloc(p->pool_size * sizeof(u32));
	id = pp->cache ? rl_model_register(m, &pp->hdr, &pp_ops) : -1;
	if (id < 0) {
		rl_free(pp->cache);
		rl_free(pp);
		return NULL;
	}
	pp->hdr.id = (u32)id;
	pp->m = m;
	pp->p = *p;
	pp->user_cnt = 1;
	pp->state = RL_PP_ACTIVE;
	return pp;
}

bool rl_page_pool_is_valid(const struct rl_page_pool *pp)
{
	const struct rl_ledger *l = pp->m->ledger;
	u32 i;

	if (pp->state == RL_PP_FREED)
		return pp->cached == 0 && pp->user_cnt == 0;
	if (pp->cached > pp->p.pool_size ||
	    (pp->state == RL_PP_ACTIVE) != (pp->user_cnt > 0))
		return false;
	/* hold - release counts cached pages and pages in flight */
	if (rl_page_pool_inflight(pp) < (s32)pp->cached)
		return false;
	for (i = 0; i < pp->cached; i++)
		if (rl_ledger_owner(l, RL_OBJ_PAGE, pp->cache[i]) != pp_owner(pp))
			return false;
	return true;
}

static bool pp_usable(struct rl_page_pool *pp, const char *what)
{
	/* a NULL pool (a flow's, destroyed and cleared) oopses at once */
	if (rl_oops_null(pp, RL_OBJ_PAGE,
			 "page_pool: NULL pool (one already destroyed and cleared)"))
		return false;
	if (pp->state != RL_PP_FREED)
		return true;
	rl_ledger_report_count(pp->m->ledger, RL_F_USE_AFTER_FREE,
			       RL_OBJ_PAGE, pp->hdr.id, RL_PP_ACTIVE,
			       pp->state, what);
	return false;
}

/*
 * page_pool_release_page() without the put_page: unmapped, no longer the
 * pool's (6.1: a driver may then hand the page on as an ordinary page).
 */
static void pp_release_page_keep(struct rl_page_pool *pp, struct rl_page *page)
{
	struct rl_model *m = pp->m;

	/* page_pool_release_page(): unmapped with DMA_ATTR_SKIP_CPU_SYNC */
	if (pp->p.dma_map)
		rl_dma_unmap_attrs(m->dma, page->dma_addr, RL_PAGE_SIZE,
				   pp->p.dma_dir, true);
	page->dma_addr = 0;
	page->pp_id = 0;
	pp->release_cnt++;
	rl_cost_add(m, RL_COST_PP_RELEASE, 1);
}

/* page_pool_release_page() and put_page(): the page leaves for good. */
static void pp_release_page(struct rl_page_pool *pp, struct rl_page *page,
			    u32 from)
{
	pp_release_page_keep(pp, page);
	rl_page_free(pp->m, page, from);
}

void rl_page_pool_release_page(struct rl_page_pool *pp, struct rl_page *page)
{
	if (pp_usable(pp, "page_pool_release_page on a freed pool"))
		pp_release_page_keep(pp, page);
}

/*
 * PP_FLAG_DMA_SYNC_DEV (page_pool_dma_sync_for_device): a page mapped, or
 * recycled into the pool, is synced for the device from .offset over
 * @dma_sync_size capped at .max_len (a full-page put passes -1: all).
 */
static void pp_sync_for_device(struct rl_page_pool *pp, struct rl_page *page,
			       u32 dma_sync_size)
{
	if (pp->p.sync_dev && pp->p.dma_map)
		rl_dma_sync_for_device(pp->m->dma, page->dma_addr + pp->p.offset,
				       dma_sync_size < pp->p.max_len ?
				       dma_sync_size : pp->p.max_len,
				       pp->p.dma_dir);
}

static void pp_try_free(struct rl_page_pool *pp)
{
	if (pp->state == RL_PP_RELEASING && pp->hold_cnt == pp->release_cnt)
		pp->state = RL_PP_FREED;
	if (pp->state == RL_PP_FREED && !pp->hdr.zombie) {
		pp->hdr.zombie = true;
		rl_free(pp->cache);
		pp->cache = NULL;
	}
}

/* page_pool_alloc_pages(): the pool's cache, else the page allocator */
static struct rl_page *pp_alloc(struct rl_page_pool *pp)
{
	struct rl_model *m = pp->m;
	struct rl_page *page;

	if (rl_model_fault_hit(m, RL_FAULT_PAGE_ALLOC))
		return NULL;
	if (pp->cached) {
		rl_cost_add(m, RL_COST_PP_FAST, 1);
		page = rl_page_by_id(m, pp->cache[--pp->cached]);
		rl_ledger_move(m->ledger, RL_OBJ_PAGE, page->id, pp_owner(pp),
			       RL_OWNER(RL_OWN_DRIVER, 0), RL_F_OWNER,
			       "page_pool cache held a page it did not own");
		return page;
	}
	page = rl_page_alloc_nofault(m);
	if (!page)
		return NULL;
	rl_cost_add(m, RL_COST_PP_SLOW, 1);
	if (pp->p.dma_map) {
		/* page_pool_dma_map(): DMA_ATTR_SKIP_CPU_SYNC */
		page->dma_addr = rl_dma_map_page_attrs(m->dma, page->id, 0,
						       RL_PAGE_SIZE,
						       pp->p.dma_dir, true);
		if (rl_dma_mapping_error(page->dma_addr)) {
			rl_page_free(m, page, RL_OWNER(RL_OWN_DRIVER, 0));
			return NULL;
		}
	}
	pp_sync_for_device(pp, page, pp->p.max_len);
	page->pp_id = pp->hdr.id + 1;
	pp->hold_cnt++;
	return page;
}

struct rl_page *rl_page_pool_dev_alloc_pages(struct rl_page_pool *pp)
{
	struct rl_model *m;
	struct rl_page *page;

	if (!pp_usable(pp, "page_pool_alloc_pages on a freed pool"))
		return NULL;
	m = pp->m;
	page = pp_alloc(pp);
	if (!page)
		m->pp_alloc_fails++;
	return page;
}

/*
 * @direct: page_pool_recycle_in_cache (allow_direct from the pool's NAPI)
 * rather than the ptr_ring; the ownership rules are the same for both.
 * @sync_size: what PP_FLAG_DMA_SYNC_DEV syncs of a recycled page (-1: all).
 */
static void pp_put_page(struct rl_page_pool *pp, struct rl_page *page,
			u32 from, bool direct, u32 sync_size)
{
	struct rl_model *m;

	if (!pp_usable(pp, "page returned to a freed page_pool"))
		return;
	m = pp->m;
	if (page->pp_id != pp->hdr.id + 1) {
		rl_ledger_report_count(m->ledger, RL_F_OWNER, RL_OBJ_PAGE,
				       page->id, pp->hdr.id + 1, page->pp_id,
				       "page_pool_put_page: page belongs to another pool");
		return;
	}
	if (pp->state == RL_PP_ACTIVE && pp->cached < pp->p.pool_size) {
		if (rl_ledger_move(m->ledger, RL_OBJ_PAGE, page->id, from,
				   pp_owner(pp),
				   RL_OWNER_KIND(rl_page_owner(m, page)) ==
				   RL_OWN_POOL ? RL_F_DOUBLE_FREE : RL_F_OWNER,
				   "page_pool_put_page: caller did not own the page")) {
			/* what the page held is gone for whoever reads it now */
			page->len = RL_POISON_U32;
			page->tag = RL_POISON_U32;
			pp_sync_for_device(pp, page, sync_size);
			pp->cache[pp->cached++] = page->id;
			rl_cost_add(m, direct ? RL_COST_PP_RECYCLE_DIRECT :
				    RL_COST_PP_RECYCLE_RING, 1);
		}
		return;
	}
	/* cache full, or pool shutting down: the page goes back for good */
	if (rl_page_owner(m, page) != from) {
		rl_ledger_expect(m->ledger, RL_OBJ_PAGE, page->id, from,
				 RL_F_OWNER,
				 "page_pool_put_page: caller did not own the page");
		return;
	}
	pp_release_page(pp, page, from);
	pp_try_free(pp);
}

void rl_page_pool_put_page_from(struct rl_page_pool *pp, struct rl_page *page,
				u32 from)
{
	pp_put_page(pp, page, from, false, U32_MAX);
}

void rl_page_pool_put_page(struct rl_page_pool *pp, struct rl_page *page,
			   u32 dma_sync_size, bool allow_direct)
{
	pp_put_page(pp, page, RL_OWNER(RL_OWN_DRIVER, 0), allow_direct,
		    dma_sync_size);
}

void rl_page_pool_put_full_page(struct rl_page_pool *pp, struct rl_page *page,
				bool allow_direct)
{
	pp_put_page(pp, page, RL_OWNER(RL_OWN_DRIVER, 0), allow_direct,
		    U32_MAX);
}

void rl_page_pool_recycle_direct(struct rl_page_pool *pp,
				 struct rl_page *page)
{
	rl_page_pool_put_full_page(pp, page, true);
}

rl_dma_addr_t rl_page_pool_get_dma_addr(const struct rl_page *page)
{
	return page->dma_addr;
}

enum rl_dma_dir rl_page_pool_get_dma_dir(const struct rl_page_pool *pp)
{
	return pp->p.dma_dir;
}

void rl_page_pool_get_user(struct rl_page_pool *pp)
{
	if (pp_usable(pp, "xdp_reg_mem_model on a freed page_pool"))
		pp->user_cnt++;
}

u32 rl_page_pool_users(const struct rl_page_pool *pp)
{
	return pp->user_cnt;
}

s32 rl_page_pool_inflight(const struct rl_page_pool *pp)
{
	return (s32)(pp->hold_cnt - pp->release_cnt);
}

void rl_page_pool_destroy(struct rl_page_pool *pp)
{
	s32 inflight;

	if (!pp_usable(pp, "page_pool_destroy on a freed pool (double destroy)"))
		return;
	if (pp->state == RL_PP_RELEASING || !pp->user_cnt) {
		rl_ledger_report_count(pp->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_PAGE, pp->hdr.id, 1, 0,
				       "page_pool_destroy: no user left (double destroy)");
		return;
	}
	if (--pp->user_cnt)
		return;
	/* page_pool_release(): empty the cache, then count what is out */
	while (pp->cached) {
		struct rl_page *page = rl_page_by_id(pp->m, pp->cache[--pp->cached]);

		pp_release_page(pp, page, pp_owner(pp));
	}
	inflight = rl_page_pool_inflight(pp);
	if (inflight < 0)
		rl_ledger_report_count(pp->m->ledger, RL_F_PP_INFLIGHT,
				       RL_OBJ_PAGE, pp->hdr.id, 0, (u32)inflight,
				       "page_pool_inflight: negative inflight");
	pp->state = inflight > 0 ? RL_PP_RELEASING : RL_PP_FREED;
	pp_try_free(pp);
}

struct rl_page_pool *rl_page_pool_of(struct rl_model *m,
				     const struct rl_page *page)
{
	u32 i;

	if (!page->pp_id)
		return NULL;
	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_page_pool *pp = m->reg[RL_REG_PAGE_POOL][i];

		if (pp && pp->hdr.id + 1 == page->pp_id)
			return pp;
	}
	return NULL;
}

void rl_page_pool_final_check(struct rl_page_pool *pp)
{
	if (pp->state == RL_PP_RELEASING)
		rl_ledger_report_count(pp->m->ledger, RL_F_PP_STALLED,
				       RL_OBJ_PAGE, pp->hdr.id, 0,
				       (u32)rl_page_pool_inflight(pp),
				       "page_pool_release_retry: stalled pool shutdown, pages inflight");
	else if (pp->state == RL_PP_ACTIVE)
		rl_ledger_report_count(pp->m->ledger, RL_F_LEAK, RL_OBJ_PAGE,
				       pp->hdr.id, 0, pp->user_cnt,
				       "page_pool never destroyed (users left)");
}

void rl_page_pool_reap(struct rl_page_pool *pp)
{
	rl_free(pp->cache);
	rl_free(pp);
}
