/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slots.h - a fixed table of object slots with a stack of free slots,
 * shared by the system-wide allocators (DMA mapping slots, pages, skbs,
 * xdp_frames).  Slot i is ledger id base + i; a slot is free exactly when
 * its ledger owner is RL_OWN_NONE.  The lowest slot is handed out first,
 * and a freed slot is reused first (LIFO), so allocation is deterministic.
 */
#ifndef RL_SLOTS_H
#define RL_SLOTS_H

#include "ledger.h"

struct rl_slots {
	enum rl_obj_class cls;
	u32 base;		/* ledger id of slot 0 */
	u32 nr;
	u32 free_top;
	u32 *free;		/* free slot indexes, next one on top */
};

/* Reserves @nr ledger ids of @cls; false when out of memory or ids. */
bool rl_slots_init(struct rl_slots *s, struct rl_ledger *l,
		   enum rl_obj_class cls, u32 nr);
void rl_slots_fini(struct rl_slots *s);
/* Takes a free slot (its owner becomes @owner); false when none is left. */
bool rl_slots_get(struct rl_slots *s, struct rl_ledger *l, u32 owner,
		  u32 *idx);
/* Gives slot @idx back; the caller has already moved its owner to none. */
void rl_slots_put(struct rl_slots *s, u32 idx);
/* Free stack and ledger agree: every free slot is owned by nobody. */
bool rl_slots_is_valid(const struct rl_slots *s, const struct rl_ledger *l);

#endif /* RL_SLOTS_H */
