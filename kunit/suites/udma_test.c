// SPDX-License-Identifier: GPL-2.0
/*
 * udma_test.c - K3 rings and UDMA glue channels with the hardware model:
 * RX/TX paths, PKTDMA vs UDMA-P FDQ layout, teardown marker timing, the
 * reset semantics that drop completed descriptors, and the detectors.
 */
#include "rl_test_util.h"
#include "k3_cppi_desc_pool.h"
#include "k3_udma_glue.h"
#include "dma.h"

struct rx_bed {
	struct rl_test_ctx *ctx;
	struct rl_k3_cppi_desc_pool *pool;
	struct rl_k3_udma_glue_rx_channel *chn;
	u32 cleaned;
};

/* Allocate a descriptor with a mapped buffer and push it to @flow. */
static int rx_push(struct rx_bed *b, u32 flow)
{
	struct rl_model *m = b->ctx->m;
	void *d = rl_k3_cppi_desc_pool_alloc(b->pool);
	rl_dma_addr_t buf;

	if (!d)
		return -ENOMEM;
	buf = rl_dma_map_single(m->dma, 1536, RL_DMA_FROM_DEVICE, flow);
	rl_cppi5_hdesc_init(b->pool, d, 0, 16);
	rl_cppi5_hdesc_attach_buf(b->pool, d, buf, 1536, buf, 1536);
	return rl_k3_udma_glue_push_rx_chn(b->chn, flow, d,
					   rl_k3_cppi_desc_pool_virt2dma(b->pool, d));
}

/* What the driver's rx_cleanup/rx_packets do with a popped descriptor. */
static void rx_release(struct rx_bed *b, rl_dma_addr_t dma)
{
	void *d = rl_k3_cppi_desc_pool_dma2virt(b->pool, dma);
	rl_dma_addr_t buf;
	u32 len;

	rl_cppi5_hdesc_get_obuf(b->pool, d, &buf, &len);
	rl_dma_unmap(b->ctx->m->dma, buf, len, RL_DMA_FROM_DEVICE);
	rl_k3_cppi_desc_pool_free(b->pool, d);
}

static void rx_cleanup(void *data, rl_dma_addr_t dma)
{
	struct rx_bed *b = data;

	b->cleaned++;
	rx_release(b, dma);
}

static void rx_bed_init(struct kunit *test, struct rx_bed *b, u32 flows,
			u32 ring, bool single_fdq)
{
	b->ctx = rl_test_start(test, NULL);
	b->pool = rl_k3_cppi_desc_pool_create_name(b->ctx->m, flows * ring,
						   sizeof(struct rl_cppi5_desc),
						   "rx");
	KUNIT_ASSERT_NOT_NULL(test, b->pool);
	b->chn = rl_k3_udma_glue_request_rx_chn(b->ctx->m, b->pool, flows, ring,
						single_fdq);
	KUNIT_ASSERT_NOT_NULL(test, b->chn);
	rl_k3_udma_glue_enable_rx_chn(b->chn);
}

/* Pop every completion of every flow; returns the markers seen. */
static u32 rx_drain(struct rx_bed *b)
{
	u32 f, markers = 0;
	rl_dma_addr_t dma;

	for (f = 0; f < b->chn->flow_num; f++)
		while (!rl_k3_udma_glue_pop_rx_chn(b->chn, f, &dma)) {
			if (rl_cppi5_desc_is_tdcm(dma))
				markers++;
			else
				rx_release(b, dma);
		}
	return markers;
}

static void rx_bed_fini(struct rx_bed *b)
{
	u32 f;

	rl_k3_udma_glue_disable_rx_chn(b->chn);
	for (f = 0; f < b->chn->flow_num; f++)
		rl_k3_udma_glue_reset_rx_chn(b->chn, f, b, rx_cleanup);
	rl_k3_udma_glue_release_rx_chn(b->chn);
	rl_k3_cppi_desc_pool_destroy(b->pool);
}

static void udma_rx_packet_roundtrip(struct kunit *test)
{
	struct rx_bed b = {};
	rl_dma_addr_t dma;
	void *d;

	rx_bed_init(test, &b, 2, 4, false);
	KUNIT_ASSERT_EQ(test, rx_push(&b, 1), 0);
	/* the driver's push raises no interrupt; the hardware's completion does */
	KUNIT_EXPECT_FALSE(test, rl_ring_irq_take(b.chn->flows[1].fdq));
	KUNIT_EXPECT_EQ(test, rl_hw_rx_packet(b.chn, 1, 2, 60, 0xabcd), 0);
	KUNIT_EXPECT_TRUE(test, rl_ring_irq_take(b.chn->flows[1].ring));
	KUNIT_EXPECT_FALSE(test, rl_ring_irq_take(b.chn->flows[1].ring));
	rl_test_check(b.ctx);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_pop_rx_chn(b.chn, 1, &dma), 0);
	d = rl_k3_cppi_desc_pool_dma2virt(b.pool, dma);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_pktlen(b.pool, d), 60U);
	KUNIT_EXPECT_EQ(test, rl_cppi5_desc_get_src_tag(b.pool, d), 2U);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_psdata(b.pool, d)[2], 0xabcdU);
	rx_release(&b, dma);
	/* no free descriptor: the hardware drops the packet, no interrupt */
	KUNIT_EXPECT_EQ(test, rl_hw_rx_packet(b.chn, 0, 1, 60, 0), -ENOSPC);
	KUNIT_EXPECT_EQ(test, b.chn->rx_dropped, 1U);
	KUNIT_EXPECT_FALSE(test, rl_ring_irq_take(b.chn->flows[0].ring));
	rx_bed_fini(&b);
	rl_test_finish(b.ctx);
}

static void udma_pktdma_fdq_per_flow_udmap_shared(struct kunit *test)
{
	struct rx_bed p = {}, u = {};

	rx_bed_init(test, &p, 2, 4, false);
	rx_bed_init(test, &u, 2, 4, true);
	KUNIT_EXPECT_PTR_NE(test, p.chn->flows[0].fdq, p.chn->flows[1].fdq);
	KUNIT_EXPECT_PTR_EQ(test, u.chn->flows[0].fdq, u.chn->flows[1].fdq);
	/* UDMA-P: a descriptor pushed for flow 0 serves a packet on flow 1 */
	KUNIT_ASSERT_EQ(test, rx_push(&u, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_hw_rx_packet(u.chn, 1, 1, 64, 0), 0);
	/* PKTDMA: flow 1 has its own, empty, FDQ */
	KUNIT_ASSERT_EQ(test, rx_push(&p, 0), 0);
	KUNIT_EXPECT_EQ(test, rl_hw_rx_packet(p.chn, 1, 1, 64, 0), -ENOSPC);
	rx_drain(&u);
	rx_drain(&p);
	rx_bed_fini(&p);
	rx_bed_fini(&u);
	rl_test_finish(p.ctx);
	rl_test_finish(u.ctx);
}

static void udma_ring_full_and_push_fault(struct kunit *test)
{
	struct rx_bed b = {};
	int i;

	rx_bed_init(test, &b, 1, 4, false);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, rx_push(&b, 0), 0);
	rl_k3_udma_glue_reset_rx_chn(b.chn, 0, &b, rx_cleanup);
	KUNIT_EXPECT_EQ(test, b.cleaned, 4U);
	rl_model_fail_nth(b.ctx->m, RL_FAULT_RING_PUSH, 2);
	KUNIT_EXPECT_EQ(test, rx_push(&b, 0), 0);
	/* the failed push leaves descriptor and mapping with the caller */
	KUNIT_EXPECT_EQ(test, rx_push(&b, 0), -ENOMEM);
	KUNIT_EXPECT_EQ(test, rl_ledger_count(b.ctx->m->ledger, RL_OBJ_DESC,
					      RL_OWN_DRIVER), 1U);
	/* ... and the leak oracle sees it when nobody gives it back */
	rl_test_allow(b.ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(b.ctx, RL_F_POOL_LEAK, rx_bed_fini(&b));
	rl_test_allow_none(b.ctx);
	RL_EXPECT_FINDING(b.ctx, RL_F_LEAK, rl_model_final_check(b.ctx->m));
}

static void udma_ring_full_rejects_push(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = rl_k3_cppi_desc_pool_create_name(ctx->m, 4,
				sizeof(struct rl_cppi5_desc), "t");
	struct rl_ring *ring = rl_ring_create(ctx->m, pool, 2, "t");
	void *d[3];
	rl_dma_addr_t dma;
	int i;

	for (i = 0; i < 3; i++)
		d[i] = rl_k3_cppi_desc_pool_alloc(pool);
	KUNIT_EXPECT_EQ(test, rl_ring_push(ring, rl_k3_cppi_desc_pool_virt2dma(pool, d[0])), 0);
	KUNIT_EXPECT_EQ(test, rl_ring_push(ring, rl_k3_cppi_desc_pool_virt2dma(pool, d[1])), 0);
	KUNIT_EXPECT_EQ(test, rl_ring_push(ring, rl_k3_cppi_desc_pool_virt2dma(pool, d[2])),
			-ENOMEM);
	KUNIT_EXPECT_EQ(test, rl_ring_occ(ring), 2U);
	while (!rl_ring_pop(ring, &dma))
		;
	KUNIT_EXPECT_EQ(test, rl_ring_pop(ring, &dma), -ENODATA);
	for (i = 0; i < 3; i++)
		rl_k3_cppi_desc_pool_free(pool, d[i]);
	rl_ring_destroy(ring);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void udma_reset_drops_completed(struct kunit *test)
{
	struct rx_bed b = {};

	rx_bed_init(test, &b, 1, 4, false);
	rx_push(&b, 0);
	rx_push(&b, 0);
	rl_hw_rx_packet(b.chn, 0, 1, 60, 0);
	/* one completed, unpopped: reset cleans the FDQ, drops the other */
	rl_k3_udma_glue_tdown_rx_chn(b.chn, true);
	RL_EXPECT_FINDING(b.ctx, RL_F_DROPPED,
			  rl_k3_udma_glue_reset_rx_chn(b.chn, 0, &b, rx_cleanup));
	KUNIT_EXPECT_EQ(test, b.cleaned, 1U);
	KUNIT_EXPECT_EQ(test, rl_ledger_count(b.ctx->m->ledger, RL_OBJ_DESC,
					      RL_OWN_LOST), 1U);
	rl_test_check(b.ctx);
	rl_test_allow(b.ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(b.ctx, RL_F_POOL_LEAK, rx_bed_fini(&b));
}

static void udma_udmap_reset_skips_shared_fdq(struct kunit *test)
{
	struct rx_bed b = {};

	rx_bed_init(test, &b, 2, 4, true);
	rx_push(&b, 0);
	rx_push(&b, 1);
	rl_k3_udma_glue_reset_rx_chn(b.chn, 1, &b, rx_cleanup);
	KUNIT_EXPECT_EQ(test, b.cleaned, 0U);
	rl_k3_udma_glue_reset_rx_chn(b.chn, 0, &b, rx_cleanup);
	KUNIT_EXPECT_EQ(test, b.cleaned, 2U);
	rx_bed_fini(&b);
	rl_test_finish(b.ctx);
}

struct tdown_case {
	const char *name;
	enum rl_tdown_mode mode;
	u32 delay;
	u32 steps;		/* hardware steps the test runs */
	u32 markers;		/* markers expected after those steps */
};

static const struct tdown_case tdown_cases[] = {
	{ "now", RL_TDOWN_NOW, 0, 0, 1 },
	{ "late_3_steps_waited", RL_TDOWN_AFTER, 3, 3, 1 },
	{ "late_3_steps_not_waited", RL_TDOWN_AFTER, 3, 2, 0 },
	{ "never", RL_TDOWN_NEVER, 0, 50, 0 },
};

static void tdown_desc(const struct tdown_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(tdown, tdown_cases, tdown_desc);

static void udma_rx_tdown_marker_timing(struct kunit *test)
{
	const struct tdown_case *c = test->param_value;
	struct rx_bed b = {};
	u32 i;

	rx_bed_init(test, &b, 2, 4, false);
	rl_hw_set_tdown_mode(b.ctx->m, c->mode, c->delay);
	rx_push(&b, 0);
	rl_hw_rx_packet(b.chn, 0, 1, 60, 0);
	rl_k3_udma_glue_tdown_rx_chn(b.chn, true);
	/* after teardown the channel takes no more packets */
	KUNIT_EXPECT_EQ(test, rl_hw_rx_packet(b.chn, 0, 1, 60, 0), -EIO);
	for (i = 0; i < c->steps; i++)
		rl_hw_step(b.ctx->m);
	KUNIT_EXPECT_EQ(test, rx_drain(&b), c->markers);
	rx_bed_fini(&b);
	rl_test_finish(b.ctx);
}

static void udma_tx_submit_complete_tdown(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_model *m = ctx->m;
	struct rl_k3_cppi_desc_pool *pool = rl_k3_cppi_desc_pool_create_name(m, 8,
				sizeof(struct rl_cppi5_desc), "tx");
	struct rl_k3_udma_glue_tx_channel *tx =
		rl_k3_udma_glue_request_tx_chn(m, "tx0", pool, 8);
	void *head = rl_k3_cppi_desc_pool_alloc(pool);
	void *frag = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t b0 = rl_dma_map_single(m->dma, 100, RL_DMA_TO_DEVICE, 0);
	rl_dma_addr_t b1 = rl_dma_map_single(m->dma, 200, RL_DMA_TO_DEVICE, 0);
	rl_dma_addr_t dma;

	KUNIT_ASSERT_NOT_NULL(test, tx);
	rl_k3_udma_glue_enable_tx_chn(tx);
	rl_cppi5_hdesc_init(pool, head, 0, 16);
	rl_cppi5_hdesc_attach_buf(pool, head, b0, 100, b0, 100);
	rl_cppi5_hdesc_init(pool, frag, 0, 0);
	rl_cppi5_hdesc_attach_buf(pool, frag, b1, 200, b1, 200);
	rl_cppi5_hdesc_link_hbdesc(pool, head, rl_k3_cppi_desc_pool_virt2dma(pool, frag));
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_push_tx_chn(tx, head,
			rl_k3_cppi_desc_pool_virt2dma(pool, head)), 0);
	/* the whole chain belongs to the hardware now */
	KUNIT_EXPECT_EQ(test, rl_ledger_count(m->ledger, RL_OBJ_DESC, RL_OWN_RING), 2U);
	rl_test_check(ctx);
	KUNIT_EXPECT_EQ(test, rl_hw_tx_complete(tx, 4), 1U);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_pop_tx_chn(tx, &dma), 0);
	KUNIT_EXPECT_PTR_EQ(test, rl_k3_cppi_desc_pool_dma2virt(pool, dma), head);
	KUNIT_EXPECT_EQ(test, rl_ledger_count(m->ledger, RL_OBJ_DESC, RL_OWN_DRIVER), 2U);
	rl_k3_udma_glue_tdown_tx_chn(tx, false);
	KUNIT_ASSERT_EQ(test, rl_k3_udma_glue_pop_tx_chn(tx, &dma), 0);
	/* corrupt: a TX channel without its completion ring */
	{
		struct rl_ring *cq = tx->ringtxcq;

		tx->ringtxcq = NULL;
		KUNIT_EXPECT_FALSE(test, rl_udma_tx_chn_is_valid(tx));
		tx->ringtxcq = cq;
	}
	KUNIT_EXPECT_TRUE(test, rl_cppi5_desc_is_tdcm(dma));
	rl_dma_unmap(m->dma, b0, 100, RL_DMA_TO_DEVICE);
	rl_dma_unmap(m->dma, b1, 200, RL_DMA_TO_DEVICE);
	rl_k3_cppi_desc_pool_free(pool, head);
	rl_k3_cppi_desc_pool_free(pool, frag);
	rl_k3_udma_glue_release_tx_chn(tx);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void tx_cleanup_free(void *data, rl_dma_addr_t dma)
{
	struct rl_k3_cppi_desc_pool *pool = data;

	rl_k3_cppi_desc_pool_free(pool, rl_k3_cppi_desc_pool_dma2virt(pool, dma));
}

static void udma_tx_reset_drops_completion_ring(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_model *m = ctx->m;
	struct rl_k3_cppi_desc_pool *pool = rl_k3_cppi_desc_pool_create_name(m, 8,
				sizeof(struct rl_cppi5_desc), "tx");
	struct rl_k3_udma_glue_tx_channel *tx =
		rl_k3_udma_glue_request_tx_chn(m, "tx0", pool, 8);
	rl_dma_addr_t buf = rl_dma_map_single(m->dma, 64, RL_DMA_TO_DEVICE, 0);
	int i;

	rl_k3_udma_glue_enable_tx_chn(tx);
	for (i = 0; i < 2; i++) {
		void *d = rl_k3_cppi_desc_pool_alloc(pool);

		rl_cppi5_hdesc_init(pool, d, 0, 0);
		rl_cppi5_hdesc_attach_buf(pool, d, buf, 64, buf, 64);
		rl_k3_udma_glue_push_tx_chn(tx, d, rl_k3_cppi_desc_pool_virt2dma(pool, d));
	}
	rl_hw_tx_complete(tx, 1);
	/* one sent and completed, one still queued: reset cleans one only */
	RL_EXPECT_FINDING(ctx, RL_F_DROPPED,
			  rl_k3_udma_glue_reset_tx_chn(tx, pool, tx_cleanup_free));
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 7U);
	rl_dma_unmap(m->dma, buf, 64, RL_DMA_TO_DEVICE);
	rl_k3_udma_glue_release_tx_chn(tx);
	rl_test_allow(ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(ctx, RL_F_POOL_LEAK, rl_k3_cppi_desc_pool_destroy(pool));
}

static void udma_hw_writes_unmapped_buffer(struct kunit *test)
{
	struct rx_bed b = {};
	rl_dma_addr_t dma, buf;
	u32 len;
	void *d;

	rx_bed_init(test, &b, 1, 4, false);
	rx_push(&b, 0);
	/* unmap the buffer behind the hardware's back (a use-after-unmap) */
	rl_ring_pop(b.chn->flows[0].fdq, &dma);
	d = rl_k3_cppi_desc_pool_dma2virt(b.pool, dma);
	rl_cppi5_hdesc_get_obuf(b.pool, d, &buf, &len);
	rl_dma_unmap(b.ctx->m->dma, buf, len, RL_DMA_FROM_DEVICE);
	rl_ring_push(b.chn->flows[0].fdq, dma);
	RL_EXPECT_FINDING(b.ctx, RL_F_DMA_DEVICE,
			  rl_hw_rx_packet(b.chn, 0, 1, 60, 0));
	rl_k3_udma_glue_pop_rx_chn(b.chn, 0, &dma);
	rl_k3_cppi_desc_pool_free(b.pool, d);
	rx_bed_fini(&b);
	rl_test_finish(b.ctx);
}

/* TX checksum word (psdata word 2) as the switch reads it, per packet. */
struct csum_case {
	const char *name;
	u32 word;		/* insert << 24 | start << 16 | bytes summed */
	u32 pkt_len;
	bool fires;		/* the switch would touch bytes past the end */
};

static const struct csum_case csum_cases[] = {
	{ "none", 0, 40, false },
	/* as ndo_start_xmit writes it for a 1000-byte TCP skb */
	{ "own_packet", 50U << 24 | 34U << 16 | 966, 1000, false },
	/* the same word left on a 40-byte frame: insert and sum past the end */
	{ "stale_insert_past_end", 50U << 24 | 34U << 16 | 966, 40, true },
	/* a 60-byte frame: the insert fits, the summed range does not */
	{ "stale_sum_past_end", 50U << 24 | 34U << 16 | 966, 60, true },
	/* a longer frame: wrong checksum, but nothing outside the packet */
	{ "stale_inside_longer", 50U << 24 | 34U << 16 | 966, 1400, false },
};

static void csum_desc(const struct csum_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(csum, csum_cases, csum_desc);

static void udma_tx_csum_word_checked(struct kunit *test)
{
	const struct csum_case *c = test->param_value;
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_model *m = ctx->m;
	struct rl_k3_cppi_desc_pool *pool = rl_k3_cppi_desc_pool_create_name(m, 4,
				sizeof(struct rl_cppi5_desc), "tx");
	struct rl_k3_udma_glue_tx_channel *tx =
		rl_k3_udma_glue_request_tx_chn(m, "tx0", pool, 4);
	rl_dma_addr_t buf = rl_dma_map_single(m->dma, c->pkt_len,
					      RL_DMA_TO_DEVICE, 0);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t dma = 0;

	rl_k3_udma_glue_enable_tx_chn(tx);
	rl_cppi5_hdesc_init(pool, d, 0, 16);
	rl_cppi5_hdesc_get_psdata(pool, d)[RL_CPPI5_CSUM_WORD] = c->word;
	rl_cppi5_hdesc_set_pktlen(pool, d, c->pkt_len);
	rl_cppi5_hdesc_attach_buf(pool, d, buf, c->pkt_len, buf, c->pkt_len);
	rl_k3_udma_glue_push_tx_chn(tx, d, rl_k3_cppi_desc_pool_virt2dma(pool, d));
	if (c->fires)
		RL_EXPECT_FINDING(ctx, RL_F_DMA_DEVICE, rl_hw_tx_complete(tx, 1));
	else
		KUNIT_EXPECT_EQ(test, rl_hw_tx_complete(tx, 1), 1U);
	KUNIT_EXPECT_EQ(test, m->ledger->findings, c->fires ? 1U : 0U);
	KUNIT_EXPECT_EQ(test, rl_k3_udma_glue_pop_tx_chn(tx, &dma), 0);
	KUNIT_EXPECT_EQ(test, dma, rl_k3_cppi_desc_pool_virt2dma(pool, d));
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_dma_unmap(m->dma, buf, c->pkt_len, RL_DMA_TO_DEVICE);
	rl_k3_udma_glue_release_tx_chn(tx);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void udma_ring_is_valid_catches_corruption(struct kunit *test)
{
	struct rx_bed b = {};

	rx_bed_init(test, &b, 1, 4, false);
	rx_push(&b, 0);
	b.chn->flows[0].fdq->ndesc++;
	RL_EXPECT_FINDING(b.ctx, RL_F_INVALID, rl_model_check(b.ctx->m));
	b.chn->flows[0].fdq->ndesc--;
	/* a channel with no flow at all */
	b.chn->flow_num = 0;
	KUNIT_EXPECT_FALSE(test, rl_udma_rx_chn_is_valid(b.chn));
	b.chn->flow_num = 1;
	/* rl_ring_idx_is_valid: more entries than the ring can hold */
	b.chn->flows[0].fdq->idx.cons -= 5;
	KUNIT_EXPECT_FALSE(test, rl_ring_idx_is_valid(&b.chn->flows[0].fdq->idx));
	KUNIT_EXPECT_FALSE(test, rl_ring_is_valid(b.chn->flows[0].fdq));
	b.chn->flows[0].fdq->idx.cons += 5;
	KUNIT_EXPECT_TRUE(test, rl_ring_is_valid(b.chn->flows[0].fdq));
	rx_bed_fini(&b);
	rl_test_finish(b.ctx);
}

/* Free-running counters keep working across the 2^32 wrap. */
static void udma_ring_counters_wrap(struct kunit *test)
{
	struct rl_ring_idx r;
	u32 i, at = 0;

	rl_ring_idx_init(&r, 3, 3);
	r.prod = U32_MAX - 1;
	r.cons = U32_MAX - 1;
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_TRUE(test, rl_ring_idx_push(&r, &at));
	KUNIT_EXPECT_EQ(test, r.prod, 1U);
	KUNIT_EXPECT_EQ(test, rl_ring_idx_occ(&r), 3U);
	KUNIT_EXPECT_FALSE(test, rl_ring_idx_push(&r, &at));
	KUNIT_EXPECT_TRUE(test, rl_ring_idx_is_valid(&r));
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_TRUE(test, rl_ring_idx_pop(&r, &at));
		KUNIT_EXPECT_EQ(test, at, (U32_MAX - 1 + i) & 3);
	}
	KUNIT_EXPECT_FALSE(test, rl_ring_idx_pop(&r, &at));
	rl_ring_idx_reset(&r);
	KUNIT_EXPECT_EQ(test, rl_ring_idx_occ(&r), 0U);
}

static struct kunit_case udma_test_cases[] = {
	KUNIT_CASE(udma_rx_packet_roundtrip),
	KUNIT_CASE(udma_pktdma_fdq_per_flow_udmap_shared),
	KUNIT_CASE(udma_ring_full_and_push_fault),
	KUNIT_CASE(udma_ring_full_rejects_push),
	KUNIT_CASE(udma_reset_drops_completed),
	KUNIT_CASE(udma_udmap_reset_skips_shared_fdq),
	KUNIT_CASE_PARAM(udma_rx_tdown_marker_timing, tdown_gen_params),
	KUNIT_CASE(udma_tx_submit_complete_tdown),
	KUNIT_CASE(udma_tx_reset_drops_completion_ring),
	KUNIT_CASE(udma_hw_writes_unmapped_buffer),
	KUNIT_CASE_PARAM(udma_tx_csum_word_checked, csum_gen_params),
	KUNIT_CASE(udma_ring_is_valid_catches_corruption),
	KUNIT_CASE(udma_ring_counters_wrap),
	{}
};

static struct kunit_suite udma_test_suite = {
	.name = "ringledger_udma",
	.test_cases = udma_test_cases,
};

kunit_test_suite(udma_test_suite);
