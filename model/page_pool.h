/* SPDX-License-Identifier: GPL-2.0 */
/*
 * page_pool.h - net/core/page_pool.c: a per-queue page cache with a user
 * count, hold/release counters (inflight = hold - release) and an optional
 * DMA mapping owned by the pool (PP_FLAG_DMA_MAP).
 */
#ifndef RL_PAGE_POOL_H
#define RL_PAGE_POOL_H

#include "model.h"
#include "page.h"
#include "dma.h"

#define RL_PP_MAX_SIZE	1024

enum rl_pp_state {
	RL_PP_ACTIVE,
	RL_PP_RELEASING,	/* destroyed with pages in flight: deferred */
	RL_PP_FREED,		/* released; any further use is a bug */
};

struct rl_page_pool_params {
	u32 pool_size;		/* cache capacity (.pool_size) */
	bool dma_map;		/* PP_FLAG_DMA_MAP */
	enum rl_dma_dir dma_dir;
	u32 napi_id;		/* informational: NAPI the pool serves */
	bool sync_dev;		/* PP_FLAG_DMA_SYNC_DEV (needs dma_map) */
	u32 offset;		/* .offset: where the device writes */
	u32 max_len;		/* .max_len: what it may write from there */
};

struct rl_page_pool {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	struct rl_page_pool_params p;
	enum rl_pp_state state;
	u32 user_cnt;		/* 1 at create, +1 per XDP mem model reg */
	u32 hold_cnt;		/* pages taken from the page allocator */
	u32 release_cnt;	/* pages given back to the page allocator */
	u32 cached;
	u32 *cache;		/* page ids, LIFO */
};

/* page_pool_create() */
struct rl_page_pool *rl_page_pool_create(struct rl_model *m,
					 const struct rl_page_pool_params *p);
bool rl_page_pool_is_valid(const struct rl_page_pool *pp);
/*
 * page_pool_dev_alloc_pages(): fault site RL_FAULT_PAGE_ALLOC.  Proof view
 * (proofs/README.md, A5): a page of the model's page table or NULL; it
 * writes only integers of the pool, the page table, the DMA table and the
 * ledger (a new page is mapped: the live-mapping count moves too).
 */
/*@ requires pool: \valid(pp) && pp->m->dma->m == pp->m;
  @ assigns RL_PP_ALLOC_FOOTPRINT(pp), rl_g_dma_live;
  @ ensures page: \result == \null || (\valid(\result) &&
  @   \subset(\result, pp->m->pages->page + (0 .. RL_SPAN)));
  @*/
struct rl_page *rl_page_pool_dev_alloc_pages(struct rl_page_pool *pp);
/*
 * page_pool_put_full_page() of a page the driver holds.  Proof view (A5,
 * read against the code and run by KUnit's page_pool_put_stays_in_footprint):
 * a pool is needed (the kernel dereferences it); the pool's cache, counts
 * and, when its last page in flight comes back after page_pool_destroy,
 * its release (RL_PP_PUT_POOL), the page, and what unmapping and freeing
 * a page the cache has no room for writes (RL_PP_PUT_CELLS); of the ghost
 * state, the live-mapping count.
 */
/*@ requires pool: \valid(pp) && \valid(page);
  @ assigns RL_PP_PUT_FOOTPRINT(pp, page), rl_g_dma_live;
  @*/
void rl_page_pool_put_full_page(struct rl_page_pool *pp, struct rl_page *page,
				bool allow_direct);
/* page_pool_recycle_direct() */
void rl_page_pool_recycle_direct(struct rl_page_pool *pp,
				 struct rl_page *page);
/* Return of a page currently with owner @from (skb, frame...). */
void rl_page_pool_put_page_from(struct rl_page_pool *pp, struct rl_page *page,
				u32 from);
/* page_pool_get_dma_addr() */
/* page_pool_put_page(): as put_full_page, syncing @dma_sync_size bytes */
void rl_page_pool_put_page(struct rl_page_pool *pp, struct rl_page *page,
			   u32 dma_sync_size, bool allow_direct);
/*
 * page_pool_release_page() (until 6.5): @page, held by the driver, leaves
 * @pp - unmapped, counted as released - and stays with the driver as an
 * ordinary page (put_page frees it).
 */
void rl_page_pool_release_page(struct rl_page_pool *pp, struct rl_page *page);
/*@ requires \valid_read(page);
  @ assigns \nothing;
  @*/
rl_dma_addr_t rl_page_pool_get_dma_addr(const struct rl_page *page);
/* page_pool_get_dma_dir(): the direction the pool maps its pages */
enum rl_dma_dir rl_page_pool_get_dma_dir(const struct rl_page_pool *pp);
/*
 * For the proofs (page_pool_double_destroy): a ghost count, never
 * compiled, of the page_pool users dropped - one per page_pool_destroy,
 * the driver's own and those xdp_rxq_info_unreg makes through
 * xdp_unreg_mem_model (net/core/xdp.c, 6.1).  A driver's teardown sets it
 * to zero where it starts and states how many it drops.
 */
/*@ ghost extern unsigned int rl_g_pp_drops; */
/*
 * page_pool_destroy(): drops one user; releases the pool at zero.  Proof
 * view (proofs/README.md, A3): it writes the pool, its pages, the DMA
 * table and the ledger - allocations of their own that no proof reads -
 * and nothing of the driver's memory, which is what the contract names;
 * of the ghost state, the count of users dropped.
 */
/*@ requires \valid(pp);
  @ requires room: rl_g_pp_drops < 4294967295;
  @ assigns rl_g_pp_drops;
  @ ensures dropped: rl_g_pp_drops == \old(rl_g_pp_drops) + 1;
  @*/
void rl_page_pool_destroy(struct rl_page_pool *pp);
/* xdp_reg_mem_model(MEM_TYPE_PAGE_POOL) takes a user (page_pool_use_xdp_mem) */
void rl_page_pool_get_user(struct rl_page_pool *pp);
/* the pool's users (user_cnt), for the drivers' oracles */
u32 rl_page_pool_users(const struct rl_page_pool *pp);
/* page_pool_inflight(): hold - release, as a signed number */
s32 rl_page_pool_inflight(const struct rl_page_pool *pp);
/*
 * For the proofs: the pool whose id + 1 is @pp_id, the one the model's
 * registry gives for it - a function of the id alone, since ids are never
 * reused (rl_model_register counts them up).  Its callers' footprints name
 * the pool a page goes back to through it.
 */
/*@ axiomatic rl_pp_registry {
  @   logic struct rl_page_pool *rl_pp_of(integer pp_id);
  @ }
  @*/
/*
 * Pool owning @page (by pp_id: the kernel's page->pp), or NULL.  Proof
 * view (A5): a pool returned is the page's own, a live pool of model @m.
 */
/*@ assigns \nothing;
  @ ensures own: \result == \null || \result->hdr.id + 1 == page->pp_id;
  @ ensures registered: \result == \null || (\result == rl_pp_of(page->pp_id)
  @   && \valid(\result) && \result->m == m);
  @*/
struct rl_page_pool *rl_page_pool_of(struct rl_model *m,
				     const struct rl_page *page);
/* Model teardown only: free a pool whatever its state. */
void rl_page_pool_reap(struct rl_page_pool *pp);
/* Final oracle: a pool still releasing is a stalled shutdown. */
void rl_page_pool_final_check(struct rl_page_pool *pp);

#endif /* RL_PAGE_POOL_H */
