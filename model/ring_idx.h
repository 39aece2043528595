/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ring_idx.h - the index arithmetic of a K3 ring: free-running u32
 * producer and consumer counters, masked on access (as liburing's
 * io_uring queues; the ring accelerator keeps an occupancy the same way).
 * Occupancy is prod - cons modulo 2^32, so the counters may wrap.
 * Proven by Frama-C WP (proofs/).
 */
#ifndef RL_RING_IDX_H
#define RL_RING_IDX_H

#include "rl_compat.h"

#define RL_RING_IDX_MAX	0x100000U	/* largest storage the model builds */

struct rl_ring_idx {
	u32 size;		/* logical capacity */
	u32 mask;		/* storage has mask + 1 entries, a power of two */
	u32 prod;
	u32 cons;
};

/*@ logic integer rl_ridx_occ{L}(struct rl_ring_idx *r) =
  @   r->prod >= r->cons ? r->prod - r->cons
  @                      : r->prod - r->cons + 4294967296;
  @
  @ predicate rl_ring_idx_ok{L}(struct rl_ring_idx *r) =
  @   \valid(r) && 0 < r->size && r->size <= r->mask + 1 &&
  @   r->mask < RL_RING_IDX_MAX && rl_ridx_occ(r) <= r->size;
  @*/

/*@ requires \valid(r) && 0 < size && size <= mask + 1 &&
  @   mask < RL_RING_IDX_MAX;
  @ assigns *r;
  @ ensures ok: rl_ring_idx_ok(r);
  @ ensures empty: rl_ridx_occ(r) == 0;
  @ ensures shape: r->size == size && r->mask == mask;
  @*/
void rl_ring_idx_init(struct rl_ring_idx *r, u32 size, u32 mask);

/*@ requires \valid_read(r);
  @ assigns \nothing;
  @ ensures \result == rl_ridx_occ(r);
  @*/
u32 rl_ring_idx_occ(const struct rl_ring_idx *r);

/* Claim the storage entry for one more element; false when full. */
/*@ requires ok: rl_ring_idx_ok(r);
  @ requires \valid(slot) && \separated(r, slot);
  @ assigns r->prod, *slot;
  @ ensures ok: rl_ring_idx_ok(r);
  @ behavior full:
  @   assumes rl_ridx_occ(r) >= r->size;
  @   assigns \nothing;
  @   ensures \result == \false;
  @ behavior room:
  @   assumes rl_ridx_occ(r) < r->size;
  @   assigns r->prod, *slot;
  @   ensures \result == \true;
  @   ensures in_storage: *slot <= r->mask;
  @   ensures one_more: rl_ridx_occ(r) == rl_ridx_occ{Pre}(r) + 1;
  @   ensures cons_kept: r->cons == \old(r->cons);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
bool rl_ring_idx_push(struct rl_ring_idx *r, u32 *slot);

/* The storage entry of the oldest element, which leaves; false if empty. */
/*@ requires ok: rl_ring_idx_ok(r);
  @ requires \valid(slot) && \separated(r, slot);
  @ assigns r->cons, *slot;
  @ ensures ok: rl_ring_idx_ok(r);
  @ behavior empty:
  @   assumes rl_ridx_occ(r) == 0;
  @   assigns \nothing;
  @   ensures \result == \false;
  @ behavior some:
  @   assumes rl_ridx_occ(r) > 0;
  @   assigns r->cons, *slot;
  @   ensures \result == \true;
  @   ensures in_storage: *slot <= r->mask;
  @   ensures one_less: rl_ridx_occ(r) == rl_ridx_occ{Pre}(r) - 1;
  @   ensures prod_kept: r->prod == \old(r->prod);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
bool rl_ring_idx_pop(struct rl_ring_idx *r, u32 *slot);

/* k3_ringacc_ring_reset(): occupancy back to zero, counters restart. */
/*@ requires ok: rl_ring_idx_ok(r);
  @ assigns r->prod, r->cons;
  @ ensures ok: rl_ring_idx_ok(r);
  @ ensures empty: rl_ridx_occ(r) == 0 && r->prod == 0;
  @*/
void rl_ring_idx_reset(struct rl_ring_idx *r);

/* Run-time mirror of rl_ring_idx_ok (for rl_ring_is_valid). */
/*@ requires \valid_read(r);
  @ assigns \nothing;
  @ ensures \result <==> (0 < r->size && r->size <= r->mask + 1 &&
  @   r->mask < RL_RING_IDX_MAX && rl_ridx_occ(r) <= r->size);
  @*/
bool rl_ring_idx_is_valid(const struct rl_ring_idx *r);

#endif /* RL_RING_IDX_H */
