// SPDX-License-Identifier: GPL-2.0
/*
 * xsk_pool.c - xsk_buff_pool model (net/xdp/xsk_buff_pool.c, xsk.c,
 * xsk_queue.h).  Frame owners live in the ledger; rings hold frame numbers.
 */
#include "xsk_pool.h"
#include "poison.h"

#define OWN(kind)	RL_OWNER(kind, pool->hdr.id)

static bool ring_init(struct rl_xsk_ring *r, u32 size)
{
	r->size = size;
	r->frame = rl_zalloc(size * sizeof(u32));
	r->len = rl_zalloc(size * sizeof(u32));
	return r->frame && r->len;
}

static void ring_fini(struct rl_xsk_ring *r)
{
	rl_free(r->frame);
	rl_free(r->len);
}

static u32 ring_used(const struct rl_xsk_ring *r)
{
	return r->cached_prod - r->cons;
}

static bool xsk_valid(const struct rl_obj_hdr *h)
{
	return rl_xsk_pool_is_valid(container_of(h, const struct rl_xsk_pool, hdr));
}

static void xsk_final(struct rl_obj_hdr *h)
{
	rl_xsk_pool_final_check(container_of(h, struct rl_xsk_pool, hdr));
}

/*
 * A destroyed pool keeps its buffer heads (xdp_buff_xsk) as freed memory
 * a driver may still hold pointers into: reading one is the use after
 * free KASAN reports (xp_destroy frees pool->heads), seen here through
 * the head's pool, a zombie.  They go with the zombie.
 */
static void xsk_free_zombie(struct rl_obj_hdr *h)
{
	struct rl_xsk_pool *pool = container_of(h, struct rl_xsk_pool, hdr);

	rl_free(pool->buf);
	rl_free(pool);
}

static const struct rl_obj_ops xsk_ops = {
	.kind = RL_REG_XSK_POOL,
	.name = "rl_xsk_pool_is_valid",
	.cls = RL_OBJ_XSK,
	.is_valid = xsk_valid,
	.final_check = xsk_final,
	.free_zombie = xsk_free_zombie,
};

struct rl_xsk_pool *rl_xsk_pool_create(struct rl_model *m, u32 nr_frames,
				       u32 ring_size)
{
	struct rl_xsk_pool *pool;
	u32 i, size = 1;
	int id = -1;

	while (size < ring_size)
		size <<= 1;
	pool = rl_zalloc(sizeof(*pool));
	if (!pool)
		return NULL;
	pool->m = m;
	pool->nr_frames = nr_frames;
	pool->buf = rl_zalloc((nr_frames + 1) * sizeof(*pool->buf));
	pool->free_list = rl_zalloc((nr_frames + 1) * sizeof(u32));
	pool->user = rl_zalloc((nr_frames + 1) * sizeof(u32));
	pool->dma = rl_zalloc((nr_frames + 1) * sizeof(rl_dma_addr_t));
	if (pool->buf && pool->free_list && pool->user && pool->dma &&
	    ring_init(&pool->fill, size) && ring_init(&pool->rx, size) &&
	    ring_init(&pool->tx, size) && ring_init(&pool->comp, size) &&
	    rl_ledger_reserve(m->ledger, RL_OBJ_XSK, nr_frames, &pool->base)) {
		id = rl_model_register(m, &pool->hdr, &xsk_ops);
		if (id < 0)
			rl_ledger_unreserve(m->ledger, RL_OBJ_XSK, pool->base,
					    nr_frames);
	}
	if (id < 0) {
		pool->freed = true;
		rl_xsk_pool_destroy(pool);
		return NULL;
	}
	pool->hdr.id = (u32)id;
	pool->uses_need_wakeup = true;
	for (i = 0; i < nr_frames; i++) {
		pool->buf[i].pool = pool;
		pool->buf[i].frame = i;
		pool->user[pool->user_cnt++] = nr_frames - 1 - i;
		rl_ledger_set(m->ledger, RL_OBJ_XSK, pool->base + i,
			      OWN(RL_OWN_USER));
	}
	return pool;
}

static void pool_free_mem(struct rl_xsk_pool *pool, bool keep_heads)
{
	if (!keep_heads) {
		rl_free(pool->buf);
		pool->buf = NULL;
	}
	rl_free(pool->free_list);
	rl_free(pool->user);
	rl_free(pool->dma);
	ring_fini(&pool->fill);
	ring_fini(&pool->rx);
	ring_fini(&pool->tx);
	ring_fini(&pool->comp);
}

static bool pool_usable(struct rl_xsk_pool *pool, const char *what)
{
	if (!pool->freed)
		return true;
	rl_ledger_report_count(pool->m->ledger, RL_F_USE_AFTER_FREE, RL_OBJ_XSK,
			       pool->base, 0, 1, what);
	return false;
}

void rl_xsk_pool_destroy(struct rl_xsk_pool *pool)
{
	u32 i;

	if (pool->freed && !pool->hdr.zombie) {	/* failed create */
		pool_free_mem(pool, false);
		rl_free(pool);
		return;
	}
	if (!pool_usable(pool, "xsk_buff_pool freed twice"))
		return;
	rl_xsk_pool_final_check(pool);
	for (i = 0; i < pool->nr_frames; i++)
		rl_ledger_set(pool->m->ledger, RL_OBJ_XSK, pool->base + i,
			      RL_OWNER(RL_OWN_NONE, 0));
	pool_free_mem(pool, true);
	pool->freed = true;
	pool->hdr.zombie = true;
}

bool rl_xsk_pool_is_valid(const struct rl_xsk_pool *pool)
{
	const struct rl_ledger *l = pool->m->ledger;
	u32 n[RL_OWN_NR] = { 0 };
	u32 i;

	if (pool->freed)
		return pool->hdr.zombie;
	for (i = 0; i < pool->nr_frames; i++) {
		u32 own = rl_ledger_owner(l, RL_OBJ_XSK, pool->base + i);

		/* a descriptor ring's device holds it: idx names the ring */
		if (RL_OWNER_IDX(own) != pool->hdr.id &&
		    RL_OWNER_KIND(own) != RL_OWN_DEVICE)
			return false;
		n[RL_OWNER_KIND(own)]++;
	}
	return n[RL_OWN_USER] == pool->user_cnt &&
	       n[RL_OWN_POOL] == pool->free_cnt &&
	       n[RL_OWN_FILL] == pool->fill.prod - pool->fill.cons &&
	       n[RL_OWN_RX] == pool->rx.cached_prod - pool->rx.cons &&
	       ring_used(&pool->rx) <= pool->rx.size &&
	       n[RL_OWN_TX] == pool->tx.prod - pool->tx.cons &&
	       n[RL_OWN_COMP] == pool->comp.prod - pool->comp.cons &&
	       n[RL_OWN_TX_HW] == pool->comp.cached_prod - pool->comp.prod &&
	       ring_used(&pool->comp) <= pool->comp.size &&
	       ring_used(&pool->fill) <= pool->fill.size;
}

static bool frame_move(struct rl_xsk_pool *pool, u32 frame,
		       enum rl_owner_kind from, enum rl_owner_kind to,
		       const char *what)
{
	return rl_ledger_move(pool->m->ledger, RL_OBJ_XSK, pool->base + frame,
		       OWN(from), OWN(to),
		       from == RL_OWN_DRIVER && to == RL_OWN_POOL &&
		       RL_OWNER_KIND(rl_ledger_owner(pool->m->ledger, RL_OBJ_XSK,
						     pool->base + frame)) ==
		       RL_OWN_POOL ? RL_F_DOUBLE_FREE : RL_F_OWNER, what);
}

/* Producer side of a user ring: write one entry, not published yet. */
static bool ring_reserve(struct rl_xsk_ring *r, u32 frame, u32 len)
{
	if (ring_used(r) >= r->size)
		return false;
	r->frame[r->cached_prod & (r->size - 1)] = frame;
	r->len[r->cached_prod & (r->size - 1)] = len;
	r->cached_prod++;
	return true;
}

/* Reserve and publish at once. */
static bool ring_push(struct rl_xsk_ring *r, u32 frame, u32 len)
{
	if (!ring_reserve(r, frame, len))
		return false;
	r->prod = r->cached_prod;
	return true;
}

static bool ring_pop(struct rl_xsk_ring *r, u32 *frame, u32 *len)
{
	if (r->prod == r->cons)
		return false;
	*frame = r->frame[r->cons & (r->size - 1)];
	*len = r->len[r->cons & (r->size - 1)];
	r->cons++;
	return true;
}

u32 rl_xsk_user_fill(struct rl_xsk_pool *pool, u32 n)
{
	u32 done = 0;

	while (done < n && pool->user_cnt &&
	       ring_push(&pool->fill, pool->user[pool->user_cnt - 1], 0)) {
		frame_move(pool, pool->user[--pool->user_cnt], RL_OWN_USER,
			   RL_OWN_FILL, "user fill: frame not with the user");
		done++;
	}
	return done;
}

static u32 user_take(struct rl_xsk_pool *pool, struct rl_xsk_ring *r,
		     enum rl_owner_kind from, u32 n)
{
	u32 done = 0, frame, len;

	while (done < n && ring_pop(r, &frame, &len)) {
		frame_move(pool, frame, from, RL_OWN_USER,
			   "user ring entry not owned by the ring");
		pool->user[pool->user_cnt++] = frame;
		done++;
	}
	return done;
}

u32 rl_xsk_user_consume_rx(struct rl_xsk_pool *pool, u32 n)
{
	return user_take(pool, &pool->rx, RL_OWN_RX, n);
}

u32 rl_xsk_user_reap_comp(struct rl_xsk_pool *pool, u32 n)
{
	return user_take(pool, &pool->comp, RL_OWN_COMP, n);
}

u32 rl_xsk_user_submit_tx(struct rl_xsk_pool *pool, u32 n, u32 len)
{
	u32 done = 0;

	if (len > RL_XSK_FRAME_SIZE - RL_XSK_HEADROOM)
		len = RL_XSK_FRAME_SIZE - RL_XSK_HEADROOM;
	while (done < n && pool->user_cnt &&
	       ring_push(&pool->tx, pool->user[pool->user_cnt - 1], len)) {
		frame_move(pool, pool->user[--pool->user_cnt], RL_OWN_USER,
			   RL_OWN_TX, "user tx: frame not with the user");
		done++;
	}
	return done;
}

int rl_xsk_pool_dma_map(struct rl_xsk_pool *pool)
{
	u32 i;

	if (!pool_usable(pool, "xsk_pool_dma_map on a freed pool"))
		return -EINVAL;
	if (pool->dma_map_cnt++)
		return 0;
	/* xp_dma_map(): every UMEM page mapped bidirectionally */
	for (i = 0; i < pool->nr_frames; i++) {
		pool->dma[i] = rl_dma_map_xsk(pool->m->dma, pool->base + i,
					      RL_XSK_FRAME_SIZE,
					      RL_DMA_BIDIRECTIONAL);
		if (rl_dma_mapping_error(pool->dma[i])) {
			while (i--)
				rl_dma_unmap(pool->m->dma, pool->dma[i],
					     RL_XSK_FRAME_SIZE,
					     RL_DMA_BIDIRECTIONAL);
			pool->dma_map_cnt = 0;
			return -ENOMEM;
		}
	}
	return 0;
}

void rl_xsk_pool_dma_unmap(struct rl_xsk_pool *pool)
{
	u32 i;

	if (!pool_usable(pool, "xsk_pool_dma_unmap on a freed pool"))
		return;
	if (!pool->dma_map_cnt) {
		rl_ledger_report_count(pool->m->ledger, RL_F_XSK, RL_OBJ_XSK,
				       pool->base, 1, 0,
				       "xsk_pool_dma_unmap without a matching map");
		return;
	}
	if (--pool->dma_map_cnt)
		return;
	for (i = 0; i < pool->nr_frames; i++)
		rl_dma_unmap(pool->m->dma, pool->dma[i], RL_XSK_FRAME_SIZE,
			     RL_DMA_BIDIRECTIONAL);
}

void rl_xsk_pool_set_rxq_info(struct rl_xsk_pool *pool,
			      struct rl_xdp_rxq_info *rxq)
{
	if (pool_usable(pool, "xsk_pool_set_rxq_info on a freed pool"))
		pool->rxq = rxq;
}

u32 rl_xsk_pool_get_rx_frame_size(const struct rl_xsk_pool *pool)
{
	return RL_XSK_FRAME_SIZE - RL_XSK_HEADROOM;
}

struct rl_xsk_buff *rl_xsk_buff_alloc(struct rl_xsk_pool *pool)
{
	u32 frame, len;

	if (!pool_usable(pool, "xsk_buff_alloc on a freed pool (NAPI after pool free)") ||
	    rl_model_fault_hit(pool->m, RL_FAULT_XSK_ALLOC))
		return NULL;
	if (pool->free_cnt) {
		frame = pool->free_list[--pool->free_cnt];
		frame_move(pool, frame, RL_OWN_POOL, RL_OWN_DRIVER,
			   "xsk free list held a frame it did not own");
	} else if (ring_pop(&pool->fill, &frame, &len)) {
		rl_cost_add(pool->m, RL_COST_XSK_RING, 1);
		frame_move(pool, frame, RL_OWN_FILL, RL_OWN_DRIVER,
			   "fill ring entry not owned by the fill ring");
	} else {
		return NULL;
	}
	pool->buf[frame].len = 0;
	pool->buf[frame].tag = 0;
	return &pool->buf[frame];
}

u32 rl_xsk_buff_alloc_batch(struct rl_xsk_pool *pool,
			    struct rl_xsk_buff **bufs, u32 max)
{
	u32 n = 0;

	while (n < max && (bufs[n] = rl_xsk_buff_alloc(pool)))
		n++;
	return n;
}

void rl_xsk_buff_free(struct rl_xsk_buff *buf)
{
	struct rl_xsk_pool *pool = buf->pool;

	if (!pool_usable(pool, "xsk_buff_free into a freed pool") ||
	    !frame_move(pool, buf->frame, RL_OWN_DRIVER, RL_OWN_POOL,
			"xsk_buff_free: buffer not held by the driver"))
		return;
	/* a driver reading the buffer after the free reads poison */
	buf->len = RL_POISON_U32;
	buf->tag = RL_POISON_U32;
	pool->free_list[pool->free_cnt++] = buf->frame;
}

static rl_dma_addr_t frame_dma(struct rl_xsk_pool *pool, u32 frame,
			       const char *what)
{
	if (!pool_usable(pool, what))
		return RL_DMA_MAPPING_ERROR;
	if (!pool->dma_map_cnt || frame >= pool->nr_frames) {
		rl_ledger_report_count(pool->m->ledger, RL_F_XSK, RL_OBJ_XSK,
				       pool->base + frame, 1, pool->dma_map_cnt,
				       what);
		return RL_DMA_MAPPING_ERROR;
	}
	return pool->dma[frame];
}

rl_dma_addr_t rl_xsk_buff_xdp_get_dma(const struct rl_xsk_buff *buf)
{
	rl_dma_addr_t dma = frame_dma(buf->pool, buf->frame,
				      "xsk_buff_xdp_get_dma: pool not DMA mapped");

	return rl_dma_mapping_error(dma) ? dma : dma + RL_XSK_HEADROOM;
}

void rl_xsk_buff_dma_sync_for_cpu(struct rl_xsk_buff *buf)
{
	rl_dma_addr_t dma = rl_xsk_buff_xdp_get_dma(buf);

	if (!rl_dma_mapping_error(dma))
		rl_dma_sync_for_cpu(buf->pool->m->dma, dma, buf->len ? buf->len : 1,
				    RL_DMA_BIDIRECTIONAL);
}

rl_dma_addr_t rl_xsk_buff_raw_get_dma(struct rl_xsk_pool *pool, u64 addr)
{
	rl_dma_addr_t dma = frame_dma(pool, (u32)(addr / RL_XSK_FRAME_SIZE),
				      "xsk_buff_raw_get_dma: pool not DMA mapped");

	return rl_dma_mapping_error(dma) ? dma : dma + addr % RL_XSK_FRAME_SIZE;
}

void rl_xsk_buff_raw_dma_sync_for_device(struct rl_xsk_pool *pool,
					 rl_dma_addr_t dma, u32 len)
{
	rl_dma_sync_for_device(pool->m->dma, dma, len, RL_DMA_BIDIRECTIONAL);
}

int rl_xsk_rcv_zc(struct rl_xsk_buff *buf)
{
	struct rl_xsk_pool *pool = buf->pool;

	/*
	 * __xsk_rcv_zc(): the entry is reserved; user space sees it only once
	 * xdp_do_flush() reaches this socket on the flush list (xsk_flush).
	 */
	if (!pool_usable(pool, "xsk_rcv_zc into a freed pool") ||
	    !ring_reserve(&pool->rx, buf->frame, buf->len))
		return -ENOSPC;
	rl_cost_add(pool->m, RL_COST_XSK_RING, 1);
	frame_move(pool, buf->frame, RL_OWN_DRIVER, RL_OWN_RX,
		   "xsk_rcv_zc: buffer not held by the driver");
	return 0;
}

bool rl_xsk_flush_pending(const struct rl_xsk_pool *pool)
{
	return !pool->freed && pool->rx.cached_prod != pool->rx.prod;
}

void rl_xsk_flush(struct rl_xsk_pool *pool)
{
	if (!pool->freed)
		pool->rx.prod = pool->rx.cached_prod;
}

bool rl_xsk_tx_peek_desc(struct rl_xsk_pool *pool, struct rl_xdp_desc *desc)
{
	u32 frame, len;

	if (!pool_usable(pool, "xsk_tx_peek_desc on a freed pool"))
		return false;
	/* a completion slot must be reservable first (xskq_prod_reserve) */
	if (ring_used(&pool->comp) >= pool->comp.size ||
	    !ring_pop(&pool->tx, &frame, &len))
		return false;
	/* a TX entry read and a completion slot reserved */
	rl_cost_add(pool->m, RL_COST_XSK_RING, 2);
	pool->comp.frame[pool->comp.cached_prod++ & (pool->comp.size - 1)] =
		frame;
	frame_move(pool, frame, RL_OWN_TX, RL_OWN_TX_HW,
		   "tx ring entry not owned by the tx ring");
	desc->addr = (u64)frame * RL_XSK_FRAME_SIZE + RL_XSK_HEADROOM;
	desc->len = len;
	return true;
}

u32 rl_xsk_tx_peek_release_desc_batch(struct rl_xsk_pool *pool,
				      struct rl_xdp_desc *descs, u32 max)
{
	u32 n = 0;

	while (n < max && rl_xsk_tx_peek_desc(pool, &descs[n]))
		n++;
	return n;
}

void rl_xsk_tx_release(struct rl_xsk_pool *pool)
{
	pool_usable(pool, "xsk_tx_release on a freed pool");
}

void rl_xsk_tx_completed(struct rl_xsk_pool *pool, u32 n)
{
	u32 reserved;

	if (!pool_usable(pool, "xsk_tx_completed on a freed pool"))
		return;
	reserved = pool->comp.cached_prod - pool->comp.prod;
	if (n > reserved) {
		rl_ledger_report_count(pool->m->ledger, RL_F_XSK, RL_OBJ_XSK,
				       pool->base, reserved, n,
				       "xsk_tx_completed: more completions than reserved slots");
		n = reserved;
	}
	while (n--) {
		u32 frame = pool->comp.frame[pool->comp.prod & (pool->comp.size - 1)];

		frame_move(pool, frame, RL_OWN_TX_HW, RL_OWN_COMP,
			   "completed frame was not in flight");
		pool->comp.prod++;
	}
}

void rl_xsk_tx_unpeek(struct rl_xsk_pool *pool)
{
	u32 frame;

	if (!pool_usable(pool, "xskq_prod_cancel on a freed pool") ||
	    pool->comp.cached_prod == pool->comp.prod ||
	    pool->tx.cons == pool->tx.prod - pool->tx.size)
		return;
	pool->comp.cached_prod--;
	pool->tx.cons--;
	frame = pool->tx.frame[pool->tx.cons & (pool->tx.size - 1)];
	rl_cost_add(pool->m, RL_COST_XSK_RING, 2);
	frame_move(pool, frame, RL_OWN_TX_HW, RL_OWN_TX,
		   "xskq_prod_cancel: the frame was not in flight");
}

void rl_xsk_skb_hold(struct rl_xsk_pool *pool)
{
	pool->skb_refs++;
}

void rl_xsk_skb_unhold(struct rl_xsk_pool *pool)
{
	if (pool->skb_refs && !--pool->skb_refs && pool->release_pending)
		rl_xsk_pool_destroy(pool);
}

void rl_xsk_cq_submit_addr(struct rl_xsk_pool *pool, u32 frame)
{
	if (!pool_usable(pool, "xsk_destruct_skb into a freed pool"))
		return;
	if (pool->comp.cached_prod == pool->comp.prod) {
		rl_ledger_report_count(pool->m->ledger, RL_F_XSK, RL_OBJ_XSK,
				       pool->base + frame, 1, 0,
				       "xsk_destruct_skb: no completion slot reserved");
	} else {
		/* xskq_prod_submit_addr: this skb's address at the producer */
		pool->comp.frame[pool->comp.prod & (pool->comp.size - 1)] = frame;
		pool->comp.prod++;
		rl_cost_add(pool->m, RL_COST_XSK_RING, 1);
		frame_move(pool, frame, RL_OWN_TX_HW, RL_OWN_COMP,
			   "xsk_destruct_skb: the frame was not in flight");
	}
	rl_xsk_skb_unhold(pool);
}

void rl_xsk_pool_release(struct rl_xsk_pool *pool)
{
	if (pool->skb_refs)
		pool->release_pending = true;
	else
		rl_xsk_pool_destroy(pool);
}

bool rl_xsk_buff_can_alloc(const struct rl_xsk_pool *pool, u32 count)
{
	return !pool->freed &&
	       pool->free_cnt + (pool->fill.prod - pool->fill.cons) >= count;
}

bool rl_xsk_pool_freed(const struct rl_xsk_pool *pool)
{
	return pool->freed;
}

u32 rl_xsk_tx_waiting(const struct rl_xsk_pool *pool)
{
	return pool->freed ? 0 : pool->tx.prod - pool->tx.cons;
}

u32 rl_xsk_comp_room(const struct rl_xsk_pool *pool)
{
	return pool->freed ? 0 : pool->comp.size - ring_used(&pool->comp);
}

bool rl_xsk_uses_need_wakeup(const struct rl_xsk_pool *pool)
{
	return pool->uses_need_wakeup;
}

void rl_xsk_set_rx_need_wakeup(struct rl_xsk_pool *pool)
{
	pool->rx_need_wakeup = true;
}

void rl_xsk_clear_rx_need_wakeup(struct rl_xsk_pool *pool)
{
	pool->rx_need_wakeup = false;
}

void rl_xsk_set_tx_need_wakeup(struct rl_xsk_pool *pool)
{
	pool->tx_need_wakeup = true;
}

void rl_xsk_clear_tx_need_wakeup(struct rl_xsk_pool *pool)
{
	pool->tx_need_wakeup = false;
}

void rl_xsk_pool_final_check(struct rl_xsk_pool *pool)
{
	struct rl_ledger *l = pool->m->ledger;
	u32 i;

	if (pool->freed)
		return;
	for (i = 0; i < pool->nr_frames; i++) {
		u32 kind = RL_OWNER_KIND(rl_ledger_owner(l, RL_OBJ_XSK,
							 pool->base + i));

		if (kind == RL_OWN_DRIVER || kind == RL_OWN_TX_HW)
			rl_ledger_expect(l, RL_OBJ_XSK, pool->base + i,
					 OWN(RL_OWN_USER), RL_F_LEAK,
					 "XSK frame still held by the driver or hardware");
	}
}

struct rl_xsk_buff *rl_xsk_buff_by_id(struct rl_model *m, u32 id)
{
	u32 i;

	if (rl_model_poison_used(m, RL_OBJ_XSK, id,
				 "XSK buffer pointer read from freed memory"))
		return NULL;
	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_xsk_pool *pool = m->reg[RL_REG_XSK_POOL][i];

		if (pool && !pool->freed && id >= pool->base &&
		    id < pool->base + pool->nr_frames)
			return &pool->buf[id - pool->base];
	}
	return NULL;
}

u32 rl_xsk_buff_id(const struct rl_xsk_buff *buf)
{
	return buf->pool->base + buf->frame;
}

u32 rl_xsk_pool_frame_id(const struct rl_xsk_pool *pool, u64 addr)
{
	return pool->base + (u32)(addr / RL_XSK_FRAME_SIZE);
}
