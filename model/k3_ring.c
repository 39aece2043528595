// SPDX-License-Identifier: GPL-2.0
/*
 * k3_ring.c - ring model.  Ownership of a chain moves with its head entry.
 */
#include "k3_ring.h"

#define RL_MAX_CHAIN	32	/* MAX_SKB_FRAGS + head, with margin */

u32 rl_ring_owner(const struct rl_ring *ring)
{
	return RL_OWNER(RL_OWN_RING, ring->hdr.id);
}

static bool ring_valid(const struct rl_obj_hdr *h)
{
	return rl_ring_is_valid(container_of(h, const struct rl_ring, hdr));
}

static u32 ring_held(const struct rl_obj_hdr *h)
{
	return container_of(h, const struct rl_ring, hdr)->ndesc;
}

static const struct rl_obj_ops ring_ops = {
	.kind = RL_REG_RING,
	.name = "rl_ring_is_valid",
	.cls = RL_OBJ_DESC,
	.is_valid = ring_valid,
	.held = ring_held,
	.held_cls = RL_OBJ_DESC,
	.held_kind = RL_OWN_RING,
};

struct rl_ring *rl_ring_create(struct rl_model *m, struct rl_k3_cppi_desc_pool *pool,
			       u32 size, const char *name)
{
	struct rl_ring *ring;
	u32 cap = 1;
	int id;

	if (!size || size > RL_RING_IDX_MAX)
		return NULL;
	while (cap < size)
		cap <<= 1;
	ring = rl_zalloc(sizeof(*ring));
	if (!ring)
		return NULL;
	ring->slot = rl_zalloc(cap * sizeof(*ring->slot));
	id = ring->slot ? rl_model_register(m, &ring->hdr, &ring_ops) : -1;
	if (id < 0) {
		rl_free(ring->slot);
		rl_free(ring);
		return NULL;
	}
	ring->hdr.id = (u32)id;
	ring->m = m;
	ring->pool = pool;
	snprintf(ring->name, sizeof(ring->name), "%s", name);
	rl_ring_idx_init(&ring->idx, size, cap - 1);
	return ring;
}

void rl_ring_destroy(struct rl_ring *ring)
{
	if (!ring)
		return;
	rl_model_unregister(ring->m, &ring->hdr);
	rl_free(ring->slot);
	rl_free(ring);
}

u32 rl_ring_ndesc(const struct rl_ring *ring)
{
	return ring->ndesc;
}

u32 rl_ring_occ(const struct rl_ring *ring)
{
	return rl_ring_idx_occ(&ring->idx);
}

/*
 * Move the chain headed at @dma from @from to @to.  Returns the number of
 * descriptors in the chain; stops at the first one not with @from.
 */
static u32 chain_move(struct rl_ring *ring, rl_dma_addr_t dma, u32 from,
		      u32 to, const char *what)
{
	struct rl_ledger *l = ring->m->ledger;
	u32 n = 0, id;

	while (dma && n < RL_MAX_CHAIN &&
	       rl_k3_cppi_desc_pool_dma_to_id(ring->pool, dma, &id)) {
		if (!rl_ledger_move(l, RL_OBJ_DESC, id, from, to, RL_F_OWNER,
				    what))
			break;
		n++;
		dma = rl_k3_cppi_desc_pool_hw_desc(ring->pool, dma)->next_desc;
	}
	return n;
}

static int ring_put(struct rl_ring *ring, rl_dma_addr_t dma, u32 from,
		    const char *what)
{
	u32 at;

	if (rl_ring_occ(ring) >= ring->idx.size)
		return -ENOMEM;
	if (!rl_cppi5_desc_is_tdcm(dma)) {
		u32 id;

		if (!rl_k3_cppi_desc_pool_dma_to_id(ring->pool, dma, &id)) {
			rl_ledger_report_count(ring->m->ledger, RL_F_OWNER,
					       RL_OBJ_DESC, 0, 0, (u32)dma,
					       "k3_ringacc_ring_push: address is not a descriptor of the ring's pool");
			return -EINVAL;
		}
		ring->ndesc += chain_move(ring, dma, from, rl_ring_owner(ring),
					  what);
	}
	rl_ring_idx_push(&ring->idx, &at);
	ring->slot[at] = dma;
	return 0;
}

int rl_ring_push(struct rl_ring *ring, rl_dma_addr_t dma)
{
	if (rl_model_fault_hit(ring->m, RL_FAULT_RING_PUSH))
		return -ENOMEM;
	return ring_put(ring, dma, RL_OWNER(RL_OWN_DRIVER, 0),
			"k3_ringacc_ring_push: descriptor not held by the driver");
}

int rl_ring_hw_push(struct rl_ring *ring, rl_dma_addr_t dma)
{
	int ret = ring_put(ring, dma, RL_OWNER(RL_OWN_DRIVER, 0),
			   "hardware pushed a descriptor it did not hold");

	if (!ret)
		ring->irq = true;
	return ret;
}

bool rl_ring_irq_take(struct rl_ring *ring)
{
	bool irq = ring->irq;

	ring->irq = false;
	return irq;
}

int rl_ring_pop(struct rl_ring *ring, rl_dma_addr_t *dma)
{
	rl_dma_addr_t v;
	u32 at;

	if (!rl_ring_idx_pop(&ring->idx, &at))
		return -ENODATA;
	v = ring->slot[at];
	if (!rl_cppi5_desc_is_tdcm(v))
		ring->ndesc -= chain_move(ring, v, rl_ring_owner(ring),
					  RL_OWNER(RL_OWN_DRIVER, 0),
					  "k3_ringacc_ring_pop: ring entry not owned by the ring");
	*dma = v;
	return 0;
}

void rl_ring_reset(struct rl_ring *ring)
{
	struct rl_ledger *l = ring->m->ledger;

	u32 at;

	while (rl_ring_idx_pop(&ring->idx, &at)) {
		rl_dma_addr_t v = ring->slot[at];
		u32 id;

		if (rl_cppi5_desc_is_tdcm(v))
			continue;
		if (rl_k3_cppi_desc_pool_dma_to_id(ring->pool, v, &id))
			rl_ledger_expect(l, RL_OBJ_DESC, id,
					 RL_OWNER(RL_OWN_DRIVER, 0), RL_F_DROPPED,
					 "k3_ringacc_ring_reset dropped a descriptor still in the ring");
		ring->ndesc -= chain_move(ring, v, rl_ring_owner(ring),
					  RL_OWNER(RL_OWN_LOST, ring->hdr.id),
					  "ring reset: entry not owned by the ring");
	}
	rl_ring_idx_reset(&ring->idx);
	ring->irq = false;
}

bool rl_ring_is_valid(const struct rl_ring *ring)
{
	const struct rl_ledger *l = ring->m->ledger;
	u32 i, heads = 0;

	if (!rl_ring_idx_is_valid(&ring->idx))
		return false;
	for (i = ring->idx.cons; i != ring->idx.prod; i++) {
		rl_dma_addr_t v = ring->slot[i & ring->idx.mask];
		u32 id;

		if (rl_cppi5_desc_is_tdcm(v))
			continue;
		if (!rl_k3_cppi_desc_pool_dma_to_id(ring->pool, v, &id) ||
		    rl_ledger_owner(l, RL_OBJ_DESC, id) != rl_ring_owner(ring))
			return false;
		heads++;
	}
	return ring->ndesc >= heads;
}
