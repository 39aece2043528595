// SPDX-License-Identifier: GPL-2.0
/*
 * desc_ring_test.c - the descriptor ring in coherent memory and its DMA
 * engine (stmmac's shape): correct use, and each detector made to fire on
 * purpose - the CPU writing a descriptor the running device owns, the
 * device using a stale or unmapped buffer address, a receive buffer
 * reused while the device may write it, a ring freed under a running
 * engine - and the predicate breaking on a corrupted ring; and that a
 * hand-over and a tail pointer write change only what their proof
 * contracts say.
 */
#include "rl_test_util.h"
#include "desc_ring.h"
#include "page_pool.h"

#define RX_RING	4

struct bed {
	struct rl_test_ctx *ctx;
	struct rl_page_pool *pp;
	struct rl_dring *r;
	struct rl_page *page[RX_RING];
};

/* An RX ring of four, each descriptor given a page_pool page (refill). */
static void bed_start(struct kunit *test, struct bed *b, bool start)
{
	struct rl_page_pool_params p = { .pool_size = 8, .dma_map = true,
					 .dma_dir = RL_DMA_FROM_DEVICE };
	u32 i;

	b->ctx = rl_test_start(test, NULL);
	b->pp = rl_page_pool_create(b->ctx->m, &p);
	KUNIT_ASSERT_NOT_NULL(test, b->pp);
	b->r = rl_dring_create(b->ctx->m, RX_RING, false, "rx 0");
	KUNIT_ASSERT_NOT_NULL(test, b->r);
	rl_dring_set_base(b->r);
	for (i = 0; i < RX_RING; i++) {
		b->page[i] = rl_page_pool_dev_alloc_pages(b->pp);
		KUNIT_ASSERT_NOT_NULL(test, b->page[i]);
		rl_dring_set_addr(b->r, i, rl_page_pool_get_dma_addr(b->page[i]), 0);
		rl_dring_give(b->r, i, RL_DES3_IOC);
	}
	if (start)
		rl_dring_start(b->r);
	rl_dring_set_tail(b->r);
}

/* stmmac_release: stop the DMA, free the buffers, free the ring. */
static void bed_finish(struct bed *b)
{
	u32 i;

	rl_dring_stop(b->r);
	for (i = 0; i < RX_RING; i++)
		if (b->page[i])
			rl_page_pool_put_full_page(b->pp, b->page[i], false);
	rl_dring_destroy(b->r);
	rl_page_pool_destroy(b->pp);
	rl_test_finish(b->ctx);
}

static void desc_ring_rx_round_trip(struct kunit *test)
{
	struct bed b;
	u32 des3;

	bed_start(test, &b, true);
	KUNIT_EXPECT_EQ(test, b.r->held, (u32)RX_RING);
	KUNIT_EXPECT_EQ(test, rl_ledger_owner(b.ctx->m->ledger, RL_OBJ_PAGE,
					      b.page[0]->id), rl_dring_owner(b.r));
	rl_test_check(b.ctx);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), 0);
	des3 = rl_dring_des3(b.r, 0);
	KUNIT_EXPECT_FALSE(test, des3 & RL_DES3_OWN);
	KUNIT_EXPECT_EQ(test, des3 & RL_DES3_LEN, 60U);
	KUNIT_EXPECT_EQ(test, b.r->held, (u32)RX_RING - 1);
	/* stmmac_rx takes it, stmmac_rx_refill re-arms it with its address */
	rl_dring_take(b.r, 0);
	rl_dring_set_addr(b.r, 0, rl_page_pool_get_dma_addr(b.page[0]), 0);
	rl_dring_give(b.r, 0, RL_DES3_IOC);
	rl_dring_set_tail(b.r);
	rl_test_check(b.ctx);
	bed_finish(&b);
}

/* The engine suspends at a descriptor it does not own; the tail resumes it. */
static void desc_ring_suspends_until_tail(struct kunit *test)
{
	struct bed b;
	u32 i;

	bed_start(test, &b, true);
	for (i = 0; i < RX_RING; i++)
		KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), 0);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), -EAGAIN);
	KUNIT_EXPECT_TRUE(test, b.r->suspended);
	rl_dring_set_addr(b.r, 0, rl_page_pool_get_dma_addr(b.page[0]), 0);
	rl_dring_give(b.r, 0, 0);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), -EAGAIN);
	rl_dring_set_tail(b.r);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), 0);
	bed_finish(&b);
}

static void desc_ring_cpu_writes_device_owned(struct kunit *test)
{
	struct bed b;

	bed_start(test, &b, true);
	RL_EXPECT_FINDING(b.ctx, RL_F_OWNER,
			  rl_dring_set_addr(b.r, 1, RL_DMA_BASE, 0));
	RL_EXPECT_FINDING(b.ctx, RL_F_OWNER, rl_dring_clear(b.r, 2));
	/* stopped, the same writes are the driver's business */
	rl_dring_stop(b.r);
	rl_dring_set_addr(b.r, 1, rl_page_pool_get_dma_addr(b.page[1]), 0);
	bed_finish(&b);
}

/*
 * The engine walks in ring order and stops at a descriptor it does not
 * own: an OWN descriptor behind such one is out of its reach and the CPU
 * may take it back (stmmac_xmit's fragments before their head); once the
 * gap is given, the same write is the race again.
 */
static void desc_ring_owned_out_of_reach(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_dring *r = rl_dring_create(ctx->m, 4, true, "tx 0");

	KUNIT_ASSERT_NOT_NULL(test, r);
	rl_dring_set_base(r);
	rl_dring_start(r);
	rl_dring_give(r, 1, RL_DES3_LD | 60);
	rl_dring_give(r, 2, RL_DES3_LD | 60);
	/* the engine waits at 0: 1 and 2 are out of its reach */
	rl_dring_clear(r, 1);
	KUNIT_EXPECT_EQ(test, ctx->seen[RL_F_OWNER], 0U);
	rl_dring_give(r, 1, RL_DES3_LD | 60);
	rl_dring_give(r, 0, RL_DES3_FD | 60);
	RL_EXPECT_FINDING(ctx, RL_F_OWNER, rl_dring_clear(r, 2));
	rl_dring_stop(r);
	rl_dring_destroy(r);
	rl_test_finish(ctx);
}

/* Re-armed without a new address: write-back left none (stmmac_rx_refill). */
static void desc_ring_stale_address(struct kunit *test)
{
	struct bed b;

	bed_start(test, &b, true);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), 0);
	rl_dring_give(b.r, 0, RL_DES3_IOC);
	rl_dring_set_tail(b.r);
	rl_dring_hw_rx(b.r, 60);
	rl_dring_hw_rx(b.r, 60);
	rl_dring_hw_rx(b.r, 60);
	RL_EXPECT_FINDING(b.ctx, RL_F_DMA_DEVICE, rl_dring_hw_rx(b.r, 60));
	bed_finish(&b);
}

static void desc_ring_unmapped_buffer(struct kunit *test)
{
	struct bed b;

	bed_start(test, &b, false);
	rl_dring_set_addr(b.r, 0, RL_DMA_BASE + 0x10, 0);
	rl_dring_give(b.r, 0, 0);
	rl_dring_start(b.r);
	RL_EXPECT_FINDING(b.ctx, RL_F_DMA_DEVICE, rl_dring_hw_rx(b.r, 60));
	bed_finish(&b);
}

/* Recycled while a running engine may still write it. */
static void desc_ring_buffer_reused_while_owned(struct kunit *test)
{
	struct bed b;

	bed_start(test, &b, true);
	RL_EXPECT_FINDING(b.ctx, RL_F_OWNER,
			  rl_page_pool_recycle_direct(b.pp, b.page[3]));
	rl_dring_stop(b.r);
	rl_page_pool_recycle_direct(b.pp, b.page[3]);
	b.page[3] = NULL;
	/* started again with the descriptor still OWN: its page is gone */
	RL_EXPECT_FINDING(b.ctx, RL_F_OWNER, rl_dring_start(b.r));
	bed_finish(&b);
}

static void desc_ring_freed_while_running(struct kunit *test)
{
	struct bed b;
	u32 i;

	bed_start(test, &b, true);
	RL_EXPECT_FINDING(b.ctx, RL_F_DMA_DEVICE, rl_dring_destroy(b.r));
	for (i = 0; i < RX_RING; i++)
		rl_page_pool_put_full_page(b.pp, b.page[i], false);
	rl_page_pool_destroy(b.pp);
	rl_test_finish(b.ctx);
}

static void desc_ring_is_valid_catches_corruption(struct kunit *test)
{
	struct bed b;

	bed_start(test, &b, true);
	KUNIT_EXPECT_TRUE(test, rl_dring_is_valid(b.r));
	b.r->held--;
	KUNIT_EXPECT_FALSE(test, rl_dring_is_valid(b.r));
	RL_EXPECT_FINDING(b.ctx, RL_F_INVALID, rl_model_check(b.ctx->m));
	b.r->held++;
	/* a held buffer in a descriptor the device does not own */
	b.r->d[1].des3 &= ~RL_DES3_OWN;
	KUNIT_EXPECT_FALSE(test, rl_dring_is_valid(b.r));
	b.r->d[1].des3 |= RL_DES3_OWN;
	KUNIT_EXPECT_TRUE(test, rl_dring_is_valid(b.r));
	bed_finish(&b);
}

/*
 * The proofs' contract of a hand-over (rl_dring_give in desc_ring.h,
 * RL_DRING_GIVE_FOOTPRINT in proofs/footprints.h; assumption A6): of the
 * ring it changes descriptor @i's status word and shadow and the held
 * count, nothing else (the size included: its size_kept); of the
 * ledger's counts only the page and UMEM classes'.  @held_in false
 * leaves the held count out: a hand-over on a running ring must break it.
 */
static bool give_footprint_kept(struct kunit *test,
				const struct rl_dring *before,
				const struct rl_ledger *lb,
				const struct rl_dring *after,
				const struct rl_ledger *la, u32 i, bool held_in)
{
	struct rl_dring *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	u32 c;

	if (!r)
		return false;
	memcpy(r, before, sizeof(*r));
	r->d[i].des3 = after->d[i].des3;
	memcpy(&r->sh[i], &after->sh[i], sizeof(r->sh[i]));
	if (held_in)
		r->held = after->held;
	if (memcmp(r, after, sizeof(*r)))
		return false;
	for (c = 0; c < RL_OBJ_NR; c++)
		if (c != RL_OBJ_PAGE && c != RL_OBJ_XSK &&
		    memcmp(lb->count[c], la->count[c], sizeof(la->count[c])))
			return false;
	return true;
}

static void desc_ring_give_stays_in_footprint(struct kunit *test)
{
	struct rl_dring *before = kunit_kzalloc(test, sizeof(*before),
						GFP_KERNEL);
	struct rl_ledger *lb = kunit_kzalloc(test, sizeof(*lb), GFP_KERNEL);
	struct bed b;

	KUNIT_ASSERT_NOT_NULL(test, before);
	KUNIT_ASSERT_NOT_NULL(test, lb);
	bed_start(test, &b, true);
	KUNIT_EXPECT_EQ(test, rl_dring_hw_rx(b.r, 60), 0);
	rl_dring_take(b.r, 0);
	rl_dring_set_addr(b.r, 0, rl_page_pool_get_dma_addr(b.page[0]), 0);
	memcpy(before, b.r, sizeof(*before));
	memcpy(lb, b.ctx->m->ledger, sizeof(*lb));
	/* running: the page goes to the device with the descriptor */
	rl_dring_give(b.r, 0, RL_DES3_IOC);
	KUNIT_EXPECT_TRUE(test, give_footprint_kept(test, before, lb, b.r,
						    b.ctx->m->ledger, 0, true));
	KUNIT_EXPECT_FALSE(test, give_footprint_kept(test, before, lb, b.r,
						     b.ctx->m->ledger, 0, false));
	/* the tail pointer write: of the ring, the suspended flag alone */
	memcpy(before, b.r, sizeof(*before));
	rl_dring_set_tail(b.r);
	before->suspended = b.r->suspended;
	KUNIT_EXPECT_EQ(test, memcmp(before, b.r, sizeof(*before)), 0);
	rl_test_check(b.ctx);
	bed_finish(&b);
}

static struct kunit_case desc_ring_test_cases[] = {
	KUNIT_CASE(desc_ring_rx_round_trip),
	KUNIT_CASE(desc_ring_give_stays_in_footprint),
	KUNIT_CASE(desc_ring_suspends_until_tail),
	KUNIT_CASE(desc_ring_cpu_writes_device_owned),
	KUNIT_CASE(desc_ring_owned_out_of_reach),
	KUNIT_CASE(desc_ring_stale_address),
	KUNIT_CASE(desc_ring_unmapped_buffer),
	KUNIT_CASE(desc_ring_buffer_reused_while_owned),
	KUNIT_CASE(desc_ring_freed_while_running),
	KUNIT_CASE(desc_ring_is_valid_catches_corruption),
	{}
};

static struct kunit_suite desc_ring_test_suite = {
	.name = "ringledger_desc_ring",
	.test_cases = desc_ring_test_cases,
};

kunit_test_suite(desc_ring_test_suite);
