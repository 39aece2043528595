// SPDX-License-Identifier: GPL-2.0
/*
 * udma_footprint_test.c - the proofs' K3 glue push footprints run against
 * the model (proofs/footprints.h: RL_RX_PUSH_FOOTPRINT with each flow's
 * RL_FDQ_FOOTPRINT, RL_TX_PUSH_FOOTPRINT; assumption A5 in
 * proofs/README.md).  Every struct a push could reach is copied before
 * it and compared byte for byte after it, the footprint's fields taken
 * from after; a footprint one field short must fail the comparison.
 */
#include "rl_test_util.h"
#include "k3_cppi_desc_pool.h"
#include "k3_udma_glue.h"
#include "dma.h"

#define FP_FLOWS	3
#define FP_RING		4

/* A ring as a push could change it: the struct and its slot storage. */
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
 * @r is as saved in @s, but for RL_FDQ_FOOTPRINT when @fdq (the producer
 * counter, the descriptor count and the slots); @ndesc_in false leaves
 * the count out, the footprint one field short.
 */
static bool fp_ring_kept(const struct fp_ring *s, const struct rl_ring *r,
			 bool fdq, bool ndesc_in)
{
	struct rl_ring c;

	memcpy(&c, &s->r, sizeof(c));
	if (fdq) {
		c.idx.prod = r->idx.prod;
		if (ndesc_in)
			c.ndesc = r->ndesc;
		return !memcmp(&c, r, sizeof(c));
	}
	return !memcmp(&c, r, sizeof(c)) &&
	       !memcmp(s->slot, r->slot, (r->idx.mask + 1) * sizeof(*s->slot));
}

/* Of the ledger's counts, a push changes the descriptors' only. */
static bool fp_counts_kept(const struct rl_ledger *before,
			   const struct rl_ledger *after)
{
	u32 c;

	for (c = 0; c < RL_OBJ_NR; c++)
		if (c != RL_OBJ_DESC &&
		    memcmp(before->count[c], after->count[c],
			   sizeof(after->count[c])))
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
	struct rl_k3_cppi_desc_pool pool;
	struct rl_ledger ledger;
	struct fp_ring fdq[FP_FLOWS], compl[FP_FLOWS];
};

/* RL_RX_PUSH_FOOTPRINT: every flow's FDQ footprint, nothing else. */
static bool fp_rx_kept(const struct fp_rx_saved *s,
		       const struct rl_k3_udma_glue_rx_channel *chn,
		       bool ndesc_in)
{
	u32 f;

	if (memcmp(&s->chn, chn, sizeof(s->chn)) ||
	    memcmp(&s->pool, chn->pool, sizeof(s->pool)) ||
	    !fp_counts_kept(&s->ledger, chn->m->ledger))
		return false;
	for (f = 0; f < FP_FLOWS; f++)
		if (!fp_ring_kept(&s->fdq[f], chn->flows[f].fdq, true,
				  ndesc_in) ||
		    !fp_ring_kept(&s->compl[f], chn->flows[f].ring, false,
				  true))
			return false;
	return true;
}

static void rx_push_stays_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct fp_rx_saved *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct fp_bed b = { .m = ctx->m, .dir = RL_DMA_FROM_DEVICE };
	struct rl_k3_udma_glue_rx_channel *chn;
	rl_dma_addr_t dma;
	u32 f;

	KUNIT_ASSERT_NOT_NULL(test, s);
	b.pool = rl_k3_cppi_desc_pool_create_name(b.m, FP_FLOWS * FP_RING,
						  sizeof(struct rl_cppi5_desc),
						  "rx");
	KUNIT_ASSERT_NOT_NULL(test, b.pool);
	/* PKTDMA: an FDQ per flow, so the other flows' FDQs must stay */
	chn = rl_k3_udma_glue_request_rx_chn(b.m, b.pool, FP_FLOWS, FP_RING,
					     false);
	KUNIT_ASSERT_NOT_NULL(test, chn);
	rl_k3_udma_glue_enable_rx_chn(chn);
	dma = fp_desc(test, b.m, b.pool, b.dir);
	memcpy(&s->chn, chn, sizeof(s->chn));
	memcpy(&s->pool, b.pool, sizeof(s->pool));
	memcpy(&s->ledger, b.m->ledger, sizeof(s->ledger));
	for (f = 0; f < FP_FLOWS; f++) {
		fp_ring_save(test, &s->fdq[f], chn->flows[f].fdq);
		fp_ring_save(test, &s->compl[f], chn->flows[f].ring);
	}
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_push_rx_chn(chn, 1,
			rl_k3_cppi_desc_pool_dma2virt(b.pool, dma), dma), 0);
	KUNIT_EXPECT_TRUE(test, fp_rx_kept(s, chn, true));
	KUNIT_EXPECT_FALSE(test, fp_rx_kept(s, chn, false));
	rl_test_check(ctx);
	rl_k3_udma_glue_disable_rx_chn(chn);
	for (f = 0; f < FP_FLOWS; f++)
		rl_k3_udma_glue_reset_rx_chn(chn, f, &b, fp_cleanup);
	rl_k3_udma_glue_release_rx_chn(chn);
	rl_k3_cppi_desc_pool_destroy(b.pool);
	rl_test_finish(ctx);
}

struct fp_tx_saved {
	struct rl_k3_udma_glue_tx_channel chn;
	struct rl_k3_cppi_desc_pool pool;
	struct rl_ledger ledger;
	struct fp_ring ring, compl;
};

/* RL_TX_PUSH_FOOTPRINT: the submit ring's FDQ footprint, nothing else. */
static bool fp_tx_kept(const struct fp_tx_saved *s,
		       const struct rl_k3_udma_glue_tx_channel *chn,
		       bool ndesc_in)
{
	return !memcmp(&s->chn, chn, sizeof(s->chn)) &&
	       !memcmp(&s->pool, chn->pool, sizeof(s->pool)) &&
	       fp_counts_kept(&s->ledger, chn->m->ledger) &&
	       fp_ring_kept(&s->ring, chn->ring, true, ndesc_in) &&
	       fp_ring_kept(&s->compl, chn->ringtxcq, false, true);
}

static void tx_push_stays_in_footprint(struct kunit *test)
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
	memcpy(&s->chn, chn, sizeof(s->chn));
	memcpy(&s->pool, b.pool, sizeof(s->pool));
	memcpy(&s->ledger, b.m->ledger, sizeof(s->ledger));
	fp_ring_save(test, &s->ring, chn->ring);
	fp_ring_save(test, &s->compl, chn->ringtxcq);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_push_tx_chn(chn,
			rl_k3_cppi_desc_pool_dma2virt(b.pool, dma), dma), 0);
	KUNIT_EXPECT_TRUE(test, fp_tx_kept(s, chn, true));
	KUNIT_EXPECT_FALSE(test, fp_tx_kept(s, chn, false));
	rl_test_check(ctx);
	rl_k3_udma_glue_reset_tx_chn(chn, &b, fp_cleanup);
	rl_k3_udma_glue_release_tx_chn(chn);
	rl_k3_cppi_desc_pool_destroy(b.pool);
	rl_test_finish(ctx);
}

static struct kunit_case udma_footprint_test_cases[] = {
	KUNIT_CASE(rx_push_stays_in_footprint),
	KUNIT_CASE(tx_push_stays_in_footprint),
	{}
};

static struct kunit_suite udma_footprint_test_suite = {
	.name = "ringledger_udma_footprint",
	.test_cases = udma_footprint_test_cases,
};

kunit_test_suite(udma_footprint_test_suite);
