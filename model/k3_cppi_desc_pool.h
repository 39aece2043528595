/* SPDX-License-Identifier: GPL-2.0 */
/*
 * k3_cppi_desc_pool.h - CPPI5 host descriptors (include/linux/dma/ti-cppi5.h)
 * and the descriptor pool (drivers/net/ethernet/ti/k3-cppi-desc-pool.c).
 *
 * The pool is one coherent block of equally sized descriptors handed out
 * first-fit (as gen_pool does); a reused descriptor comes back with what
 * its previous user wrote (the pool never zeroes), so a stale
 * psdata/swdata survives reuse.  While it is free it reads as poison
 * (model/poison.h): its contents are kept aside and restored by the next
 * alloc, which first checks that nobody wrote to it meanwhile.  That is
 * the worst case of the real pool, where another CPU may take the
 * descriptor the moment it is freed.  The CPU touches descriptor fields
 * through the rl_cppi5_* accessors, which report any access to a free
 * descriptor (what KASAN would flag) or to one the hardware owns (in a
 * ring); a raw pointer kept past the free reads the poison.
 */
#ifndef RL_K3_CPPI_DESC_POOL_H
#define RL_K3_CPPI_DESC_POOL_H

#include "model.h"
#include "desc_acct.h"

#define RL_CPPI5_PSDATA_WORDS	4	/* 16 bytes of protocol data */
#define RL_CPPI5_SWDATA_SIZE	16	/* 16 bytes of software data */
#define RL_CPPI5_PKTLEN_MASK	0x3fffff /* CPPI5_INFO0_HDESC_PKTLEN_MASK */
/*
 * CPSW reads the TX checksum offload request from psdata word 2:
 * (insert offset << 24) | (start << 16) | length; 0 means no offload.
 */
#define RL_CPPI5_CSUM_WORD	2
/* A teardown completion marker is a ring entry with bit 0 set. */
#define RL_CPPI5_TDCM_MARKER	0x1ULL

/* The descriptor as the model lays it out (host packet descriptor). */
struct rl_cppi5_desc {
	u32 pkt_info0;		/* type, psdata size, packet length */
	u32 pkt_info1;		/* flow id */
	u32 pkt_info2;		/* return policy */
	u32 src_dst_tag;	/* source tag: ingress port */
	rl_dma_addr_t next_desc; /* linked host buffer descriptor */
	rl_dma_addr_t buf_ptr;
	u32 buf_info1;		/* buffer length */
	u32 org_buf_len;
	rl_dma_addr_t org_buf_ptr;
	u32 psdata[RL_CPPI5_PSDATA_WORDS];
	u64 swdata[RL_CPPI5_SWDATA_SIZE / 8];
};

struct rl_k3_cppi_desc_pool {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	char name[16];
	u32 base;		/* ledger id of descriptor 0 */
	u32 size;		/* number of descriptors */
	u32 desc_size;		/* rounded up to a power of two */
	bool destroyed;
	u8 *block;		/* size * desc_size bytes, never zeroed on reuse */
	u8 *saved;		/* contents of each free descriptor, for reuse */
	/* what an accessor on a freed descriptor touches: poison, not the block */
	struct rl_cppi5_desc scratch;
	rl_dma_addr_t dma_base;	/* coherent DMA address of the block */
	struct rl_desc_acct acct; /* free/held per descriptor, avail count */
	/*
	 * Per-descriptor side table (desc_info_set/get).  Kept as integers:
	 * the driver stores a buffer type there, and integer cells keep the
	 * proofs' footprints free of pointer writes.
	 */
	unsigned long *desc_infos;
};

/*
 * Proof view (proofs/README.md, assumption A5).  Ghost counts, never
 * compiled: the descriptors driver software holds (handed out by alloc,
 * neither freed nor pushed to a ring yet) and those a push handed to the
 * hardware.  At run time the ledger tracks the same facts per descriptor
 * (owner RL_OWN_DRIVER vs a ring) and reports what the counts abstract.
 */
/*@ ghost extern unsigned long long rl_g_desc_held; */
/*@ ghost extern unsigned long long rl_g_desc_queued; */

/*
 * The pool's half of the conservation invariant (issue 22): descriptor i
 * is free in the pool's accounting exactly when the ledger has it with
 * the pool - what rl_k3_cppi_desc_pool_is_valid() checks of each, so
 * that the pool's avail is the ledger's count of the pool's descriptors.
 * Proven (unit desc_pool): _is_valid is its exact mirror, and the pool's
 * part of an alloc and of a free keeps it.  The objects it reads are
 * separate allocations.
 */
/*@ logic integer rl_desc_pool_owner{L}(struct rl_k3_cppi_desc_pool *p) =
  @   RL_OWNER(RL_OWN_POOL, p->hdr.id);
  @
  @ predicate rl_desc_pool_tied{L}(struct rl_k3_cppi_desc_pool *p) =
  @   \forall integer i; 0 <= i < p->size ==>
  @     (p->acct.state[i] == RL_DESC_FREE <==>
  @      p->m->ledger->owner[RL_OBJ_DESC][p->base + i] ==
  @      rl_desc_pool_owner(p));
  @
  @ predicate rl_desc_pool_apart{L}(struct rl_k3_cppi_desc_pool *p) =
  @   \base_addr(p) != \base_addr(p->m) &&
  @   \base_addr(p) != \base_addr(p->m->ledger) &&
  @   \base_addr(p->m) != \base_addr(p->m->ledger) &&
  @   \base_addr(p->acct.state) != \base_addr(p) &&
  @   \base_addr(p->acct.state) != \base_addr(p->m) &&
  @   \base_addr(p->acct.state) != \base_addr(p->m->ledger) &&
  @   \base_addr(p->acct.state) != \base_addr(p->block) &&
  @   \base_addr(p->acct.state) != \base_addr(p->saved) &&
  @   \base_addr(p->block) != \base_addr(p) &&
  @   \base_addr(p->block) != \base_addr(p->m) &&
  @   \base_addr(p->block) != \base_addr(p->m->ledger) &&
  @   \base_addr(p->block) != \base_addr(p->saved) &&
  @   \base_addr(p->saved) != \base_addr(p) &&
  @   \base_addr(p->saved) != \base_addr(p->m) &&
  @   \base_addr(p->saved) != \base_addr(p->m->ledger) &&
  @   (\forall integer c; 0 <= c < RL_OBJ_NR ==>
  @     \base_addr(p) != \base_addr(p->m->ledger->owner[c]) &&
  @     \base_addr(p) != \base_addr(p->m->ledger->mark[c]) &&
  @     \base_addr(p) != \base_addr(p->m->ledger->dirty[c]) &&
  @     \base_addr(p->m) != \base_addr(p->m->ledger->owner[c]) &&
  @     \base_addr(p->m) != \base_addr(p->m->ledger->mark[c]) &&
  @     \base_addr(p->m) != \base_addr(p->m->ledger->dirty[c]));
  @
  @ // the part of rl_desc_pool_apart a step across a call asserts first,
  @ // with ledger l named once (the pool's own class's tables)
  @ predicate rl_desc_pool_bases{L}(struct rl_k3_cppi_desc_pool *p,
  @                                 struct rl_ledger *l) =
  @   \base_addr(p) != \base_addr(l) &&
  @   \base_addr(p->m) != \base_addr(l) &&
  @   \base_addr(p) != \base_addr(l->owner[RL_OBJ_DESC]) &&
  @   \base_addr(p) != \base_addr(l->mark[RL_OBJ_DESC]) &&
  @   \base_addr(p) != \base_addr(l->dirty[RL_OBJ_DESC]) &&
  @   \base_addr(p->m) != \base_addr(l->owner[RL_OBJ_DESC]) &&
  @   \base_addr(p->m) != \base_addr(l->mark[RL_OBJ_DESC]) &&
  @   \base_addr(p->m) != \base_addr(l->dirty[RL_OBJ_DESC]);
  @
  @ predicate rl_desc_pool_ok{L}(struct rl_k3_cppi_desc_pool *p) =
  @   \valid(p) && \valid(p->m) && rl_ledger_ok(p->m->ledger) &&
  @   p->destroyed == 0 && p->block != \null &&
  @   p->acct.size == p->size && rl_desc_acct_ok(&p->acct) &&
  @   p->base + p->size <= p->m->ledger->cap[RL_OBJ_DESC] &&
  @   rl_desc_pool_apart(p) && rl_desc_pool_tied(p);
  @*/

/* The ledger's owner for the pool's free descriptors. */
/*@ requires \valid_read(pool);
  @ assigns \nothing;
  @ ensures \result == rl_desc_pool_owner(pool);
  @*/
static inline u32 rl_k3_cppi_desc_pool_owner(const struct rl_k3_cppi_desc_pool *pool)
{
	return RL_OWNER(RL_OWN_POOL, pool->hdr.id);
}

/*
 * The pool's part of an alloc (first fit, as gen_pool_first_fit): the
 * lowest free descriptor goes to the driver, in the accounting and in the
 * ledger at once, or nothing moves.
 */
/*@ requires ok: rl_desc_pool_ok(pool);
  @ requires room: rl_g_desc_held < RL_GHOST_MAX;
  @ assigns RL_DESC_POOL_MOVE_FOOTPRINT(pool), rl_g_desc_held;
  @ ensures ok: rl_desc_pool_ok(pool);
  @ ensures none: \result == \null ==>
  @   pool->acct.avail == \old(pool->acct.avail) &&
  @   rl_g_desc_held == \old(rl_g_desc_held);
  @ ensures taken: \result != \null ==>
  @   pool->acct.avail == \old(pool->acct.avail) - 1 &&
  @   rl_g_desc_held == \old(rl_g_desc_held) + 1;
  @*/
void *rl_desc_pool_take(struct rl_k3_cppi_desc_pool *pool);
/*
 * The pool's part of a free: descriptor @idx comes back from the driver -
 * in the ledger, then in the accounting - or, when the ledger does not
 * have it with the driver, a report and nothing moves.  Proven (unit
 * desc_pool), in three steps: the ledger's move (desc_move_back), the
 * accounting's free (desc_free_back), the bytes (desc_put_back).
 */
/*@ requires ok: rl_desc_pool_ok(pool);
  @ requires index: idx < pool->size;
  @ requires held: rl_g_desc_held > 0;
  @ assigns RL_DESC_POOL_MOVE_FOOTPRINT(pool), rl_g_desc_held;
  @ ensures ok: rl_desc_pool_ok(pool);
  @ behavior driver_held:
  @   assumes pool->m->ledger->owner[RL_OBJ_DESC][pool->base + idx] ==
  @     RL_OWNER(RL_OWN_DRIVER, 0);
  @   ensures given_back: pool->acct.avail == \old(pool->acct.avail) + 1 &&
  @     rl_g_desc_held == \old(rl_g_desc_held) - 1 &&
  @     pool->m->ledger->owner[RL_OBJ_DESC][pool->base + idx] ==
  @     rl_desc_pool_owner(pool);
  @ behavior not_held:
  @   assumes pool->m->ledger->owner[RL_OBJ_DESC][pool->base + idx] !=
  @     RL_OWNER(RL_OWN_DRIVER, 0);
  @   ensures refused: pool->acct.avail == \old(pool->acct.avail) &&
  @     rl_g_desc_held == \old(rl_g_desc_held);
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
void rl_desc_pool_give(struct rl_k3_cppi_desc_pool *pool, u32 idx);

/* k3_cppi_desc_pool_create_name() */
struct rl_k3_cppi_desc_pool *rl_k3_cppi_desc_pool_create_name(struct rl_model *m,
						      u32 size, u32 desc_size,
						      const char *name);
/*
 * k3_cppi_desc_pool_destroy(): reports each descriptor not back in the pool
 * (RL_F_LEAK, naming its owner) and then the driver's own warning
 * "k3_knav_desc_pool size %zu != avail %zu" (RL_F_POOL_LEAK).
 */
void rl_k3_cppi_desc_pool_destroy(struct rl_k3_cppi_desc_pool *pool);
/*@ requires shape: \valid(pool) && \valid_read(pool->m) &&
  @   \valid_read(pool->m->ledger) &&
  @   rl_ledger_tables(pool->m->ledger) &&
  @   pool->base + pool->size <= pool->m->ledger->cap[RL_OBJ_DESC];
  @ requires acct: pool->destroyed == 0 && pool->block != \null &&
  @   pool->acct.size == pool->size ==>
  @   0 < pool->size <= RL_DESC_ACCT_MAX &&
  @   \valid(pool->acct.state + (0 .. pool->size - 1)) &&
  @   \separated(&pool->acct, pool->acct.state + (0 .. pool->size - 1));
  @ assigns \nothing;
  @ ensures mirror: \result <==> (
  @   (pool->destroyed != 0 ==> pool->block == \null) &&
  @   (pool->destroyed == 0 ==> pool->block != \null &&
  @     pool->acct.size == pool->size &&
  @     rl_desc_states(pool->acct.state, pool->size) &&
  @     pool->acct.avail == rl_nfree(pool->acct.state, pool->size) &&
  @     pool->acct.avail <= pool->size && rl_desc_pool_tied(pool)));
  @*/
bool rl_k3_cppi_desc_pool_is_valid(const struct rl_k3_cppi_desc_pool *pool);


/*
 * k3_cppi_desc_pool_alloc(): fault site RL_FAULT_DESC_ALLOC.  The driver's
 * view (A5): the pool's part, rl_desc_pool_take(), is proven to keep the
 * pool tied to the ledger (unit desc_pool); the assigns leave out
 * bookkeeping.
 */
/*@ requires pool: \valid(pool);
  @ requires room: rl_g_desc_held < RL_GHOST_MAX;
  @ assigns RL_DESC_POOL_FOOTPRINT(pool), rl_g_desc_held;
  @ ensures none: \result == \null ==> rl_g_desc_held == \old(rl_g_desc_held);
  @ ensures taken: \result != \null ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) + 1;
  @*/
void *rl_k3_cppi_desc_pool_alloc(struct rl_k3_cppi_desc_pool *pool);
/*
 * k3_cppi_desc_pool_free(): only a descriptor the driver holds.  The
 * driver's view (A5) assumes it holds the one it frees (given_back; the
 * ledger reports any other free at run time); the pool's part,
 * rl_desc_pool_give(), is proven to give back exactly a descriptor the
 * ledger has with the driver and to keep the pool tied (unit desc_pool).
 */
/*@ requires pool: \valid(pool);
  @ requires held: rl_g_desc_held > 0;
  @ assigns RL_DESC_POOL_FOOTPRINT(pool), rl_g_desc_held;
  @ ensures given_back: rl_g_desc_held == \old(rl_g_desc_held) - 1;
  @*/
void rl_k3_cppi_desc_pool_free(struct rl_k3_cppi_desc_pool *pool, void *desc);
/* k3_cppi_desc_pool_avail() */
/*@ requires \valid_read(pool);
  @ assigns \nothing;
  @*/
u32 rl_k3_cppi_desc_pool_avail(const struct rl_k3_cppi_desc_pool *pool);
/* k3_cppi_desc_pool_virt2dma() / dma2virt() */
/*@ requires \valid_read(pool);
  @ assigns \nothing;
  @*/
rl_dma_addr_t rl_k3_cppi_desc_pool_virt2dma(const struct rl_k3_cppi_desc_pool *pool,
					    const void *desc);
void *rl_k3_cppi_desc_pool_dma2virt(const struct rl_k3_cppi_desc_pool *pool,
				    rl_dma_addr_t dma);
/* Index of @desc in the pool; k3_cppi_desc_pool_desc_info() side table. */
u32 rl_k3_cppi_desc_pool_index(const struct rl_k3_cppi_desc_pool *pool,
			       const void *desc);
void *rl_k3_cppi_desc_pool_desc_info(const struct rl_k3_cppi_desc_pool *pool,
				     u32 idx);
void rl_k3_cppi_desc_pool_desc_info_set(struct rl_k3_cppi_desc_pool *pool, u32 idx,
					void *info);

/* Ledger id of the descriptor at @dma, or false when not in this pool. */
bool rl_k3_cppi_desc_pool_dma_to_id(const struct rl_k3_cppi_desc_pool *pool,
			    rl_dma_addr_t dma, u32 *id);
/* Raw view for the hardware model: no ownership check. */
struct rl_cppi5_desc *rl_k3_cppi_desc_pool_hw_desc(const struct rl_k3_cppi_desc_pool *pool,
					   rl_dma_addr_t dma);

/*
 * cppi5_desc_is_tdcm(): the address is the teardown marker, not a
 * descriptor - a bit of the address, no owner to check (proven, unit
 * rx_tdown).
 */
/*@ assigns \nothing;
  @ ensures \result <==> (dma & RL_CPPI5_TDCM_MARKER) != 0;
  @*/
static inline bool rl_cppi5_desc_is_tdcm(rl_dma_addr_t dma)
{
	return dma & RL_CPPI5_TDCM_MARKER;
}

/* CPU-side accessors (cppi5_hdesc_*): each checks the descriptor's owner. */
/* cppi5_hdesc_init(): note it leaves psdata untouched, as the real one. */
void rl_cppi5_hdesc_init(struct rl_k3_cppi_desc_pool *pool, void *desc, u32 flags,
			 u32 psdata_size);
void rl_cppi5_hdesc_attach_buf(struct rl_k3_cppi_desc_pool *pool, void *desc,
			       rl_dma_addr_t buf, u32 len,
			       rl_dma_addr_t obuf, u32 olen);
/*
 * Proof view (A5, read against cpu_desc): an accessor on a descriptor that
 * is not the driver's reports it and works on the poisoned scratch copy
 * instead, so what it may write beside its output is the scratch copy and
 * the report (RL_DESC_ACCESS_FOOTPRINT); its output is the descriptor's
 * (or the scratch copy's) field.
 */
/*@ requires pool: \valid(pool) && \valid(pool->m) && \valid(pool->m->ledger);
  @ requires out: \valid(obuf) && \valid(olen) && \separated(obuf, olen);
  @ assigns *obuf, *olen, RL_DESC_ACCESS_FOOTPRINT(pool);
  @*/
void rl_cppi5_hdesc_get_obuf(struct rl_k3_cppi_desc_pool *pool, void *desc,
			     rl_dma_addr_t *obuf, u32 *olen);
void rl_cppi5_hdesc_set_pktlen(struct rl_k3_cppi_desc_pool *pool, void *desc,
			       u32 len);
u32 rl_cppi5_hdesc_get_pktlen(struct rl_k3_cppi_desc_pool *pool, void *desc);
void rl_cppi5_hdesc_link_hbdesc(struct rl_k3_cppi_desc_pool *pool, void *desc,
				rl_dma_addr_t next);
rl_dma_addr_t rl_cppi5_hdesc_get_next_hbdesc(struct rl_k3_cppi_desc_pool *pool,
					     void *desc);
u32 *rl_cppi5_hdesc_get_psdata(struct rl_k3_cppi_desc_pool *pool, void *desc);
/* the software data area: inside the descriptor or the scratch copy */
/*@ requires pool: \valid(pool) && \valid(pool->m) && \valid(pool->m->ledger);
  @ assigns RL_DESC_ACCESS_FOOTPRINT(pool);
  @ ensures area:
  @   \valid((u64 *)\result + (0 .. RL_CPPI5_SWDATA_SIZE / 8 - 1));
  @*/
void *rl_cppi5_hdesc_get_swdata(struct rl_k3_cppi_desc_pool *pool, void *desc);
/* cppi5_desc_get_tags_ids(): source tag carries the ingress port */
u32 rl_cppi5_desc_get_src_tag(struct rl_k3_cppi_desc_pool *pool, void *desc);

#endif /* RL_K3_CPPI_DESC_POOL_H */
