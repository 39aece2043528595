// SPDX-License-Identifier: GPL-2.0
/*
 * model.c - the world: creation, registries, fault sites, the per-step
 * check over every facility and the end-of-run oracle.
 */
#include "model.h"
#include "dma.h"
#include "page.h"
#include "page_pool.h"
#include "k3_cppi_desc_pool.h"
#include "k3_ring.h"
#include "k3_udma_glue.h"
#include "xsk_pool.h"
#include "xdp.h"
#include "skb.h"

/*
 * Host programs may take the model's allocations over (rl_compat.h's
 * rl_zalloc / rl_free): the fuzz targets' per-input block cache.  Nothing
 * sets them in-kernel, where rl_zalloc is kzalloc.
 */
void *(*rl_host_zalloc_fn)(size_t size);
void (*rl_host_free_fn)(void *p);
#include "netdev.h"
#include "poison.h"

#define RL_LEAKS_NAMED	8	/* leak findings per class before a summary */

static const char * const fault_names[RL_FAULT_NR] = {
	[RL_FAULT_DMA_MAP] = "dma_map",
	[RL_FAULT_DESC_ALLOC] = "desc_alloc",
	[RL_FAULT_PAGE_ALLOC] = "page_alloc",
	[RL_FAULT_SKB_ALLOC] = "skb_alloc",
	[RL_FAULT_RING_PUSH] = "ring_push",
	[RL_FAULT_XSK_ALLOC] = "xsk_alloc",
	[RL_FAULT_KMALLOC] = "kmalloc",
};

const char *rl_fault_site_name(enum rl_fault_site site)
{
	return site < RL_FAULT_NR ? fault_names[site] : "?";
}

int rl_fault_site_by_name(const char *name)
{
	int i;

	for (i = 0; i < RL_FAULT_NR; i++)
		if (!strcmp(name, fault_names[i]))
			return i;
	return -1;
}

void rl_model_fail_nth(struct rl_model *m, enum rl_fault_site site, u32 n)
{
	m->fault[site].fail_at = n ? m->fault[site].calls + n : 0;
}

bool rl_model_fault_armed(const struct rl_model *m)
{
	int i;

	for (i = 0; i < RL_FAULT_NR; i++)
		if (m->fault[i].fail_at)
			return true;
	return false;
}

bool rl_model_fault_hit(struct rl_model *m, enum rl_fault_site site)
{
	struct rl_fault *f = &m->fault[site];

	f->calls++;
	if (!f->fail_at || f->calls != f->fail_at)
		return false;
	f->fail_at = 0;
	m->fault_hits++;
	return true;
}

int rl_variant_index(const struct rl_variant_info *tab, u32 n,
		     const char *name)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, tab[i].name))
			return (int)i;
	return -1;
}

u64 rl_variant_mask(const struct rl_variant_info *tab, u32 n,
		    const struct rl_profile_info *prof, u32 np,
		    const char *name)
{
	int i = rl_variant_index(tab, n, name);
	u32 p;

	if (i >= 0)
		return BIT_ULL(i);
	for (p = 0; p < np; p++)
		if (!strcmp(name, prof[p].name))
			return prof[p].members;
	return 0;
}

void rl_model_default_cfg(struct rl_model_cfg *cfg)
{
	cfg->max_desc = 1024;
	cfg->max_pages = 2048;
	cfg->max_xsk_frames = 512;
	cfg->max_dma_maps = 4096;
	cfg->max_skbs = 512;
	cfg->max_frames = 512;
	cfg->nr_cpus = 2;
}

/* The model a NULL-object oops is reported to (rl_oops_null). */
static struct rl_model *rl_oops_model;

bool rl_oops_null(const void *p, enum rl_obj_class cls, const char *what)
{
	if (p)
		return false;
	if (rl_oops_model)
		rl_ledger_report_count(rl_oops_model->ledger, RL_F_OOPS, cls, 0,
				       1, 0, what);
	return true;
}

bool rl_oops_index(struct rl_model *m, u32 idx, u32 n, const char *what)
{
	if (idx < n)
		return false;
	/* expected: the last index there is */
	rl_ledger_report_count(m->ledger, RL_F_OOPS, RL_OBJ_DESC, idx,
			       n ? n - 1 : 0, idx, what);
	return true;
}

struct rl_model *rl_model_create(const struct rl_model_cfg *cfg)
{
	struct rl_model *m;
	u32 cap[RL_OBJ_NR];

	if (cfg->max_desc > RL_MAX_DESC || cfg->max_pages > RL_MAX_PAGES ||
	    cfg->max_xsk_frames > RL_MAX_XSK_FRAMES ||
	    cfg->max_dma_maps > RL_MAX_DMA_MAPS ||
	    cfg->max_skbs > RL_MAX_SKBS || cfg->max_frames > RL_MAX_FRAMES ||
	    !cfg->nr_cpus)
		return NULL;
	m = rl_zalloc(sizeof(*m));
	if (!m)
		return NULL;
	m->cfg = *cfg;
	cap[RL_OBJ_DESC] = cfg->max_desc;
	cap[RL_OBJ_PAGE] = cfg->max_pages;
	cap[RL_OBJ_XSK] = cfg->max_xsk_frames;
	cap[RL_OBJ_DMA] = cfg->max_dma_maps;
	cap[RL_OBJ_SKB] = cfg->max_skbs;
	cap[RL_OBJ_FRAME] = cfg->max_frames;
	m->ledger = rl_ledger_create(cap);
	if (m->ledger) {
		m->dma = rl_dma_create(m, cfg->max_dma_maps);
		m->pages = rl_pages_create(m, cfg->max_pages);
		m->skbs = rl_skbs_create(m, cfg->max_skbs);
		m->frames = rl_frames_create(m, cfg->max_frames);
	}
	if (!m->ledger || !m->dma || !m->pages || !m->skbs || !m->frames) {
		rl_model_destroy(m);
		return NULL;
	}
	rl_oops_model = m;
	return m;
}

static void rl_model_free_zombie(struct rl_obj_hdr *h)
{
	if (h->ops->free_zombie)
		h->ops->free_zombie(h);
	else
		rl_free(h);
}

void rl_model_destroy(struct rl_model *m)
{
	int k, i;

	if (!m)
		return;
	if (rl_oops_model == m)
		rl_oops_model = NULL;
	/*
	 * Zombies are ours to free, and so is what a facility says it leaves
	 * behind (ops->reap: a page_pool that never finished releasing, its
	 * pages gone astray); other live objects belong to their creators.
	 */
	for (k = 0; k < RL_REG_NR; k++)
		for (i = 0; i < RL_MAX_REG; i++) {
			struct rl_obj_hdr *h = m->reg[k][i];

			if (h && h->zombie)
				rl_model_free_zombie(h);
			else if (h && h->ops->reap)
				h->ops->reap(h);
		}
	rl_frames_destroy(m->frames);
	rl_skbs_destroy(m->skbs);
	rl_pages_destroy(m->pages);
	rl_dma_destroy(m->dma);
	rl_ledger_destroy(m->ledger);
	rl_free(m);
}

int rl_model_register(struct rl_model *m, struct rl_obj_hdr *obj,
		      const struct rl_obj_ops *ops)
{
	enum rl_reg_kind kind = ops->kind;
	int i, slot = -1;

	for (i = 0; i < RL_MAX_REG && slot < 0; i++)
		if (!m->reg[kind][i])
			slot = i;
	/* full: the oldest zombie gives its slot up for good */
	for (i = 0; i < RL_MAX_REG && slot < 0; i++) {
		struct rl_obj_hdr *h = m->reg[kind][i];

		if (h->zombie) {
			rl_model_free_zombie(h);
			slot = i;
		}
	}
	if (slot < 0)
		return -1;
	obj->ops = ops;
	m->reg[kind][slot] = obj;
	if ((u32)slot >= m->reg_hi)
		m->reg_hi = slot + 1;
	return (int)m->next_id[kind]++;
}

void rl_model_unregister(struct rl_model *m, struct rl_obj_hdr *obj)
{
	int i;

	for (i = 0; i < RL_MAX_REG; i++)
		if (m->reg[obj->ops->kind][i] == obj)
			m->reg[obj->ops->kind][i] = NULL;
}

void rl_model_step(struct rl_model *m)
{
	m->ledger->step++;
}

void rl_model_set_step(struct rl_model *m, u32 step)
{
	m->ledger->step = step;
}

u32 rl_model_get_step(const struct rl_model *m)
{
	return m->ledger->step;
}

static const char * const wait_names[RL_WAIT_NR] = {
	[RL_WAIT_RX_TDOWN] = "rx teardown wait",
	[RL_WAIT_TX_TDOWN] = "tx teardown wait",
	[RL_WAIT_NAPI_DISABLE] = "napi_disable",
	[RL_WAIT_HRTIMER_CANCEL] = "hrtimer_cancel",
	[RL_WAIT_SYNC_NET] = "synchronize_net",
	[RL_WAIT_ALLOC] = "GFP_KERNEL allocation",
};

const char *rl_wait_point_name(enum rl_wait_point wp)
{
	return wp < RL_WAIT_NR ? wait_names[wp] : "?";
}

void rl_model_wait(struct rl_model *m, enum rl_wait_point wp)
{
	m->waits[wp]++;
	m->waiting++;
	if (m->wait_fn)
		m->wait_fn(m->wait_ctx, wp);
	m->waiting--;
}

static bool check(struct rl_model *m, bool ok, enum rl_obj_class cls, u32 id,
		  const char *what)
{
	if (!ok)
		rl_ledger_report_count(m->ledger, RL_F_INVALID, cls, id, 1, 0,
				       what);
	return ok;
}

enum { SYS_DMA, SYS_PAGES, SYS_SKBS, SYS_FRAMES, SYS_NR };

static const struct {
	enum rl_obj_class cls;
	const char *name;
	const char *differ;
} sys_preds[SYS_NR] = {
	[SYS_DMA] = { RL_OBJ_DMA, "rl_dma_is_valid",
		"incremental check disagrees with the full one: rl_dma_is_valid" },
	[SYS_PAGES] = { RL_OBJ_PAGE, "rl_pages_is_valid",
		"incremental check disagrees with the full one: rl_pages_is_valid" },
	[SYS_SKBS] = { RL_OBJ_SKB, "rl_skbs_is_valid",
		"incremental check disagrees with the full one: rl_skbs_is_valid" },
	[SYS_FRAMES] = { RL_OBJ_FRAME, "rl_frames_is_valid",
		"incremental check disagrees with the full one: rl_frames_is_valid" },
};

/* A system-wide facility's predicate, over everything or what moved. */
static bool sys_pred(const struct rl_model *m, int which, bool since)
{
	switch (which) {
	case SYS_DMA:
		return since ? rl_dma_is_valid_since(m->dma) :
			       rl_dma_is_valid(m->dma);
	case SYS_PAGES:
		return since ? rl_pages_is_valid_since(m->pages) :
			       rl_pages_is_valid(m->pages);
	case SYS_SKBS:
		return since ? rl_skbs_is_valid_since(m->skbs) :
			       rl_skbs_is_valid(m->skbs);
	default:
		return since ? rl_frames_is_valid_since(m->frames) :
			       rl_frames_is_valid(m->frames);
	}
}

static const char * const check_mode_names[] = {
	[RL_CHECK_FULL] = "full",
	[RL_CHECK_INCR] = "incr",
	[RL_CHECK_DUAL] = "dual",
};

int rl_check_mode_by_name(const char *name)
{
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(check_mode_names); i++)
		if (!strcmp(name, check_mode_names[i]))
			return i;
	return -1;
}

/*
 * Whether this check walks everything: always in FULL mode, after any
 * finding (the incremental form assumes the last check passed), and every
 * RL_CHECK_FULL_EVERY-th check.
 */
static bool check_full(struct rl_model *m)
{
	if (m->check_mode == RL_CHECK_FULL || m->ledger->findings ||
	    ++m->checks_since_full >= RL_CHECK_FULL_EVERY) {
		m->checks_since_full = 0;
		return true;
	}
	return false;
}

/*
 * Every predicate: the ledger's, the system-wide facilities', then each
 * registered object's (its facility's ops), in registry order; and what
 * the objects say they hold, summed per owner kind, against the ledger's
 * count of it.
 */
bool rl_model_check(struct rl_model *m)
{
	u32 held[RL_OBJ_NR][RL_OWN_NR] = { { 0 } };
	u32 summed[RL_OBJ_NR] = { 0 };
	bool full = check_full(m);
	bool ok = true, res;
	int i, k;

	ok &= check(m, rl_ledger_is_valid(m->ledger) &&
		    (!full || rl_ledger_counts_match(m->ledger)),
		    RL_OBJ_DESC, 0, "rl_ledger_is_valid");
	for (i = 0; i < SYS_NR; i++) {
		res = sys_pred(m, i, !full);
		if (!full && m->check_mode == RL_CHECK_DUAL) {
			bool whole = sys_pred(m, i, false);

			if (res != whole)
				check(m, false, sys_preds[i].cls, 0,
				      sys_preds[i].differ);
			res = whole;
		}
		ok &= check(m, res, sys_preds[i].cls, 0, sys_preds[i].name);
	}
	for (i = 0; i < (int)m->reg_hi; i++)
		for (k = 0; k < RL_REG_NR; k++) {
			const struct rl_obj_hdr *h = m->reg[k][i];
			const struct rl_obj_ops *ops = h ? h->ops : NULL;

			if (!h)
				continue;
			ok &= check(m, ops->is_valid(h), ops->cls, h->id,
				    ops->name);
			if (!ops->held)
				continue;
			held[ops->held_cls][ops->held_kind] += ops->held(h);
			summed[ops->held_cls] |= BIT(ops->held_kind);
		}
	/* conservation across facilities */
	for (i = 0; i < RL_OBJ_NR; i++)
		for (k = 0; k < RL_OWN_NR; k++)
			if (summed[i] & BIT(k))
				ok &= check(m, rl_ledger_count(m->ledger, i, k) ==
					    held[i][k], i, 0,
					    "objects the ledger gives an owner kind == what those owners hold");
	rl_ledger_clean(m->ledger);
	return ok;
}

/* Report up to RL_LEAKS_NAMED objects of @cls whose owner is not allowed. */
static void leak_scan(struct rl_model *m, enum rl_obj_class cls, u32 allowed,
		      const char *what)
{
	struct rl_ledger *l = m->ledger;
	u32 i, named = 0, total = 0;

	for (i = 0; i < l->cap[cls]; i++) {
		u32 kind = RL_OWNER_KIND(l->owner[cls][i]);

		if (kind == RL_OWN_NONE || (allowed & BIT(kind)))
			continue;
		total++;
		if (named++ < RL_LEAKS_NAMED)
			rl_ledger_expect(l, cls, i, RL_OWNER(RL_OWN_NONE, 0),
					 RL_F_LEAK, what);
	}
	if (total > RL_LEAKS_NAMED)
		rl_ledger_report_count(l, RL_F_LEAK, cls, 0, 0, total,
				       "more leaked objects of this class (total)");
}

bool rl_model_final_check(struct rl_model *m)
{
	u32 before = m->ledger->findings;
	int i, k;

	/* the stack lets every skb go in finite time */
	rl_stack_release(m, RL_STACK_DEPTH);
	for (i = 0; i < RL_MAX_REG; i++)
		for (k = 0; k < RL_REG_NR; k++) {
			struct rl_obj_hdr *h = m->reg[k][i];

			if (h && h->ops->final_check)
				h->ops->final_check(h);
		}
	rl_dma_check_all_unmapped(m->dma);
	leak_scan(m, RL_OBJ_DESC, BIT(RL_OWN_POOL),
		  "descriptor not back in its pool at the end");
	leak_scan(m, RL_OBJ_PAGE, BIT(RL_OWN_POOL),
		  "page not back with the page allocator at the end");
	leak_scan(m, RL_OBJ_SKB, 0, "skb never freed");
	leak_scan(m, RL_OBJ_FRAME, 0, "xdp_frame never returned");
	leak_scan(m, RL_OBJ_XSK, BIT(RL_OWN_USER) | BIT(RL_OWN_POOL) |
		  BIT(RL_OWN_FILL) | BIT(RL_OWN_RX) | BIT(RL_OWN_TX) |
		  BIT(RL_OWN_COMP) | BIT(RL_OWN_DRIVER) | BIT(RL_OWN_TX_HW),
		  "XSK frame lost");
	return m->ledger->findings == before;
}

u64 rl_model_digest(const struct rl_model *m)
{
	return rl_ledger_digest(m->ledger);
}

bool rl_model_poison_used(struct rl_model *m, enum rl_obj_class cls,
			  u64 value, const char *what)
{
	if (!rl_is_poison(value))
		return false;
	rl_ledger_report_count(m->ledger, RL_F_USE_AFTER_FREE, cls,
			       (u32)value, 0, (u32)value, what);
	return true;
}
