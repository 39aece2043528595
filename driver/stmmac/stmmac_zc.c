// SPDX-License-Identifier: GPL-2.0
/*
 * stmmac_zc.c - AF_XDP zero copy in stmmac_main.c (the 2021 series,
 * bba2556efad6 "Enable RX via AF_XDP zero-copy" and 132c32ee5bc0 "Add TX
 * via XDP zero-copy socket", as 6.1 has them): the queue's XSK pool
 * (stmmac_get_xsk_pool), its RX buffers (stmmac_alloc_rx_buffers_zc,
 * dma_free_rx_xskbufs), the refill (stmmac_rx_refill_zc), the receive
 * poll (stmmac_rx_zc, stmmac_dispatch_skb_zc), XSK transmit
 * (stmmac_xdp_xmit_zc) and the channel's one NAPI (stmmac_napi_poll_rxtx).
 */
#include "stmmac.h"

/* STMMAC_RX_FILL_BATCH (16), scaled to the small rings the model runs */
static u32 stmmac_rx_fill_batch(const struct rl_stmmac_priv *priv)
{
	u32 b = priv->cfg.dma_rx_size / 4;

	return b < 1 ? 1 : b > 16 ? 16 : b;
}

/* STMMAC_TX_XSK_AVAIL (16): what XSK TX leaves to the stack, scaled */
static u32 stmmac_tx_xsk_avail(const struct rl_stmmac_priv *priv)
{
	u32 a = priv->cfg.dma_tx_size / 4;

	return a > 16 ? 16 : a;
}

/*
 * stmmac_get_xsk_pool(): a queue is zero copy when a program is attached
 * and the queue's bit is set; the pool is the one bound at that qid.
 */
struct rl_xsk_pool *rl_stmmac_get_xsk_pool(const struct rl_stmmac_priv *priv,
					   u32 q)
{
	if (!priv->xdp_prog || !rl_test_bit(q, priv->af_xdp_zc_qps))
		return NULL;
	return rl_xsk_get_pool_from_qid(priv->dev, q);
}

/*
 * stmmac_xdp_is_enabled() and the queue's af_xdp_zc_qps bit: the channel
 * runs its rxtx NAPI instead of rx_napi and tx_napi
 * (stmmac_enable_all_queues / __stmmac_disable_all_queues).
 */
bool rl_stmmac_zc_queue(const struct rl_stmmac_priv *priv, u32 q)
{
	return priv->xdp_prog && rl_test_bit(q, priv->af_xdp_zc_qps);
}

void rl_stmmac_enable_queue_napis(struct rl_stmmac_priv *priv, u32 q)
{
	if (rl_stmmac_zc_queue(priv, q)) {
		rl_napi_enable(&priv->rx_queue[q].rxtx_napi);
		return;
	}
	if (q < priv->cfg.rx_queues)
		rl_napi_enable(&priv->rx_queue[q].rx_napi);
	if (q < priv->cfg.tx_queues)
		rl_napi_enable(&priv->tx_queue[q].tx_napi);
}

void rl_stmmac_disable_queue_napis(struct rl_stmmac_priv *priv, u32 q)
{
	if (rl_stmmac_zc_queue(priv, q)) {
		rl_napi_disable(&priv->rx_queue[q].rxtx_napi);
		return;
	}
	if (q < priv->cfg.rx_queues)
		rl_napi_disable(&priv->rx_queue[q].rx_napi);
	if (q < priv->cfg.tx_queues)
		rl_napi_disable(&priv->tx_queue[q].tx_napi);
}

/*
 * Proof lemma (ghost code, never compiled): stmmac_nxsk(rx_q, k, n) lies
 * in [0, n - k], walked one index at a time so that each step unfolds the
 * definition once (the provers do no induction).
 */
/*@ ghost
  /@ requires \valid_read(rx_q) && n <= RL_DRING_MAX;
   @ assigns \nothing;
   @ ensures bounds: \forall integer k; 0 <= k <= n ==>
   @   0 <= stmmac_nxsk(rx_q, k, n) <= n - k;
   @/
  static void stmmac_nxsk_bounds(struct rl_stmmac_rx_queue *rx_q, u32 n)
  {
	u32 j = n;

	/@ loop invariant 0 <= j <= n;
	 @ loop invariant \forall integer k; j <= k <= n ==>
	 @   0 <= stmmac_nxsk(rx_q, k, n) <= n - k;
	 @ loop assigns j;
	 @ loop variant j;
	 @/
	while (j > 0)
		j--;
  }
*/

/*
 * dma_free_rx_xskbufs(): every XSK buffer the ring holds goes back.
 * Proven (unit stmmac_zc_free): the slots end empty and every frame they
 * held is freed, once (frames_returned).
 */
/*@ requires rxq: \valid(priv) && q < RL_STMMAC_MAX_QUEUES &&
  @   0 < priv->cfg.dma_rx_size <= RL_DRING_MAX;
  @ requires slots: stmmac_zc_slots(&priv->rx_queue[q], priv->cfg.dma_rx_size);
  @ requires held: rl_g_xsk_held >=
  @   stmmac_nxsk(&priv->rx_queue[q], 0, priv->cfg.dma_rx_size);
  @ requires apart: stmmac_apart_xsk(priv, priv->rx_queue[q].xsk_pool);
  @ assigns priv->rx_queue[q].buf_pool[0 .. RL_DRING_MAX - 1].xdp,
  @   RL_XSK_FOOTPRINT(priv->rx_queue[q].xsk_pool), rl_g_xsk_held;
  @ ensures emptied: \forall integer k; 0 <= k < priv->cfg.dma_rx_size ==>
  @   priv->rx_queue[q].buf_pool[k].xdp == \null;
  @ ensures frames_returned: rl_g_xsk_held == \old(rl_g_xsk_held) -
  @   stmmac_nxsk{Pre}(&priv->rx_queue[q], 0, priv->cfg.dma_rx_size);
  @*/
void rl_stmmac_free_rx_xskbufs(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	/*@ ghost stmmac_nxsk_bounds(rx_q, priv->cfg.dma_rx_size); */
	/*@ loop invariant 0 <= i <= priv->cfg.dma_rx_size;
	  @ loop invariant size: priv->cfg.dma_rx_size ==
	  @   \at(priv->cfg.dma_rx_size, LoopEntry);
	  @ loop invariant slots: stmmac_zc_slots(rx_q, priv->cfg.dma_rx_size);
	  @ loop invariant apart: stmmac_apart_xsk(priv, rx_q->xsk_pool);
	  @ loop invariant frame: RL_STMMAC_XSK_FRAME(rx_q, LoopEntry);
	  @ loop invariant freed: rl_g_xsk_held == \at(rl_g_xsk_held, LoopEntry) -
	  @   (stmmac_nxsk{LoopEntry}(rx_q, 0, priv->cfg.dma_rx_size) -
	  @    stmmac_nxsk{LoopEntry}(rx_q, i, priv->cfg.dma_rx_size));
	  @ loop invariant emptied: \forall integer k; 0 <= k < i ==>
	  @   rx_q->buf_pool[k].xdp == \null;
	  @ loop invariant rest: \forall integer k; i <= k < RL_DRING_MAX ==>
	  @   rx_q->buf_pool[k].xdp == \at(rx_q->buf_pool[k].xdp, LoopEntry);
	  @ loop assigns i, rx_q->buf_pool[0 .. RL_DRING_MAX - 1].xdp,
	  @   RL_XSK_FOOTPRINT(rx_q->xsk_pool), rl_g_xsk_held;
	  @ loop variant priv->cfg.dma_rx_size - i;
	  @*/
	for (i = 0; i < priv->cfg.dma_rx_size; i++) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[i];

		/*@ assert step: stmmac_nxsk{LoopEntry}(rx_q, i,
		  @   priv->cfg.dma_rx_size) == (buf->xdp != \null ? 1 : 0) +
		  @   stmmac_nxsk{LoopEntry}(rx_q, i + 1, priv->cfg.dma_rx_size);
		  @*/
		if (!buf->xdp)
			continue;
		rl_xsk_buff_free(buf->xdp);
		buf->xdp = NULL;
	}
}

/*
 * stmmac_alloc_rx_buffers_zc(): an XSK buffer for each descriptor while
 * the fill ring has one; upstream stops at the first miss and carries on
 * ("may not be populated, e.g. xdpsock TX-only").  The descriptors after
 * it were all handed to the device by stmmac_clear_rx_descriptors, with
 * no buffer address.  Fix (stmmac_zc_unfilled_desc_own): those go back
 * to the CPU, so the engine suspends there instead of writing a frame
 * through whatever address the descriptor last held, and they count as
 * consumed (dirty_rx after the last filled one) so the first refill
 * gives them buffers.  With none filled the indices cannot say so
 * (dirty_rx == cur_rx is "none dirty"): stmmac_rx_zc then steps over the
 * empty descriptors one per poll (its "no XSK buffer" stop comes after
 * cur_rx moved), the need_wakeup flag asking the user for those polls.
 * Proven (unit stmmac_zc_fill): the frames taken fill a prefix of the
 * slots, counted by buf_alloc_num, and every descriptor past them is
 * cleared, OWN included (the theorem stmmac_zc_unfilled_desc_own breaks).
 */
/*@ requires rxq: \valid(priv) && q < RL_STMMAC_MAX_QUEUES &&
  @   0 < priv->cfg.dma_rx_size <= RL_DRING_MAX;
  @ requires ring: \valid(priv->rx_queue[q].dma_rx) &&
  @   priv->rx_queue[q].dma_rx->size == priv->cfg.dma_rx_size &&
  @   !priv->rx_queue[q].dma_rx->running;
  @ requires pool: \valid(priv->rx_queue[q].xsk_pool);
  @ requires empty: \forall integer k; 0 <= k < RL_DRING_MAX ==>
  @   priv->rx_queue[q].buf_pool[k].xdp == \null;
  @ requires room: rl_g_xsk_held + RL_DRING_MAX < RL_GHOST_MAX &&
  @   priv->rx_queue[q].buf_alloc_num + RL_DRING_MAX <= 0xffffffff;
  @ requires apart: stmmac_apart_rx(priv, priv->rx_queue[q].dma_rx,
  @   priv->rx_queue[q].xsk_pool);
  @ ensures frames_stored: rl_g_xsk_held - \old(rl_g_xsk_held) ==
  @   priv->rx_queue[q].buf_alloc_num - \old(priv->rx_queue[q].buf_alloc_num);
  @ ensures filled_prefix: \forall integer k; 0 <= k < RL_DRING_MAX ==>
  @   (priv->rx_queue[q].buf_pool[k].xdp != \null <==>
  @    k < priv->rx_queue[q].buf_alloc_num -
  @        \old(priv->rx_queue[q].buf_alloc_num));
  @ ensures unfilled_not_owned: \forall integer k;
  @   priv->rx_queue[q].buf_alloc_num -
  @   \old(priv->rx_queue[q].buf_alloc_num) <= k < priv->cfg.dma_rx_size ==>
  @   priv->rx_queue[q].dma_rx->d[k].des3 == 0;
  @*/
void rl_stmmac_alloc_rx_buffers_zc(struct rl_stmmac_priv *priv, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 i;

	/*@ loop invariant 0 <= i <= priv->cfg.dma_rx_size;
	  @ loop invariant size: priv->cfg.dma_rx_size ==
	  @   \at(priv->cfg.dma_rx_size, LoopEntry);
	  @ loop invariant same: rx_q->dma_rx == \at(rx_q->dma_rx, LoopEntry) &&
	  @   rx_q->xsk_pool == \at(rx_q->xsk_pool, LoopEntry) &&
	  @   rx_q->dma_rx->size == priv->cfg.dma_rx_size &&
	  @   !rx_q->dma_rx->running;
	  @ loop invariant apart: stmmac_apart_rx(priv, rx_q->dma_rx,
	  @   rx_q->xsk_pool);
	  @ loop invariant frame: RL_STMMAC_XSK_FRAME(rx_q, LoopEntry);
	  @ loop invariant count: rx_q->buf_alloc_num ==
	  @   \at(rx_q->buf_alloc_num, LoopEntry) + i &&
	  @   rl_g_xsk_held == \at(rl_g_xsk_held, LoopEntry) + i;
	  @ loop invariant filled: \forall integer k; 0 <= k < i ==>
	  @   rx_q->buf_pool[k].xdp != \null;
	  @ loop invariant rest: \forall integer k; i <= k < RL_DRING_MAX ==>
	  @   rx_q->buf_pool[k].xdp == \null;
	  @ loop assigns i, rx_q->buf_pool[0 .. RL_DRING_MAX - 1].xdp,
	  @   rx_q->buf_alloc_num, rx_q->dma_rx->d[0 .. RL_DRING_MAX - 1],
	  @   rx_q->dma_rx->sh[0 .. RL_DRING_MAX - 1].addr_set,
	  @   RL_DRING_REPORT(rx_q->dma_rx),
	  @   RL_XSK_FOOTPRINT(rx_q->xsk_pool), rl_g_xsk_held;
	  @ loop variant priv->cfg.dma_rx_size - i;
	  @*/
	for (i = 0; i < priv->cfg.dma_rx_size; i++) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[i];

		buf->xdp = rl_xsk_buff_alloc(rx_q->xsk_pool);
		if (!buf->xdp)
			break;
		rl_dring_set_addr(rx_q->dma_rx, i,
				  rl_xsk_buff_xdp_get_dma(buf->xdp), 0);
		rx_q->buf_alloc_num++;
	}
	/*@ assert filled_at_exit: i <= priv->cfg.dma_rx_size &&
	  @   priv->cfg.dma_rx_size == \at(priv->cfg.dma_rx_size, Pre) &&
	  @   rx_q->dma_rx == \at(priv->rx_queue[q].dma_rx, Pre) &&
	  @   rx_q->buf_alloc_num == \at(priv->rx_queue[q].buf_alloc_num, Pre) + i &&
	  @   rl_g_xsk_held == \at(rl_g_xsk_held, Pre) + i &&
	  @   (\forall integer k; 0 <= k < i ==> rx_q->buf_pool[k].xdp != \null) &&
	  @   (\forall integer k; i <= k < RL_DRING_MAX ==>
	  @    rx_q->buf_pool[k].xdp == \null);
	  @*/
	if (rl_stmmac_bug(priv, RL_SV_ZC_UNFILLED_DESC_OWN))
		return;
	/*
	 * (stmmac_enable_rx_queue resets the indices and clears the
	 * descriptors a second time after this; the fix belongs after that
	 * too - the model does both once)
	 */
	rx_q->dirty_rx = i % priv->cfg.dma_rx_size;
	/*@ loop invariant \at(i, LoopEntry) <= i <= priv->cfg.dma_rx_size;
	  @ loop invariant same: priv->cfg.dma_rx_size ==
	  @   \at(priv->cfg.dma_rx_size, LoopEntry) &&
	  @   rx_q->dma_rx == \at(rx_q->dma_rx, LoopEntry) &&
	  @   rx_q->dma_rx->size == priv->cfg.dma_rx_size &&
	  @   !rx_q->dma_rx->running;
	  @ loop invariant apart: stmmac_apart_rx(priv, rx_q->dma_rx,
	  @   rx_q->xsk_pool);
	  @ loop invariant kept: rx_q->buf_alloc_num ==
	  @   \at(rx_q->buf_alloc_num, LoopEntry) &&
	  @   \forall integer k; 0 <= k < RL_DRING_MAX ==>
	  @   rx_q->buf_pool[k].xdp == \at(rx_q->buf_pool[k].xdp, LoopEntry);
	  @ loop invariant cleared: \forall integer k;
	  @   rx_q->buf_alloc_num -
	  @   \at(priv->rx_queue[q].buf_alloc_num, Pre) <= k < i ==>
	  @   rx_q->dma_rx->d[k].des3 == 0;
	  @ loop assigns i, rx_q->dma_rx->d[0 .. RL_DRING_MAX - 1],
	  @   rx_q->dma_rx->sh[0 .. RL_DRING_MAX - 1].addr_set,
	  @   RL_DRING_REPORT(rx_q->dma_rx);
	  @ loop variant priv->cfg.dma_rx_size - i;
	  @*/
	for (; i < priv->cfg.dma_rx_size; i++)
		rl_dring_clear(rx_q->dma_rx, i);
	/*@ assert unfilled_clear: \forall integer k;
	  @   rx_q->buf_alloc_num -
	  @   \at(priv->rx_queue[q].buf_alloc_num, Pre) <= k <
	  @   priv->cfg.dma_rx_size ==> rx_q->dma_rx->d[k].des3 == 0;
	  @*/
}

/*
 * stmmac_rx_refill_zc(): from dirty_rx up to cur_rx, at most @budget
 * descriptors get an XSK buffer (the one they kept, or a new one), the
 * address written again and OWN; a dry fill ring stops it (false).
 * Upstream reads rx_q->dma_rx, rx_q->xsk_pool and dma_rx_size at each
 * use; here once, into locals - the proof's frame.  The same values: the
 * loop has no wait where another context could run, and the driver swaps
 * them only with the queue's NAPI off (stmmac_xdp_enable_pool).
 * Proven (unit stmmac_zc_refill): no XSK buffer a slot holds is dropped
 * or replaced (kept), and every descriptor handed to the device has one
 * (handed_with_buffer).
 */
/*@ requires rxq: \valid(priv) && q < RL_STMMAC_MAX_QUEUES &&
  @   0 < priv->cfg.dma_rx_size <= RL_DRING_MAX &&
  @   priv->rx_queue[q].dirty_rx < priv->cfg.dma_rx_size;
  @ requires ring: \valid(priv->rx_queue[q].dma_rx) &&
  @   priv->rx_queue[q].dma_rx->size == priv->cfg.dma_rx_size;
  @ requires slots: stmmac_zc_slots(&priv->rx_queue[q], priv->cfg.dma_rx_size);
  @ requires room: rl_g_xsk_held + 0x100000000 < RL_GHOST_MAX;
  @ requires apart: stmmac_apart_rx(priv, priv->rx_queue[q].dma_rx,
  @   priv->rx_queue[q].xsk_pool) &&
  @   stmmac_apart_give(priv, priv->rx_queue[q].dma_rx);
  @ assigns priv->rx_queue[q].buf_pool[0 .. RL_DRING_MAX - 1].xdp,
  @   priv->rx_queue[q].dirty_rx,
  @   priv->rx_queue[q].dma_rx->d[0 .. RL_DRING_MAX - 1],
  @   priv->rx_queue[q].dma_rx->sh[0 .. RL_DRING_MAX - 1],
  @   priv->rx_queue[q].dma_rx->held, priv->rx_queue[q].dma_rx->suspended,
  @   RL_DRING_GIVE_FOOTPRINT(priv->rx_queue[q].dma_rx),
  @   RL_XSK_FOOTPRINT(priv->rx_queue[q].xsk_pool), rl_g_xsk_held;
  @ ensures kept: \forall integer k; 0 <= k < RL_DRING_MAX ==>
  @   \old(priv->rx_queue[q].buf_pool[k].xdp) != \null ==>
  @   priv->rx_queue[q].buf_pool[k].xdp ==
  @   \old(priv->rx_queue[q].buf_pool[k].xdp);
  @*/
static bool stmmac_rx_refill_zc(struct rl_stmmac_priv *priv, u32 q,
				u32 budget)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 entry = rx_q->dirty_rx, dirty = rl_stmmac_rx_dirty(priv, q);
	bool ret = true, any = false;
	struct rl_dring *ring = rx_q->dma_rx;
	struct rl_xsk_pool *pool = rx_q->xsk_pool;
	u32 size = priv->cfg.dma_rx_size;

	budget = budget < dirty ? budget : dirty;
	/*@ loop invariant idx: entry < size;
	  @ loop invariant size: ring->size == size &&
	  @   size == \at(priv->cfg.dma_rx_size, Pre) &&
	  @   ring == \at(priv->rx_queue[q].dma_rx, Pre);
	  @ loop invariant frame: RL_STMMAC_XSK_FRAME(rx_q, LoopEntry) &&
	  @   pool == rx_q->xsk_pool;
	  @ loop invariant apart: stmmac_apart_rx(priv, ring, rx_q->xsk_pool) &&
	  @   stmmac_apart_give(priv, ring);
	  @ loop invariant slots: stmmac_zc_slots(rx_q, size);
	  @ loop invariant room: budget <= \at(budget, LoopEntry) &&
	  @   rl_g_xsk_held <= \at(rl_g_xsk_held, Pre) +
	  @   (\at(budget, LoopEntry) - budget);
	  @ loop invariant kept: \forall integer k; 0 <= k < RL_DRING_MAX ==>
	  @   \at(rx_q->buf_pool[k].xdp, LoopEntry) != \null ==>
	  @   rx_q->buf_pool[k].xdp == \at(rx_q->buf_pool[k].xdp, LoopEntry);
	  @ loop assigns budget, entry, any, ret,
	  @   rx_q->buf_pool[0 .. RL_DRING_MAX - 1].xdp,
	  @   ring->d[0 .. RL_DRING_MAX - 1],
	  @   ring->sh[0 .. RL_DRING_MAX - 1], ring->held,
	  @   RL_DRING_GIVE_FOOTPRINT(ring),
	  @   RL_XSK_FOOTPRINT(pool), rl_g_xsk_held;
	  @ loop variant budget;
	  @*/
	while (budget-- > 0 && entry != rx_q->cur_rx) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[entry];

		if (!buf->xdp) {
			buf->xdp = rl_xsk_buff_alloc(pool);
			if (!buf->xdp) {
				ret = false;
				break;
			}
			/*@ assert ring_kept: ring->size == size; */
		}
		/*@ assert handed_with_buffer: buf->xdp != \null; */
		rl_dring_set_addr(ring, entry,
				  rl_xsk_buff_xdp_get_dma(buf->xdp), 0);
		/*@ assert addr_set: ring->size == size; */
		/*@ assert give_apart: stmmac_apart_give(priv, ring); */
		/* dma_wmb(); stmmac_set_rx_owner() */
		rl_dring_give(ring, entry, RL_DES3_IOC);
		/*@ assert given: ring->size == size; */
		any = true;
		entry = (entry + 1) % size;
	}
	if (any) {
		rx_q->dirty_rx = entry;
		rl_dring_set_tail(ring);
	}
	return ret;
}

/*
 * stmmac_dispatch_skb_zc(): XDP_PASS copies the frame into a NAPI skb
 * (stmmac_construct_skb_zc) for the stack; the caller frees the buffer.
 */
static void stmmac_dispatch_skb_zc(struct rl_stmmac_priv *priv,
				   struct rl_xsk_buff *buf)
{
	struct rl_sk_buff *skb = rl_napi_alloc_skb(priv->m, buf->len);

	if (!skb) {
		priv->rx_dropped++;
		return;
	}
	rl_skb_put_data(priv->m, skb, buf->len);
	skb->tag = buf->tag;
	rl_eth_type_trans(skb, priv->dev);
	rl_netif_receive_skb(priv->m, skb);	/* napi_gro_receive() */
}

/*
 * stmmac_rx_zc(): each written-back descriptor's XSK buffer goes through
 * the program (there always is one on a zero-copy queue): PASS copied to
 * the stack and freed, DROP freed, TX (copied into a frame by the
 * conversion) or REDIRECT (the socket's now) left; every
 * STMMAC_RX_FILL_BATCH consumed ones are refilled on the way.  The model's
 * device writes whole frames into one descriptor: no discard or
 * multi-descriptor status.
 */
static int stmmac_rx_zc(struct rl_stmmac_priv *priv, int limit, u32 q)
{
	struct rl_stmmac_rx_queue *rx_q = &priv->rx_queue[q];
	u32 dirty = rl_stmmac_rx_dirty(priv, q), next = rx_q->cur_rx;
	u32 xdp_status = 0;
	bool failure = false;
	int count = 0;

	if (rl_oops_null(rx_q->dma_rx, RL_OBJ_DESC,
			 "zero-copy RX poll on a queue whose descriptor ring was freed"))
		return 0;
	while (count < limit) {
		struct rl_stmmac_rx_buffer *buf = &rx_q->buf_pool[next];
		struct rl_xdp_buff xdp = { .rxq = &rx_q->xdp_rxq };
		u32 entry = next, des3, len, res;

		if (dirty >= stmmac_rx_fill_batch(priv)) {
			failure = failure || !stmmac_rx_refill_zc(priv, q, dirty);
			dirty = 0;
		}
		des3 = rl_dring_des3(rx_q->dma_rx, entry);
		if (des3 & RL_DES3_OWN)
			break;
		next = (rx_q->cur_rx + 1) % priv->cfg.dma_rx_size;
		/* 0bb05e6adfa9, as in stmmac_rx (variant stmmac_rx_cur_catches_dirty) */
		if (next == rx_q->dirty_rx &&
		    !rl_stmmac_bug(priv, RL_SV_RX_CUR_CATCHES_DIRTY))
			break;
		rx_q->cur_rx = next;
		/* 2b9fff64f032: ensure a valid XSK buffer before proceeding */
		if (!buf->xdp)
			break;
		rl_dring_take(rx_q->dma_rx, entry);
		len = des3 & RL_DES3_LEN;
		len = len > RL_STMMAC_FCS_LEN ? len - RL_STMMAC_FCS_LEN : 0;
		buf->xdp->len = len;
		rl_xsk_buff_dma_sync_for_cpu(buf->xdp);
		xdp.xsk = buf->xdp;
		xdp.len = len;
		xdp.tag = buf->xdp->tag;
		res = rl_stmmac_xdp_run_prog(priv, priv->xdp_prog, &xdp);
		switch (res) {
		case RL_STMMAC_XDP_PASS:
			stmmac_dispatch_skb_zc(priv, buf->xdp);
			rl_xsk_buff_free(buf->xdp);
			break;
		case RL_STMMAC_XDP_CONSUMED:
			rl_xsk_buff_free(buf->xdp);
			priv->rx_dropped++;
			break;
		case RL_STMMAC_XSK_CONSUMED:
			priv->rx_dropped++;
			break;
		default:	/* STMMAC_XDP_TX, STMMAC_XDP_REDIRECT */
			xdp_status |= res;
			break;
		}
		buf->xdp = NULL;
		dirty++;
		count++;
	}
	rl_stmmac_finalize_xdp_rx(priv, xdp_status);
	if (rl_oops_null(rx_q->xsk_pool, RL_OBJ_XSK,
			 "xsk_uses_need_wakeup: zero-copy RX poll on a queue whose XSK pool is gone (a6451192da26 panic)"))
		return count;
	if (rl_xsk_uses_need_wakeup(rx_q->xsk_pool)) {
		if (failure || rl_stmmac_rx_dirty(priv, q) > 0)
			rl_xsk_set_rx_need_wakeup(rx_q->xsk_pool);
		else
			rl_xsk_clear_rx_need_wakeup(rx_q->xsk_pool);
		return count;
	}
	return failure ? limit : count;
}

/*
 * stmmac_xdp_xmit_zc(): descriptors from the socket's TX ring, one each,
 * while more than STMMAC_TX_XSK_AVAIL stay free for the stack and the
 * carrier is on; the UMEM frame is sent where the pool mapped it
 * (buf 0: nothing to unmap, xsk_tx_completed returns it).  True when the
 * socket had no more and budget was left.
 */
bool rl_stmmac_xdp_xmit_zc(struct rl_stmmac_priv *priv, u32 q, u32 budget)
{
	struct rl_stmmac_tx_queue *tx_q = &priv->tx_queue[q];
	struct rl_xsk_pool *pool = tx_q->xsk_pool;
	u32 avail = rl_stmmac_tx_avail(priv, q);
	bool work_done = true, sent = false;

	budget = budget < avail ? budget : avail;
	while (budget > 0) {
		u32 entry = tx_q->cur_tx;
		struct rl_xdp_desc d;
		rl_dma_addr_t dma_addr;

		budget--;
		if (rl_stmmac_tx_avail(priv, q) < stmmac_tx_xsk_avail(priv) ||
		    !rl_netif_carrier_ok(priv->dev)) {
			work_done = false;
			break;
		}
		if (!rl_xsk_tx_peek_desc(pool, &d))
			break;
		dma_addr = rl_xsk_buff_raw_get_dma(pool, d.addr);
		rl_xsk_buff_raw_dma_sync_for_device(pool, dma_addr, d.len);
		tx_q->tx_skbuff_dma[entry].buf_type = RL_STMMAC_TXBUF_T_XSK_TX;
		tx_q->tx_skbuff_dma[entry].buf = 0;
		tx_q->xdpf[entry] = NULL;
		tx_q->tx_skbuff_dma[entry].map_as_page = false;
		tx_q->tx_skbuff_dma[entry].len = d.len;
		rl_dring_set_addr(tx_q->dma_tx, entry, dma_addr, d.len);
		/* stmmac_prepare_tx_desc(): first and last segment, OWN */
		rl_dring_give(tx_q->dma_tx, entry, RL_DES3_FD | RL_DES3_LD |
			      (d.len & RL_DES3_LEN));
		tx_q->cur_tx = (entry + 1) % priv->cfg.dma_tx_size;
		sent = true;
	}
	if (sent) {
		rl_dring_set_tail(tx_q->dma_tx);	/* flush */
		rl_xsk_tx_release(pool);
	}
	return budget && work_done;
}

/*
 * stmmac_napi_poll_rxtx(): a zero-copy channel's one NAPI - TX clean
 * (with XSK transmit), then ZC receive; both interrupts back on when
 * neither used the budget.
 */
int rl_stmmac_napi_poll_rxtx(struct rl_napi *napi, int budget)
{
	struct rl_stmmac_rx_queue *rx_q =
		container_of(napi, struct rl_stmmac_rx_queue, rxtx_napi);
	struct rl_stmmac_priv *priv = rx_q->priv_data;
	u32 q = rx_q->queue_index;
	int tx_done, rx_done, done;

	tx_done = rl_stmmac_tx_clean(priv, budget, q);
	tx_done = tx_done < budget ? tx_done : budget;
	rx_done = stmmac_rx_zc(priv, budget, q);
	done = tx_done > rx_done ? tx_done : rx_done;
	if (done >= budget)
		return budget;
	/* (the registers live in the ring objects in the model) */
	if (rl_napi_complete_done(napi, done)) {
		if (rx_q->dma_rx)
			rl_dring_irq_enable(rx_q->dma_rx, true);
		if (priv->tx_queue[q].dma_tx)
			rl_dring_irq_enable(priv->tx_queue[q].dma_tx, true);
	}
	return done < budget - 1 ? done : budget - 1;
}
