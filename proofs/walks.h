/* SPDX-License-Identifier: GPL-2.0 */
/*
 * walks.h - annotation text the proofs write in more than one place: the
 * ghost walks (model/ledger.c, model/desc_pool_own.c) and the frame of a
 * descriptor pool's ledger step (model/desc_pool_own.c).  prove.sh
 * includes it before every unit, as footprints.h; the C builds never see
 * it.
 *
 * Why a walk: WP's typed memory model keeps one memory per scalar type, so
 * a call that writes any u32 (u8) cell changes the memory a recursive
 * count over u32 (u8) cells is defined over.  That the count is still what
 * it was at label L follows only index by index: an empty ghost loop whose
 * invariant carries it, each step unfolding the count once.
 */
#ifndef RL_WALKS_H
#define RL_WALKS_H

/* every class of ledger @l counted per kind as at label @L (rl_nown) */
#define RL_LEDGER_NOWN_WALK(l, L) \
	/@ loop invariant range: 0 <= c <= RL_OBJ_NR; \
	   loop invariant same: \forall integer d; 0 <= d < c ==> \
	     rl_nown_same{Here, L}((l)->owner[d], (l)->cap[d]); \
	   loop assigns c; \
	   loop variant RL_OBJ_NR - c; \
	@/ \
	for (u32 c = 0; c < RL_OBJ_NR; c++) { \
	  /@ loop invariant range: 0 <= j <= (l)->cap[c]; \
	     loop invariant same: rl_nown_same{Here, L}((l)->owner[c], j); \
	     loop assigns j; \
	     loop variant (l)->cap[c] - j; \
	  @/ \
	  for (u32 j = 0; j < (l)->cap[c]; j++) \
	    ; \
	}

/* the first @n states of @s counted free as at label @L (rl_nfree) */
#define RL_DESC_NFREE_WALK(s, n, L) \
	/@ loop invariant range: 0 <= j <= (n); \
	   loop invariant same: rl_nfree(s, j) == rl_nfree{L}(s, j); \
	   loop assigns j; \
	   loop variant (n) - j; \
	@/ \
	for (u32 j = 0; j < (n); j++) \
	  ;

/*
 * What a ledger step of descriptor pool @p (desc_set_held(),
 * desc_move_back()) keeps: the ledger's invariant, the pool's fields, the
 * tables' pointers and the accounting's states.  One ensures clause per
 * fact, each its own goal: CVC4 proves them one by one in a small
 * context, not as one conjunction after the call (2026-12-07).
 */
#define RL_DESC_POOL_STEP_KEPT(p) \
	ensures ledger_ok: rl_ledger_ok((p)->m->ledger); \
	ensures m_kept: (p)->m == \old((p)->m); \
	ensures ledger_kept: (p)->m->ledger == \old((p)->m->ledger); \
	ensures state_kept: (p)->acct.state == \old((p)->acct.state); \
	ensures block_kept: (p)->block == \old((p)->block); \
	ensures saved_kept: (p)->saved == \old((p)->saved); \
	ensures avail_kept: (p)->acct.avail == \old((p)->acct.avail); \
	ensures acct_size_kept: (p)->acct.size == \old((p)->acct.size); \
	ensures size_kept: (p)->size == \old((p)->size); \
	ensures base_kept: (p)->base == \old((p)->base); \
	ensures id_kept: (p)->hdr.id == \old((p)->hdr.id); \
	ensures destroyed_kept: (p)->destroyed == \old((p)->destroyed); \
	ensures cap_kept: (p)->m->ledger->cap[RL_OBJ_DESC] == \
	  \old((p)->m->ledger->cap[RL_OBJ_DESC]); \
	ensures tables_kept: rl_ledger_ptrs_kept{Here, Pre}((p)->m->ledger); \
	ensures states_kept: \forall integer j; 0 <= j < (p)->size ==> \
	  (p)->acct.state[j] == \old((p)->acct.state[j]);

#endif /* RL_WALKS_H */
