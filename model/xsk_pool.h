/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xsk_pool.h - an AF_XDP socket's xsk_buff_pool over a UMEM of N frames
 * (net/xdp/xsk_buff_pool.c, include/net/xdp_sock_drv.h).  User-visible
 * rings: fill, RX, TX, completion; kernel free list.  Every frame has one
 * owner: user, fill, free list (pool), driver, RX, TX, TX in hardware
 * (completion slot reserved), completion.
 *
 * Sharp edges modelled: xsk_buff_alloc() takes the free list first, then the
 * fill ring, and returns NULL when both are empty; xsk_tx_peek_desc() and
 * the batch variant reserve a completion slot per descriptor (and stop when
 * the completion ring is full); xsk_tx_completed(n) publishes n of them.
 */
#ifndef RL_XSK_POOL_H
#define RL_XSK_POOL_H

#include "model.h"
#include "dma.h"

#define RL_XSK_FRAME_SIZE	4096	/* XSK_UMEM__DEFAULT_FRAME_SIZE */
#define RL_XSK_HEADROOM		256	/* XDP_PACKET_HEADROOM */
/* ndo_xsk_wakeup() flags (include/uapi/linux/if_xdp.h) */
#define RL_XDP_WAKEUP_RX	BIT(0)
#define RL_XDP_WAKEUP_TX	BIT(1)

struct rl_xsk_pool;
struct rl_xdp_rxq_info;

/* struct xdp_buff_xsk: the per-frame buffer a driver holds. */
struct rl_xsk_buff {
	struct rl_xsk_pool *pool;
	u32 frame;		/* UMEM frame index */
	u32 len;		/* data length set by the driver */
	u32 tag;		/* content tag */
};

/* struct xdp_desc: a TX descriptor from the user. */
struct rl_xdp_desc {
	u64 addr;		/* UMEM offset */
	u32 len;
};

/* One user-visible ring: free-running indices, entries are frame numbers. */
struct rl_xsk_ring {
	u32 size;		/* power of two */
	u32 prod;		/* published by the producer */
	u32 cached_prod;	/* reserved by the producer (completion ring) */
	u32 cons;
	u32 *frame;
	u32 *len;
};

struct rl_xsk_pool {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	u32 base;		/* ledger id of frame 0 */
	u32 nr_frames;
	bool freed;
	struct rl_xsk_buff *buf;
	u32 *free_list;		/* kernel free list (stack) */
	u32 free_cnt;
	u32 *user;		/* frames user space holds (stack) */
	u32 user_cnt;
	struct rl_xsk_ring fill, rx, tx, comp;
	u32 dma_map_cnt;	/* xsk_pool_dma_map() minus _unmap() */
	rl_dma_addr_t *dma;	/* per-frame DMA address while mapped */
	bool uses_need_wakeup;
	bool rx_need_wakeup;
	bool tx_need_wakeup;
	struct rl_xdp_rxq_info *rxq;	/* xsk_pool_set_rxq_info() */
	u32 skb_refs;		/* copy-mode TX skbs in flight (socket refs) */
	bool release_pending;	/* closed: freed when the last skb is */
};

/* A UMEM of @nr_frames frames, all with the user; rings of @ring_size. */
struct rl_xsk_pool *rl_xsk_pool_create(struct rl_model *m, u32 nr_frames,
				       u32 ring_size);
/*
 * Socket closed: the pool is freed.  Frames still held by the driver or
 * the hardware are reported as leaks; any later use is a use-after-free.
 */
void rl_xsk_pool_destroy(struct rl_xsk_pool *pool);
bool rl_xsk_pool_is_valid(const struct rl_xsk_pool *pool);

/* User side (what the application does with the rings). */
u32 rl_xsk_user_fill(struct rl_xsk_pool *pool, u32 n);
u32 rl_xsk_user_consume_rx(struct rl_xsk_pool *pool, u32 n);
u32 rl_xsk_user_submit_tx(struct rl_xsk_pool *pool, u32 n, u32 len);
u32 rl_xsk_user_reap_comp(struct rl_xsk_pool *pool, u32 n);

/*
 * Copy-mode TX (xsk_generic_xmit): undo the last xsk_tx_peek_desc (the
 * descriptor back at the TX ring's head, its completion slot released:
 * xskq_prod_cancel on NETDEV_TX_BUSY); an skb takes a socket reference;
 * its destructor (xsk_destruct_skb) writes @frame into the completion ring
 * and drops the reference.
 */
void rl_xsk_tx_unpeek(struct rl_xsk_pool *pool);
void rl_xsk_skb_hold(struct rl_xsk_pool *pool);
void rl_xsk_skb_unhold(struct rl_xsk_pool *pool);
void rl_xsk_cq_submit_addr(struct rl_xsk_pool *pool, u32 frame);
/* The socket closed: the pool goes now, or with its last skb. */
void rl_xsk_pool_release(struct rl_xsk_pool *pool);

/* Kernel side, as a driver calls it. */
/*
 * xsk_pool_dma_map() counts its users: the first maps every UMEM frame,
 * a failure leaves the count as it was; the last unmap undoes it.  Proof
 * view (A7): of the pool they write the count and the frames' addresses;
 * the mappings themselves (the DMA table's cells, RL_DMA_FOOTPRINT) are
 * left out like A1's: no goal of a unit that calls them reads the table.
 */
/*@ requires \valid(pool) && pool->dma_map_cnt < 0xffffffff;
  @ assigns pool->dma_map_cnt, pool->dma[0 .. RL_SPAN];
  @ ensures mapped: \result == 0 ==>
  @   pool->dma_map_cnt == \old(pool->dma_map_cnt) + 1;
  @ ensures failed: \result != 0 ==>
  @   pool->dma_map_cnt == \old(pool->dma_map_cnt);
  @*/
int rl_xsk_pool_dma_map(struct rl_xsk_pool *pool);
/*@ requires \valid(pool);
  @ assigns pool->dma_map_cnt;
  @*/
void rl_xsk_pool_dma_unmap(struct rl_xsk_pool *pool);
void rl_xsk_pool_set_rxq_info(struct rl_xsk_pool *pool,
			      struct rl_xdp_rxq_info *rxq);
/*@ requires \valid_read(pool);
  @ assigns \nothing;
  @*/
u32 rl_xsk_pool_get_rx_frame_size(const struct rl_xsk_pool *pool);
/*
 * Proof view (proofs/README.md, A5): a ghost count, never compiled, of
 * the UMEM frames the driver took with xsk_buff_alloc and has not freed
 * (each either with the driver or carried by a descriptor it queued).  At
 * run time the ledger owner RL_OWN_DRIVER of each frame is that fact.
 */
/*@ ghost extern unsigned long long rl_g_xsk_held; */

/* xsk_buff_alloc(): fault site RL_FAULT_XSK_ALLOC */
/*@ requires pool: \valid(pool);
  @ requires room: rl_g_xsk_held < RL_GHOST_MAX;
  @ assigns RL_XSK_FOOTPRINT(pool), rl_g_xsk_held;
  @ ensures none: \result == \null ==> rl_g_xsk_held == \old(rl_g_xsk_held);
  @ ensures taken: \result != \null ==> \valid(\result) &&
  @   \subset(\result, pool->buf + (0 .. RL_SPAN)) &&
  @   \result->pool == pool && rl_g_xsk_held == \old(rl_g_xsk_held) + 1;
  @*/
struct rl_xsk_buff *rl_xsk_buff_alloc(struct rl_xsk_pool *pool);
u32 rl_xsk_buff_alloc_batch(struct rl_xsk_pool *pool,
			    struct rl_xsk_buff **bufs, u32 max);
/* xsk_buff_free(): only a buffer the driver took */
/*@ requires buf: \valid(buf);
  @ requires held: rl_g_xsk_held > 0;
  @ assigns RL_XSK_FOOTPRINT(buf->pool), rl_g_xsk_held;
  @ ensures given_back: rl_g_xsk_held == \old(rl_g_xsk_held) - 1;
  @*/
void rl_xsk_buff_free(struct rl_xsk_buff *buf);
/*@ requires \valid_read(buf);
  @ assigns buf->pool->m->ledger->findings;
  @*/
rl_dma_addr_t rl_xsk_buff_xdp_get_dma(const struct rl_xsk_buff *buf);
void rl_xsk_buff_dma_sync_for_cpu(struct rl_xsk_buff *buf);
/* xsk_buff_raw_get_dma() / xsk_buff_raw_dma_sync_for_device() */
rl_dma_addr_t rl_xsk_buff_raw_get_dma(struct rl_xsk_pool *pool, u64 addr);
void rl_xsk_buff_raw_dma_sync_for_device(struct rl_xsk_pool *pool,
					 rl_dma_addr_t dma, u32 len);
/*
 * The socket receives a zero-copy buffer (xsk_rcv_zc); -ENOSPC if full.
 * The RX entry is published to user space by the next flush.
 */
int rl_xsk_rcv_zc(struct rl_xsk_buff *buf);
/* xsk_flush() from __xsk_map_flush(): publish the RX entries received. */
void rl_xsk_flush(struct rl_xsk_pool *pool);
/* The socket is on the flush list: entries received, not published. */
bool rl_xsk_flush_pending(const struct rl_xsk_pool *pool);
bool rl_xsk_tx_peek_desc(struct rl_xsk_pool *pool, struct rl_xdp_desc *desc);
/*
 * Proof view (A5): a ghost count, never compiled, of the completion slots
 * TX peeks reserved and xsk_tx_completed() has not published yet (at run
 * time: comp.cached_prod - comp.prod, one RL_OWN_TX_HW frame each).
 */
/*@ ghost extern unsigned long long rl_g_xsk_tx_reserved; */
/* xsk_tx_peek_release_desc_batch(): one completion slot per descriptor */
/*@ requires pool: \valid(pool) && \valid(descs + (0 .. max - 1));
  @ requires room: rl_g_xsk_tx_reserved < RL_GHOST_MAX - max;
  @ assigns descs[0 .. max - 1], RL_XSK_TX_FOOTPRINT(pool),
  @   rl_g_xsk_tx_reserved;
  @ ensures bounded: \result <= max;
  @ ensures reserved:
  @   rl_g_xsk_tx_reserved == \old(rl_g_xsk_tx_reserved) + \result;
  @*/
u32 rl_xsk_tx_peek_release_desc_batch(struct rl_xsk_pool *pool,
				      struct rl_xdp_desc *descs, u32 max);
void rl_xsk_tx_release(struct rl_xsk_pool *pool);
/* xsk_tx_completed(): publishes @n reserved slots, oldest first */
/*@ requires pool: \valid(pool);
  @ requires reserved: rl_g_xsk_tx_reserved >= n;
  @ assigns RL_XSK_TX_FOOTPRINT(pool), rl_g_xsk_tx_reserved;
  @ ensures published:
  @   rl_g_xsk_tx_reserved == \old(rl_g_xsk_tx_reserved) - n;
  @*/
void rl_xsk_tx_completed(struct rl_xsk_pool *pool, u32 n);
bool rl_xsk_uses_need_wakeup(const struct rl_xsk_pool *pool);
/* xsk_buff_can_alloc(): @count buffers to be had (free list + fill ring) */
bool rl_xsk_buff_can_alloc(const struct rl_xsk_pool *pool, u32 count);
/*
 * Model queries for the oracle: the socket is closed (pool freed); user TX
 * descriptors waiting to be peeked; completion slots a peek could reserve.
 */
bool rl_xsk_pool_freed(const struct rl_xsk_pool *pool);
u32 rl_xsk_tx_waiting(const struct rl_xsk_pool *pool);
u32 rl_xsk_comp_room(const struct rl_xsk_pool *pool);
void rl_xsk_set_rx_need_wakeup(struct rl_xsk_pool *pool);
void rl_xsk_clear_rx_need_wakeup(struct rl_xsk_pool *pool);
void rl_xsk_set_tx_need_wakeup(struct rl_xsk_pool *pool);
void rl_xsk_clear_tx_need_wakeup(struct rl_xsk_pool *pool);
/* The buffer of the UMEM frame with ledger id @id (any live pool). */
struct rl_xsk_buff *rl_xsk_buff_by_id(struct rl_model *m, u32 id);
/* Ledger id of the frame holding UMEM offset @addr (a TX descriptor). */
u32 rl_xsk_pool_frame_id(const struct rl_xsk_pool *pool, u64 addr);
/* Ledger id of @buf's frame (what drivers keep in descriptor swdata). */
/*@ requires \valid_read(buf);
  @ assigns \nothing;
  @*/
u32 rl_xsk_buff_id(const struct rl_xsk_buff *buf);
/* Final oracle: every frame back with the user side or the free list. */
void rl_xsk_pool_final_check(struct rl_xsk_pool *pool);

#endif /* RL_XSK_POOL_H */
