// SPDX-License-Identifier: GPL-2.0
/*
 * slots.c - fixed slot tables with a LIFO free stack.
 */
#include "slots.h"

bool rl_slots_init(struct rl_slots *s, struct rl_ledger *l,
		   enum rl_obj_class cls, u32 nr)
{
	u32 i;

	s->cls = cls;
	s->nr = nr;
	s->free = rl_zalloc((nr + 1) * sizeof(u32));
	if (!s->free || !rl_ledger_reserve(l, cls, nr, &s->base)) {
		rl_free(s->free);
		s->free = NULL;
		return false;
	}
	for (i = 0; i < nr; i++)
		s->free[i] = nr - 1 - i;
	s->free_top = nr;
	return true;
}

void rl_slots_fini(struct rl_slots *s)
{
	rl_free(s->free);
	s->free = NULL;
}

bool rl_slots_get(struct rl_slots *s, struct rl_ledger *l, u32 owner,
		  u32 *idx)
{
	if (!s->free_top)
		return false;
	*idx = s->free[--s->free_top];
	rl_ledger_set(l, s->cls, s->base + *idx, owner);
	return true;
}

void rl_slots_put(struct rl_slots *s, u32 idx)
{
	s->free[s->free_top++] = idx;
}

bool rl_slots_is_valid(const struct rl_slots *s, const struct rl_ledger *l)
{
	u32 i;

	if (s->free_top > s->nr)
		return false;
	for (i = 0; i < s->free_top; i++)
		if (s->free[i] >= s->nr ||
		    rl_ledger_owner(l, s->cls, s->base + s->free[i]) !=
		    RL_OWNER(RL_OWN_NONE, 0))
			return false;
	return rl_ledger_count_owner(l, s->cls, s->base, s->nr,
				     RL_OWNER(RL_OWN_NONE, 0)) == s->free_top;
}
