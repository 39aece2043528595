// SPDX-License-Identifier: GPL-2.0
/*
 * desc_acct.c - free/held state of each descriptor of a pool.  Every
 * function is proven by Frama-C WP (proofs/); the ghost loops are lemma
 * steps: they walk the count one index at a time so the prover only ever
 * unfolds rl_nfree once.
 */
#include "desc_acct.h"

/*
 * Write one state byte and show how the free count moves: by +1 when a
 * held descriptor becomes free, -1 the other way, 0 otherwise.
 */
/*@ requires \valid(s + (0 .. n - 1)) && 0 < n <= RL_DESC_ACCT_MAX;
  @ requires k < n;
  @ assigns s[k];
  @ ensures set: s[k] == to;
  @ ensures others: \forall integer j; 0 <= j < n && j != k ==>
  @   s[j] == \old(s[j]);
  @ ensures count: rl_nfree(s, n) == rl_nfree{Pre}(s, n) +
  @   (to == RL_DESC_FREE ? 1 : 0) - (\old(s[k]) == RL_DESC_FREE ? 1 : 0);
  @ ensures bound: 0 <= rl_nfree(s, n) <= n;
  @*/
static void desc_acct_set(u8 *s, u32 n, u32 k, u8 to)
{
	s[k] = to;
	/*@ ghost
	  @ /@ loop invariant range: 0 <= j <= n;
	  @    loop invariant below: j <= k ==>
	  @      rl_nfree(s, j) == rl_nfree{Pre}(s, j);
	  @    loop invariant above: j > k ==>
	  @      rl_nfree(s, j) == rl_nfree{Pre}(s, j) +
	  @        (to == RL_DESC_FREE ? 1 : 0) -
	  @        (\at(s[k], Pre) == RL_DESC_FREE ? 1 : 0);
	  @    loop invariant bound: 0 <= rl_nfree(s, j) <= j;
	  @    loop assigns j;
	  @    loop variant n - j;
	  @ @/
	  @ for (u32 j = 0; j < n; j++)
	  @   ;
	  @*/
}

void rl_desc_acct_init(struct rl_desc_acct *a, u8 *state, u32 size)
{
	u32 i;

	/*@ loop invariant range: 0 <= i <= size;
	  @ loop invariant free: \forall integer j; 0 <= j < i ==>
	  @   state[j] == RL_DESC_FREE;
	  @ loop assigns i, state[0 .. size - 1];
	  @ loop variant size - i;
	  @*/
	for (i = 0; i < size; i++)
		state[i] = RL_DESC_FREE;
	/*@ ghost
	  @ /@ loop invariant range: 0 <= j <= size;
	  @    loop invariant count: rl_nfree(state, j) == j;
	  @    loop assigns j;
	  @    loop variant size - j;
	  @ @/
	  @ for (u32 j = 0; j < size; j++)
	  @   ;
	  @*/
	a->size = size;
	a->avail = size;
	a->state = state;
}

u32 rl_desc_acct_alloc(struct rl_desc_acct *a)
{
	u32 i;

	if (!a->avail)
		return a->size;
	/*@ loop invariant range: 0 <= i <= a->size;
	  @ loop invariant held_before: \forall integer j; 0 <= j < i ==>
	  @   a->state[j] == RL_DESC_HELD;
	  @ loop invariant none_free: rl_nfree(a->state, i) == 0;
	  @ loop assigns i;
	  @ loop variant a->size - i;
	  @*/
	for (i = 0; i < a->size; i++)
		if (a->state[i] == RL_DESC_FREE)
			break;
	/*@ assert found: i < a->size; */
	desc_acct_set(a->state, a->size, i, RL_DESC_HELD);
	a->avail--;
	return i;
}

void rl_desc_acct_free(struct rl_desc_acct *a, u32 idx)
{
	desc_acct_set(a->state, a->size, idx, RL_DESC_FREE);
	a->avail++;
}

bool rl_desc_acct_held(const struct rl_desc_acct *a, u32 idx)
{
	return idx < a->size && a->state[idx] == RL_DESC_HELD;
}

bool rl_desc_acct_is_valid(const struct rl_desc_acct *a)
{
	u32 i, nfree = 0;

	/*@ loop invariant range: 0 <= i <= a->size;
	  @ loop invariant states: rl_desc_states(a->state, i);
	  @ loop invariant count: nfree == rl_nfree(a->state, i);
	  @ loop invariant bound: nfree <= i;
	  @ loop assigns i, nfree;
	  @ loop variant a->size - i;
	  @*/
	for (i = 0; i < a->size; i++) {
		if (a->state[i] == RL_DESC_FREE)
			nfree++;
		else if (a->state[i] != RL_DESC_HELD)
			return false;
	}
	return nfree == a->avail;
}
