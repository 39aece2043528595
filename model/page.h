/* SPDX-License-Identifier: GPL-2.0 */
/*
 * page.h - the page allocator (alloc_page / dev_alloc_page / put_page).
 * A page's content is modelled by its length and a content tag (copied
 * when the kernel copies the data), not by 4 KiB of bytes.
 */
#ifndef RL_PAGE_H
#define RL_PAGE_H

#include "model.h"
#include "slots.h"

#define RL_PAGE_SIZE	4096	/* PAGE_SIZE */

struct rl_page {
	u32 id;			/* ledger id, RL_OBJ_PAGE */
	u32 pp_id;		/* owning page_pool id + 1; 0 = not pp page */
	rl_dma_addr_t dma_addr;	/* page_pool_get_dma_addr() */
	u32 len;		/* bytes of packet data held */
	u32 tag;		/* content tag: which packet is in the page */
};

struct rl_pages {
	struct rl_model *m;
	struct rl_slots slots;	/* slot i is page[i] */
	struct rl_page *page;
};

struct rl_pages *rl_pages_create(struct rl_model *m, u32 nr);
void rl_pages_destroy(struct rl_pages *p);
bool rl_pages_is_valid(const struct rl_pages *p);
/* The same from what moved since the last check (rl_slots_is_valid_since). */
bool rl_pages_is_valid_since(const struct rl_pages *p);

/* alloc_page(): fault site RL_FAULT_PAGE_ALLOC; the caller owns it. */
struct rl_page *rl_page_alloc(struct rl_model *m);
/*
 * put_page() of a page currently with owner @from.  Proof view (A5, read
 * against the code and run by KUnit's page_free_stays_in_footprint): the
 * page's content, the page table's free stack and the ledger's page
 * integers and report count, nothing else (RL_PAGE_FREE_FOOTPRINT).
 */
/*@ requires \valid(m) && \valid(page);
  @ assigns RL_PAGE_FREE_FOOTPRINT(m, page);
  @*/
void rl_page_free(struct rl_model *m, struct rl_page *page, u32 from);
/* Without fault injection: pages the pool/core need (page_pool refill). */
struct rl_page *rl_page_alloc_nofault(struct rl_model *m);
/*
 * The page with ledger id @id, NULL for an id out of the table or a
 * poisoned one (reported: a pointer read from freed memory).  Proof view
 * (A5, read against the code): it writes the report only.
 */
/*@ requires \valid(m) && \valid(m->ledger);
  @ assigns m->ledger->findings;
  @ ensures \result == \null || \valid(\result);
  @*/
struct rl_page *rl_page_by_id(struct rl_model *m, u32 id);
u32 rl_page_owner(struct rl_model *m, const struct rl_page *page);

#endif /* RL_PAGE_H */
