/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmem.h - a driver's own slab memory as kmemleak and SLUB debugging see
 * it (mm/kmemleak.c, mm/slub.c): bitmap_zalloc()/bitmap_free() for now,
 * the one such allocation of the extracted data paths whose lifetime
 * upstream got wrong (stmmac's af_xdp_zc_qps).  An object still
 * allocated when the driver's device is gone is reported as a leak
 * (kmemleak: "unreferenced object", with the allocation site); a second
 * free as a double free (KASAN / SLUB "Object already free").
 */
#ifndef RL_KMEM_H
#define RL_KMEM_H

#include "model.h"

/* bitmap_zalloc(@nbits, GFP_KERNEL): @site names the caller for findings */
unsigned long *rl_bitmap_zalloc(struct rl_model *m, u32 nbits,
				const char *site);
/* bitmap_free(): NULL is fine, as kfree(NULL) */
void rl_bitmap_free(struct rl_model *m, unsigned long *map);

/* set_bit()/clear_bit()/test_bit() on such a bitmap */
static inline void rl_set_bit(u32 nr, unsigned long *map)
{
	map[nr / (8 * sizeof(long))] |= 1UL << (nr % (8 * sizeof(long)));
}

static inline void rl_clear_bit(u32 nr, unsigned long *map)
{
	map[nr / (8 * sizeof(long))] &= ~(1UL << (nr % (8 * sizeof(long))));
}

static inline bool rl_test_bit(u32 nr, const unsigned long *map)
{
	return map[nr / (8 * sizeof(long))] & (1UL << (nr % (8 * sizeof(long))));
}

#endif /* RL_KMEM_H */
