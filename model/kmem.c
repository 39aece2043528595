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
	u32 size;
	unsigned long mem[];
};

/* what the record says: some bytes, from a named site */
static bool kmem_valid(const struct rl_obj_hdr *h)
{
	const struct rl_kmem *k = container_of(h, const struct rl_kmem, hdr);

	return k->size && k->site;
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

void *rl_kmem_zalloc(struct rl_model *m, u32 size, const char *site)
{
	struct rl_kmem *k;
	int id;

	if (rl_model_fault_hit(m, RL_FAULT_KMALLOC))
		return NULL;
	k = rl_zalloc(sizeof(*k) + size);
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
	k->size = size;
	return k->mem;
}

void rl_kmem_free(struct rl_model *m, void *p)
{
	struct rl_kmem *k;

	if (!p)
		return;
	k = container_of(p, struct rl_kmem, mem[0]);
	if (k->hdr.zombie) {
		rl_ledger_report_count(m->ledger, RL_F_DOUBLE_FREE,
				       RL_OBJ_KMEM, k->hdr.id, 1, 0,
				       "kfree: object already freed");
		return;
	}
	/* kept as a zombie so that a second free is seen (SLUB debug) */
	k->hdr.zombie = true;
}
