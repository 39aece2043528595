// SPDX-License-Identifier: GPL-2.0
/*
 * k3_cppi_desc_pool_test.c - CPPI5 descriptor pool (k3_cppi_desc_pool_*) and the
 * descriptor accessors: correct use, sharp edges, each detector firing;
 * and that alloc and free write only what the proofs' footprint says.
 */
#include "rl_test_util.h"
#include "k3_cppi_desc_pool.h"
#include "k3_ring.h"

#define DESC_SIZE	sizeof(struct rl_cppi5_desc)

static struct rl_k3_cppi_desc_pool *make_pool(struct kunit *test,
				      struct rl_test_ctx *ctx, u32 n)
{
	struct rl_k3_cppi_desc_pool *pool =
		rl_k3_cppi_desc_pool_create_name(ctx->m, n, DESC_SIZE, "test");

	KUNIT_ASSERT_NOT_NULL(test, pool);
	return pool;
}

static void desc_pool_alloc_free_avail(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	/* the real driver's size: 500 descriptors per flow */
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 500);
	void **d = kunit_kzalloc(test, 500 * sizeof(*d), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 500U);
	KUNIT_EXPECT_EQ(test, pool->desc_size, 128U);
	for (i = 0; i < 500; i++) {
		d[i] = rl_k3_cppi_desc_pool_alloc(pool);
		KUNIT_ASSERT_NOT_NULL(test, d[i]);
	}
	KUNIT_EXPECT_NULL(test, rl_k3_cppi_desc_pool_alloc(pool));
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 0U);
	rl_test_check(ctx);
	for (i = 0; i < 500; i++)
		rl_k3_cppi_desc_pool_free(pool, d[i]);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 500U);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_first_fit_and_translation(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 8);
	void *a = rl_k3_cppi_desc_pool_alloc(pool);
	void *b = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t dma = rl_k3_cppi_desc_pool_virt2dma(pool, b);
	int info = 42;

	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_index(pool, a), 0U);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_index(pool, b), 1U);
	KUNIT_EXPECT_PTR_EQ(test, rl_k3_cppi_desc_pool_dma2virt(pool, dma), b);
	KUNIT_EXPECT_NULL(test, rl_k3_cppi_desc_pool_dma2virt(pool, dma + 1));
	rl_k3_cppi_desc_pool_desc_info_set(pool, 1, &info);
	KUNIT_EXPECT_PTR_EQ(test, rl_k3_cppi_desc_pool_desc_info(pool, 1),
			    (void *)&info);
	/* gen_pool first fit: the lowest free descriptor comes back first */
	rl_k3_cppi_desc_pool_free(pool, a);
	KUNIT_EXPECT_PTR_EQ(test, rl_k3_cppi_desc_pool_alloc(pool), a);
	rl_k3_cppi_desc_pool_free(pool, a);
	rl_k3_cppi_desc_pool_free(pool, b);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_memory_not_zeroed_on_reuse(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	u64 *sw = rl_cppi5_hdesc_get_swdata(pool, d);
	u32 *ps = rl_cppi5_hdesc_get_psdata(pool, d);

	sw[0] = 0xdeadbeef;
	ps[0] = 0x1234;
	rl_k3_cppi_desc_pool_free(pool, d);
	d = rl_k3_cppi_desc_pool_alloc(pool);
	/* cppi5_hdesc_init resets the header, never psdata or swdata */
	rl_cppi5_hdesc_init(pool, d, 0, 16);
	KUNIT_EXPECT_EQ(test, ((u64 *)rl_cppi5_hdesc_get_swdata(pool, d))[0],
			0xdeadbeefULL);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_psdata(pool, d)[0], 0x1234U);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_pktlen(pool, d), 0U);
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_accessors(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	void *n = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t ob;
	u32 olen;

	rl_cppi5_hdesc_init(pool, d, 0, 16);
	rl_cppi5_hdesc_attach_buf(pool, d, 0x1000, 100, 0x1000, 200);
	rl_cppi5_hdesc_set_pktlen(pool, d, 60);
	rl_cppi5_hdesc_link_hbdesc(pool, d, rl_k3_cppi_desc_pool_virt2dma(pool, n));
	rl_cppi5_hdesc_get_obuf(pool, d, &ob, &olen);
	KUNIT_EXPECT_EQ(test, ob, (rl_dma_addr_t)0x1000);
	KUNIT_EXPECT_EQ(test, olen, 200U);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_pktlen(pool, d), 60U);
	KUNIT_EXPECT_EQ(test, rl_cppi5_hdesc_get_next_hbdesc(pool, d),
			rl_k3_cppi_desc_pool_virt2dma(pool, n));
	KUNIT_EXPECT_TRUE(test, rl_cppi5_desc_is_tdcm(RL_CPPI5_TDCM_MARKER));
	KUNIT_EXPECT_FALSE(test, rl_cppi5_desc_is_tdcm(ob));
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_k3_cppi_desc_pool_free(pool, n);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_alloc_fault_nth(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	void *a, *b;

	rl_model_fail_nth(ctx->m, RL_FAULT_DESC_ALLOC, 2);
	a = rl_k3_cppi_desc_pool_alloc(pool);
	b = rl_k3_cppi_desc_pool_alloc(pool);
	KUNIT_EXPECT_NOT_NULL(test, a);
	KUNIT_EXPECT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 3U);
	rl_k3_cppi_desc_pool_free(pool, a);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_double_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);

	rl_k3_cppi_desc_pool_free(pool, d);
	RL_EXPECT_FINDING(ctx, RL_F_DOUBLE_FREE,
			  rl_k3_cppi_desc_pool_free(pool, d));
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 4U);
	/* a refused free moves nothing: still tied (proven, `refused`) */
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_free_of_desc_in_ring(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	struct rl_ring *ring = rl_ring_create(ctx->m, pool, 4, "test");
	void *d = rl_k3_cppi_desc_pool_alloc(pool);
	rl_dma_addr_t dma = rl_k3_cppi_desc_pool_virt2dma(pool, d);

	KUNIT_ASSERT_EQ(test, rl_ring_push(ring, dma), 0);
	RL_EXPECT_FINDING(ctx, RL_F_OWNER, rl_k3_cppi_desc_pool_free(pool, d));
	KUNIT_EXPECT_EQ(test, ctx->last.actual, rl_ring_owner(ring));
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 3U);
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	/* touching a descriptor the DMA owns is flagged too */
	RL_EXPECT_FINDING(ctx, RL_F_OWNER, rl_cppi5_hdesc_get_psdata(pool, d));
	KUNIT_ASSERT_EQ(test, rl_ring_pop(ring, &dma), 0);
	rl_k3_cppi_desc_pool_free(pool, d);
	rl_ring_destroy(ring);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_use_after_free(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	void *d = rl_k3_cppi_desc_pool_alloc(pool);

	rl_k3_cppi_desc_pool_free(pool, d);
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  rl_cppi5_hdesc_get_swdata(pool, d));
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  rl_cppi5_hdesc_set_pktlen(pool, d, 1));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static void desc_pool_destroy_with_outstanding(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 8);
	struct rl_ring *ring = rl_ring_create(ctx->m, pool, 8, "compl");
	void *held = rl_k3_cppi_desc_pool_alloc(pool);
	void *lost = rl_k3_cppi_desc_pool_alloc(pool);

	KUNIT_ASSERT_NOT_NULL(test, held);
	rl_ring_push(ring, rl_k3_cppi_desc_pool_virt2dma(pool, lost));
	RL_EXPECT_FINDING(ctx, RL_F_DROPPED, rl_ring_reset(ring));
	/* one leak per descriptor, naming where it is, then the summary */
	rl_test_allow(ctx, RL_F_LEAK);
	RL_EXPECT_FINDING(ctx, RL_F_POOL_LEAK,
			  rl_k3_cppi_desc_pool_destroy(pool));
	rl_test_allow_none(ctx);
	KUNIT_EXPECT_EQ(test, ctx->seen[RL_F_LEAK], 2U);
	KUNIT_EXPECT_EQ(test, (int)ctx->last.kind, (int)RL_F_POOL_LEAK);
	KUNIT_EXPECT_EQ(test, ctx->last.expected, 8U);
	KUNIT_EXPECT_EQ(test, ctx->last.actual, 6U);
	rl_ring_destroy(ring);
}

static void desc_pool_is_valid_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 8);

	pool->acct.avail--;
	KUNIT_EXPECT_FALSE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	pool->acct.avail++;
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * The pool tied to the ledger (rl_desc_pool_tied, proven kept by alloc and
 * free): after each, the pool's avail is the ledger's count of the pool's
 * descriptors.  Then each half broken on its own - the accounting
 * self-consistent but holding a descriptor the ledger gives the pool, and
 * the ledger moving one the accounting has free - and caught.
 */
static void desc_pool_tied_to_ledger(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 8);
	struct rl_ledger *l = ctx->m->ledger;
	u32 own = rl_k3_cppi_desc_pool_owner(pool);
	void *d[3];
	int i;

	for (i = 0; i < 3; i++)
		d[i] = rl_k3_cppi_desc_pool_alloc(pool);
	rl_k3_cppi_desc_pool_free(pool, d[1]);
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	KUNIT_EXPECT_EQ(test, rl_k3_cppi_desc_pool_avail(pool), 6U);
	KUNIT_EXPECT_EQ(test, rl_ledger_count_owner(l, RL_OBJ_DESC, pool->base,
						    pool->size, own), 6U);
	/* accounting alone: descriptor 5 held and counted so, ledger: pool */
	pool->acct.state[5] = RL_DESC_HELD;
	pool->acct.avail--;
	KUNIT_EXPECT_TRUE(test, rl_desc_acct_is_valid(&pool->acct));
	KUNIT_EXPECT_FALSE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	pool->acct.state[5] = RL_DESC_FREE;
	pool->acct.avail++;
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	/* ledger alone: descriptor 5 to the driver, the accounting: free */
	rl_ledger_set(l, RL_OBJ_DESC, pool->base + 5, RL_OWNER(RL_OWN_DRIVER, 0));
	KUNIT_EXPECT_TRUE(test, rl_ledger_counts_match(l));
	KUNIT_EXPECT_FALSE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	rl_ledger_set(l, RL_OBJ_DESC, pool->base + 5, own);
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	rl_k3_cppi_desc_pool_free(pool, d[0]);
	rl_k3_cppi_desc_pool_free(pool, d[2]);
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/* rl_desc_acct_is_valid: a state byte out of range or out of step */
static void desc_pool_acct_catches_corruption(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 8);

	KUNIT_EXPECT_TRUE(test, rl_desc_acct_is_valid(&pool->acct));
	pool->acct.state[3] = 7;
	KUNIT_EXPECT_FALSE(test, rl_desc_acct_is_valid(&pool->acct));
	KUNIT_EXPECT_FALSE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	pool->acct.state[3] = RL_DESC_HELD;	/* held, yet counted free */
	KUNIT_EXPECT_FALSE(test, rl_desc_acct_is_valid(&pool->acct));
	RL_EXPECT_FINDING(ctx, RL_F_INVALID, rl_model_check(ctx->m));
	pool->acct.state[3] = RL_DESC_FREE;
	KUNIT_EXPECT_TRUE(test, rl_k3_cppi_desc_pool_is_valid(pool));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * The proofs' footprint of alloc and free (RL_DESC_POOL_FOOTPRINT,
 * proofs/footprints.h; assumption A5): of the pool struct they change
 * only the free count (and the per-descriptor state, the descriptor
 * block and its saved copy, the ledger's descriptor entries and the
 * fault site, outside it); the side table desc_infos stays as it was.
 * @avail_in false leaves the free count out: alloc and free must break it.
 */
static bool desc_pool_footprint_kept(const struct rl_k3_cppi_desc_pool *before,
				     const unsigned long *infos,
				     const struct rl_k3_cppi_desc_pool *after,
				     bool avail_in)
{
	struct rl_k3_cppi_desc_pool p;

	memcpy(&p, before, sizeof(p));
	if (avail_in)
		p.acct.avail = after->acct.avail;
	return !memcmp(&p, after, sizeof(p)) &&
	       !memcmp(infos, after->desc_infos,
		       after->size * sizeof(*infos));
}

static void desc_pool_alloc_free_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	struct rl_k3_cppi_desc_pool before;
	unsigned long infos[4];
	void *d;

	KUNIT_ASSERT_EQ(test, pool->size, 4U);
	memcpy(&before, pool, sizeof(before));
	memcpy(infos, pool->desc_infos, sizeof(infos));
	d = rl_k3_cppi_desc_pool_alloc(pool);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_EXPECT_TRUE(test, desc_pool_footprint_kept(&before, infos, pool,
							 true));
	KUNIT_EXPECT_FALSE(test, desc_pool_footprint_kept(&before, infos, pool,
							  false));
	memcpy(&before, pool, sizeof(before));
	rl_k3_cppi_desc_pool_free(pool, d);
	KUNIT_EXPECT_TRUE(test, desc_pool_footprint_kept(&before, infos, pool,
							 true));
	KUNIT_EXPECT_FALSE(test, desc_pool_footprint_kept(&before, infos, pool,
							  false));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

/*
 * The proofs' footprint of the CPU accessors get_swdata / get_obuf
 * (RL_DESC_ACCESS_FOOTPRINT, proofs/footprints.h; assumption A5): beside
 * their output they write the pool's scratch copy (for a descriptor that
 * is not the driver's, poisoned and handed out instead) and the report;
 * the software data area they return is the descriptor's or the scratch
 * copy's.  @scratch_in false leaves the scratch copy out: the access to a
 * freed descriptor must break it.
 */
static bool desc_access_footprint_kept(const struct rl_k3_cppi_desc_pool *before,
				       const u8 *block,
				       const struct rl_k3_cppi_desc_pool *after,
				       bool scratch_in)
{
	struct rl_k3_cppi_desc_pool p;

	memcpy(&p, before, sizeof(p));
	if (scratch_in)
		p.scratch = after->scratch;
	return !memcmp(&p, after, sizeof(p)) &&
	       !memcmp(block, after->block, after->size * after->desc_size);
}

static void desc_accessors_stay_in_footprint(struct kunit *test)
{
	struct rl_test_ctx *ctx = rl_test_start(test, NULL);
	struct rl_k3_cppi_desc_pool *pool = make_pool(test, ctx, 4);
	u32 bytes = pool->size * pool->desc_size;
	struct rl_k3_cppi_desc_pool before;
	u8 *block = kunit_kzalloc(test, bytes, GFP_KERNEL);
	rl_dma_addr_t obuf;
	void *d, *sw;
	u32 olen;

	KUNIT_ASSERT_NOT_NULL(test, block);
	d = rl_k3_cppi_desc_pool_alloc(pool);
	KUNIT_ASSERT_NOT_NULL(test, d);
	memset(&pool->scratch, 0, sizeof(pool->scratch));
	memcpy(&before, pool, sizeof(before));
	memcpy(block, pool->block, bytes);
	/* a held descriptor: its own area, nothing written */
	sw = rl_cppi5_hdesc_get_swdata(pool, d);
	rl_cppi5_hdesc_get_obuf(pool, d, &obuf, &olen);
	KUNIT_EXPECT_PTR_EQ(test, sw,
			    (void *)((struct rl_cppi5_desc *)d)->swdata);
	KUNIT_EXPECT_TRUE(test, desc_access_footprint_kept(&before, block,
							   pool, false));
	rl_k3_cppi_desc_pool_free(pool, d);
	memcpy(&before, pool, sizeof(before));
	memcpy(block, pool->block, bytes);
	/* a freed one: reported, the scratch copy poisoned and handed out */
	RL_EXPECT_FINDING(ctx, RL_F_USE_AFTER_FREE,
			  sw = rl_cppi5_hdesc_get_swdata(pool, d));
	KUNIT_EXPECT_PTR_EQ(test, sw, (void *)pool->scratch.swdata);
	KUNIT_EXPECT_TRUE(test, desc_access_footprint_kept(&before, block,
							   pool, true));
	KUNIT_EXPECT_FALSE(test, desc_access_footprint_kept(&before, block,
							    pool, false));
	rl_k3_cppi_desc_pool_destroy(pool);
	rl_test_finish(ctx);
}

static struct kunit_case desc_pool_test_cases[] = {
	KUNIT_CASE(desc_pool_acct_catches_corruption),
	KUNIT_CASE(desc_pool_alloc_free_avail),
	KUNIT_CASE(desc_pool_alloc_free_stay_in_footprint),
	KUNIT_CASE(desc_accessors_stay_in_footprint),
	KUNIT_CASE(desc_pool_first_fit_and_translation),
	KUNIT_CASE(desc_pool_memory_not_zeroed_on_reuse),
	KUNIT_CASE(desc_pool_accessors),
	KUNIT_CASE(desc_pool_alloc_fault_nth),
	KUNIT_CASE(desc_pool_double_free),
	KUNIT_CASE(desc_pool_free_of_desc_in_ring),
	KUNIT_CASE(desc_pool_use_after_free),
	KUNIT_CASE(desc_pool_destroy_with_outstanding),
	KUNIT_CASE(desc_pool_is_valid_catches_corruption),
	KUNIT_CASE(desc_pool_tied_to_ledger),
	{}
};

static struct kunit_suite desc_pool_test_suite = {
	.name = "ringledger_desc_pool",
	.test_cases = desc_pool_test_cases,
};

kunit_test_suite(desc_pool_test_suite);
