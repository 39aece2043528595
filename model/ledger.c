// SPDX-License-Identifier: GPL-2.0
/*
 * ledger.c - ownership ledger: one owner per object, counters per owner
 * kind kept in step with the owner table (the invariant rl_ledger_ok,
 * proven of the moves and of the full check's mirror: unit ledger; the
 * annotations are the proof's steps, never compiled), structured findings
 * (their names and text: ledger_text.c).
 */
#include "ledger.h"

struct rl_ledger *rl_ledger_create(const u32 cap[RL_OBJ_NR])
{
	struct rl_ledger *l = rl_zalloc(sizeof(*l));
	int c;

	if (!l)
		return NULL;
	for (c = 0; c < RL_OBJ_NR; c++) {
		l->cap[c] = cap[c];
		/* one spare slot so that a zero capacity still allocates */
		l->owner[c] = rl_zalloc((cap[c] + 1) * sizeof(u32));
		l->mark[c] = rl_zalloc((cap[c] + 1) * sizeof(u32));
		l->dirty[c] = rl_zalloc((cap[c] + 1) * sizeof(u32));
		if (!l->owner[c] || !l->mark[c] || !l->dirty[c]) {
			rl_ledger_destroy(l);
			return NULL;
		}
		l->count[c][RL_OWN_NONE] = cap[c];
	}
	l->epoch = 1;
	return l;
}

void rl_ledger_destroy(struct rl_ledger *l)
{
	int c;

	if (!l)
		return;
	for (c = 0; c < RL_OBJ_NR; c++) {
		rl_free(l->owner[c]);
		rl_free(l->mark[c]);
		rl_free(l->dirty[c]);
	}
	rl_free(l);
}

void rl_ledger_set_report(struct rl_ledger *l, rl_report_fn fn, void *ctx)
{
	l->report = fn;
	l->report_ctx = ctx;
}

bool rl_ledger_is_valid(const struct rl_ledger *l)
{
	int c, k;

	if (!l)
		return false;
	for (c = 0; c < RL_OBJ_NR; c++) {
		u32 sum = 0;

		if (!l->owner[c] || l->reserved[c] > l->cap[c])
			return false;
		for (k = 0; k < RL_OWN_NR; k++)
			sum += l->count[c][k];
		if (sum != l->cap[c])
			return false;
	}
	return true;
}

bool rl_ledger_reserve(struct rl_ledger *l, enum rl_obj_class cls, u32 n,
		       u32 *base)
{
	if (n > l->cap[cls] - l->reserved[cls])
		return false;
	*base = l->reserved[cls];
	l->reserved[cls] += n;
	return true;
}

void rl_ledger_unreserve(struct rl_ledger *l, enum rl_obj_class cls,
			 u32 base, u32 n)
{
	/* Ids are bump allocated; only the newest range can be returned. */
	if (base + n == l->reserved[cls])
		l->reserved[cls] = base;
}

void rl_ledger_report(struct rl_ledger *l, const struct rl_finding *f)
{
	struct rl_finding copy = *f;

	copy.step = l->step;
	if (!l->findings)
		l->first = copy;
	l->last = copy;
	l->findings++;
	if (l->report) {
		l->report(l->report_ctx, &copy);
	} else {
		char buf[256];

		rl_finding_format(&copy, buf, sizeof(buf));
		rl_log("%s\n", buf);
	}
}

void rl_ledger_report_count(struct rl_ledger *l, enum rl_finding_kind kind,
			    enum rl_obj_class cls, u32 obj, u32 expected,
			    u32 actual, const char *what)
{
	struct rl_finding f = {
		.kind = kind, .cls = cls, .obj = obj, .owners = false,
		.expected = expected, .actual = actual, .what = what,
	};

	rl_ledger_report(l, &f);
}

void rl_ledger_touch(struct rl_ledger *l, enum rl_obj_class cls, u32 id)
{
	if (id >= l->cap[cls] || l->mark[cls][id] == l->epoch)
		return;
	l->mark[cls][id] = l->epoch;
	l->dirty[cls][l->ndirty[cls]++] = id;
}

void rl_ledger_clean(struct rl_ledger *l)
{
	int c;

	for (c = 0; c < RL_OBJ_NR; c++)
		l->ndirty[c] = 0;
	/* marks hold old epochs; after a wrap they could match, so zero them */
	if (!++l->epoch) {
		for (c = 0; c < RL_OBJ_NR; c++)
			memset(l->mark[c], 0, (l->cap[c] + 1) * sizeof(u32));
		l->epoch = 1;
	}
}

bool rl_ledger_counts_match(const struct rl_ledger *l)
{
	u32 seen[RL_OWN_NR];
	u32 c, i, k;

	/*@ loop invariant range: 0 <= c <= RL_OBJ_NR;
	  @ loop invariant kinds: \forall integer d, i; 0 <= d < c &&
	  @   0 <= i < l->cap[d] ==> rl_owner_ok(l->owner[d][i]);
	  @ loop invariant counts: \forall integer d, k; 0 <= d < c &&
	  @   0 <= k < RL_OWN_NR ==>
	  @   l->count[d][k] == rl_nown(l->owner[d], k, l->cap[d]);
	  @ loop assigns c, i, k, seen[0 .. RL_OWN_NR - 1];
	  @ loop variant RL_OBJ_NR - c;
	  @*/
	for (c = 0; c < RL_OBJ_NR; c++) {
		/*@ loop invariant range: 0 <= k <= RL_OWN_NR;
		  @ loop invariant zero: \forall integer j; 0 <= j < k ==>
		  @   seen[j] == 0;
		  @ loop assigns k, seen[0 .. RL_OWN_NR - 1];
		  @ loop variant RL_OWN_NR - k;
		  @*/
		for (k = 0; k < RL_OWN_NR; k++)
			seen[k] = 0;
		/*@ loop invariant range: 0 <= i <= l->cap[c];
		  @ loop invariant kinds: \forall integer j; 0 <= j < i ==>
		  @   rl_owner_ok(l->owner[c][j]);
		  @ loop invariant seen: \forall integer j; 0 <= j < RL_OWN_NR ==>
		  @   seen[j] == rl_nown(l->owner[c], j, i);
		  @ loop invariant bound: \forall integer j; 0 <= j < RL_OWN_NR ==>
		  @   seen[j] <= i;
		  @ loop assigns i, k, seen[0 .. RL_OWN_NR - 1];
		  @ loop variant l->cap[c] - i;
		  @*/
		for (i = 0; i < l->cap[c]; i++) {
			k = RL_OWNER_KIND(l->owner[c][i]);
			if (k >= RL_OWN_NR) {
				/*@ assert bad_kind: !rl_ledger_counted(l); */
				return false;
			}
			seen[k]++;
		}
		/*@ loop invariant range: 0 <= k <= RL_OWN_NR;
		  @ loop invariant same: \forall integer j; 0 <= j < k ==>
		  @   seen[j] == l->count[c][j];
		  @ loop assigns k;
		  @ loop variant RL_OWN_NR - k;
		  @*/
		for (k = 0; k < RL_OWN_NR; k++) {
			if (seen[k] != l->count[c][k]) {
				/*@ assert bad_count: !rl_ledger_counted(l); */
				return false;
			}
		}
	}
	return true;
}

void rl_ledger_set(struct rl_ledger *l, enum rl_obj_class cls, u32 id, u32 to)
{
	u32 *slot;

	if (id >= l->cap[cls])
		return;
	/*@ assert old_kind: rl_owner_ok(l->owner[cls][id]); */
	/*
	 * Proof only: the entry is counted under its kind, so taking it off
	 * that counter does not wrap.
	 */
	/*@ ghost
	  @ /@ loop invariant range: 0 <= j <= l->cap[cls];
	  @    loop invariant held: j > id ==> 1 <= rl_nown(l->owner[cls],
	  @      l->owner[cls][id] / 0x1000000, j);
	  @    loop invariant pos: \forall integer k;
	  @      0 <= rl_nown(l->owner[cls], k, j);
	  @    loop assigns j;
	  @    loop variant l->cap[cls] - j;
	  @ @/
	  @ for (u32 j = 0; j < l->cap[cls]; j++)
	  @   ;
	  @*/
	/*@ assert old_held:
	  @   1 <= l->count[cls][l->owner[cls][id] / 0x1000000];
	  @*/
	rl_ledger_touch(l, cls, id);
	/*@ assert tables_kept: \forall integer c, i; 0 <= c < RL_OBJ_NR &&
	  @   0 <= i <= l->cap[c] ==> l->owner[c][i] == \at(l->owner[c][i], Pre);
	  @*/
	slot = &l->owner[cls][id];
	l->count[cls][RL_OWNER_KIND(*slot)]--;
	l->count[cls][RL_OWNER_KIND(to)]++;
	*slot = to;
	/*@ assert others_kept: \forall integer c; 0 <= c < RL_OBJ_NR &&
	  @   c != cls ==> rl_ledger_class_kept{Here, Pre}(l, c);
	  @*/
	/*
	 * Proof only: every other class's table is counted as before (a
	 * recursive count over memory that did not change is the same only
	 * step by step).
	 */
	/*@ ghost
	  @ /@ loop invariant range: 0 <= c <= RL_OBJ_NR;
	  @    loop invariant same: \forall integer d; 0 <= d < c && d != cls ==>
	  @      rl_nown_same{Here, Pre}(l->owner[d], l->cap[d]);
	  @    loop assigns c;
	  @    loop variant RL_OBJ_NR - c;
	  @ @/
	  @ for (u32 c = 0; c < RL_OBJ_NR; c++) {
	  @   /@ loop invariant range: 0 <= j <= l->cap[c];
	  @      loop invariant same: c != cls ==>
	  @        rl_nown_same{Here, Pre}(l->owner[c], j);
	  @      loop assigns j;
	  @      loop variant l->cap[c] - j;
	  @   @/
	  @   for (u32 j = 0; j < l->cap[c]; j++)
	  @     ;
	  @ }
	  @*/
	/*@ assert others_kinds: \forall integer c, i; 0 <= c < RL_OBJ_NR &&
	  @   c != cls && 0 <= i < l->cap[c] ==> rl_owner_ok(l->owner[c][i]);
	  @*/
	/*@ assert others_counts: \forall integer c, k; 0 <= c < RL_OBJ_NR &&
	  @   c != cls && 0 <= k < RL_OWN_NR ==>
	  @   l->count[c][k] == rl_nown(l->owner[c], k, l->cap[c]);
	  @*/
	/*
	 * Proof only (never compiled): the counts follow the entry, walked
	 * one index at a time so that each step unfolds rl_nown once.
	 */
	/*@ ghost
	  @ /@ loop invariant range: 0 <= j <= l->cap[cls];
	  @    loop invariant below: \forall integer k; j <= id ==>
	  @      rl_nown(l->owner[cls], k, j) ==
	  @      rl_nown{Pre}(l->owner[cls], k, j);
	  @    loop invariant above: \forall integer k; j > id ==>
	  @      rl_nown(l->owner[cls], k, j) ==
	  @      rl_nown{Pre}(l->owner[cls], k, j) +
	  @      (to / 0x1000000 == k ? 1 : 0) -
	  @      (\at(l->owner[cls][id], Pre) / 0x1000000 == k ? 1 : 0);
	  @    loop invariant bound: \forall integer k;
	  @      0 <= rl_nown(l->owner[cls], k, j) <= j &&
	  @      0 <= rl_nown{Pre}(l->owner[cls], k, j) <= j;
	  @    loop assigns j;
	  @    loop variant l->cap[cls] - j;
	  @ @/
	  @ for (u32 j = 0; j < l->cap[cls]; j++)
	  @   ;
	  @*/
	/*@ assert cls_kinds: \forall integer i; 0 <= i < l->cap[cls] ==>
	  @   rl_owner_ok(l->owner[cls][i]);
	  @*/
	/*@ assert cls_counts: \forall integer k; 0 <= k < RL_OWN_NR ==>
	  @   l->count[cls][k] == rl_nown(l->owner[cls], k, l->cap[cls]);
	  @*/
	/*@ assert end_tables: \forall integer c; 0 <= c < RL_OBJ_NR ==>
	  @   l->cap[c] == \at(l->cap[c], Pre) && l->cap[c] < 4294967295 &&
	  @   \valid(l->owner[c] + (0 .. l->cap[c]));
	  @*/
	/*@ assert end_kinds: \forall integer c, i; 0 <= c < RL_OBJ_NR &&
	  @   0 <= i < l->cap[c] ==> rl_owner_ok(l->owner[c][i]);
	  @*/
	/*@ assert end_counts: \forall integer c, k; 0 <= c < RL_OBJ_NR &&
	  @   0 <= k < RL_OWN_NR ==>
	  @   l->count[c][k] == rl_nown(l->owner[c], k, l->cap[c]);
	  @*/
}

void rl_ledger_expect(struct rl_ledger *l, enum rl_obj_class cls, u32 id,
		      u32 expected, enum rl_finding_kind kind,
		      const char *what)
{
	struct rl_finding f = {
		.kind = kind, .cls = cls, .obj = id, .owners = true,
		.expected = expected, .actual = rl_ledger_owner(l, cls, id),
		.what = what,
	};

	rl_ledger_report(l, &f);
}

bool rl_ledger_move(struct rl_ledger *l, enum rl_obj_class cls, u32 id,
		    u32 from, u32 to, enum rl_finding_kind kind,
		    const char *what)
{
	if (id >= l->cap[cls] || l->owner[cls][id] != from) {
		rl_ledger_expect(l, cls, id, from, kind, what);
		/*@ assert ptrs_kept: rl_ledger_ptrs_kept{Here, Pre}(l); */
		/*@ assert apart: rl_ledger_apart(l); */
		/*@ assert kept: \forall integer c; 0 <= c < RL_OBJ_NR ==>
		  @   rl_ledger_class_kept{Here, Pre}(l, c);
		  @*/
		/*
		 * Proof only: a report writes none of the tables, so each is
		 * counted as before - walked (proofs/walks.h).
		 */
		/*@ ghost RL_LEDGER_NOWN_WALK(l, Pre) */
		/*@ assert end_tables: \forall integer c; 0 <= c < RL_OBJ_NR ==>
		  @   l->cap[c] < 4294967295 &&
		  @   \valid(l->owner[c] + (0 .. l->cap[c]));
		  @*/
		/*@ assert end_kinds: \forall integer c, i; 0 <= c < RL_OBJ_NR &&
		  @   0 <= i < l->cap[c] ==> rl_owner_ok(l->owner[c][i]);
		  @*/
		/*@ assert end_counts: \forall integer c, k;
		  @   0 <= c < RL_OBJ_NR && 0 <= k < RL_OWN_NR ==>
		  @   l->count[c][k] == rl_nown(l->owner[c], k, l->cap[c]);
		  @*/
		/*@ assert refused_ok: rl_ledger_ok(l); */
		return false;
	}
	rl_ledger_set(l, cls, id, to);
	return true;
}

u32 rl_ledger_count(const struct rl_ledger *l, enum rl_obj_class cls,
		    enum rl_owner_kind kind)
{
	return l->count[cls][kind];
}

u32 rl_ledger_count_owner(const struct rl_ledger *l, enum rl_obj_class cls,
			  u32 base, u32 n, u32 owner)
{
	u32 i, c = 0;

	/*@ loop invariant range: base <= i <= base + n;
	  @ loop invariant counted:
	  @   c == rl_nowner(l->owner[cls], owner, base, i - base);
	  @ loop invariant bound: c <= i - base;
	  @ loop assigns i, c;
	  @ loop variant base + n - i;
	  @*/
	for (i = base; i < base + n && i < l->cap[cls]; i++)
		c += l->owner[cls][i] == owner;
	return c;
}

static u64 fnv1a(u64 h, u32 v)
{
	int i;

	for (i = 0; i < 4; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 0x100000001b3ULL;
	}
	return h;
}

u64 rl_ledger_digest(const struct rl_ledger *l)
{
	u64 h = 0xcbf29ce484222325ULL;
	u32 c, i;

	for (c = 0; c < RL_OBJ_NR; c++) {
		h = fnv1a(h, l->cap[c]);
		for (i = 0; i < l->cap[c]; i++)
			h = fnv1a(h, l->owner[c][i]);
	}
	return fnv1a(h, l->findings);
}
