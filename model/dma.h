/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dma.h - the streaming DMA API (dma_map_single/page, dma_unmap_*,
 * dma_sync_single_for_cpu/device, dma_mapping_error) with the checks that
 * CONFIG_DMA_API_DEBUG (kernel/dma/debug.c) makes: unknown address, size or
 * direction mismatch, double unmap, sync outside a live mapping, mappings
 * still live at the end.  Addresses are deterministic: slot-based IOVAs.
 */
#ifndef RL_DMA_H
#define RL_DMA_H

#include "model.h"
#include "slots.h"

enum rl_dma_dir {
	RL_DMA_BIDIRECTIONAL = 0,	/* DMA_BIDIRECTIONAL */
	RL_DMA_TO_DEVICE = 1,		/* DMA_TO_DEVICE */
	RL_DMA_FROM_DEVICE = 2,		/* DMA_FROM_DEVICE */
};

/* What dma_map_* returns on failure (DMA_MAPPING_ERROR). */
/* cast after the complement: ACSL reads ~(u64)0 as the integer -1 */
#define RL_DMA_MAPPING_ERROR	((rl_dma_addr_t)~0ULL)
#define RL_DMA_BASE		0x80000000ULL
/* Each slot spans 64 KiB of IOVA space; a mapping may not exceed it. */
#define RL_DMA_SLOT_SHIFT	16
#define RL_DMA_MAX_LEN		(1U << RL_DMA_SLOT_SHIFT)

struct rl_dma_map {
	rl_dma_addr_t addr;	/* last address handed out for this slot */
	u32 size;
	u8 dir;
	bool live;
	bool was_mapped;	/* slot used before: tells double unmap apart */
	u32 tag;		/* owner tag given by the mapper */
	u8 cls;			/* what tag names: RL_OBJ_PAGE/XSK, else RL_OBJ_NR */
};

struct rl_dma {
	struct rl_model *m;
	struct rl_slots slots;	/* slot i is maps[i], IOVA window i */
	u32 live;
	struct rl_dma_map *maps;
};

struct rl_dma *rl_dma_create(struct rl_model *m, u32 cap);
void rl_dma_destroy(struct rl_dma *dma);
/*
 * The DMA table's half of the conservation invariant: the slot table
 * agrees with the ledger (rl_slots_ok), a slot's mapping is live exactly
 * when the ledger has it mapped, the live count is the number of live
 * mappings, and every slot is either free or mapped - what DMA-API debug
 * keeps in its hash of live entries (kernel/dma/debug.c, add_dma_entry /
 * check_unmap), here with the owner of each.
 */
/*@ logic integer rl_dma_nlive{L}(struct rl_dma_map *m, integer n) =
  @   n <= 0 ? 0 : rl_dma_nlive{L}(m, n - 1) + (m[n - 1].live != 0 ? 1 : 0);
  @
  @ predicate rl_dma_ok{L}(struct rl_dma *d) =
  @   d->slots.free_top + d->live == d->slots.nr &&
  @   rl_slots_ok(&d->slots, d->m->ledger) &&
  @   (\forall integer i; 0 <= i < d->slots.nr ==>
  @     (d->maps[i].live != 0 <==>
  @      d->m->ledger->owner[RL_OBJ_DMA][d->slots.base + i] / 0x1000000 ==
  @      RL_OWN_MAPPED)) &&
  @   rl_dma_nlive(d->maps, d->slots.nr) == d->live;
  @*/
/* Proven (unit dma): the exact mirror of rl_dma_ok. */
/*@ requires \valid_read(dma) && \valid_read(dma->m) &&
  @   \valid_read(dma->m->ledger);
  @ requires cls: dma->slots.cls == RL_OBJ_DMA;
  @ requires fits: dma->slots.base + dma->slots.nr <=
  @   dma->m->ledger->cap[RL_OBJ_DMA];
  @ requires free: \valid_read(dma->slots.free + (0 .. dma->slots.nr)) &&
  @   \valid_read(dma->slots.pos + (0 .. dma->slots.nr));
  @ requires maps: \valid_read(dma->maps + (0 .. dma->slots.nr));
  @ requires table: \valid_read(dma->m->ledger->owner[RL_OBJ_DMA] +
  @   (0 .. dma->m->ledger->cap[RL_OBJ_DMA]));
  @ assigns \nothing;
  @ ensures mirror: \result <==> rl_dma_ok(dma);
  @*/
bool rl_dma_is_valid(const struct rl_dma *dma);
/* The same from what moved since the last check (rl_slots_is_valid_since). */
bool rl_dma_is_valid_since(const struct rl_dma *dma);

/* dma_map_single(): @tag names the owner in findings. */
rl_dma_addr_t rl_dma_map_single(struct rl_dma *dma, u32 size,
				enum rl_dma_dir dir, u32 tag);
/*
 * Proof view (proofs/README.md, A5): a ghost count of the live streaming
 * mappings, never compiled; at run time dma->live is that count and the
 * ledger names each mapping's owner.
 */
/*@ ghost extern unsigned long long rl_g_dma_live; */

/* dma_map_page(): page id recorded as the tag. */
/*@ requires dma: \valid(dma);
  @ requires room: rl_g_dma_live < RL_GHOST_MAX;
  @ assigns RL_DMA_FOOTPRINT(dma), rl_g_dma_live;
  @ ensures failed: \result == RL_DMA_MAPPING_ERROR ==>
  @   rl_g_dma_live == \old(rl_g_dma_live);
  @ ensures mapped: \result != RL_DMA_MAPPING_ERROR ==>
  @   rl_g_dma_live == \old(rl_g_dma_live) + 1;
  @*/
rl_dma_addr_t rl_dma_map_page(struct rl_dma *dma, u32 page_id, u32 offset,
			      u32 size, enum rl_dma_dir dir);
/*
 * dma_map_page_attrs() / dma_unmap_page_attrs() with DMA_ATTR_SKIP_CPU_SYNC
 * (@skip_sync): the same mapping, no cache maintenance - what page_pool
 * does, leaving the syncs to PP_FLAG_DMA_SYNC_DEV and the driver.
 */
rl_dma_addr_t rl_dma_map_page_attrs(struct rl_dma *dma, u32 page_id,
				    u32 offset, u32 size, enum rl_dma_dir dir,
				    bool skip_sync);
void rl_dma_unmap_attrs(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			enum rl_dma_dir dir, bool skip_sync);
/* xp_dma_map() of one UMEM frame: frame id recorded as the tag. */
rl_dma_addr_t rl_dma_map_xsk(struct rl_dma *dma, u32 frame_id, u32 size,
			     enum rl_dma_dir dir);
/*
 * dma_alloc_coherent() / dma_free_coherent(): memory both sides access
 * (descriptor rings); RL_DMA_MAPPING_ERROR when it fails (fault site
 * RL_FAULT_DMA_MAP).  DMA-API debug checks the free's size.
 */
rl_dma_addr_t rl_dma_alloc_coherent(struct rl_dma *dma, u32 size);
void rl_dma_free_coherent(struct rl_dma *dma, u32 size, rl_dma_addr_t addr);
/*
 * The page or UMEM frame a live mapping containing @addr was made for
 * (dma-debug keeps the same per-mapping record); false for none.
 */
bool rl_dma_lookup(const struct rl_dma *dma, rl_dma_addr_t addr,
		   enum rl_obj_class *cls, u32 *id);
/* dma_mapping_error() */
/*@ assigns \nothing;
  @ ensures \result <==> addr == RL_DMA_MAPPING_ERROR;
  @*/
bool rl_dma_mapping_error(rl_dma_addr_t addr);
/* dma_unmap_single() / dma_unmap_page(): only a live mapping */
/*@ requires dma: \valid(dma);
  @ requires live: rl_g_dma_live > 0;
  @ assigns RL_DMA_FOOTPRINT(dma), rl_g_dma_live;
  @ ensures unmapped: rl_g_dma_live == \old(rl_g_dma_live) - 1;
  @*/
void rl_dma_unmap(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
		  enum rl_dma_dir dir);
/* dma_sync_single_for_cpu() / _for_device() */
void rl_dma_sync_for_cpu(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			 enum rl_dma_dir dir);
void rl_dma_sync_for_device(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			    enum rl_dma_dir dir);
/*
 * Hardware side: the device reads (@to_device) or writes @len bytes at
 * @addr.  Reported unless the range lies in a live mapping whose direction
 * allows that access (what an IOMMU fault would catch).
 */
bool rl_dma_device_access(struct rl_dma *dma, rl_dma_addr_t addr, u32 len,
			  bool to_device);
/* Reports every live mapping as a leak; returns the number live. */
u32 rl_dma_check_all_unmapped(struct rl_dma *dma);

#endif /* RL_DMA_H */
