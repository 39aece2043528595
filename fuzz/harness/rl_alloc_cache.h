/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_alloc_cache.h - the fuzz targets' allocator for model memory: blocks
 * freed during an input stay poisoned until the input ends, then serve the
 * next inputs' allocations of the same size.
 */
#ifndef RL_ALLOC_CACHE_H
#define RL_ALLOC_CACHE_H

/* From now on the model allocates here (before the first world). */
void rl_alloc_cache_install(void);
/* End of an input: what it freed may be handed out again. */
void rl_alloc_cache_end_input(void);

#endif /* RL_ALLOC_CACHE_H */
