// SPDX-License-Identifier: GPL-2.0
/*
 * kmem.c - a driver's slab objects in the registry: live ones are
 * reported at the end of the run (kmemleak's scan after the device is
 * removed), a second free at once (KASAN double-free).  The bytes sit
 * behind the header; the caller gets a pointer to them, as from kzalloc.
 */
#include "kmem.h"

struct rl_kmem {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	const char *site;
	u32 nbits;
	unsigned long map[];
};

/* what the record says: a bitmap of some bits, from a named site */
static bool kmem_valid(const struct rl_obj_hdr *h)
{
	const struct rl_kmem *k = container_of(h, const struct rl_kmem, hdr);

	return k->nbits && k->site;
}

static void kmem_final(struct rl_obj_hdr *h)
{
	struct rl_kmem *k = container_of(h, struct rl_kmem, hdr);

	if (h->zombie)
		return;
	/* create_object()'s record: the allocation site, never freed */
	rl_ledger_report_count(k->m->ledger, RL_F_LEAK, RL_OBJ_KMEM, h->id,
			       0, 1, k->site);
}

static void kmem_reap(struct rl_obj_hdr *h)
{
	rl_free(container_of(h, struct rl_kmem, hdr));
}

static const struct rl_obj_ops kmem_ops = {
	.kind = RL_REG_KMEM,
	.name = "rl_kmem_is_valid",
	.cls = RL_OBJ_KMEM,
	.is_valid = kmem_valid,
	.final_check = kmem_final,
	.reap = kmem_reap,
};

unsigned long *rl_bitmap_zalloc(struct rl_model *m, u32 nbits,
				const char *site)
{
	u32 words = (nbits + 8 * sizeof(unsigned long) - 1) /
		    (8 * sizeof(unsigned long));
	struct rl_kmem *k = rl_zalloc(sizeof(*k) +
				      words * sizeof(unsigned long));
	int id;

	if (!k)
		return NULL;
	id = rl_model_register(m, &k->hdr, &kmem_ops);
	if (id < 0) {
		rl_free(k);
		return NULL;
	}
	k->hdr.id = (u32)id;
	k->m = m;
	k->site = site;
	k->nbits = nbits;
	return k->map;
}

void rl_bitmap_free(struct rl_model *m, unsigned long *map)
{
	struct rl_kmem *k;

	if (!map)
		return;
	k = container_of(map, struct rl_kmem, map[0]);
	if (k->hdr.zombie) {
		rl_ledger_report_count(m->ledger, RL_F_DOUBLE_FREE,
				       RL_OBJ_KMEM, k->hdr.id, 1, 0,
				       "bitmap_free: object already freed");
		return;
	}
	/* kept as a zombie so that a second free is seen (SLUB debug) */
	k->hdr.zombie = true;
}
