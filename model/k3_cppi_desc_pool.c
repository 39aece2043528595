// SPDX-License-Identifier: GPL-2.0
/*
 * cppi_desc_pool.c - k3_cppi_desc_pool_* over a first-fit bitmap (the
 * real pool is a gen_pool with gen_pool_first_fit) and the CPPI5 field
 * accessors with ownership checks.
 */
#include "k3_cppi_desc_pool.h"
#include "poison.h"

#define RL_DESC_DMA_BASE	0x40000000ULL

static u32 roundup_pow2(u32 v)
{
	u32 r = 1;

	while (r < v)
		r <<= 1;
	return r;
}

static bool desc_pool_valid(const struct rl_obj_hdr *h)
{
	return rl_k3_cppi_desc_pool_is_valid(container_of(h, const struct rl_k3_cppi_desc_pool, hdr));
}

static const struct rl_obj_ops desc_pool_ops = {
	.kind = RL_REG_DESC_POOL,
	.name = "rl_k3_cppi_desc_pool_is_valid",
	.cls = RL_OBJ_DESC,
	.is_valid = desc_pool_valid,
};

struct rl_k3_cppi_desc_pool *rl_k3_cppi_desc_pool_create_name(struct rl_model *m,
						      u32 size, u32 desc_size,
						      const char *name)
{
	struct rl_k3_cppi_desc_pool *pool;
	u32 i;
	int id;

	if (!size || desc_size < sizeof(struct rl_cppi5_desc))
		return NULL;
	pool = rl_zalloc(sizeof(*pool));
	if (!pool)
		return NULL;
	pool->m = m;
	snprintf(pool->name, sizeof(pool->name), "%s", name);
	pool->size = size;
	pool->desc_size = roundup_pow2(desc_size);
	pool->block = rl_zalloc((size_t)size * pool->desc_size);
	/* dma_alloc_coherent memory starts zeroed: the first user sees zeroes */
	pool->saved = rl_zalloc((size_t)size * pool->desc_size);
	pool->acct.state = size <= RL_DESC_ACCT_MAX ? rl_zalloc(size) : NULL;
	pool->desc_infos = rl_zalloc(size * sizeof(*pool->desc_infos));
	id = -1;
	if (pool->block && pool->saved && pool->acct.state && pool->desc_infos &&
	    rl_ledger_reserve(m->ledger, RL_OBJ_DESC, size, &pool->base)) {
		id = rl_model_register(m, &pool->hdr, &desc_pool_ops);
		if (id < 0)
			rl_ledger_unreserve(m->ledger, RL_OBJ_DESC, pool->base,
					    size);
	}
	if (id < 0) {
		rl_free(pool->block);
		rl_free(pool->saved);
		rl_free(pool->acct.state);
		rl_free(pool->desc_infos);
		rl_free(pool);
		return NULL;
	}
	pool->hdr.id = (u32)id;
	pool->dma_base = RL_DESC_DMA_BASE + ((rl_dma_addr_t)id << 24);
	rl_desc_acct_init(&pool->acct, pool->acct.state, size);
	for (i = 0; i < size; i++) {
		rl_ledger_set(m->ledger, RL_OBJ_DESC, pool->base + i,
			      rl_k3_cppi_desc_pool_owner(pool));
		rl_poison_free(pool->block + (size_t)i * pool->desc_size,
			       pool->desc_size);
	}
	return pool;
}

void rl_k3_cppi_desc_pool_destroy(struct rl_k3_cppi_desc_pool *pool)
{
	struct rl_ledger *l = pool->m->ledger;
	u32 i;

	if (pool->destroyed) {
		rl_ledger_report_count(l, RL_F_USE_AFTER_FREE, RL_OBJ_DESC,
				       pool->base, 0, 1,
				       "k3_cppi_desc_pool_destroy on a destroyed pool");
		return;
	}
	if (pool->acct.avail != pool->size) {
		for (i = 0; i < pool->size; i++)
			if (rl_ledger_owner(l, RL_OBJ_DESC, pool->base + i) !=
			    rl_k3_cppi_desc_pool_owner(pool))
				rl_ledger_expect(l, RL_OBJ_DESC, pool->base + i,
						 rl_k3_cppi_desc_pool_owner(pool), RL_F_LEAK,
						 "descriptor not back in its pool at destroy");
		rl_ledger_report_count(l, RL_F_POOL_LEAK, RL_OBJ_DESC,
				       pool->base, pool->size, pool->acct.avail,
				       "k3_knav_desc_pool size != avail (k3_cppi_desc_pool_destroy)");
	}
	/* the block goes back to the system whatever was leaked */
	for (i = 0; i < pool->size; i++)
		rl_ledger_set(l, RL_OBJ_DESC, pool->base + i,
			      RL_OWNER(RL_OWN_NONE, 0));
	pool->destroyed = true;
	pool->hdr.zombie = true;
	rl_asan_unpoison(pool->block, (size_t)pool->size * pool->desc_size);
	rl_free(pool->block);
	rl_free(pool->saved);
	rl_free(pool->acct.state);
	rl_free(pool->desc_infos);
	pool->block = NULL;
	pool->saved = NULL;
	pool->acct.state = NULL;
	pool->desc_infos = NULL;
}

void *rl_k3_cppi_desc_pool_alloc(struct rl_k3_cppi_desc_pool *pool)
{
	if (pool->destroyed || rl_model_fault_hit(pool->m, RL_FAULT_DESC_ALLOC))
		return NULL;
	return rl_desc_pool_take(pool);
}

/* Index of @desc, or pool->size when it is not a descriptor of the pool. */
static u32 desc_index(const struct rl_k3_cppi_desc_pool *pool, const void *desc)
{
	const u8 *p = desc;
	size_t off;

	if (!pool->block || p < pool->block ||
	    p >= pool->block + (size_t)pool->size * pool->desc_size)
		return pool->size;
	off = p - pool->block;
	if (off % pool->desc_size)
		return pool->size;
	return off / pool->desc_size;
}

u32 rl_k3_cppi_desc_pool_index(const struct rl_k3_cppi_desc_pool *pool,
			       const void *desc)
{
	return desc_index(pool, desc);
}

void rl_k3_cppi_desc_pool_free(struct rl_k3_cppi_desc_pool *pool, void *desc)
{
	u32 idx = desc_index(pool, desc);

	if (idx >= pool->size) {
		rl_ledger_report_count(pool->m->ledger, RL_F_OWNER, RL_OBJ_DESC,
				       pool->base, pool->size, idx,
				       "k3_cppi_desc_pool_free: not a descriptor of this pool");
		return;
	}
	/* @desc is the block's descriptor @idx (desc_index()) */
	rl_desc_pool_give(pool, idx);
}

u32 rl_k3_cppi_desc_pool_avail(const struct rl_k3_cppi_desc_pool *pool)
{
	return pool->acct.avail;
}

rl_dma_addr_t rl_k3_cppi_desc_pool_virt2dma(const struct rl_k3_cppi_desc_pool *pool,
					    const void *desc)
{
	return pool->dma_base + (rl_dma_addr_t)desc_index(pool, desc) *
	       pool->desc_size;
}

bool rl_k3_cppi_desc_pool_dma_to_id(const struct rl_k3_cppi_desc_pool *pool,
			    rl_dma_addr_t dma, u32 *id)
{
	rl_dma_addr_t off;

	if (dma < pool->dma_base || pool->destroyed)
		return false;
	off = dma - pool->dma_base;
	if (off % pool->desc_size || off / pool->desc_size >= pool->size)
		return false;
	*id = pool->base + (u32)(off / pool->desc_size);
	return true;
}

struct rl_cppi5_desc *rl_k3_cppi_desc_pool_hw_desc(const struct rl_k3_cppi_desc_pool *pool,
					   rl_dma_addr_t dma)
{
	u32 id;

	if (!rl_k3_cppi_desc_pool_dma_to_id(pool, dma, &id))
		return NULL;
	return (struct rl_cppi5_desc *)(pool->block +
					(size_t)(id - pool->base) * pool->desc_size);
}

void *rl_k3_cppi_desc_pool_dma2virt(const struct rl_k3_cppi_desc_pool *pool,
				    rl_dma_addr_t dma)
{
	if (rl_model_poison_used(pool->m, RL_OBJ_DESC, dma,
				 "k3_cppi_desc_pool_dma2virt: descriptor address read from freed memory"))
		return NULL;
	return rl_k3_cppi_desc_pool_hw_desc(pool, dma);
}

void *rl_k3_cppi_desc_pool_desc_info(const struct rl_k3_cppi_desc_pool *pool, u32 idx)
{
	return idx < pool->size ? (void *)pool->desc_infos[idx] : NULL;
}

void rl_k3_cppi_desc_pool_desc_info_set(struct rl_k3_cppi_desc_pool *pool, u32 idx,
					void *info)
{
	if (idx < pool->size)
		pool->desc_infos[idx] = (unsigned long)info;
}

/*
 * Every CPU access goes through here: the descriptor must be one the driver
 * holds.  A free one is a use-after-free; one in a ring belongs to the DMA.
 * After the finding, an access to memory that is not a held or queued
 * descriptor goes to a poisoned scratch copy, so the run can go on.
 */
static struct rl_cppi5_desc *cpu_desc(struct rl_k3_cppi_desc_pool *pool, void *desc,
				      const char *what)
{
	struct rl_ledger *l = pool->m->ledger;
	u32 idx = desc_index(pool, desc);
	u32 own;

	if (idx >= pool->size) {
		rl_ledger_report_count(l, RL_F_USE_AFTER_FREE, RL_OBJ_DESC,
				       pool->base, pool->size, idx, what);
		memset(&pool->scratch, RL_POISON_FREE, sizeof(pool->scratch));
		return &pool->scratch;
	}
	own = rl_ledger_owner(l, RL_OBJ_DESC, pool->base + idx);
	if (RL_OWNER_KIND(own) == RL_OWN_DRIVER)
		return desc;
	rl_ledger_expect(l, RL_OBJ_DESC, pool->base + idx,
			 RL_OWNER(RL_OWN_DRIVER, 0),
			 RL_OWNER_KIND(own) == RL_OWN_POOL ?
			 RL_F_USE_AFTER_FREE : RL_F_OWNER, what);
	if (RL_OWNER_KIND(own) != RL_OWN_POOL)
		return desc;
	memset(&pool->scratch, RL_POISON_FREE, sizeof(pool->scratch));
	return &pool->scratch;
}

void rl_cppi5_hdesc_init(struct rl_k3_cppi_desc_pool *pool, void *desc, u32 flags,
			 u32 psdata_size)
{
	struct rl_cppi5_desc *d = cpu_desc(pool, desc, "cppi5_hdesc_init");

	/* header words and links reset; psdata/swdata keep stale contents */
	d->pkt_info0 = flags | ((psdata_size / 4) << 22);
	d->pkt_info1 = 0;
	d->pkt_info2 = 0;
	d->src_dst_tag = 0;
	d->next_desc = 0;
	d->buf_ptr = 0;
	d->buf_info1 = 0;
	d->org_buf_len = 0;
	d->org_buf_ptr = 0;
}

void rl_cppi5_hdesc_attach_buf(struct rl_k3_cppi_desc_pool *pool, void *desc,
			       rl_dma_addr_t buf, u32 len,
			       rl_dma_addr_t obuf, u32 olen)
{
	struct rl_cppi5_desc *d = cpu_desc(pool, desc, "cppi5_hdesc_attach_buf");

	d->buf_ptr = buf;
	d->buf_info1 = len;
	d->org_buf_ptr = obuf;
	d->org_buf_len = olen;
}

void rl_cppi5_hdesc_get_obuf(struct rl_k3_cppi_desc_pool *pool, void *desc,
			     rl_dma_addr_t *obuf, u32 *olen)
{
	struct rl_cppi5_desc *d = cpu_desc(pool, desc, "cppi5_hdesc_get_obuf");

	*obuf = d->org_buf_ptr;
	*olen = d->org_buf_len;
}

void rl_cppi5_hdesc_set_pktlen(struct rl_k3_cppi_desc_pool *pool, void *desc, u32 len)
{
	struct rl_cppi5_desc *d = cpu_desc(pool, desc, "cppi5_hdesc_set_pktlen");

	d->pkt_info0 = (d->pkt_info0 & ~RL_CPPI5_PKTLEN_MASK) |
		       (len & RL_CPPI5_PKTLEN_MASK);
}

u32 rl_cppi5_hdesc_get_pktlen(struct rl_k3_cppi_desc_pool *pool, void *desc)
{
	struct rl_cppi5_desc *d = cpu_desc(pool, desc, "cppi5_hdesc_get_pktlen");

	return d->pkt_info0 & RL_CPPI5_PKTLEN_MASK;
}

void rl_cppi5_hdesc_link_hbdesc(struct rl_k3_cppi_desc_pool *pool, void *desc,
				rl_dma_addr_t next)
{
	cpu_desc(pool, desc, "cppi5_hdesc_link_hbdesc")->next_desc = next;
}

rl_dma_addr_t rl_cppi5_hdesc_get_next_hbdesc(struct rl_k3_cppi_desc_pool *pool,
					     void *desc)
{
	return cpu_desc(pool, desc, "cppi5_hdesc_get_next_hbdesc")->next_desc;
}

u32 *rl_cppi5_hdesc_get_psdata(struct rl_k3_cppi_desc_pool *pool, void *desc)
{
	return cpu_desc(pool, desc, "cppi5_hdesc_get_psdata")->psdata;
}

void *rl_cppi5_hdesc_get_swdata(struct rl_k3_cppi_desc_pool *pool, void *desc)
{
	return cpu_desc(pool, desc, "cppi5_hdesc_get_swdata")->swdata;
}

u32 rl_cppi5_desc_get_src_tag(struct rl_k3_cppi_desc_pool *pool, void *desc)
{
	return cpu_desc(pool, desc, "cppi5_desc_get_tags_ids")->src_dst_tag >> 16;
}
