/* SPDX-License-Identifier: GPL-2.0 */
/*
 * k3_ring.h - a K3 ring accelerator ring (drivers/soc/ti/k3-ringacc.c)
 * holding descriptor DMA addresses.  Free-running u32 indices masked on
 * access (as liburing does); a push onto a full ring fails with -ENOMEM.
 * A descriptor pushed carries its whole linked chain with it: hardware
 * owns every descriptor of the chain until it comes back out.
 */
#ifndef RL_K3_RING_H
#define RL_K3_RING_H

#include "model.h"
#include "k3_cppi_desc_pool.h"
#include "ring_idx.h"

struct rl_ring {
	struct rl_obj_hdr hdr;	/* hdr.id is the ring id owners name */
	struct rl_model *m;
	struct rl_k3_cppi_desc_pool *pool;
	char name[32];		/* what the ring is, for people: "rx flow 1 compl" */
	struct rl_ring_idx idx;	/* size, storage mask, prod/cons counters */
	u32 ndesc;		/* descriptors held, chains included */
	/*
	 * The hardware wrote an entry since the IRQ was last delivered: a
	 * completion ring's interrupt is pending (the ring accelerator raises
	 * it; the kernel's IRQ core calls the driver's handler).
	 */
	bool irq;
	rl_dma_addr_t *slot;
};

struct rl_ring *rl_ring_create(struct rl_model *m, struct rl_k3_cppi_desc_pool *pool,
			       u32 size, const char *name);
void rl_ring_destroy(struct rl_ring *ring);
bool rl_ring_is_valid(const struct rl_ring *ring);

/* k3_ringacc_ring_get_occ() */
/*@ requires \valid_read(ring);
  @ assigns \nothing;
  @ ensures \result == rl_ridx_occ(&ring->idx);
  @*/
u32 rl_ring_occ(const struct rl_ring *ring);
/* k3_ringacc_ring_push(): driver side, fault site RL_FAULT_RING_PUSH */
int rl_ring_push(struct rl_ring *ring, rl_dma_addr_t dma);
/*
 * k3_ringacc_ring_pop(): -ENODATA when empty.  Proof view (A5): of what
 * the proofs read it writes the ring's counters only (the entry's owner
 * and the descriptor count are the ledger's bookkeeping).
 */
/*@ requires \valid(ring) && \valid(dma) && \separated(ring, dma);
  @ assigns ring->idx, *dma;
  @ ensures empty: \result != 0 ==> rl_ridx_occ(&ring->idx) == 0;
  @ ensures found_empty: \result != 0 ==> \old(rl_ridx_occ(&ring->idx)) == 0;
  @ ensures one_less: \result == 0 ==>
  @   rl_ridx_occ(&ring->idx) == \old(rl_ridx_occ(&ring->idx)) - 1;
  @*/
int rl_ring_pop(struct rl_ring *ring, rl_dma_addr_t *dma);
/* Hardware side push (no fault injection, raises the IRQ); -ENOMEM if full. */
int rl_ring_hw_push(struct rl_ring *ring, rl_dma_addr_t dma);
/* The ring's pending interrupt, taken for delivery (cleared). */
bool rl_ring_irq_take(struct rl_ring *ring);
/*
 * k3_ringacc_ring_reset(): forgets every entry.  Descriptors still in the
 * ring are lost for good; each is reported as RL_F_DROPPED.  Proof view
 * (A5): of what the proofs read it writes the ring's counters only (the
 * descriptor count, the entries' owners and the interrupt flag it clears
 * are bookkeeping no proof reads; proofs/README.md).
 */
/*@ requires \valid(ring);
  @ assigns ring->idx;
  @ ensures empty: rl_ridx_occ(&ring->idx) == 0;
  @*/
void rl_ring_reset(struct rl_ring *ring);
/* Owner value of this ring in the ledger. */
u32 rl_ring_owner(const struct rl_ring *ring);
/* Descriptors the ring holds, linked chains included (model query). */
u32 rl_ring_ndesc(const struct rl_ring *ring);

#endif /* RL_K3_RING_H */
