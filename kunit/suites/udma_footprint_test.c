// SPDX-License-Identifier: GPL-2.0
/*
 * udma_footprint_test.c - the proofs' K3 glue footprints run against the
 * model (proofs/footprints.h: RL_RX_PUSH_FOOTPRINT with each flow's
 * RL_FDQ_FOOTPRINT, RL_TX_PUSH_FOOTPRINT; the pops' and resets' assigns
 * in model/k3_udma_glue.h and k3_ring.h; assumption A5 in
 * proofs/README.md).  Every struct a call could reach is copied before it
 * and compared byte for byte after it, the footprint's fields taken from
 * after; a footprint one field short must fail the comparison.  The
 * ledger's bookkeeping is not compared but for its counts of the other
 * classes.
 */
#include "rl_test_util.h"
#include "k3_cppi_desc_pool.h"
#include "k3_udma_glue.h"
#include "dma.h"

#define FP_FLOWS	3
#define FP_RING		4

/* A ring as a call could change it: the struct and its slot storage. */
struct fp_ring {
	struct rl_ring r;
	rl_dma_addr_t slot[FP_RING * 2];
};

static void fp_ring_save(struct kunit *test, struct fp_ring *s,
			 const struct rl_ring *r)
{
	KUNIT_ASSERT_GE(test, (u32)ARRAY_SIZE(s->slot), r->idx.mask + 1);
	memcpy(&s->r, r, sizeof(s->r));
	memcpy(s->slot, r->slot, (r->idx.mask + 1) * sizeof(*s->slot));
}

/*
 * How a call may change a ring: not at all; as a push (RL_FDQ_FOOTPRINT:
 * the producer counter, the descriptor count and the slots); as a pop or
 * a reset (their assigns: the counters, never a slot - and, left out of
 * the contracts as bookkeeping no proof reads, proofs/README.md A5, the
 * descriptor count and the interrupt flag).
 */
enum fp_way { FP_KEPT, FP_PUSHED, FP_TAKEN };

/*
 * @r is as saved in @s but for what @way allows; @short_fp leaves one
 * field out of the footprint (a push's descriptor count, a take's
 * counters): a footprint one field short.
 */
static bool fp_ring_kept(const struct fp_ring *s, const struct rl_ring *r,
			 enum fp_way way, bool short_fp)
{
	struct rl_ring c;

	memcpy(&c, &s->r, sizeof(c));
	if (way == FP_PUSHED) {
		c.idx.prod = r->idx.prod;
		if (!short_fp)
			c.ndesc = r->ndesc;
		return !memcmp(&c, r, sizeof(c));
	}
	if (way == FP_TAKEN) {
		if (!short_fp)
			c.idx = r->idx;
		c.ndesc = r->ndesc;
		c.irq = r->irq;
	}
	return !memcmp(&c, r, sizeof(c)) &&
	       !memcmp(s->slot, r->slot, (r->idx.mask + 1) * sizeof(*s->slot));
}

/* What a channel's calls share: its descriptor pool and the ledger. */
struct fp_shared {
	struct rl_k3_cppi_desc_pool pool;
	struct rl_ledger ledger;
};

static void fp_shared_save(struct fp_shared *s,
			   const struct rl_k3_cppi_desc_pool *pool,
			   const struct rl_ledger *ledger)
{
	memcpy(&s->pool, pool, sizeof(s->pool));
	memcpy(&s->ledger, ledger, sizeof(s->ledger));
}

/*
 * The pool as saved; of the ledger's counts, a push or a pop changes the
 * descriptors' only.
 */
static bool fp_shared_kept(const struct fp_shared *s,
			   const struct rl_k3_cppi_desc_pool *pool,
			   const struct rl_ledger *ledger)
{
	u32 c;

	if (memcmp(&s->pool, pool, sizeof(s->pool)))
		return false;
	for (c = 0; c < RL_OBJ_NR; c++)
		if (c != RL_OBJ_DESC &&
		    memcmp(s->ledger.count[c], ledger->count[c],
			   sizeof(ledger->count[c])))
			return false;
	return true;
}

/* What the driver holds before a push: a descriptor with a mapped buffer. */
static rl_dma_addr_t fp_desc(struct kunit *test, struct rl_model *m,
			     struct rl_k3_cppi_desc_pool *pool,
			     enum rl_dma_dir dir)
{
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t buf = rl_dma_map_single(m->dma, 256, dir, 0);

	KUNIT_ASSERT_NOT_NULL(test, d);
	rl_cppi5_hdesc_init(pool, d, 0, 0);
	rl_cppi5_hdesc_attach_buf(pool, d, buf, 256, buf, 256);
	return rl_k3_cppi_desc_pool_virt2dma(pool, d);
}

struct fp_bed {
	struct rl_model *m;
	struct rl_k3_cppi_desc_pool *pool;
	enum rl_dma_dir dir;
};

/* The driver's reset cleanup: unmap the buffer, free the descriptor. */
static void fp_cleanup(void *data, rl_dma_addr_t dma)
{
	struct fp_bed *b = data;
	void *d = rl_k3_cppi_desc_pool_dma2virt(b->pool, dma);
	rl_dma_addr_t buf;
	u32 len;

	rl_cppi5_hdesc_get_obuf(b->pool, d, &buf, &len);
	rl_dma_unmap(b->m->dma, buf, len, b->dir);
	rl_k3_cppi_desc_pool_free(b->pool, d);
}

struct fp_rx_saved {
	struct rl_k3_udma_glue_rx_channel chn;
	struct fp_shared shared;
	struct fp_ring fdq[FP_FLOWS], compl[FP_FLOWS];
	u32 flow;			/* the flow the call is on */
	enum fp_way fdq_way, compl_way;	/* how it may change its rings */
};

/*
 * Of an RX channel, only @s->flow's rings may change, as @s says; with
 * @pool_too the descriptor pool and the ledger's other counts are
 * compared as well (not around a reset: its cleanup callback, the
 * driver's, frees descriptors).
 */
static bool fp_rx_kept(const struct fp_rx_saved *s,
		       const struct rl_k3_udma_glue_rx_channel *chn,
		       bool pool_too, bool short_fp)
{
	u32 f;

	if (memcmp(&s->chn, chn, sizeof(s->chn)))
		return false;
	if (pool_too && !fp_shared_kept(&s->shared, chn->pool, chn->m->ledger))
		return false;
	for (f = 0; f < FP_FLOWS; f++)
		if (!fp_ring_kept(&s->fdq[f], chn->flows[f].fdq,
				  f == s->flow ? s->fdq_way : FP_KEPT,
				  short_fp) ||
		    !fp_ring_kept(&s->compl[f], chn->flows[f].ring,
				  f == s->flow ? s->compl_way : FP_KEPT,
				  short_fp))
			return false;
	return true;
}

static void fp_rx_save(struct kunit *test, struct fp_rx_saved *s,
		       const struct rl_k3_udma_glue_rx_channel *chn, u32 flow,
		       enum fp_way fdq_way, enum fp_way compl_way)
{
	u32 f;

	memcpy(&s->chn, chn, sizeof(s->chn));
	fp_shared_save(&s->shared, chn->pool, chn->m->ledger);
	for (f = 0; f < FP_FLOWS; f++) {
		fp_ring_save(test, &s->fdq[f], chn->flows[f].fdq);
		fp_ring_save(test, &s->compl[f], chn->flows[f].ring);
	}
	s->flow = flow;
	s->fdq_way = fdq_way;
	s->compl_way = compl_way;
}

/* A PKTDMA channel (an FDQ per flow: the other flows' must stay). */
static struct rl_k3_udma_glue_rx_channel *fp_rx_start(struct kunit *test,
						      struct fp_bed *b)
{
	struct rl_k3_udma_glue_rx_channel *chn;

	b->pool = rl_k3_cppi_desc_pool_create_name(b->m, FP_FLOWS * FP_RING,
						   sizeof(struct rl_cppi5_desc),
						   "rx");
	KUNIT_ASSERT_NOT_NULL(test, b->pool);
	chn = rl_k3_udma_glue_request_rx_chn(b->m, b->pool, FP_FLOWS, FP_RING,
					     false);
	KUNIT_ASSERT_NOT_NULL(test, chn);
	rl_k3_udma_glue_enable_rx_chn(chn);
	return chn;
}

/* The driver's push of @dma, a descriptor it holds (fp_desc), to @flow. */
static void fp_rx_push(struct kunit *test, struct fp_bed *b,
		       struct rl_k3_udma_glue_rx_channel *chn, u32 flow,
		       rl_dma_addr_t dma)
{
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_push_rx_chn(chn, flow,
			rl_k3_cppi_desc_pool_dma2virt(b->pool, dma), dma), 0);
}

static void fp_rx_finish(struct rl_test_ctx *ctx, struct fp_bed *b,
			 struct rl_k3_udma_glue_rx_channel *chn)
{
	u32 f;

	rl_k3_udma_glue_disable_rx_chn(chn);
	for (f = 0; f < FP_FLOWS; f++)
		rl_k3_udma_glue_reset_rx_chn(chn, f, b, fp_cleanup);
	rl_k3_udma_glue_release_rx_chn(chn);
	rl_k3_cppi_desc_pool_destroy(b->pool);
	rl_test_finish(ctx);
}

static void rx_push_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct fp_rx_saved *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct fp_bed b = { .m = ctx->m, .dir = RL_DMA_FROM_DEVICE };
	struct rl_k3_udma_glue_rx_channel *chn;
	rl_dma_addr_t dma;

	KUNIT_ASSERT_NOT_NULL(test, s);
	chn = fp_rx_start(test, &b);
	dma = fp_desc(test, b.m, b.pool, b.dir);
	fp_rx_save(test, s, chn, 1, FP_PUSHED, FP_KEPT);
	fp_rx_push(test, &b, chn, 1, dma);
	KUNIT_EXPECT_TRUE(test, fp_rx_kept(s, chn, true, false));
	KUNIT_EXPECT_FALSE(test, fp_rx_kept(s, chn, true, true));
	rl_test_check(ctx);
	fp_rx_finish(ctx, &b, chn);
}

/*
 * The pop of a completion (of the flow's completion ring) and the flow's
 * reset (of its FDQ and completion ring: a pending interrupt cleared, the
 * FDQ's descriptor given to the driver's cleanup).
 */
static void rx_pop_reset_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct fp_rx_saved *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct fp_bed b = { .m = ctx->m, .dir = RL_DMA_FROM_DEVICE };
	struct rl_k3_udma_glue_rx_channel *chn;
	rl_dma_addr_t dma;

	KUNIT_ASSERT_NOT_NULL(test, s);
	chn = fp_rx_start(test, &b);
	fp_rx_push(test, &b, chn, 1, fp_desc(test, b.m, b.pool, b.dir));
	fp_rx_push(test, &b, chn, 1, fp_desc(test, b.m, b.pool, b.dir));
	KUNIT_ASSERT_EQ(test, rl_hw_rx_packet(chn, 1, 1, 60, 0), 0);
	fp_rx_save(test, s, chn, 1, FP_KEPT, FP_TAKEN);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_pop_rx_chn(chn, 1, &dma), 0);
	KUNIT_EXPECT_TRUE(test, fp_rx_kept(s, chn, true, false));
	KUNIT_EXPECT_FALSE(test, fp_rx_kept(s, chn, true, true));
	fp_cleanup(&b, dma);
	/* a pop that fails found the ring empty and changed nothing */
	fp_rx_save(test, s, chn, 1, FP_KEPT, FP_KEPT);
	KUNIT_EXPECT_EQ(test, rl_k3_udma_glue_pop_rx_chn(chn, 1, &dma), -ENODATA);
	KUNIT_EXPECT_TRUE(test, fp_rx_kept(s, chn, true, false));
	/* the completion's interrupt is still pending: the reset clears it */
	KUNIT_ASSERT_TRUE(test, chn->flows[1].ring->irq);
	rl_k3_udma_glue_disable_rx_chn(chn);
	fp_rx_save(test, s, chn, 1, FP_TAKEN, FP_TAKEN);
	rl_k3_udma_glue_reset_rx_chn(chn, 1, &b, fp_cleanup);
	/* written, and left out of the contract (proofs/README.md, A5) */
	KUNIT_EXPECT_FALSE(test, chn->flows[1].ring->irq);
	KUNIT_EXPECT_TRUE(test, fp_rx_kept(s, chn, false, false));
	KUNIT_EXPECT_FALSE(test, fp_rx_kept(s, chn, false, true));
	rl_test_check(ctx);
	fp_rx_finish(ctx, &b, chn);
}

struct fp_tx_saved {
	struct rl_k3_udma_glue_tx_channel chn;
	struct fp_shared shared;
	struct fp_ring ring, compl;
	enum fp_way ring_way, compl_way;
};

static void fp_tx_save(struct kunit *test, struct fp_tx_saved *s,
		       const struct rl_k3_udma_glue_tx_channel *chn,
		       enum fp_way ring_way, enum fp_way compl_way)
{
	memcpy(&s->chn, chn, sizeof(s->chn));
	fp_shared_save(&s->shared, chn->pool, chn->m->ledger);
	fp_ring_save(test, &s->ring, chn->ring);
	fp_ring_save(test, &s->compl, chn->ringtxcq);
	s->ring_way = ring_way;
	s->compl_way = compl_way;
}

/* Of a TX channel, its submit and completion rings as @s says. */
static bool fp_tx_kept(const struct fp_tx_saved *s,
		       const struct rl_k3_udma_glue_tx_channel *chn,
		       bool short_fp)
{
	return !memcmp(&s->chn, chn, sizeof(s->chn)) &&
	       fp_shared_kept(&s->shared, chn->pool, chn->m->ledger) &&
	       fp_ring_kept(&s->ring, chn->ring, s->ring_way, short_fp) &&
	       fp_ring_kept(&s->compl, chn->ringtxcq, s->compl_way, short_fp);
}

/* RL_TX_PUSH_FOOTPRINT, then the pop of its completion. */
static void tx_push_pop_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct fp_tx_saved *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct fp_bed b = { .m = ctx->m, .dir = RL_DMA_TO_DEVICE };
	struct rl_k3_udma_glue_tx_channel *chn;
	rl_dma_addr_t dma;

	KUNIT_ASSERT_NOT_NULL(test, s);
	b.pool = rl_k3_cppi_desc_pool_create_name(b.m, FP_RING,
						  sizeof(struct rl_cppi5_desc),
						  "tx");
	KUNIT_ASSERT_NOT_NULL(test, b.pool);
	chn = rl_k3_udma_glue_request_tx_chn(b.m, "tx0", b.pool, FP_RING);
	KUNIT_ASSERT_NOT_NULL(test, chn);
	rl_k3_udma_glue_enable_tx_chn(chn);
	dma = fp_desc(test, b.m, b.pool, b.dir);
	fp_tx_save(test, s, chn, FP_PUSHED, FP_KEPT);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_push_tx_chn(chn,
			rl_k3_cppi_desc_pool_dma2virt(b.pool, dma), dma), 0);
	KUNIT_EXPECT_TRUE(test, fp_tx_kept(s, chn, false));
	KUNIT_EXPECT_FALSE(test, fp_tx_kept(s, chn, true));
	KUNIT_ASSERT_EQ(test, rl_hw_tx_complete(chn, 1), 1U);
	fp_tx_save(test, s, chn, FP_KEPT, FP_TAKEN);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_pop_tx_chn(chn, &dma), 0);
	KUNIT_EXPECT_TRUE(test, fp_tx_kept(s, chn, false));
	KUNIT_EXPECT_FALSE(test, fp_tx_kept(s, chn, true));
	fp_cleanup(&b, dma);
	/* a pop that fails found the ring empty and changed nothing */
	fp_tx_save(test, s, chn, FP_KEPT, FP_KEPT);
	KUNIT_EXPECT_EQ(test, rl_k3_udma_glue_pop_tx_chn(chn, &dma), -ENODATA);
	KUNIT_EXPECT_TRUE(test, fp_tx_kept(s, chn, false));
	rl_test_check(ctx);
	rl_k3_udma_glue_reset_tx_chn(chn, &b, fp_cleanup);
	rl_k3_udma_glue_release_tx_chn(chn);
	rl_k3_cppi_desc_pool_destroy(b.pool);
	rl_test_finish(ctx);
}

static struct kunit_case udma_footprint_test_cases[] = {
	KUNIT_CASE(rx_push_stays_in_footprint),
	KUNIT_CASE(rx_pop_reset_stay_in_footprint),
	KUNIT_CASE(tx_push_pop_stay_in_footprint),
	{}
};

static struct kunit_suite udma_footprint_test_suite = {
	.name = "ringledger_udma_footprint",
	.test_cases = udma_footprint_test_cases,
};

kunit_test_suite(udma_footprint_test_suite);
