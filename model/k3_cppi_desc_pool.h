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
bool rl_k3_cppi_desc_pool_is_valid(const struct rl_k3_cppi_desc_pool *pool);

/*
 * Proof view (proofs/README.md, assumption A5).  Ghost counts, never
 * compiled: the descriptors driver software holds (handed out by alloc,
 * neither freed nor pushed to a ring yet) and those a push handed to the
 * hardware.  At run time the ledger tracks the same facts per descriptor
 * (owner RL_OWN_DRIVER vs a ring) and reports what the counts abstract.
 */
/*@ ghost extern unsigned long long rl_g_desc_held; */
/*@ ghost extern unsigned long long rl_g_desc_queued; */

/* k3_cppi_desc_pool_alloc(): fault site RL_FAULT_DESC_ALLOC */
/*@ requires pool: \valid(pool);
  @ requires room: rl_g_desc_held < RL_GHOST_MAX;
  @ assigns RL_DESC_POOL_FOOTPRINT(pool), rl_g_desc_held;
  @ ensures none: \result == \null ==> rl_g_desc_held == \old(rl_g_desc_held);
  @ ensures taken: \result != \null ==>
  @   rl_g_desc_held == \old(rl_g_desc_held) + 1;
  @*/
void *rl_k3_cppi_desc_pool_alloc(struct rl_k3_cppi_desc_pool *pool);
/* k3_cppi_desc_pool_free(): only a descriptor the driver holds */
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
