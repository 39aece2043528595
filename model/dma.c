// SPDX-License-Identifier: GPL-2.0
/*
 * dma.c - streaming DMA API model.  Modelled on kernel/dma/debug.c
 * (check_unmap, check_sync): the same misuse classes, found the same way,
 * but reported through the ledger instead of a WARN.
 */
#include "dma.h"
#include "poison.h"

struct rl_dma *rl_dma_create(struct rl_model *m, u32 cap)
{
	struct rl_dma *dma = rl_zalloc(sizeof(*dma));

	if (!dma)
		return NULL;
	dma->m = m;
	dma->maps = rl_slots_init(&dma->slots, m->ledger, RL_OBJ_DMA, cap,
				  sizeof(*dma->maps), RL_SLOTS_NONE,
				  RL_SLOTS_NONE);
	if (!dma->maps) {
		rl_free(dma);
		return NULL;
	}
	return dma;
}

void rl_dma_destroy(struct rl_dma *dma)
{
	if (!dma)
		return;
	rl_slots_fini(&dma->slots);
	rl_free(dma);
}

bool rl_dma_is_valid(const struct rl_dma *dma)
{
	u32 i, live = 0;

	/*
	 * every slot free or mapped; the difference taken once the stack is
	 * known no taller than the table, so no u32 sum wraps (the provers
	 * know no u32 wrap-around: a wrapped sum was out of their reach)
	 */
	if (!rl_slots_is_valid(&dma->slots, dma->m->ledger) ||
	    dma->live != dma->slots.nr - dma->slots.free_top)
		return false;
	/*@ loop invariant range: 0 <= i <= dma->slots.nr;
	  @ loop invariant tied: \forall integer k; 0 <= k < i ==>
	  @   (dma->maps[k].live != 0 <==>
	  @    dma->m->ledger->owner[RL_OBJ_DMA][dma->slots.base + k] /
	  @    0x1000000 == RL_OWN_MAPPED);
	  @ loop invariant counted: live == rl_dma_nlive(dma->maps, i);
	  @ loop invariant bound: live <= i;
	  @ loop assigns i, live;
	  @ loop variant dma->slots.nr - i;
	  @*/
	for (i = 0; i < dma->slots.nr; i++) {
		/* Proof only: the slot's u32 ledger id is the integer sum */
		/*@ assert id_fits: dma->slots.base + i <
		  @   dma->m->ledger->cap[RL_OBJ_DMA];
		  @*/
		/*@ assert id_u32: (u32)(dma->slots.base + i) ==
		  @   dma->slots.base + i;
		  @*/
		u32 own = rl_ledger_owner(dma->m->ledger, RL_OBJ_DMA,
					  dma->slots.base + i);

		/*@ assert own: own ==
		  @   dma->m->ledger->owner[RL_OBJ_DMA][dma->slots.base + i];
		  @*/
		if (dma->maps[i].live != (RL_OWNER_KIND(own) == RL_OWN_MAPPED))
			return false;
		/*@ assert tie: dma->maps[i].live != 0 <==>
		  @   own / 0x1000000 == RL_OWN_MAPPED;
		  @*/
		live += dma->maps[i].live;
	}
	return live == dma->live;
}

bool rl_dma_is_valid_since(const struct rl_dma *dma)
{
	const struct rl_ledger *l = dma->m->ledger;
	u32 i, id;

	if (!rl_slots_whole_class(&dma->slots, l))
		return rl_dma_is_valid(dma);
	/* as rl_dma_is_valid() */
	if (!rl_slots_is_valid_since(&dma->slots, l) ||
	    dma->live != dma->slots.nr - dma->slots.free_top)
		return false;
	/* live flags change only with their slot's owner (both logged) */
	for (i = 0; i < l->ndirty[RL_OBJ_DMA]; i++) {
		id = l->dirty[RL_OBJ_DMA][i];
		if (dma->maps[id].live != (RL_OWNER_KIND(rl_ledger_owner(l,
		    RL_OBJ_DMA, id)) == RL_OWN_MAPPED))
			return false;
	}
	/* every flag agrees with its owner, so the sum is the ledger's */
	return rl_ledger_count(l, RL_OBJ_DMA, RL_OWN_MAPPED) == dma->live;
}

bool rl_dma_mapping_error(rl_dma_addr_t addr)
{
	return addr == RL_DMA_MAPPING_ERROR;
}

static rl_dma_addr_t dma_map(struct rl_dma *dma, u32 offset, u32 size,
			     enum rl_dma_dir dir, u32 tag, enum rl_obj_class cls)
{
	struct rl_dma_map *map;
	u32 slot;

	if (rl_model_fault_hit(dma->m, RL_FAULT_DMA_MAP))
		return RL_DMA_MAPPING_ERROR;
	/* an IOMMU out of IOVA space fails the same way */
	if (offset + size > RL_DMA_MAX_LEN || !size ||
	    !rl_slots_get(&dma->slots, dma->m->ledger,
			  RL_OWNER(RL_OWN_MAPPED, tag), &slot))
		return RL_DMA_MAPPING_ERROR;
	map = &dma->maps[slot];
	map->addr = RL_DMA_BASE + ((rl_dma_addr_t)slot << RL_DMA_SLOT_SHIFT) +
		    offset;
	map->size = size;
	map->dir = dir;
	map->live = true;
	map->was_mapped = true;
	map->tag = tag;
	map->cls = cls;
	dma->live++;
	return map->addr;
}

/*
 * Work counted per call (cost.h).  Cache maintenance as arm64 does it for
 * a device that is not cache-coherent (arch/arm64/mm/dma-mapping.c):
 * arch_sync_dma_for_device cleans the range for every direction (map and
 * sync_for_device), arch_sync_dma_for_cpu invalidates it unless the
 * direction is DMA_TO_DEVICE (unmap and sync_for_cpu).
 */
static void dma_cost_attrs(struct rl_dma *dma, enum rl_cost call, u32 size,
			   enum rl_dma_dir dir, bool skip_sync)
{
	bool to_cpu = call == RL_COST_DMA_UNMAP || call == RL_COST_SYNC_CPU;

	rl_cost_add(dma->m, call, 1);
	rl_cost_add(dma->m, RL_COST_DMA_BYTES, size);
	if (!skip_sync && (!to_cpu || dir != RL_DMA_TO_DEVICE))
		rl_cost_add(dma->m, RL_COST_CACHE_BYTES, size);
}

static void dma_cost(struct rl_dma *dma, enum rl_cost call, u32 size,
		     enum rl_dma_dir dir)
{
	dma_cost_attrs(dma, call, size, dir, false);
}

rl_dma_addr_t rl_dma_map_single(struct rl_dma *dma, u32 size,
				enum rl_dma_dir dir, u32 tag)
{
	dma_cost(dma, RL_COST_DMA_MAP, size, dir);
	return dma_map(dma, 0, size, dir, tag, RL_OBJ_NR);
}

rl_dma_addr_t rl_dma_map_page(struct rl_dma *dma, u32 page_id, u32 offset,
			      u32 size, enum rl_dma_dir dir)
{
	return rl_dma_map_page_attrs(dma, page_id, offset, size, dir, false);
}

rl_dma_addr_t rl_dma_map_page_attrs(struct rl_dma *dma, u32 page_id,
				    u32 offset, u32 size, enum rl_dma_dir dir,
				    bool skip_sync)
{
	dma_cost_attrs(dma, RL_COST_DMA_MAP, size, dir, skip_sync);
	return dma_map(dma, offset, size, dir, page_id, RL_OBJ_PAGE);
}

rl_dma_addr_t rl_dma_map_xsk(struct rl_dma *dma, u32 frame_id, u32 size,
			     enum rl_dma_dir dir)
{
	dma_cost(dma, RL_COST_DMA_MAP, size, dir);
	return dma_map(dma, 0, size, dir, frame_id, RL_OBJ_XSK);
}

/* the coherent allocations' owner tag, for findings */
#define RL_DMA_COHERENT_TAG	0xc0c0

rl_dma_addr_t rl_dma_alloc_coherent(struct rl_dma *dma, u32 size)
{
	return dma_map(dma, 0, size, RL_DMA_BIDIRECTIONAL, RL_DMA_COHERENT_TAG,
		       RL_OBJ_NR);
}

static void unmap_one(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
		      enum rl_dma_dir dir);

void rl_dma_free_coherent(struct rl_dma *dma, u32 size, rl_dma_addr_t addr)
{
	unmap_one(dma, addr, size, RL_DMA_BIDIRECTIONAL);
}

/* Slot whose IOVA window contains @addr, or -1 when outside every slot. */
static int dma_slot(const struct rl_dma *dma, rl_dma_addr_t addr)
{
	rl_dma_addr_t slot;

	if (addr < RL_DMA_BASE || addr == RL_DMA_MAPPING_ERROR)
		return -1;
	slot = (addr - RL_DMA_BASE) >> RL_DMA_SLOT_SHIFT;
	return slot < dma->slots.nr ? (int)slot : -1;
}

static void dma_report(struct rl_dma *dma, enum rl_finding_kind kind,
		       int slot, u32 expected, u32 actual, const char *what)
{
	rl_ledger_report_count(dma->m->ledger, kind, RL_OBJ_DMA,
			       slot < 0 ? 0 : dma->slots.base + (u32)slot,
			       expected, actual, what);
}

static void unmap_one(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
		      enum rl_dma_dir dir)
{
	int slot = dma_slot(dma, addr);
	struct rl_dma_map *map = slot < 0 ? NULL : &dma->maps[slot];

	if (rl_model_poison_used(dma->m, RL_OBJ_DMA, addr,
				 "dma_unmap: DMA address read from freed memory"))
		return;
	if (!map || map->addr != addr || !map->was_mapped) {
		dma_report(dma, RL_F_DMA_UNKNOWN, slot, 0, (u32)addr,
			   "dma_unmap: device driver tries to free DMA memory it has not allocated");
		return;
	}
	if (!map->live) {
		dma_report(dma, RL_F_DMA_DOUBLE_UNMAP, slot, 1, 0,
			   "dma_unmap: address already unmapped (double unmap)");
		return;
	}
	if (map->size != size)
		dma_report(dma, RL_F_DMA_MISMATCH, slot, map->size, size,
			   "dma_unmap: size differs from the mapping (check_unmap)");
	if (map->dir != dir)
		dma_report(dma, RL_F_DMA_MISMATCH, slot, map->dir, dir,
			   "dma_unmap: direction differs from the mapping (check_unmap)");
	map->live = false;
	dma->live--;
	rl_ledger_set(dma->m->ledger, RL_OBJ_DMA, dma->slots.base + (u32)slot,
		      RL_OWNER(RL_OWN_NONE, 0));
	rl_slots_put(&dma->slots, (u32)slot);
}

void rl_dma_unmap(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
		  enum rl_dma_dir dir)
{
	rl_dma_unmap_attrs(dma, addr, size, dir, false);
}

void rl_dma_unmap_attrs(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			enum rl_dma_dir dir, bool skip_sync)
{
	dma_cost_attrs(dma, RL_COST_DMA_UNMAP, size, dir, skip_sync);
	unmap_one(dma, addr, size, dir);
}

static void sync_check(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
		     enum rl_dma_dir dir, const char *what)
{
	int slot = dma_slot(dma, addr);
	struct rl_dma_map *map = slot < 0 ? NULL : &dma->maps[slot];

	if (!map || !map->live) {
		dma_report(dma, RL_F_DMA_SYNC, slot, 1, 0, what);
		return;
	}
	if (addr < map->addr || addr + size > map->addr + map->size) {
		dma_report(dma, RL_F_DMA_SYNC, slot, map->size,
			   (u32)(addr + size - map->addr),
			   "dma_sync: range runs outside the mapping (check_sync)");
		return;
	}
	if (map->dir != dir)
		dma_report(dma, RL_F_DMA_SYNC, slot, map->dir, dir,
			   "dma_sync: direction differs from the mapping (check_sync)");
}

void rl_dma_sync_for_cpu(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			 enum rl_dma_dir dir)
{
	dma_cost(dma, RL_COST_SYNC_CPU, size, dir);
	sync_check(dma, addr, size, dir,
		 "dma_sync_single_for_cpu: address is not mapped");
}

void rl_dma_sync_for_device(struct rl_dma *dma, rl_dma_addr_t addr, u32 size,
			    enum rl_dma_dir dir)
{
	dma_cost(dma, RL_COST_SYNC_DEV, size, dir);
	sync_check(dma, addr, size, dir,
		 "dma_sync_single_for_device: address is not mapped");
}

bool rl_dma_lookup(const struct rl_dma *dma, rl_dma_addr_t addr,
		   enum rl_obj_class *cls, u32 *id)
{
	int slot = dma_slot(dma, addr);
	const struct rl_dma_map *map = slot < 0 ? NULL : &dma->maps[slot];

	if (!map || !map->live || map->cls >= RL_OBJ_NR ||
	    addr < map->addr || addr >= map->addr + map->size)
		return false;
	*cls = (enum rl_obj_class)map->cls;
	*id = map->tag;
	return true;
}

bool rl_dma_device_access(struct rl_dma *dma, rl_dma_addr_t addr, u32 len,
			  bool to_device)
{
	int slot = dma_slot(dma, addr);
	struct rl_dma_map *map = slot < 0 ? NULL : &dma->maps[slot];
	u8 bad_dir = to_device ? RL_DMA_FROM_DEVICE : RL_DMA_TO_DEVICE;

	if (!map || !map->live || addr < map->addr ||
	    addr + len > map->addr + map->size || map->dir == bad_dir) {
		dma_report(dma, RL_F_DMA_DEVICE, slot, len, (u32)addr,
			   to_device ?
			   "device read from memory not mapped to it (IOMMU fault)" :
			   "device wrote to memory not mapped from it (IOMMU fault)");
		return false;
	}
	return true;
}

u32 rl_dma_check_all_unmapped(struct rl_dma *dma)
{
	u32 i;

	for (i = 0; i < dma->slots.nr; i++)
		if (dma->maps[i].live)
			rl_ledger_expect(dma->m->ledger, RL_OBJ_DMA,
					 dma->slots.base + i, RL_OWNER(RL_OWN_NONE, 0),
					 RL_F_LEAK,
					 "DMA mapping still live at the end (dma_debug leak)");
	return dma->live;
}
