/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ledger.h - the ownership ledger.  Every accounted object (descriptor,
 * page, XSK frame, DMA mapping, skb, xdp_frame) has exactly one owner at any
 * time, recorded here.  Facilities move objects between owners with
 * rl_ledger_move(), which reports a finding when the object was not where
 * the caller said it was (double free, free of an object in a ring, ...).
 * Findings go through one hook: abort in fuzzers, a KUnit failure in tests.
 */
#ifndef RL_LEDGER_H
#define RL_LEDGER_H

#include "rl_compat.h"

enum rl_obj_class {
	RL_OBJ_DESC,	/* CPPI5 descriptor */
	RL_OBJ_PAGE,	/* struct page */
	RL_OBJ_XSK,	/* UMEM frame of an xsk_buff_pool */
	RL_OBJ_DMA,	/* live DMA mapping slot */
	RL_OBJ_SKB,	/* sk_buff */
	RL_OBJ_FRAME,	/* xdp_frame */
	RL_OBJ_NR,
	/* findings only: a driver's slab object (kmem.c), not in the ledger */
	RL_OBJ_KMEM = RL_OBJ_NR
};

enum rl_owner_kind {
	RL_OWN_NONE,	/* does not exist / back with the system allocator */
	RL_OWN_POOL,	/* free in its allocator (desc pool, page_pool, xsk) */
	RL_OWN_DRIVER,	/* held by driver software */
	RL_OWN_RING,	/* in a hardware ring (idx = ring id) */
	RL_OWN_LOST,	/* dropped by a ring reset: never coming back */
	RL_OWN_SKB,	/* attached to an skb (idx = skb id) */
	RL_OWN_FRAME,	/* attached to an xdp_frame (idx = frame id) */
	RL_OWN_REDIRECT, /* queued at a redirect target */
	RL_OWN_STACK,	/* delivered to the network stack */
	RL_OWN_USER,	/* XSK: with user space */
	RL_OWN_FILL,	/* XSK: in the fill ring */
	RL_OWN_RX,	/* XSK: in the RX ring */
	RL_OWN_TX,	/* XSK: in the TX ring */
	RL_OWN_COMP,	/* XSK: in the completion ring (published) */
	RL_OWN_TX_HW,	/* XSK: peeked by the driver, completion slot reserved */
	RL_OWN_MAPPED,	/* DMA: mapping live (idx = owner tag) */
	RL_OWN_DEVICE,	/* a receive buffer a running DMA engine may write (idx = ring) */
	RL_OWN_NR
};

/* An owner is a kind plus an index (ring id, pool id, skb id...). */
/*
 * (Multiplication, division and remainder by 2^24: the same value and the
 * same code as shifts and masks - the provers know arithmetic, not bits.)
 */
#define RL_OWNER(kind, idx) \
	((u32)(kind) * 0x1000000U + (u32)(idx) % 0x1000000U)
#define RL_OWNER_KIND(o) ((enum rl_owner_kind)((o) / 0x1000000U))
#define RL_OWNER_IDX(o) ((o) % 0x1000000U)

enum rl_finding_kind {
	RL_F_NONE,
	RL_F_OWNER,		/* object was not with the owner the caller assumed */
	RL_F_DOUBLE_FREE,	/* object freed while already free */
	RL_F_USE_AFTER_FREE,	/* access to a freed object */
	RL_F_LEAK,		/* object not back with its allocator at the end */
	RL_F_DROPPED,		/* object dropped by a hardware ring reset */
	RL_F_POOL_LEAK,		/* k3_cppi_desc_pool_destroy: size != avail */
	RL_F_DMA_UNKNOWN,	/* unmap/sync of an address never mapped */
	RL_F_DMA_MISMATCH,	/* unmap with another size or direction */
	RL_F_DMA_DOUBLE_UNMAP,	/* unmap of an address already unmapped */
	RL_F_DMA_SYNC,		/* sync of an unmapped range or outside it */
	RL_F_DMA_DEVICE,	/* device accessed memory not mapped for it */
	RL_F_PP_INFLIGHT,	/* page_pool: negative inflight */
	RL_F_PP_STALLED,	/* page_pool: stalled pool shutdown */
	RL_F_XSK,		/* xsk_buff_pool misuse (completion, dma map) */
	RL_F_XDP,		/* xdp_rxq_info / memory model misuse */
	RL_F_NAPI,		/* NAPI state machine misuse */
	RL_F_BQL,		/* BQL completed more than sent */
	RL_F_INVALID,		/* an <obj>_is_valid() predicate failed */
	RL_F_LIVENESS,		/* a ring left short or a queue stalled */
	/*
	 * A NULL or out-of-range object reached a kernel facility, or the
	 * driver indexed past an array: on hardware an oops (or a KASAN
	 * report) at that access.  The model reports it and the call does
	 * nothing, so the run goes on - in-kernel too (rl_oops_null).
	 */
	RL_F_OOPS,
	RL_F_IRQ,		/* IRQ core misuse: unbalanced enable_irq */
	/*
	 * The run died: a sanitizer report (KASAN's role on the host) or a
	 * signal, in the driver or under it - on hardware an oops.  Never
	 * raised through the ledger: the host runner that watched the run
	 * reports it (fuzz/harness/rl_crash.c).
	 */
	RL_F_CRASH,
	RL_F_NR
};

struct rl_finding {
	enum rl_finding_kind kind;
	enum rl_obj_class cls;
	u32 obj;
	bool owners;	/* expected/actual are owners (else plain numbers) */
	u32 expected;
	u32 actual;
	u32 step;
	const char *what;	/* the rule broken, naming the kernel function */
};

struct rl_ledger;
typedef void (*rl_report_fn)(void *ctx, const struct rl_finding *f);

struct rl_ledger {
	u32 step;
	u32 cap[RL_OBJ_NR];
	u32 reserved[RL_OBJ_NR];	/* ids handed out, bump allocated */
	u32 *owner[RL_OBJ_NR];
	u32 count[RL_OBJ_NR][RL_OWN_NR];
	/*
	 * What moved since the last check, for the incremental check: each
	 * id at most once per epoch (mark[c][id] == epoch once logged).
	 * Cleared by rl_ledger_clean().
	 */
	u32 epoch;
	u32 *mark[RL_OBJ_NR];
	u32 *dirty[RL_OBJ_NR];
	u32 ndirty[RL_OBJ_NR];
	u32 findings;
	struct rl_finding first;
	struct rl_finding last;
	rl_report_fn report;
	void *report_ctx;
};

/*
 * The ledger's conservation invariant (design rule 4): every object of a
 * class has exactly one owner - one entry of the class's owner table, of
 * a known kind - and each owner kind's counter is the number of entries
 * of that kind.  rl_ledger_counts_match(), the full check's, is its
 * run-time mirror, and rl_ledger_set() and rl_ledger_move() keep it (all
 * three proven: unit ledger).  The tables and the struct are separate
 * allocations (rl_ledger_create), which rl_ledger_apart says.
 */
/*@ // an owner of a known kind (RL_OWNER_KIND below RL_OWN_NR), said as a
  @ // range
  @ predicate rl_owner_ok(integer o) = 0 <= o < RL_OWN_NR * 0x1000000;
  @
  @ // how many of the first n entries of owner table o are of kind k
  @ logic integer rl_nown{L}(u32 *o, integer k, integer n) =
  @   n <= 0 ? 0 : rl_nown{L}(o, k, n - 1) + (o[n - 1] / 0x1000000 == k ? 1 : 0);
  @
  @ // how many of the n entries of owner table o from index a on are
  @ // exactly owner w (rl_ledger_count_owner)
  @ logic integer rl_nowner{L}(u32 *o, integer w, integer a, integer n) =
  @   n <= 0 ? 0 :
  @   rl_nowner{L}(o, w, a, n - 1) + (o[a + n - 1] == w ? 1 : 0);
  @
  @ // an owner table counted the same at two points (the proofs' frame)
  @ predicate rl_nown_same{L1, L2}(u32 *o, integer n) =
  @   \forall integer k; rl_nown{L1}(o, k, n) == rl_nown{L2}(o, k, n);
  @
  @ // class c's capacity, owner entries and counters the same at L1 as
  @ // at L2: what a write elsewhere keeps of it (rl_ledger_set's other
  @ // classes, a refused rl_ledger_move's every class)
  @ predicate rl_ledger_class_kept{L1, L2}(struct rl_ledger *l, integer c) =
  @   \at(l->cap[c], L1) == \at(l->cap[c], L2) &&
  @   (\forall integer i; 0 <= i <= \at(l->cap[c], L1) ==>
  @     \at(l->owner[c][i], L1) == \at(l->owner[c][i], L2)) &&
  @   (\forall integer k; 0 <= k < RL_OWN_NR ==>
  @     \at(l->count[c][k], L1) == \at(l->count[c][k], L2));
  @
  @ // every class's owner, mark and dirty table at the same address at
  @ // L1 as at L2: what a ledger write or report keeps of the tables'
  @ // pointers (rl_ledger_move's refusal, the descriptor pool's steps)
  @ predicate rl_ledger_ptrs_kept{L1, L2}(struct rl_ledger *l) =
  @   \forall integer c; 0 <= c < RL_OBJ_NR ==>
  @     \at(l->owner[c], L1) == \at(l->owner[c], L2) &&
  @     \at(l->mark[c], L1) == \at(l->mark[c], L2) &&
  @     \at(l->dirty[c], L1) == \at(l->dirty[c], L2);
  @
  @ // what rl_ledger_counts_match() checks, every class at once (written
  @ // flat: behind a per-class predicate under a quantifier over the
  @ // classes, CVC4 did not unfold it)
  @ predicate rl_ledger_counted{L}(struct rl_ledger *l) =
  @   (\forall integer c, i; 0 <= c < RL_OBJ_NR && 0 <= i < l->cap[c] ==>
  @     rl_owner_ok(l->owner[c][i])) &&
  @   (\forall integer c, k; 0 <= c < RL_OBJ_NR && 0 <= k < RL_OWN_NR ==>
  @     l->count[c][k] == rl_nown(l->owner[c], k, l->cap[c]));
  @
  @ predicate rl_ledger_apart{L}(struct rl_ledger *l) =
  @   \forall integer c, d; 0 <= c < RL_OBJ_NR && 0 <= d < RL_OBJ_NR ==>
  @     \base_addr(l->owner[c]) != \base_addr(l) &&
  @     \base_addr(l->mark[c]) != \base_addr(l) &&
  @     \base_addr(l->dirty[c]) != \base_addr(l) &&
  @     \base_addr(l->mark[c]) != \base_addr(l->owner[d]) &&
  @     \base_addr(l->dirty[c]) != \base_addr(l->owner[d]) &&
  @     (c != d ==> \base_addr(l->owner[c]) != \base_addr(l->owner[d]));
  @
  @ predicate rl_ledger_tables{L}(struct rl_ledger *l) =
  @   \forall integer c; 0 <= c < RL_OBJ_NR ==> l->cap[c] < 4294967295 &&
  @     \valid(l->owner[c] + (0 .. l->cap[c]));
  @
  @ predicate rl_ledger_ok{L}(struct rl_ledger *l) =
  @   \valid(l) && rl_ledger_apart(l) && rl_ledger_tables(l) &&
  @   rl_ledger_counted(l);
  @*/

struct rl_ledger *rl_ledger_create(const u32 cap[RL_OBJ_NR]);
void rl_ledger_destroy(struct rl_ledger *l);
bool rl_ledger_is_valid(const struct rl_ledger *l);
void rl_ledger_set_report(struct rl_ledger *l, rl_report_fn fn, void *ctx);

/* Reserve n consecutive ids of a class; returns false when out of room. */
bool rl_ledger_reserve(struct rl_ledger *l, enum rl_obj_class cls, u32 n,
		       u32 *base);
/* Give back the most recent reservation (ids must all be RL_OWN_NONE). */
void rl_ledger_unreserve(struct rl_ledger *l, enum rl_obj_class cls,
			 u32 base, u32 n);

/* Inline: the per-step check asks this for every slot (make bench-fuzz). */
/*@ requires \valid_read(l) && 0 <= cls < RL_OBJ_NR;
  @ requires id < l->cap[cls] ==> \valid_read(l->owner[cls] + id);
  @ assigns \nothing;
  @ ensures \result == (id < l->cap[cls] ? l->owner[cls][id] :
  @   RL_OWNER(RL_OWN_NONE, 0));
  @*/
static inline u32 rl_ledger_owner(const struct rl_ledger *l,
				  enum rl_obj_class cls, u32 id)
{
	return id < l->cap[cls] ? l->owner[cls][id] : RL_OWNER(RL_OWN_NONE, 0);
}

/*
 * Move object @id from owner @from to owner @to.  When the object is not
 * with @from, report @kind (RL_F_OWNER, RL_F_DOUBLE_FREE...) with @what and
 * leave the object where it is; returns whether the move happened.
 */
/*@ requires ok: rl_ledger_ok(l);
  @ requires cls: 0 <= cls < RL_OBJ_NR;
  @ requires kind: rl_owner_ok(to);
  @ assigns l->owner[cls][id], l->count[cls][0 .. RL_OWN_NR - 1],
  @   RL_LEDGER_TOUCH_FOOTPRINT(l, cls), RL_LEDGER_REPORT_FOOTPRINT(l);
  @ ensures ok: rl_ledger_ok(l);
  @ behavior moved:
  @   assumes id < l->cap[cls] && l->owner[cls][id] == from;
  @   ensures \result == \true && l->owner[cls][id] == to;
  @ behavior refused:
  @   assumes !(id < l->cap[cls] && l->owner[cls][id] == from);
  @   assigns RL_LEDGER_REPORT_FOOTPRINT(l);
  @   ensures \result == \false;
  @   ensures unmoved: \forall integer i; 0 <= i <= l->cap[cls] ==>
  @     l->owner[cls][i] == \old(l->owner[cls][i]);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
bool rl_ledger_move(struct rl_ledger *l, enum rl_obj_class cls, u32 id,
		    u32 from, u32 to, enum rl_finding_kind kind,
		    const char *what);
/* Unconditional move for hardware-side transfers already checked. */
/*@ requires ok: rl_ledger_ok(l);
  @ requires cls: 0 <= cls < RL_OBJ_NR;
  @ requires kind: rl_owner_ok(to);
  @ assigns l->owner[cls][id], l->count[cls][0 .. RL_OWN_NR - 1],
  @   RL_LEDGER_TOUCH_FOOTPRINT(l, cls);
  @ ensures ok: rl_ledger_ok(l);
  @ ensures set: id < l->cap[cls] ==> l->owner[cls][id] == to;
  @*/
void rl_ledger_set(struct rl_ledger *l, enum rl_obj_class cls, u32 id, u32 to);
/*
 * Log @id as changed since the last check without moving it: a facility
 * changed state the ledger does not hold (a free-list entry, a pointer to
 * another object) that the id's checks depend on.
 */
/*@ requires \valid(l) && 0 <= cls < RL_OBJ_NR;
  @ assigns RL_LEDGER_TOUCH_FOOTPRINT(l, cls);
  @*/
void rl_ledger_touch(struct rl_ledger *l, enum rl_obj_class cls, u32 id);
/* The last check is done: forget what moved (a new epoch). */
void rl_ledger_clean(struct rl_ledger *l);
/* Counters agree with the owner table (O(capacity); full check only). */
/*@ requires \valid_read(l);
  @ requires \forall integer c; 0 <= c < RL_OBJ_NR ==>
  @   l->cap[c] < 4294967295 && \valid_read(l->owner[c] + (0 .. l->cap[c]));
  @ assigns \nothing;
  @ ensures mirror: \result <==> rl_ledger_counted(l);
  @*/
bool rl_ledger_counts_match(const struct rl_ledger *l);
/* Report that object @id is not with @expected (no move). */
/*@ requires \valid(l) && 0 <= cls < RL_OBJ_NR;
  @ assigns RL_LEDGER_REPORT_FOOTPRINT(l);
  @*/
void rl_ledger_expect(struct rl_ledger *l, enum rl_obj_class cls, u32 id,
		      u32 expected, enum rl_finding_kind kind,
		      const char *what);

void rl_ledger_report(struct rl_ledger *l, const struct rl_finding *f);
/* Report a finding about counts (expected vs actual numbers). */
/*@ requires \valid(l);
  @ assigns RL_LEDGER_REPORT_FOOTPRINT(l);
  @*/
void rl_ledger_report_count(struct rl_ledger *l, enum rl_finding_kind kind,
			    enum rl_obj_class cls, u32 obj, u32 expected,
			    u32 actual, const char *what);

/* Objects of @cls held by an owner of @kind (any index). */
u32 rl_ledger_count(const struct rl_ledger *l, enum rl_obj_class cls,
		    enum rl_owner_kind kind);
/*
 * Objects of @cls with owner exactly @owner, in [base, base + n). O(n).
 * Proven (unit ledger) for a range inside the class.
 */
/*@ requires \valid_read(l) && 0 <= cls < RL_OBJ_NR;
  @ requires fits: base + n <= l->cap[cls];
  @ requires table: \valid_read(l->owner[cls] + (base .. base + n - 1));
  @ assigns \nothing;
  @ ensures count: \result == rl_nowner(l->owner[cls], owner, base, n);
  @*/
u32 rl_ledger_count_owner(const struct rl_ledger *l, enum rl_obj_class cls,
			  u32 base, u32 n, u32 owner);

/* 64-bit FNV-1a over every owner and counter: equal on host and kernel. */
u64 rl_ledger_digest(const struct rl_ledger *l);

const char *rl_finding_kind_name(enum rl_finding_kind kind);
const char *rl_obj_class_name(enum rl_obj_class cls);
const char *rl_owner_kind_name(enum rl_owner_kind kind);
/* One readable line, no newline; returns the length written. */
int rl_finding_format(const struct rl_finding *f, char *buf, size_t len);

#endif /* RL_LEDGER_H */
