// SPDX-License-Identifier: GPL-2.0
/*
 * ring_idx.c - free-running ring counters (proven in proofs/).  The
 * counters wrap at 2^32; the wrap is written out (no reliance on modular
 * u32 arithmetic) so the provers reason over plain integers.  The
 * storage entry is the counter modulo the power-of-two storage size, the
 * same value as masking (the provers handle % but not & bounds).
 */
#include "ring_idx.h"

void rl_ring_idx_init(struct rl_ring_idx *r, u32 size, u32 mask)
{
	r->size = size;
	r->mask = mask;
	r->prod = 0;
	r->cons = 0;
}

/*@ assigns \nothing;
  @ ensures \result == (v == U32_MAX ? 0 : v + 1);
  @*/
static u32 next(u32 v)
{
	return v == U32_MAX ? 0 : v + 1;
}

u32 rl_ring_idx_occ(const struct rl_ring_idx *r)
{
	if (r->prod >= r->cons)
		return r->prod - r->cons;
	return r->prod + (U32_MAX - r->cons) + 1;
}

bool rl_ring_idx_push(struct rl_ring_idx *r, u32 *slot)
{
	if (rl_ring_idx_occ(r) >= r->size)
		return false;
	*slot = r->prod % (r->mask + 1);
	r->prod = next(r->prod);
	return true;
}

bool rl_ring_idx_pop(struct rl_ring_idx *r, u32 *slot)
{
	if (!rl_ring_idx_occ(r))
		return false;
	*slot = r->cons % (r->mask + 1);
	r->cons = next(r->cons);
	return true;
}

void rl_ring_idx_reset(struct rl_ring_idx *r)
{
	r->prod = 0;
	r->cons = 0;
}

bool rl_ring_idx_is_valid(const struct rl_ring_idx *r)
{
	return r->size && r->mask < RL_RING_IDX_MAX &&
	       r->size <= r->mask + 1 && rl_ring_idx_occ(r) <= r->size;
}
