// SPDX-License-Identifier: GPL-2.0
/*
 * slots.c - fixed slot tables with a LIFO free stack.
 */
#include "slots.h"
#include "poison.h"

static u8 *obj_at(const struct rl_slots *s, u32 idx)
{
	return s->table + (size_t)idx * s->elem_size;
}

void *rl_slots_init(struct rl_slots *s, struct rl_ledger *l,
		    enum rl_obj_class cls, u32 nr, size_t elem_size,
		    size_t id_off, size_t body_off)
{
	u32 i;

	memset(s, 0, sizeof(*s));
	s->l = l;
	s->cls = cls;
	s->nr = nr;
	s->elem_size = elem_size;
	s->body_off = body_off;
	s->free = rl_zalloc((nr + 1) * sizeof(u32));
	s->table = rl_zalloc((nr + 1) * elem_size);
	s->pos = rl_zalloc((nr + 1) * sizeof(u32));
	if (!s->free || !s->table || !s->pos ||
	    !rl_ledger_reserve(l, cls, nr, &s->base)) {
		rl_slots_fini(s);
		return NULL;
	}
	for (i = 0; i < nr; i++) {
		s->free[i] = nr - 1 - i;
		s->pos[nr - 1 - i] = i;
		if (id_off != RL_SLOTS_NONE)
			*(u32 *)(obj_at(s, i) + id_off) = s->base + i;
		if (body_off != RL_SLOTS_NONE)
			rl_poison_free(obj_at(s, i) + body_off,
				       elem_size - body_off);
	}
	s->free_top = nr;
	return s->table;
}

void rl_slots_fini(struct rl_slots *s)
{
	if (s->table)
		rl_asan_unpoison(s->table, (s->nr + 1) * s->elem_size);
	rl_free(s->table);
	rl_free(s->free);
	rl_free(s->pos);
	s->table = NULL;
	s->free = NULL;
	s->pos = NULL;
}

bool rl_slots_get(struct rl_slots *s, struct rl_ledger *l, u32 owner,
		  u32 *idx)
{
	if (!s->free_top)
		return false;
	*idx = s->free[--s->free_top];
	if (*idx < s->nr)
		s->pos[*idx] = RL_SLOTS_TAKEN;
	rl_ledger_set(l, s->cls, s->base + *idx, owner);
	return true;
}

void rl_slots_put(struct rl_slots *s, u32 idx)
{
	if (idx < s->nr) {
		s->pos[idx] = s->free_top;
		rl_ledger_touch(s->l, s->cls, s->base + idx);
	} else {
		s->bad_put = true;
	}
	s->free[s->free_top++] = idx;
}

void *rl_slots_get_obj(struct rl_slots *s, struct rl_ledger *l, u32 owner)
{
	u8 *obj;
	u32 idx;

	if (!rl_slots_get(s, l, owner, &idx))
		return NULL;
	obj = obj_at(s, idx);
	if (!rl_poison_take(obj + s->body_off, s->elem_size - s->body_off))
		rl_ledger_report_count(l, RL_F_USE_AFTER_FREE, s->cls,
				       s->base + idx, RL_POISON_FREE, 0,
				       "object written after it was freed (poison overwritten, SLUB check_object)");
	return obj;
}

void rl_slots_put_obj(struct rl_slots *s, void *obj)
{
	u32 idx = (u32)(((u8 *)obj - s->table) / s->elem_size);

	rl_slots_put(s, idx);
	rl_poison_free((u8 *)obj + s->body_off, s->elem_size - s->body_off);
}

bool rl_slots_is_valid(const struct rl_slots *s, const struct rl_ledger *l)
{
	u32 i;

	if (s->free_top > s->nr)
		return false;
	/*@ loop invariant range: 0 <= i <= s->free_top;
	  @ loop invariant seen: \forall integer k; 0 <= k < i ==>
	  @   s->free[k] < s->nr && s->pos[s->free[k]] == k &&
	  @   l->owner[s->cls][s->base + s->free[k]] == RL_OWNER(RL_OWN_NONE, 0);
	  @ loop assigns i;
	  @ loop variant s->free_top - i;
	  @*/
	for (i = 0; i < s->free_top; i++)
		if (s->free[i] >= s->nr || s->pos[s->free[i]] != i ||
		    rl_ledger_owner(l, s->cls, s->base + s->free[i]) !=
		    RL_OWNER(RL_OWN_NONE, 0))
			return false;
	return rl_ledger_count_owner(l, s->cls, s->base, s->nr,
				     RL_OWNER(RL_OWN_NONE, 0)) == s->free_top;
}

bool rl_slots_whole_class(const struct rl_slots *s, const struct rl_ledger *l)
{
	return !s->base && s->nr == l->cap[s->cls];
}

bool rl_slots_none_taken(const struct rl_slots *s, const struct rl_ledger *l)
{
	return rl_slots_whole_class(s, l) &&
	       rl_ledger_count(l, s->cls, RL_OWN_NONE) == s->nr;
}

bool rl_slots_is_valid_since(const struct rl_slots *s,
			     const struct rl_ledger *l)
{
	u32 i, id;

	if (!rl_slots_whole_class(s, l))
		return rl_slots_is_valid(s, l);
	if (s->free_top > s->nr || s->bad_put)
		return false;
	/* a free slot's owner changed, or a slot came back still owned */
	for (i = 0; i < l->ndirty[s->cls]; i++) {
		id = l->dirty[s->cls][i];
		if (s->pos[id] != RL_SLOTS_TAKEN &&
		    rl_ledger_owner(l, s->cls, id) != RL_OWNER(RL_OWN_NONE, 0))
			return false;
	}
	return rl_ledger_count(l, s->cls, RL_OWN_NONE) == s->free_top;
}
