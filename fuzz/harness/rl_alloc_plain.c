// SPDX-License-Identifier: GPL-2.0
/*
 * rl_alloc_plain.c - the fuzz targets' model memory as it was before the
 * per-input block cache (rl_alloc_cache.c): calloc/free, ASan's own
 * allocator and quarantine.  Linked instead of the cache only into the
 * bench baseline (make bench BASELINE=1, fuzz/README.md "Before and after
 * issue 19"), so the same fuzzed code can be timed with and without it.
 */
#include "rl_alloc_cache.h"

void rl_alloc_cache_install(void)
{
	/* rl_host_zalloc_fn / rl_host_free_fn stay NULL: calloc/free */
}

void rl_alloc_cache_end_input(void)
{
}
