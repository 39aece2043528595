/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slots.h - a fixed table of objects of one ledger class with a stack of
 * free slots: what the system-wide allocators share (DMA mapping slots,
 * pages, skbs, xdp_frames).  Slot i is ledger id base + i; a slot is free
 * exactly when its ledger owner is RL_OWN_NONE.  The lowest slot is handed
 * out first, and a freed slot is reused first (LIFO), so allocation is
 * deterministic.  An object may carry its ledger id (a u32 at @id_off) and
 * a body that is poisoned while the slot is free (from @body_off to the
 * end of the object, model/poison.h).
 */
#ifndef RL_SLOTS_H
#define RL_SLOTS_H

#include "ledger.h"

#define RL_SLOTS_NONE	((size_t)-1)	/* no id field / no poisoned body */
#define RL_SLOTS_TAKEN	((u32)-1)	/* pos[] of a slot not on the free stack */

struct rl_slots {
	struct rl_ledger *l;
	enum rl_obj_class cls;
	u32 base;		/* ledger id of slot 0 */
	u32 nr;
	u32 free_top;
	u32 *free;		/* free slot indexes, next one on top */
	/*
	 * Where each slot sits on the free stack (or RL_SLOTS_TAKEN): the
	 * full check sees a slot on the stack twice by it, the incremental
	 * one a free slot; and whether an index past the table was ever
	 * given back.
	 */
	u32 *pos;
	bool bad_put;
	u8 *table;		/* nr + 1 objects of elem_size bytes */
	size_t elem_size;
	size_t body_off;	/* start of the poisoned body, or RL_SLOTS_NONE */
};

/*
 * Reserves @nr ledger ids of @cls and a zeroed table of @nr objects of
 * @elem_size bytes, writes each object's id at @id_off and poisons its
 * body; returns the table, or NULL when out of memory or ids.
 */
void *rl_slots_init(struct rl_slots *s, struct rl_ledger *l,
		    enum rl_obj_class cls, u32 nr, size_t elem_size,
		    size_t id_off, size_t body_off);
void rl_slots_fini(struct rl_slots *s);
/* Takes a free slot (its owner becomes @owner); false when none is left. */
bool rl_slots_get(struct rl_slots *s, struct rl_ledger *l, u32 owner,
		  u32 *idx);
/* Gives slot @idx back; the caller has already moved its owner to none. */
void rl_slots_put(struct rl_slots *s, u32 idx);
/*
 * The same for objects with a poisoned body: the object taken (its body
 * checked, as SLUB's check_object does on reuse - a write while it was
 * free is a USE_AFTER_FREE finding - and made usable), or NULL; and the
 * object given back (its body poisoned).
 */
void *rl_slots_get_obj(struct rl_slots *s, struct rl_ledger *l, u32 owner);
void rl_slots_put_obj(struct rl_slots *s, void *obj);
/*
 * The table's half of the conservation invariant: the free stack holds
 * slots of the table, each owned by nobody in the ledger and each where
 * pos[] says (so once: pos[] names one place per slot), and as many as
 * the ledger counts owned by nobody over the table - so a slot is on the
 * stack exactly when nobody owns it, once.
 */
/*@ predicate rl_slots_ok{L}(struct rl_slots *s, struct rl_ledger *l) =
  @   s->free_top <= s->nr &&
  @   (\forall integer i; 0 <= i < s->free_top ==> s->free[i] < s->nr &&
  @     s->pos[s->free[i]] == i &&
  @     l->owner[s->cls][s->base + s->free[i]] == RL_OWNER(RL_OWN_NONE, 0)) &&
  @   rl_nowner(l->owner[s->cls], RL_OWNER(RL_OWN_NONE, 0), s->base, s->nr) ==
  @   s->free_top;
  @*/
/*
 * Free stack and ledger agree: every free slot is owned by nobody.
 * Proven (unit slots): the exact mirror of rl_slots_ok.
 */
/*@ requires \valid_read(s) && \valid_read(l) && 0 <= s->cls < RL_OBJ_NR;
  @ requires fits: s->base + s->nr <= l->cap[s->cls];
  @ requires free: \valid_read(s->free + (0 .. s->nr)) &&
  @   \valid_read(s->pos + (0 .. s->nr));
  @ requires table: \valid_read(l->owner[s->cls] + (0 .. l->cap[s->cls]));
  @ assigns \nothing;
  @ ensures mirror: \result <==> rl_slots_ok(s, l);
  @*/
bool rl_slots_is_valid(const struct rl_slots *s, const struct rl_ledger *l);
/*
 * The same, given that it held at the last check (rl_ledger_clean): looks
 * only at the slots the ledger logged since (moved or given back), and at
 * the ledger's counters when the table spans its whole class.
 */
bool rl_slots_is_valid_since(const struct rl_slots *s,
			     const struct rl_ledger *l);
/* The table holds every id of its class: counters stand for it. */
bool rl_slots_whole_class(const struct rl_slots *s, const struct rl_ledger *l);
/*
 * The table spans its class and the ledger counts every id as free: no
 * object is alive (the common case between operations), in O(1).
 */
bool rl_slots_none_taken(const struct rl_slots *s, const struct rl_ledger *l);

#endif /* RL_SLOTS_H */
