// SPDX-License-Identifier: GPL-2.0
/*
 * rl_alloc_cache.c - model memory for the fuzz targets (rl_host_zalloc_fn /
 * rl_host_free_fn of rl_compat.h, set by rl_alloc_cache_install).
 *
 * Every input builds a world and frees it again: some sixty allocations
 * of the same few sizes, which under ASan cost about a fifth of an
 * execution (allocator, quarantine, stack depot; measured with perf at
 * 7c68bb4).  Here a freed block is poisoned and kept on a pending list
 * until the input ends - a read through a stale pointer during the input
 * is still a sanitizer report (use-after-poison), as with ASan's
 * quarantine - and only then serves later allocations of exactly its size,
 * zeroed.  No pointer survives an input (the world is rebuilt), so reuse
 * across inputs hides nothing.  What is lost are the allocation and free
 * stacks in such a report: replay the input with rl_replay, which uses
 * calloc/free, for them.  Without ASan the poisoning is a no-op.
 */
#include <stdlib.h>
#include <string.h>
#include "rl_compat.h"
#include "rl_alloc_cache.h"

/*
 * header of every block: its size (poisoned while the block is out); the
 * lists live outside the blocks, where LeakSanitizer sees the pointers
 */
struct blk {
	size_t size;
	size_t pad;	/* the payload stays 16-byte aligned */
};

/* a growing array of blocks */
struct list {
	struct blk **b;
	size_t n, cap;
};

#define NR_BUCKETS	512		/* distinct sizes cached */
#define CACHE_LIMIT	(256u << 20)	/* bytes kept for reuse at most */

static struct {
	size_t size;
	struct list free;
} bucket[NR_BUCKETS];
static struct list pending;
static size_t cached;

static void *payload(struct blk *b)
{
	return b + 1;
}

static size_t size_of(struct blk *b)
{
	size_t size;

	rl_asan_unpoison(b, sizeof(*b));
	size = b->size;
	rl_asan_poison(b, sizeof(*b));
	return size;
}

static bool push(struct list *l, struct blk *b)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct blk **nb = realloc(l->b, cap * sizeof(*nb));

		if (!nb)
			return false;
		l->b = nb;
		l->cap = cap;
	}
	l->b[l->n++] = b;
	return true;
}

/* the bucket of @size: found, a free one for it, or -1 (table full) */
static int bucket_of(size_t size, bool add)
{
	u32 i, h = (u32)(size * 2654435761u) % NR_BUCKETS;

	for (i = 0; i < NR_BUCKETS; i++, h = (h + 1) % NR_BUCKETS) {
		if (bucket[h].size == size)
			return (int)h;
		if (!bucket[h].size) {
			if (!add)
				return -1;
			bucket[h].size = size;
			return (int)h;
		}
	}
	return -1;
}

static void *cache_zalloc(size_t size)
{
	struct blk *b;
	int h;

	if (!size)	/* a size of 0 marks a free bucket */
		size = 1;
	h = bucket_of(size, false);
	if (h >= 0 && bucket[h].free.n) {
		b = bucket[h].free.b[--bucket[h].free.n];
		cached -= size;
	} else {
		b = malloc(sizeof(*b) + size);
		if (!b)
			return NULL;
		b->size = size;
		rl_asan_poison(b, sizeof(*b));
	}
	rl_asan_unpoison(payload(b), size);
	memset(payload(b), 0, size);
	return payload(b);
}

static void cache_free(void *p)
{
	struct blk *b;

	if (!p)
		return;
	b = (struct blk *)p - 1;
	rl_asan_poison(p, size_of(b));
	if (!push(&pending, b)) {	/* no room to wait: give it back */
		rl_asan_unpoison(b, sizeof(*b) + size_of(b));
		free(b);
	}
}

void rl_alloc_cache_end_input(void)
{
	while (pending.n) {
		struct blk *b = pending.b[--pending.n];
		size_t size = size_of(b);
		int h = cached + size <= CACHE_LIMIT ? bucket_of(size, true) : -1;

		if (h < 0 || !push(&bucket[h].free, b)) {
			rl_asan_unpoison(b, sizeof(*b) + size);
			free(b);
			continue;
		}
		cached += size;
	}
}

void rl_alloc_cache_install(void)
{
	rl_host_zalloc_fn = cache_zalloc;
	rl_host_free_fn = cache_free;
}
