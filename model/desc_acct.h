/* SPDX-License-Identifier: GPL-2.0 */
/*
 * desc_acct.h - which descriptors of a CPPI5 descriptor pool are free.
 *
 * The real pool (k3-cppi-desc-pool.c) keeps this in a gen_pool bitmap and
 * reports k3_cppi_desc_pool_avail() from gen_pool_avail().  Here it is one
 * state byte per descriptor plus an explicit free counter tied to the bytes
 * by the invariant rl_desc_acct_ok (proof-friendly form, design rule 4):
 * the Frama-C proofs in proofs/ check every function of this file.
 */
#ifndef RL_DESC_ACCT_H
#define RL_DESC_ACCT_H

#include "rl_compat.h"

#define RL_DESC_FREE	0	/* in the pool */
#define RL_DESC_HELD	1	/* handed out by alloc, not freed yet */
#define RL_DESC_ACCT_MAX 65536U	/* largest pool the model builds */

struct rl_desc_acct {
	u32 size;
	u32 avail;		/* number of RL_DESC_FREE bytes in state[] */
	u8 *state;		/* size bytes, RL_DESC_FREE or RL_DESC_HELD */
};

/*@ logic integer rl_nfree{L}(u8 *s, integer n) =
  @   n <= 0 ? 0 : rl_nfree{L}(s, n - 1) + (s[n - 1] == RL_DESC_FREE ? 1 : 0);
  @
  @ predicate rl_desc_states{L}(u8 *s, integer n) =
  @   \forall integer i; 0 <= i < n ==>
  @     s[i] == RL_DESC_FREE || s[i] == RL_DESC_HELD;
  @
  @ predicate rl_desc_acct_ok{L}(struct rl_desc_acct *a) =
  @   \valid(a) && 0 < a->size <= RL_DESC_ACCT_MAX &&
  @   \valid(a->state + (0 .. a->size - 1)) &&
  @   \separated(a, a->state + (0 .. a->size - 1)) &&
  @   rl_desc_states(a->state, a->size) &&
  @   a->avail == rl_nfree(a->state, a->size) && a->avail <= a->size;
  @*/

/*@ requires args: \valid(a) && 0 < size <= RL_DESC_ACCT_MAX &&
  @   \valid(state + (0 .. size - 1)) &&
  @   \separated(a, state + (0 .. size - 1));
  @ assigns *a, state[0 .. size - 1];
  @ ensures ok: rl_desc_acct_ok(a);
  @ ensures full: a->avail == size && a->size == size && a->state == state;
  @ ensures all_free: \forall integer i; 0 <= i < size ==>
  @   state[i] == RL_DESC_FREE;
  @*/
void rl_desc_acct_init(struct rl_desc_acct *a, u8 *state, u32 size);

/*
 * First fit, as gen_pool_first_fit: the lowest free descriptor.  Returns
 * its index, or a->size when the pool is empty.
 */
/*@ requires ok: rl_desc_acct_ok(a);
  @ assigns a->avail, a->state[0 .. a->size - 1];
  @ ensures ok: rl_desc_acct_ok(a);
  @ behavior empty:
  @   assumes a->avail == 0;
  @   assigns \nothing;
  @   ensures none: \result == a->size;
  @   ensures unchanged: a->avail == 0 && \forall integer j;
  @     0 <= j < a->size ==> a->state[j] == \old(a->state[j]);
  @ behavior some:
  @   assumes a->avail > 0;
  @   assigns a->avail, a->state[0 .. a->size - 1];
  @   ensures index: 0 <= \result < a->size;
  @   ensures was_free: \old(a->state[\result]) == RL_DESC_FREE;
  @   ensures now_held: a->state[\result] == RL_DESC_HELD;
  @   ensures one_less: a->avail == \old(a->avail) - 1;
  @   ensures first_fit: \forall integer j; 0 <= j < \result ==>
  @     a->state[j] == RL_DESC_HELD;
  @   ensures others: \forall integer j; 0 <= j < a->size && j != \result ==>
  @     a->state[j] == \old(a->state[j]);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
u32 rl_desc_acct_alloc(struct rl_desc_acct *a);

/* Callers check rl_desc_acct_held() first: a double free is a finding. */
/*@ requires ok: rl_desc_acct_ok(a);
  @ requires index: idx < a->size;
  @ requires held: a->state[idx] == RL_DESC_HELD;
  @ assigns a->avail, a->state[idx];
  @ ensures ok: rl_desc_acct_ok(a);
  @ ensures now_free: a->state[idx] == RL_DESC_FREE;
  @ ensures one_more: a->avail == \old(a->avail) + 1;
  @*/
void rl_desc_acct_free(struct rl_desc_acct *a, u32 idx);

/*@ requires ok: rl_desc_acct_ok(a);
  @ assigns \nothing;
  @ ensures \result <==> (idx < a->size && a->state[idx] == RL_DESC_HELD);
  @*/
bool rl_desc_acct_held(const struct rl_desc_acct *a, u32 idx);

/*
 * Recounts the state bytes: true exactly when the counter matches them
 * (the run-time mirror of rl_desc_acct_ok).
 */
/*@ requires shape: \valid_read(a) && 0 < a->size <= RL_DESC_ACCT_MAX &&
  @   \valid_read(a->state + (0 .. a->size - 1));
  @ assigns \nothing;
  @ ensures mirrors: \result <==> (rl_desc_states(a->state, a->size) &&
  @   a->avail == rl_nfree(a->state, a->size) && a->avail <= a->size);
  @*/
bool rl_desc_acct_is_valid(const struct rl_desc_acct *a);

#endif /* RL_DESC_ACCT_H */
