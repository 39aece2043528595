/* SPDX-License-Identifier: GPL-2.0 */
/*
 * walks.h - the ghost walks the proofs write in more than one place, used
 * only inside ghost annotations (model/ledger.c, model/desc_pool_own.c).
 * prove.sh includes it before every unit, as footprints.h; the C builds
 * never see it.
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

#endif /* RL_WALKS_H */
