// SPDX-License-Identifier: GPL-2.0
/*
 * rl_explain.c - the objects a step moved, grouped by where they came
 * from and went to, with the rings and pools named; and the driver frame
 * behind a finding (the sanitizer runtime's symbolizer, when linked).
 */
#include <execinfo.h>
#include "rl_explain.h"
#include "k3_ring.h"
#include "page_pool.h"
#include "xdp.h"

/* In the sanitizer runtimes; absent (NULL) from a build without one. */
void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out_buf,
			      size_t out_buf_size) __attribute__((weak));

#define RL_EXPLAIN_IDS	6	/* object ids listed per group */

bool rl_explain_init(struct rl_explain *e, struct rl_model *m)
{
	int c;

	memset(e, 0, sizeof(*e));
	e->m = m;
	for (c = 0; c < RL_OBJ_NR; c++) {
		e->before[c] = calloc(m->ledger->cap[c] + 1, sizeof(u32));
		if (!e->before[c])
			return false;
	}
	return true;
}

void rl_explain_fini(struct rl_explain *e)
{
	int c;

	for (c = 0; c < RL_OBJ_NR; c++)
		free(e->before[c]);
}

void rl_explain_begin(struct rl_explain *e)
{
	const struct rl_ledger *l = e->m->ledger;
	int c;

	for (c = 0; c < RL_OBJ_NR; c++)
		memcpy(e->before[c], l->owner[c], l->cap[c] * sizeof(u32));
}

/* The registered object of @kind with id @id, or NULL (gone). */
static void *reg_by_id(struct rl_model *m, enum rl_reg_kind kind, u32 id)
{
	int i;

	for (i = 0; i < RL_MAX_REG; i++) {
		struct rl_obj_hdr *h = m->reg[kind][i];

		if (h && h->id == id)
			return h;
	}
	return NULL;
}

/* Legend of an owner the first time it appears; "" afterwards. */
static void legend(struct rl_explain *e, enum rl_obj_class cls, u32 owner,
		   char *buf, size_t len)
{
	u32 kind = RL_OWNER_KIND(owner), id = RL_OWNER_IDX(owner);
	enum rl_reg_kind reg;
	const char *what = NULL;
	char tmp[48];
	void *obj;

	buf[0] = 0;
	if (kind == RL_OWN_RING || kind == RL_OWN_LOST) {
		struct rl_ring *ring = reg_by_id(e->m, RL_REG_RING, id);

		reg = RL_REG_RING;
		what = ring ? ring->name : "a ring since destroyed";
	} else if (kind == RL_OWN_POOL && cls == RL_OBJ_DESC) {
		struct rl_k3_cppi_desc_pool *pool = reg_by_id(e->m, RL_REG_DESC_POOL, id);

		reg = RL_REG_DESC_POOL;
		snprintf(tmp, sizeof(tmp), "%s descriptor pool",
			 pool ? pool->name : "a");
		what = tmp;
	} else if (kind == RL_OWN_POOL && cls == RL_OBJ_PAGE) {
		struct rl_page_pool *pp = reg_by_id(e->m, RL_REG_PAGE_POOL, id);

		reg = RL_REG_PAGE_POOL;
		snprintf(tmp, sizeof(tmp), "the cache of page_pool %u (NAPI %u)",
			 (unsigned int)id, pp ? (unsigned int)pp->p.napi_id : 0);
		what = tmp;
	} else if (kind == RL_OWN_REDIRECT) {
		struct rl_redirect_target *t = reg_by_id(e->m, RL_REG_REDIRECT, id);

		reg = RL_REG_REDIRECT;
		what = t && t->xsk ? "an AF_XDP socket (xskmap)" :
				     "the devmap's bulk queue";
	} else {
		return;
	}
	if (id >= 8 * sizeof(e->named[0]) ||
	    (e->named[reg][id / 8] & BIT(id % 8)))
		return;
	e->named[reg][id / 8] |= BIT(id % 8);
	obj = reg_by_id(e->m, reg, id);
	snprintf(buf, len, "%s:%u = %s%s", rl_owner_kind_name(kind),
		 (unsigned int)id, what, obj || reg == RL_REG_RING ? "" :
		 " (gone)");
}

static void owner_text(enum rl_obj_class cls, u32 owner, char *buf,
		       size_t len)
{
	u32 kind = RL_OWNER_KIND(owner);

	switch (kind) {
	case RL_OWN_NONE:
	case RL_OWN_DRIVER:
	case RL_OWN_STACK:
	case RL_OWN_MAPPED:
		snprintf(buf, len, "%s", rl_owner_kind_name(kind));
		break;
	case RL_OWN_SKB:
	case RL_OWN_FRAME:
		snprintf(buf, len, "%s#%u", rl_owner_kind_name(kind),
			 (unsigned int)RL_OWNER_IDX(owner));
		break;
	default:
		snprintf(buf, len, "%s:%u", rl_owner_kind_name(kind),
			 (unsigned int)RL_OWNER_IDX(owner));
	}
}

/*
 * The owner as moves are grouped: a DMA mapping's index is the tag of
 * what it maps, which says nothing more here than "mapped".
 */
static u32 group_key(enum rl_obj_class cls, u32 owner)
{
	return cls == RL_OBJ_DMA ? RL_OWNER(RL_OWNER_KIND(owner), 0) : owner;
}

/* Print one group: every object of @cls moved from @from to @to. */
static void print_group(struct rl_explain *e, enum rl_obj_class cls, u32 from,
			u32 to, u32 first, bool *done)
{
	const struct rl_ledger *l = e->m->ledger;
	char a[32], b[32], la[80], lb[80];
	u32 i, n = 0;

	printf("       %s ", rl_obj_class_name(cls));
	for (i = first; i < l->cap[cls]; i++) {
		if (done[i] || e->before[cls][i] != from ||
		    group_key(cls, l->owner[cls][i]) != to)
			continue;
		done[i] = true;
		if (n < RL_EXPLAIN_IDS)
			printf("%s#%u", n ? "," : "", (unsigned int)i);
		n++;
	}
	if (n > RL_EXPLAIN_IDS)
		printf(",... (%u)", (unsigned int)n);
	owner_text(cls, from, a, sizeof(a));
	owner_text(cls, to, b, sizeof(b));
	legend(e, cls, from, la, sizeof(la));
	legend(e, cls, to, lb, sizeof(lb));
	printf(": %s -> %s%s%s%s%s%s\n", a, b, la[0] || lb[0] ? "   [" : "",
	       la, la[0] && lb[0] ? "; " : "", lb, la[0] || lb[0] ? "]" : "");
}

void rl_explain_moves(struct rl_explain *e)
{
	const struct rl_ledger *l = e->m->ledger;
	int c;

	for (c = 0; c < RL_OBJ_NR; c++) {
		bool *done = calloc(l->cap[c] + 1, sizeof(bool));
		u32 i;

		if (!done)
			return;
		for (i = 0; i < l->cap[c]; i++) {
			e->before[c][i] = group_key(c, e->before[c][i]);
			done[i] = e->before[c][i] == group_key(c, l->owner[c][i]);
		}
		for (i = 0; i < l->cap[c]; i++)
			if (!done[i])
				print_group(e, c, e->before[c][i],
					    group_key(c, l->owner[c][i]), i, done);
		free(done);
	}
}

/* " in FUNC (driver/...:LINE)" for code address @pc, or false. */
static bool driver_code(void *pc, char *buf, size_t len)
{
	char sym[256], *file;

	__sanitizer_symbolize_pc(pc, "%f %s:%l", sym, sizeof(sym));
	file = strstr(sym, "driver/");
	if (!file)
		return false;
	*strchr(sym, ' ') = 0;
	snprintf(buf, len, " in %s (%s)", sym, file);
	return true;
}

void rl_explain_driver_frame(const struct rl_model *m, char *buf, size_t len)
{
	void *pcs[48];
	int i, depth;

	buf[0] = 0;
	if (!__sanitizer_symbolize_pc)
		return;
	depth = backtrace(pcs, ARRAY_SIZE(pcs));
	/*
	 * The symbolizer takes a return address and looks one instruction
	 * before it (at the call): as given for stack frames, one byte past
	 * the entry for a function's address.
	 */
	for (i = 1; i < depth; i++)
		if (driver_code(pcs[i], buf, len))
			return;
	if (m->blame_fn)
		driver_code((char *)m->blame_fn + 1, buf, len);
}
