// SPDX-License-Identifier: GPL-2.0
/*
 * desc_pool_own.c - the descriptor pool's ownership half: which of its
 * descriptors are free, in its accounting and in the ledger at once.
 * rl_k3_cppi_desc_pool_is_valid() checks that the two agree, and the
 * pool's part of every alloc and free keeps them so.  Proven (Frama-C WP,
 * unit desc_pool in proofs/units.txt): the check is the invariant's exact
 * mirror, and the pool's part of an alloc and of a free each keeps it;
 * the byte work (desc_take(), desc_keep()) is assumed by its assigns
 * (proofs/README.md A5).
 */
#include "k3_cppi_desc_pool.h"
#include "poison.h"

bool rl_k3_cppi_desc_pool_is_valid(const struct rl_k3_cppi_desc_pool *pool)
{
	const struct rl_ledger *l = pool->m->ledger;
	u32 i;

	if (pool->destroyed)
		return pool->block == NULL;
	if (!pool->block || pool->acct.size != pool->size ||
	    !rl_desc_acct_is_valid(&pool->acct))
		return false;
	/* the pool's own view and the ledger agree on every descriptor */
	/*@ loop invariant range: 0 <= i <= pool->size;
	  @ loop invariant tied: \forall integer j; 0 <= j < i ==>
	  @   (pool->acct.state[j] == RL_DESC_FREE <==>
	  @    l->owner[RL_OBJ_DESC][pool->base + j] ==
	  @    rl_desc_pool_owner(pool));
	  @ loop assigns i;
	  @ loop variant pool->size - i;
	  @*/
	for (i = 0; i < pool->size; i++) {
		bool is_free = !rl_desc_acct_held(&pool->acct, i);
		bool own_pool = rl_ledger_owner(l, RL_OBJ_DESC, pool->base + i) ==
				rl_k3_cppi_desc_pool_owner(pool);

		if (is_free != own_pool)
			return false;
	}
	return true;
}

/*
 * Descriptor @i's memory on its way out: SLUB check_object() (a freed
 * object must still hold its poison), then the contents as the previous
 * user left them.  Bytes only, no owner (assumed, proofs/README.md A5).
 */
/*@ requires \valid(pool) && \valid(pool->m) && \valid(pool->m->ledger);
  @ assigns pool->block[0 .. RL_SPAN],
  @   RL_LEDGER_REPORT_FOOTPRINT(pool->m->ledger);
  @ ensures \result != \null;
  @*/
static void *desc_take(struct rl_k3_cppi_desc_pool *pool, u32 i)
{
	size_t off = (size_t)i * pool->desc_size;

	if (!rl_poison_take(pool->block + off, pool->desc_size))
		rl_ledger_report_count(pool->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_DESC, pool->base + i,
				       RL_POISON_FREE, 0,
				       "freed descriptor written after free (poison overwritten)");
	memcpy(pool->block + off, pool->saved + off, pool->desc_size);
	return pool->block + off;
}

/*
 * Descriptor @idx's memory on its way back: its contents kept aside for
 * the next user, then poisoned (assumed, A5, as desc_take()).
 */
/*@ requires \valid(pool);
  @ assigns pool->block[0 .. RL_SPAN], pool->saved[0 .. RL_SPAN];
  @*/
static void desc_keep(struct rl_k3_cppi_desc_pool *pool, u32 idx)
{
	u8 *desc = pool->block + (size_t)idx * pool->desc_size;

	memcpy(pool->saved + (size_t)idx * pool->desc_size, desc,
	       pool->desc_size);
	rl_poison_free(desc, pool->desc_size);
}

/*
 * Descriptor @i, the driver's now, handed out: the work counted and its
 * memory taken (desc_take()); the pool stays tied (proven, unit
 * desc_pool: a report and the bytes change neither the ledger's counts
 * nor the pool's, walked one index at a time, ghost).
 */
/*@ requires ok: rl_desc_pool_ok(pool);
  @ requires index: i < pool->size;
  @ assigns pool->block[0 .. RL_SPAN], pool->m->cost[0 .. RL_COST_NR - 1],
  @   RL_LEDGER_REPORT_FOOTPRINT(pool->m->ledger);
  @ ensures ok: rl_desc_pool_ok(pool);
  @ ensures same: pool->acct.avail == \old(pool->acct.avail);
  @ ensures given: \result != \null;
  @*/
static void *desc_hand_out(struct rl_k3_cppi_desc_pool *pool, u32 i)
{
	/*@ ghost struct rl_ledger *l = pool->m->ledger; */
	void *desc;

	/*@ assert bases: rl_desc_pool_bases(pool, l); */

	rl_cost_add(pool->m, RL_COST_DESC_ALLOC, 1);
	/*@ ghost Took: ; */
	desc = desc_take(pool, i);
	/*
	 * One fact per assert: CVC4 proves each in under a second and their
	 * conjunction not in a minute (measured 2026-12-07 on pool_kept).
	 */
	/*@ assert ptrs_1: pool->m == \at(pool->m, Took); */
	/*@ assert ptrs_2: pool->m->ledger == l; */
	/*@ assert ptrs_3: pool->block == \at(pool->block, Took); */
	/*@ assert ptrs_4: pool->saved == \at(pool->saved, Took); */
	/*@ assert ptrs_5: pool->acct.state == \at(pool->acct.state, Took); */
	/*@ assert ptrs_6: rl_ledger_ptrs_kept{Here, Took}(l); */
	/*@ assert pool_kept_1: pool->acct.avail == \at(pool->acct.avail, Took); */
	/*@ assert pool_kept_2: pool->acct.size == \at(pool->acct.size, Took); */
	/*@ assert pool_kept_3: pool->size == \at(pool->size, Took); */
	/*@ assert pool_kept_4: pool->base == \at(pool->base, Took); */
	/*@ assert pool_kept_5: pool->hdr.id == \at(pool->hdr.id, Took); */
	/*@ assert pool_kept_6: pool->destroyed == \at(pool->destroyed, Took); */
	/*@ assert caps: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   l->cap[c] == \at(l->cap[c], Took);
	  @*/
	/*@ assert counts: \forall integer c, k; 0 <= c < RL_OBJ_NR &&
	  @   0 <= k < RL_OWN_NR ==> l->count[c][k] == \at(l->count[c][k], Took);
	  @*/
	/*@ assert owners: \forall integer c, j; 0 <= c < RL_OBJ_NR &&
	  @   0 <= j <= l->cap[c] ==> l->owner[c][j] == \at(l->owner[c][j], Took);
	  @*/
	/*@ assert kept: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   rl_ledger_class_kept{Here, Took}(l, c);
	  @*/
	/*@ ghost RL_LEDGER_NOWN_WALK(l, Took) */
	/*@ ghost RL_DESC_NFREE_WALK(pool->acct.state, pool->size, Took) */
	/*@ assert tables: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   l->cap[c] < 4294967295 && \valid(l->owner[c] + (0 .. l->cap[c]));
	  @*/
	/*@ assert kinds: \forall integer c, j; 0 <= c < RL_OBJ_NR &&
	  @   0 <= j < l->cap[c] ==> rl_owner_ok(l->owner[c][j]);
	  @*/
	/*@ assert counters: \forall integer c, k;
	  @   0 <= c < RL_OBJ_NR && 0 <= k < RL_OWN_NR ==>
	  @   l->count[c][k] == rl_nown(l->owner[c], k, l->cap[c]);
	  @*/
	/*@ assert counted_1: rl_ledger_apart(l); */
	/*@ assert counted_2: rl_ledger_tables(l); */
	/*@ assert counted_3: rl_ledger_counted(l); */
	/*@ assert ledger_ok: rl_ledger_ok(l); */
	/*@ assert acct_ok: rl_desc_acct_ok(&pool->acct); */
	/*@ assert apart: rl_desc_pool_apart(pool); */
	/*@ assert states: \forall integer j; 0 <= j < pool->size ==>
	  @   pool->acct.state[j] == \at(pool->acct.state[j], Took);
	  @*/
	/*@ assert tied: rl_desc_pool_tied(pool); */
	return desc;
}

/*
 * Half way through an alloc or a free: descriptor @i is held in the
 * pool's accounting and still (or already) the pool's in the ledger;
 * every other descriptor tied.
 */
/*@ predicate rl_desc_pool_half{L}(struct rl_k3_cppi_desc_pool *p,
  @                                integer i) =
  @   \valid(p) && \valid(p->m) && rl_ledger_ok(p->m->ledger) &&
  @   p->destroyed == 0 && p->block != \null &&
  @   p->acct.size == p->size && rl_desc_acct_ok(&p->acct) &&
  @   p->base + p->size <= p->m->ledger->cap[RL_OBJ_DESC] &&
  @   rl_desc_pool_apart(p) && 0 <= i < p->size &&
  @   p->acct.state[i] == RL_DESC_HELD &&
  @   p->m->ledger->owner[RL_OBJ_DESC][p->base + i] ==
  @   rl_desc_pool_owner(p) &&
  @   (\forall integer j; 0 <= j < p->size && j != i ==>
  @     (p->acct.state[j] == RL_DESC_FREE <==>
  @      p->m->ledger->owner[RL_OBJ_DESC][p->base + j] ==
  @      rl_desc_pool_owner(p)));
  @*/

/*
 * The ledger's half of an alloc: descriptor @i (ledger id @id), held in
 * the accounting already, moves from the pool to the driver in the
 * ledger.  Proven (unit desc_pool) to tie the pool again and to change
 * nothing else its invariant reads, each fact its own clause, as
 * desc_move_back() (which says why @id is a parameter).
 */
/*@ requires half: rl_desc_pool_half(pool, i);
  @ requires id: id == pool->base + i;
  @ assigns pool->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN],
  @   pool->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1],
  @   RL_LEDGER_TOUCH_FOOTPRINT(pool->m->ledger, RL_OBJ_DESC);
  @ RL_DESC_POOL_STEP_KEPT(pool)
  @ ensures tied_others: \forall integer j; 0 <= j < pool->size &&
  @   j != i ==> (pool->acct.state[j] == RL_DESC_FREE <==>
  @   pool->m->ledger->owner[RL_OBJ_DESC][pool->base + j] ==
  @   rl_desc_pool_owner(pool));
  @ ensures to_driver: pool->m->ledger->owner[RL_OBJ_DESC][id] ==
  @   RL_OWNER(RL_OWN_DRIVER, 0);
  @*/
static void desc_set_held(struct rl_k3_cppi_desc_pool *pool, u32 i, u32 id)
{
	struct rl_ledger *l = pool->m->ledger;

	/*@ assert bases: rl_desc_pool_bases(pool, l); */
	/*@ assert in_range: id < l->cap[RL_OBJ_DESC]; */
	/*@ ghost Setting: ; */
	rl_ledger_set(l, RL_OBJ_DESC, id, RL_OWNER(RL_OWN_DRIVER, 0));
	/* one fact per assert, as in desc_hand_out() */
	/*@ assert id_kept: pool->hdr.id == \at(pool->hdr.id, Setting); */
	/*@ assert ptrs_1: pool->m == \at(pool->m, Setting); */
	/*@ assert ptrs_2: pool->m->ledger == l; */
	/*@ assert ptrs_3: l->owner[RL_OBJ_DESC] ==
	  @   \at(l->owner[RL_OBJ_DESC], Setting);
	  @*/
	/*@ assert base_kept: pool->base == \at(pool->base, Setting); */
	/*@ assert size_kept: pool->size == \at(pool->size, Setting); */
}

void *rl_desc_pool_take(struct rl_k3_cppi_desc_pool *pool)
{
	/*@ ghost struct rl_ledger *l = pool->m->ledger; */
	u32 i;

	/*@ ghost Start: ; */
	/*@ assert bases: rl_desc_pool_bases(pool, l); */
	i = rl_desc_acct_alloc(&pool->acct);

	/* Proof only: the ledger is counted as before (walked, ghost) */
	/*@ assert kept: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   rl_ledger_class_kept{Here, Start}(l, c);
	  @*/
	/*@ ghost RL_LEDGER_NOWN_WALK(l, Start) */
	/*@ assert ledger_ok: rl_ledger_ok(l); */
	if (i >= pool->size) {
		/*@ assert none_tied: rl_desc_pool_tied(pool); */
		/*@ assert none_acct: rl_desc_acct_ok(&pool->acct); */
		/*@ assert none_apart: rl_desc_pool_apart(pool); */
		return NULL;
	}
	/* the half-way state, one fact per assert (desc_hand_out()) */
	/*@ assert same_ledger: pool->m->ledger == l; */
	/*@ assert same_1: pool->destroyed == \at(pool->destroyed, Pre); */
	/*@ assert same_2: pool->block == \at(pool->block, Pre); */
	/*@ assert same_3: pool->acct.size == \at(pool->acct.size, Pre); */
	/*@ assert same_4: pool->size == \at(pool->size, Pre); */
	/*@ assert same_5: pool->base == \at(pool->base, Pre); */
	/*@ assert fits: pool->base + pool->size <= l->cap[RL_OBJ_DESC]; */
	/*@ assert now_held: pool->acct.state[i] == RL_DESC_HELD; */
	/*@ assert acct_ok: rl_desc_acct_ok(&pool->acct); */
	/*@ assert apart: rl_desc_pool_apart(pool); */
	/*@ assert still_pool: l->owner[RL_OBJ_DESC][pool->base + i] ==
	  @   rl_desc_pool_owner(pool);
	  @*/
	/*@ assert tied_others: \forall integer j; 0 <= j < pool->size &&
	  @   j != i ==> (pool->acct.state[j] == RL_DESC_FREE <==>
	  @   l->owner[RL_OBJ_DESC][pool->base + j] == rl_desc_pool_owner(pool));
	  @*/
	desc_set_held(pool, i, pool->base + i);
	/*@ ghost rl_g_desc_held++; */
	/*@ assert to_driver:
	  @   l->owner[RL_OBJ_DESC][pool->base + i] == RL_OWNER(RL_OWN_DRIVER, 0);
	  @*/
	/*@ assert held: pool->acct.state[i] == RL_DESC_HELD; */
	/*@ assert tied: rl_desc_pool_tied(pool); */
	/*@ assert acct_ok_2: rl_desc_acct_ok(&pool->acct); */
	/*@ assert apart_2: rl_desc_pool_apart(pool); */
	return desc_hand_out(pool, i);
}

/*
 * Descriptor @idx, the pool's again: the work counted and its memory
 * kept aside and poisoned (desc_keep()); the pool stays tied (proven,
 * unit desc_pool: the bytes change no free count, walked, ghost).
 */
/*@ requires ok: rl_desc_pool_ok(pool);
  @ requires index: idx < pool->size;
  @ assigns pool->block[0 .. RL_SPAN], pool->saved[0 .. RL_SPAN],
  @   pool->m->cost[0 .. RL_COST_NR - 1];
  @ ensures ok: rl_desc_pool_ok(pool);
  @ ensures same: pool->acct.avail == \old(pool->acct.avail);
  @*/
static void desc_put_back(struct rl_k3_cppi_desc_pool *pool, u32 idx)
{
	rl_cost_add(pool->m, RL_COST_DESC_FREE, 1);
	/*@ ghost Kept: ; */
	desc_keep(pool, idx);
	/*@ ghost RL_DESC_NFREE_WALK(pool->acct.state, pool->size, Kept) */
	/*@ assert acct_ok: rl_desc_acct_ok(&pool->acct); */
	/*@ assert tied: rl_desc_pool_tied(pool); */
}

/*
 * Descriptor @idx, the pool's in the ledger now: free in the accounting
 * too, then put back (desc_put_back()); the pool is tied again (proven,
 * unit desc_pool: the accounting's counter is a u32, so the ledger's
 * counts are walked across its free, ghost).
 */
/*@ requires half: rl_desc_pool_half(pool, idx);
  @ assigns pool->acct.avail, pool->acct.state[0 .. RL_SPAN],
  @   pool->block[0 .. RL_SPAN], pool->saved[0 .. RL_SPAN],
  @   pool->m->cost[0 .. RL_COST_NR - 1];
  @ ensures ok: rl_desc_pool_ok(pool);
  @ ensures one_more: pool->acct.avail == \old(pool->acct.avail) + 1;
  @*/
static void desc_free_back(struct rl_k3_cppi_desc_pool *pool, u32 idx)
{
	/*@ ghost struct rl_ledger *l = pool->m->ledger; */

	/*@ assert bases: rl_desc_pool_bases(pool, l); */
	/*@ ghost Held: ; */
	/* the ledger said "driver", so the pool sees it held */
	if (rl_desc_acct_held(&pool->acct, idx))
		rl_desc_acct_free(&pool->acct, idx);
	/* one fact per assert, as in desc_hand_out() */
	/*@ assert ptrs_1: pool->m == \at(pool->m, Held); */
	/*@ assert ptrs_2: pool->m->ledger == l; */
	/*@ assert ptrs_3: pool->acct.state == \at(pool->acct.state, Held); */
	/*@ assert ptrs_4: rl_ledger_ptrs_kept{Here, Held}(l); */
	/*@ assert pool_kept_1: pool->acct.size == \at(pool->acct.size, Held); */
	/*@ assert pool_kept_2: pool->size == \at(pool->size, Held); */
	/*@ assert pool_kept_3: pool->base == \at(pool->base, Held); */
	/*@ assert pool_kept_4: pool->hdr.id == \at(pool->hdr.id, Held); */
	/*@ assert kept: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   rl_ledger_class_kept{Here, Held}(l, c);
	  @*/
	/*@ ghost RL_LEDGER_NOWN_WALK(l, Held) */
	/*@ assert ledger_ok: rl_ledger_ok(l); */
	/*@ assert acct_ok: rl_desc_acct_ok(&pool->acct); */
	/*@ assert apart: rl_desc_pool_apart(pool); */
	/*@ assert freed: pool->acct.state[idx] == RL_DESC_FREE; */
	/*@ assert others: \forall integer j; 0 <= j < pool->size && j != idx ==>
	  @   pool->acct.state[j] == \at(pool->acct.state[j], Held);
	  @*/
	/*@ assert tied: rl_desc_pool_tied(pool); */
	desc_put_back(pool, idx);
}

/*
 * The ledger's half of a free: descriptor @idx (ledger id @id) moves from
 * the driver to the pool in the ledger, or stays and is reported.  Proven
 * (unit desc_pool) to change nothing else the pool's invariant reads and
 * to keep every other descriptor tied - each fact its own clause, proved
 * here where the context is small: derived in rl_desc_pool_give() from
 * the move's footprint, after it, the same facts ran past CVC4's budget
 * (3 M steps, 2026-12-07).  @id is a parameter though the caller's
 * pool->base + @idx says it: computed here, the u32 sum is a wrapped
 * value to the prover, and the goals tying it to base + idx (to_pool,
 * others_kept) ran out of budget; the requires clause ties it once.
 */
/*@ requires ok: rl_desc_pool_ok(pool);
  @ requires index: idx < pool->size;
  @ requires id: id == pool->base + idx;
  @ assigns pool->m->ledger->owner[RL_OBJ_DESC][0 .. RL_SPAN],
  @   pool->m->ledger->count[RL_OBJ_DESC][0 .. RL_OWN_NR - 1],
  @   RL_LEDGER_TOUCH_FOOTPRINT(pool->m->ledger, RL_OBJ_DESC),
  @   RL_LEDGER_REPORT_FOOTPRINT(pool->m->ledger);
  @ RL_DESC_POOL_STEP_KEPT(pool)
  @ ensures others_kept: \forall integer j; 0 <= j < pool->size &&
  @   j != idx ==> pool->m->ledger->owner[RL_OBJ_DESC][pool->base + j] ==
  @   \old(pool->m->ledger->owner[RL_OBJ_DESC][pool->base + j]);
  @ ensures tied_others: \forall integer j; 0 <= j < pool->size &&
  @   j != idx ==> (pool->acct.state[j] == RL_DESC_FREE <==>
  @   pool->m->ledger->owner[RL_OBJ_DESC][pool->base + j] ==
  @   rl_desc_pool_owner(pool));
  @ behavior driver_held:
  @   assumes pool->m->ledger->owner[RL_OBJ_DESC][id] ==
  @     RL_OWNER(RL_OWN_DRIVER, 0);
  @   ensures moved: \result == \true;
  @   ensures to_pool: pool->m->ledger->owner[RL_OBJ_DESC][id] ==
  @     rl_desc_pool_owner(pool);
  @   ensures held: pool->acct.state[idx] == RL_DESC_HELD;
  @ behavior not_held:
  @   assumes pool->m->ledger->owner[RL_OBJ_DESC][id] !=
  @     RL_OWNER(RL_OWN_DRIVER, 0);
  @   ensures refused: \result == \false;
  @   ensures unmoved: pool->m->ledger->owner[RL_OBJ_DESC][id] ==
  @     \old(pool->m->ledger->owner[RL_OBJ_DESC][id]);
  @   ensures tied_idx: pool->acct.state[idx] == RL_DESC_FREE <==>
  @     pool->m->ledger->owner[RL_OBJ_DESC][id] == rl_desc_pool_owner(pool);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
static bool desc_move_back(struct rl_k3_cppi_desc_pool *pool, u32 idx,
			   u32 id)
{
	struct rl_ledger *l = pool->m->ledger;
	u32 own = rl_ledger_owner(l, RL_OBJ_DESC, id);
	bool moved;

	/*@ assert bases: rl_desc_pool_bases(pool, l); */
	/*@ assert in_range: id < l->cap[RL_OBJ_DESC]; */
	/*@ ghost Moving: ; */
	moved = rl_ledger_move(l, RL_OBJ_DESC, id, RL_OWNER(RL_OWN_DRIVER, 0),
			       rl_k3_cppi_desc_pool_owner(pool),
			       own == rl_k3_cppi_desc_pool_owner(pool) ?
			       RL_F_DOUBLE_FREE : RL_F_OWNER,
			       "k3_cppi_desc_pool_free: descriptor not held by the driver");
	/* one fact per assert, as in desc_hand_out() */
	/*@ assert id_kept: pool->hdr.id == \at(pool->hdr.id, Moving); */
	/*@ assert ptrs_1: pool->m == \at(pool->m, Moving); */
	/*@ assert ptrs_2: pool->m->ledger == l; */
	/*@ assert ptrs_3: l->owner[RL_OBJ_DESC] ==
	  @   \at(l->owner[RL_OBJ_DESC], Moving);
	  @*/
	/*@ assert base_kept: pool->base == \at(pool->base, Moving); */
	/*@ assert size_kept: pool->size == \at(pool->size, Moving); */
	return moved;
}

void rl_desc_pool_give(struct rl_k3_cppi_desc_pool *pool, u32 idx)
{
	u32 id = pool->base + idx;
	bool moved;

	/*@ assert id_fits: id == pool->base + idx; */
	moved = desc_move_back(pool, idx, id);
	/* one fact per assert, as in desc_hand_out() */
	/*@ assert acct_ok: rl_desc_acct_ok(&pool->acct); */
	/*@ assert apart: rl_desc_pool_apart(pool); */
	/*@ assert fits: pool->base + pool->size <=
	  @   pool->m->ledger->cap[RL_OBJ_DESC];
	  @*/
	if (!moved) {
		/*@ assert tied: rl_desc_pool_tied(pool); */
		return;
	}
	/*@ assert to_pool:
	  @   pool->m->ledger->owner[RL_OBJ_DESC][pool->base + idx] ==
	  @   rl_desc_pool_owner(pool);
	  @*/
	/*@ assert held: pool->acct.state[idx] == RL_DESC_HELD; */
	/*@ ghost rl_g_desc_held--; */
	desc_free_back(pool, idx);
}
