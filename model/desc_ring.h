/* SPDX-License-Identifier: GPL-2.0 */
/*
 * desc_ring.h - a descriptor ring in coherent DMA memory: the common NIC
 * shape, here as the DesignWare MAC's DMA channel drives it
 * (drivers/net/ethernet/stmicro/stmmac: dwmac4_descs.c, dwmac4_dma.c,
 * stmmac_rx_refill, stmmac_tx_clean).
 *
 * The driver allocates the ring with dma_alloc_coherent(), writes a
 * buffer address into a descriptor and then hands it to the device by
 * setting its OWN bit, and writes the tail pointer (the doorbell).  While
 * the channel runs, the DMA engine walks the ring from its current
 * descriptor: one it owns is processed and given back with OWN clear; one
 * it does not own suspends it (RX: "receive buffer unavailable") until
 * the next tail pointer write.  Where the tail points is not modelled:
 * stmmac always points it past the last descriptor it refilled.  RX write-back overwrites the whole descriptor - the buffer
 * address included - with length and status, so a descriptor handed back
 * without a new address points at nothing.  Stopping the channel leaves
 * the descriptors the device still owns as they are: started again, it
 * carries on from its current descriptor with whatever they hold.
 *
 * What the model knows beside the words (DMA-API debug and the ledger's
 * view, never the driver's): whether a descriptor's address words were
 * written by the CPU since the last write-back, and which page or UMEM
 * frame a device-owned descriptor's buffer is.  On a receive ring such a
 * buffer belongs to the device (ledger owner RL_OWN_DEVICE:ring id) while
 * the channel runs: from the hand-over (or the start) to the write-back
 * (or the stop).  Transmit buffers are only read: their addresses are
 * checked against the mappings, their owners are the skb/frame/XSK
 * facilities'.
 */
#ifndef RL_DESC_RING_H
#define RL_DESC_RING_H

#include "model.h"
#include "dma.h"

#define RL_DRING_MAX	64	/* entries (DMA_MAX_RX_SIZE is 1024; small rings suffice) */

/* des3 bits, as dwmac4 has them (dwmac4_descs.h) */
#define RL_DES3_OWN	BIT(31)
#define RL_DES3_IOC	BIT(30)	/* RX read format: interrupt on completion */
#define RL_DES3_FD	BIT(29)	/* first descriptor (TX read, RX write-back) */
#define RL_DES3_LD	BIT(28)	/* last descriptor */
#define RL_DES3_BUF1V	BIT(24)	/* RX read format: buffer 1 address valid */
#define RL_DES3_LEN	0x7fff	/* packet length (TX read, RX write-back) */

/* One normal descriptor, four little-endian words (struct dma_desc). */
struct rl_dring_desc {
	u32 des0;	/* buffer address, low */
	u32 des1;	/* buffer address, high */
	u32 des2;	/* TX: buffer length; RX: written back */
	u32 des3;
};

/* What DMA-API debug and the ledger know about one descriptor. */
struct rl_dring_shadow {
	bool addr_set;	/* des0/des1 hold an address the CPU wrote */
	bool held;	/* its buffer belongs to the device (ledger) */
	u8 cls;		/* the buffer: RL_OBJ_PAGE or RL_OBJ_XSK */
	u32 obj;
	u32 from;	/* the driver's owner it came from, given back to */
};

struct rl_dring {
	struct rl_obj_hdr hdr;	/* hdr.id: the ring id owners name */
	struct rl_model *m;
	char name[32];
	bool tx;		/* the device reads buffers (TX) or writes them */
	u32 size;
	rl_dma_addr_t phys;	/* the coherent allocation (dma_rx_phy) */
	u32 cur;		/* the engine's current descriptor */
	bool suspended;		/* met a descriptor it does not own */
	bool running;		/* channel started (ST / SR set) */
	u32 held;		/* buffers the device holds */
	/*
	 * The channel's interrupt for this direction (DMA_CHAN_STATUS RI/TI
	 * and its enable bit RIE/TIE in DMA_CHAN_INTR_ENA, dwmac4_dma.h):
	 * every write-back sets the status; the line is up while a status
	 * bit is set and enabled; the ISR clears what it handled.
	 */
	bool irq_status;
	bool irq_en;
	struct rl_dring_desc d[RL_DRING_MAX];
	struct rl_dring_shadow sh[RL_DRING_MAX];
};

/*
 * dma_alloc_coherent() of @size descriptors (fault site RL_FAULT_DMA_MAP);
 * the words start as the allocator left them: zero.
 */
struct rl_dring *rl_dring_create(struct rl_model *m, u32 size, bool tx,
				 const char *name);
/*
 * dma_free_coherent(): the channel must be stopped; a buffer the device
 * still holds goes back to the driver with it (the driver frees it).
 */
void rl_dring_destroy(struct rl_dring *r);
bool rl_dring_is_valid(const struct rl_dring *r);
/* Ledger owner of the buffers this ring's device holds. */
u32 rl_dring_owner(const struct rl_dring *r);

/*
 * CPU side: the driver's accesses to the ring.  Proof view
 * (proofs/README.md, A5): each writes descriptor @i (@i inside the ring)
 * and the model's integers behind it, nothing of the driver's.
 */
/*
 * stmmac_set_desc_addr() (and TX buffer length in des2): writing a
 * descriptor the running device owns is a race the device may lose or win.
 */
/*@ requires \valid(r) && i < r->size <= RL_DRING_MAX;
  @ assigns r->d[i].des0, r->d[i].des1, r->d[i].des2, r->sh[i].addr_set,
  @   RL_DRING_REPORT(r);
  @*/
void rl_dring_set_addr(struct rl_dring *r, u32 i, rl_dma_addr_t addr,
		       u32 len);
/*
 * set_rx_owner / prepare_tx_desc with tx_own: the descriptor, with @flags
 * in des3 (FD, LD, length for TX), goes to the device, and the buffer
 * behind its address with it (a page or UMEM frame the driver holds).
 */
/*@ requires \valid(r) && i < r->size <= RL_DRING_MAX;
  @ assigns r->d[i].des3, r->sh[i], r->held, RL_DRING_GIVE_FOOTPRINT(r);
  @ ensures size_kept: r->size == \old(r->size);
  @*/
void rl_dring_give(struct rl_dring *r, u32 i, u32 flags);
/* The status word as the CPU reads it (tx_status / rx_status). */
u32 rl_dring_des3(const struct rl_dring *r, u32 i);
/*
 * The driver takes a descriptor the device gave back (OWN clear) and its
 * buffer; taking one the device still owns is the race of the first case.
 */
void rl_dring_take(struct rl_dring *r, u32 i);
/*
 * release_tx_desc / clear / init_tx_desc: the four words zeroed (unless
 * the running device owns the descriptor: a race, reported, not written).
 */
/*@ requires \valid(r) && i < r->size <= RL_DRING_MAX;
  @ assigns r->d[i], r->sh[i].addr_set, RL_DRING_REPORT(r);
  @ ensures cleared: !r->running ==> r->d[i].des3 == 0;
  @*/
void rl_dring_clear(struct rl_dring *r, u32 i);
/* stmmac_set_rx/tx_tail_ptr(): a suspended engine looks again. */
/*@ requires \valid(r);
  @ assigns r->suspended;
  @*/
void rl_dring_set_tail(struct rl_dring *r);
/* stmmac_init_rx/tx_chan: the base address written, the engine at 0. */
/*@ requires \valid(r);
  @ assigns r->cur, r->suspended;
  @*/
void rl_dring_set_base(struct rl_dring *r);
/*
 * stmmac_start/stop_rx/tx_dma(); started, the engine takes the receive
 * buffers its descriptors hold, stopped it gives them back (A7).
 */
/*@ requires \valid(r) && r->size <= RL_DRING_MAX;
  @ assigns RL_DRING_RUN_FOOTPRINT(r);
  @ ensures r->running;
  @*/
void rl_dring_start(struct rl_dring *r);
/*@ requires \valid(r) && r->size <= RL_DRING_MAX;
  @ assigns RL_DRING_RUN_FOOTPRINT(r);
  @ ensures !r->running;
  @*/
void rl_dring_stop(struct rl_dring *r);

/*
 * stmmac_enable/disable_dma_irq() for this ring's direction (dwmac4's
 * enable_dma_irq/disable_dma_irq set or clear RIE/TIE); stmmac_init_chan
 * enables it with the default mask.
 */
/*@ requires \valid(r);
  @ assigns r->irq_en;
  @*/
void rl_dring_irq_enable(struct rl_dring *r, bool on);
/*
 * stmmac_dma_interrupt_status() for this direction: the enabled status
 * (true when the channel has work to report), cleared by writing it back
 * (write-1-to-clear); a status that is not enabled stays set.
 */
bool rl_dring_irq_status(struct rl_dring *r);

/* Device side (the world's hardware steps). */
/* The channel's interrupt line for this direction: status and enable. */
bool rl_dring_irq_line(const struct rl_dring *r);
/*
 * One frame of @len bytes arrives: the engine writes it into the buffer of
 * its current descriptor and writes the descriptor back.  -EAGAIN when it
 * is stopped or suspended (not owned: RX buffer
 * unavailable, suspended); 0 otherwise, the access checked against the
 * mappings.
 */
int rl_dring_hw_rx(struct rl_dring *r, u32 len);
/* The engine transmits its current descriptor; -EAGAIN as above. */
int rl_dring_hw_tx(struct rl_dring *r);

#endif /* RL_DESC_RING_H */
