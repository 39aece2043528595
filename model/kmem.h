/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmem.h - a driver's own slab memory as kmemleak and SLUB debugging see
 * it (mm/kmemleak.c, mm/slub.c): kzalloc/kfree, bitmap_zalloc/
 * bitmap_free and a workqueue's memory - the allocations of stmmac's
 * probe whose lifetime upstream got wrong (af_xdp_zc_qps).  An object still
 * allocated when the driver's device is gone is reported as a leak
 * (kmemleak: "unreferenced object", with the allocation site); a second
 * free as a double free (KASAN / SLUB "Object already free").
 */
#ifndef RL_KMEM_H
#define RL_KMEM_H

#include "model.h"

/*
 * kzalloc(@size, GFP_KERNEL): @site names the caller for findings; NULL
 * when the allocation fails (fault site RL_FAULT_KMALLOC).
 */
void *rl_kmem_zalloc(struct rl_model *m, u32 size, const char *site);
/* kfree(): NULL is fine */
void rl_kmem_free(struct rl_model *m, void *p);

/* bitmap_zalloc(@nbits, GFP_KERNEL) / bitmap_free() */
static inline unsigned long *rl_bitmap_zalloc(struct rl_model *m, u32 nbits,
					      const char *site)
{
	return rl_kmem_zalloc(m, (nbits + 8 * sizeof(long) - 1) /
			      (8 * sizeof(long)) * sizeof(long), site);
}

static inline void rl_bitmap_free(struct rl_model *m, unsigned long *map)
{
	rl_kmem_free(m, map);
}

/*
 * create_singlethread_workqueue() / destroy_workqueue(): only its memory
 * matters here (no work is queued on it by the extracted paths).
 */
struct rl_workqueue;

static inline struct rl_workqueue *rl_alloc_workqueue(struct rl_model *m,
						      const char *site)
{
	return rl_kmem_zalloc(m, 1, site);
}

static inline void rl_destroy_workqueue(struct rl_model *m,
					struct rl_workqueue *wq)
{
	rl_kmem_free(m, wq);
}

/* set_bit()/clear_bit()/test_bit() on such a bitmap */
/*@ requires \valid(map + nr / (8 * sizeof(long)));
  @ assigns map[nr / (8 * sizeof(long))];
  @*/
static inline void rl_set_bit(u32 nr, unsigned long *map)
{
	map[nr / (8 * sizeof(long))] |= 1UL << (nr % (8 * sizeof(long)));
}

/*@ requires \valid(map + nr / (8 * sizeof(long)));
  @ assigns map[nr / (8 * sizeof(long))];
  @*/
static inline void rl_clear_bit(u32 nr, unsigned long *map)
{
	map[nr / (8 * sizeof(long))] &= ~(1UL << (nr % (8 * sizeof(long))));
}

static inline bool rl_test_bit(u32 nr, const unsigned long *map)
{
	return map[nr / (8 * sizeof(long))] & (1UL << (nr % (8 * sizeof(long))));
}

#endif /* RL_KMEM_H */
