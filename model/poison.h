/* SPDX-License-Identifier: GPL-2.0 */
/*
 * poison.h - freed memory the model owns reads as poison, as SLUB makes it
 * with slub_debug=P: every byte POISON_FREE (0x6b, include/linux/poison.h).
 * Descriptors, skbs, xdp_frames, pages and XSK buffers are filled with it
 * when they are freed; host fuzz builds also poison the bytes for ASan
 * (rl_asan_poison in rl_compat.h), so that a read through a stale pointer
 * is a sanitizer report at the read.  A value read from such memory and
 * used as an object id or a DMA address is caught by the lookups
 * (rl_model_poison_used): on hardware, the 0x6b6b6b6b6b6b6b6b pointer of a
 * general protection fault.  Writes after free are caught on reuse, as
 * SLUB's check_object() does ("Poison overwritten").
 */
#ifndef RL_POISON_H
#define RL_POISON_H

#include "rl_compat.h"

#define RL_POISON_FREE	0x6b
#define RL_POISON_U32	0x6b6b6b6bU
#define RL_POISON_U64	0x6b6b6b6b6b6b6b6bULL

/* A 32- or 64-bit value that was read from freed memory. */
static inline bool rl_is_poison(u64 v)
{
	return v == RL_POISON_U64 || v == RL_POISON_U32;
}

/* Fill freed memory with the pattern, then hide it from ASan. */
static inline void rl_poison_free(void *p, size_t n)
{
	memset(p, RL_POISON_FREE, n);
	rl_asan_poison(p, n);
}

/*
 * Make memory usable again; true when the pattern survived (nobody wrote
 * to it while it was free).
 */
static inline bool rl_poison_take(void *p, size_t n)
{
	const u8 *b = p;
	size_t i;

	rl_asan_unpoison(p, n);
	for (i = 0; i < n; i++)
		if (b[i] != RL_POISON_FREE)
			return false;
	return true;
}

#endif /* RL_POISON_H */
