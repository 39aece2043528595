/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model.h - the mocked world a driver runs in: one ledger, the system-wide
 * facilities (DMA, page allocator, skbs, xdp_frames, CPU id) and registries
 * of every per-device object, so that one call checks all of them.
 */
#ifndef RL_MODEL_H
#define RL_MODEL_H

#include "rl_compat.h"
#include "ledger.h"
#include "cost.h"

/* Compile-time maxima; actual sizes are chosen at create time. */
#define RL_MAX_DESC		8192
#define RL_MAX_PAGES		8192
#define RL_MAX_XSK_FRAMES	4096
#define RL_MAX_DMA_MAPS		16384
#define RL_MAX_SKBS		4096
#define RL_MAX_FRAMES		4096
#define RL_MAX_REG		32	/* objects of one kind in a registry */

struct rl_dma;
struct rl_pages;
struct rl_skbs;
struct rl_frames;
struct rl_k3_cppi_desc_pool;
struct rl_ring;
struct rl_page_pool;
struct rl_xsk_pool;
struct rl_netdev;
struct rl_napi;
struct rl_xdp_rxq_info;
struct rl_redirect_target;
struct rl_sk_buff;

enum rl_reg_kind {
	RL_REG_DESC_POOL,
	RL_REG_RING,
	RL_REG_RX_CHN,
	RL_REG_TX_CHN,
	RL_REG_PAGE_POOL,
	RL_REG_XSK_POOL,
	RL_REG_NETDEV,
	RL_REG_NAPI,
	RL_REG_PROG,
	RL_REG_REDIRECT,
	RL_REG_DRING,		/* descriptor rings in coherent memory */
	RL_REG_KMEM,		/* a driver's slab objects (kmem.h) */
	RL_REG_NR
};

struct rl_obj_hdr;

/*
 * What the model's checks do with a registered object, given by its
 * facility: the predicate (and the class its findings name), what it
 * holds that the ledger must agree with, and its end-of-run check.
 */
struct rl_obj_ops {
	enum rl_reg_kind kind;
	const char *name;		/* the predicate, as findings name it */
	enum rl_obj_class cls;
	bool (*is_valid)(const struct rl_obj_hdr *h);
	/* objects of held_cls it holds with an owner of kind held_kind */
	u32 (*held)(const struct rl_obj_hdr *h);
	enum rl_obj_class held_cls;
	enum rl_owner_kind held_kind;
	void (*final_check)(struct rl_obj_hdr *h);	/* may be NULL */
	/* at model destroy, a live object the model must free; may be NULL */
	void (*reap)(struct rl_obj_hdr *h);
	/* a zombie's memory, when more than the object (NULL: rl_free) */
	void (*free_zombie)(struct rl_obj_hdr *h);
};

/*
 * Every registered object starts with this header.  A destroyed object may
 * stay as a zombie (so that a second destroy is caught) until its registry
 * slot is needed again.
 */
struct rl_obj_hdr {
	u32 id;
	bool zombie;
	const struct rl_obj_ops *ops;
};

struct rl_model_cfg {
	u32 max_desc;
	u32 max_pages;
	u32 max_xsk_frames;
	u32 max_dma_maps;
	u32 max_skbs;
	u32 max_frames;
	u32 nr_cpus;
};

/* Fault-injection sites: the n-th call at a site fails. */
enum rl_fault_site {
	RL_FAULT_DMA_MAP,	/* dma_map_single/page return DMA_MAPPING_ERROR */
	RL_FAULT_DESC_ALLOC,	/* k3_cppi_desc_pool_alloc returns NULL */
	RL_FAULT_PAGE_ALLOC,	/* page_pool_dev_alloc_pages / alloc_page NULL */
	RL_FAULT_SKB_ALLOC,	/* build_skb / napi_alloc_skb return NULL */
	RL_FAULT_RING_PUSH,	/* k3_ringacc_ring_push fails */
	RL_FAULT_XSK_ALLOC,	/* xsk_buff_alloc returns NULL */
	RL_FAULT_KMALLOC,	/* a driver's slab object: bitmap, workqueue */
	RL_FAULT_NR
};

struct rl_fault {
	u32 calls;	/* calls seen at this site */
	u32 fail_at;	/* call number that fails; 0 = none armed */
};

/*
 * Where the real driver blocks or sleeps, so that other contexts run: the
 * driver (and model code standing for the kernel) calls rl_model_wait()
 * there, and the world lets them act (fuzz/trace/rl_world.c).
 */
enum rl_wait_point {
	RL_WAIT_RX_TDOWN,	/* destroy_rxqs: wait_for_completion_timeout() */
	RL_WAIT_TX_TDOWN,	/* destroy_txqs: wait_for_completion_timeout() */
	RL_WAIT_NAPI_DISABLE,	/* napi_disable(): a scheduled poll runs first */
	RL_WAIT_HRTIMER_CANCEL,	/* hrtimer_cancel(): a due callback runs first */
	RL_WAIT_SYNC_NET,	/* synchronize_net() / synchronize_rcu() */
	/*
	 * a GFP_KERNEL allocation (dma_alloc_coherent, page_pool_create):
	 * might_sleep() - direct reclaim can put the caller to sleep
	 */
	RL_WAIT_ALLOC,
	RL_WAIT_NR
};

typedef void (*rl_wait_fn)(void *ctx, enum rl_wait_point wp);

/*
 * How rl_model_check() runs the system-wide predicates.  FULL walks every
 * object each time (replay, KUnit, regressions).  INCR (the fuzzers)
 * looks only at what the ledger logged since the last check, which is
 * exact given that the last check passed; so every RL_CHECK_FULL_EVERY-th
 * check, and every check once anything was reported, is full.  DUAL runs
 * both and reports where they disagree (make check-equiv).
 */
enum rl_check_mode {
	RL_CHECK_FULL,
	RL_CHECK_INCR,
	RL_CHECK_DUAL,
};

#define RL_CHECK_FULL_EVERY	64

/* "full", "incr" or "dual" (RINGLEDGER_CHECK) -> mode; -1 for anything else. */
int rl_check_mode_by_name(const char *name);

struct rl_model {
	struct rl_model_cfg cfg;
	struct rl_fault fault[RL_FAULT_NR];
	u32 fault_hits;		/* calls made to fail so far, all sites */
	/* page_pool allocations that gave no page (faults, memory, DMA) */
	u32 pp_alloc_fails;
	struct rl_ledger *ledger;
	struct rl_dma *dma;
	struct rl_pages *pages;
	struct rl_skbs *skbs;
	struct rl_frames *frames;
	u32 cpu;		/* smp_processor_id() of the running context */
	/* the NAPI whose poll runs now (softirq context), or NULL */
	struct rl_napi *napi_ctx;
	/*
	 * While the core checks what a driver callback left (the NAPI poll
	 * that just returned), that callback: findings name it although it
	 * is no longer on the stack.  Diagnostics only.
	 */
	const void *blame_fn;
	u8 tdown_mode;		/* enum rl_tdown_mode: when TDCMs arrive */
	u32 tdown_delay;	/* hardware steps for RL_TDOWN_AFTER */
	rl_wait_fn wait_fn;	/* who acts at a wait point (the world) */
	void *wait_ctx;
	u32 waits[RL_WAIT_NR];	/* wait points reached */
	/*
	 * > 0 while the driver sleeps inside a call (rl_model_wait): other
	 * CPUs see the state half way through it then
	 */
	u32 waiting;
	u8 check_mode;		/* enum rl_check_mode */
	u32 checks_since_full;
	u64 cost[RL_COST_NR];	/* work done so far (cost.h), never digested */
	/*
	 * The core's receive hook before the stack (do_xdp_generic): true
	 * when it consumed the skb.  Set by the world for skb-mode XDP.
	 */
	bool (*rx_hook)(void *ctx, struct rl_sk_buff *skb);
	void *rx_hook_ctx;
	u32 next_id[RL_REG_NR];	/* stable ids for registered objects */
	u32 reg_hi;		/* registry slots [reg_hi, RL_MAX_REG) never used */
	void *reg[RL_REG_NR][RL_MAX_REG];
};

/*
 * @p is NULL: report an OOPS of class @cls naming @what (the kernel
 * function that would dereference it) to the running model, and return
 * true so that the caller does nothing.  The model is the last one
 * created: a facility handed a NULL object has no other way to it, and
 * there is one model per run.
 */
bool rl_oops_null(const void *p, enum rl_obj_class cls, const char *what);
/* The driver indexed @idx past @n entries of @what: an OOPS (KASAN). */
bool rl_oops_index(struct rl_model *m, u32 idx, u32 n, const char *what);

/* Count @n units of work @c (cost.h). */
/*@ requires \valid(m) && 0 <= c < RL_COST_NR;
  @ assigns m->cost[c];
  @*/
static inline void rl_cost_add(struct rl_model *m, enum rl_cost c, u64 n)
{
	m->cost[c] += n;
}

/* Fills @cfg with small sizes suited to fuzzing and unit tests. */
void rl_model_default_cfg(struct rl_model_cfg *cfg);
struct rl_model *rl_model_create(const struct rl_model_cfg *cfg);
void rl_model_destroy(struct rl_model *m);

/*
 * Registry: facilities register the objects they create, with their
 * checks (@ops), so that the global check and the end-of-run oracle see
 * them.  Returns a stable id (creation order, per kind), or -1.
 */
int rl_model_register(struct rl_model *m, struct rl_obj_hdr *h,
		      const struct rl_obj_ops *ops);
void rl_model_unregister(struct rl_model *m, struct rl_obj_hdr *h);

/* Arm @site so that its @n-th call from now fails (n = 0 disarms). */
void rl_model_fail_nth(struct rl_model *m, enum rl_fault_site site, u32 n);
/* Called by a site on every call: true when this call must fail. */
/*@ requires \valid(m) && 0 <= site < RL_FAULT_NR;
  @ assigns m->fault[site], m->fault_hits;
  @*/
bool rl_model_fault_hit(struct rl_model *m, enum rl_fault_site site);
/* True while any fault site is armed and has not fired yet. */
bool rl_model_fault_armed(const struct rl_model *m);
const char *rl_fault_site_name(enum rl_fault_site site);
/* Site by name, or -1 when unknown. */
int rl_fault_site_by_name(const char *name);

/* Advance the step counter findings are stamped with. */
void rl_model_step(struct rl_model *m);
/* Stamp what follows with step @step (a trace's operation number). */
void rl_model_set_step(struct rl_model *m, u32 step);
u32 rl_model_get_step(const struct rl_model *m);

/*
 * The driver blocks at @wp: other contexts may act (m->wait_fn).  Proof
 * view (proofs/README.md, A7): they write nothing the proofs that call
 * it read - no NAPI's on/off, no ring pointer or device state of the
 * driver, no zero-copy bit, no pool's map count (all written under
 * rtnl_lock only, which the waiter holds); a proof that reads what they
 * do write (rings, buffers, facility tables) cannot use this contract.
 */
/*@ assigns \nothing; */
void rl_model_wait(struct rl_model *m, enum rl_wait_point wp);
const char *rl_wait_point_name(enum rl_wait_point wp);

/*
 * Run every <obj>_is_valid() predicate and the cross-facility conservation
 * checks; each failure is reported as an RL_F_INVALID finding.  Cost is
 * linear in the number of objects.  Returns true when all hold.
 */
bool rl_model_check(struct rl_model *m);

/*
 * End-of-run oracle: nothing may remain outstanding (DMA mappings, pages,
 * skbs, frames, descriptors, XSK frames outside user/pool).  Each leftover
 * object is reported as RL_F_LEAK.  Returns true when clean.
 */
bool rl_model_final_check(struct rl_model *m);

u64 rl_model_digest(const struct rl_model *m);

/*
 * A lookup is handed @value (an id or DMA address the driver read from
 * memory it holds a pointer into): true, with a USE_AFTER_FREE finding,
 * when the value is the free poison (model/poison.h) - it was read from
 * memory that had been freed.  The lookup then fails as the dereference
 * would.
 */
bool rl_model_poison_used(struct rl_model *m, enum rl_obj_class cls,
			  u64 value, const char *what);

/*
 * One catalogued bug of an extracted driver (each driver has its table):
 * put back at run time by name, the patched driver's fix undone.
 */
struct rl_variant_info {
	const char *name;
	const char *what;	/* one line: what goes wrong */
	const char *ref;	/* upstream reference */
	const char *fix;	/* what the patched driver does instead */
	/*
	 * BIT(RL_F_*) of the ledger findings this bug's own mechanism can
	 * raise first (a leak variant caught as a leak, not as an unrelated
	 * fault); the KUnit scenarios, the regression traces and make bench
	 * are held to it.
	 */
	u32 caught_as;
};

/*
 * A profile: the catalogued bugs one real code base contains (a posted
 * series, a release), by the catalogue's bit numbers.
 */
struct rl_profile_info {
	const char *name;
	const char *what;
	const char *ref;	/* the revision read */
	u64 members;		/* BIT_ULL(variant) of the driver's catalogue */
};

/* Index of the entry named @name in catalogue @tab of @n, or -1. */
int rl_variant_index(const struct rl_variant_info *tab, u32 n,
		     const char *name);
/*
 * The bugs @name stands for in a driver's catalogue @tab of @n: one
 * variant, or the members of a profile of @prof (@np), or 0.
 */
u64 rl_variant_mask(const struct rl_variant_info *tab, u32 n,
		    const struct rl_profile_info *prof, u32 np,
		    const char *name);

#endif /* RL_MODEL_H */
