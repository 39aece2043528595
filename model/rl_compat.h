/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_compat.h - the one place where the host build and the kernel build
 * differ.  Every other file of model/, driver/ and kunit/suites/ includes
 * this header and is free of preprocessor conditionals, so the same text
 * compiles in user space (over libc) and in-kernel (KUnit).
 *
 * All mocked facilities are named rl_* so that, in-kernel, they never clash
 * with the real symbols they stand for (dma_map_single, page_pool_create...).
 */
#ifndef RL_COMPAT_H
#define RL_COMPAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/errno.h>

static inline void *rl_zalloc(size_t size)
{
	return kzalloc(size, GFP_KERNEL);
}

static inline void rl_free(void *p)
{
	kfree(p);
}

#define rl_log(fmt, ...) pr_err("ringledger: " fmt, ##__VA_ARGS__)

/* Host runs read settings from the environment; in-kernel there is none. */
static inline const char *rl_host_getenv(const char *name)
{
	return NULL;
}

/*
 * In-kernel the poison pattern alone marks freed model memory (model/
 * poison.h): KASAN cannot be told about the inside of one kmalloc block
 * from a module, and the pattern is checked again on reuse, as SLUB does.
 */
static inline void rl_asan_poison(const void *p, size_t n)
{
}

static inline void rl_asan_unpoison(const void *p, size_t n)
{
}

#else /* host */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

/*
 * A host program may take the model's allocations over by setting these
 * two (defined in model.c): the fuzz targets' per-input block cache,
 * fuzz/harness/rl_alloc_cache.c.  Every other host build leaves them NULL
 * and gets calloc/free with the sanitizer's full reports.
 */
extern void *(*rl_host_zalloc_fn)(size_t size);
extern void (*rl_host_free_fn)(void *p);

static inline void *rl_zalloc(size_t size)
{
	return rl_host_zalloc_fn ? rl_host_zalloc_fn(size) : calloc(1, size);
}

static inline void rl_free(void *p)
{
	if (rl_host_free_fn)
		rl_host_free_fn(p);
	else
		free(p);
}

#define rl_log(fmt, ...) fprintf(stderr, "ringledger: " fmt, ##__VA_ARGS__)

static inline const char *rl_host_getenv(const char *name)
{
	return getenv(name);
}

/*
 * Host fuzz builds (-DRL_ASAN_POISON) also poison freed model memory for
 * ASan, so that a read through a stale pointer is a sanitizer report at
 * the instruction that reads (KASAN's role in-kernel).  The macros of
 * asan_interface.h expand to nothing in a build without ASan.  The KUnit
 * host build leaves it out: its variant scenarios read freed memory on
 * purpose and must go on to see the ledger's finding.
 */
#ifdef RL_ASAN_POISON
#include <sanitizer/asan_interface.h>
#define rl_asan_poison(p, n)	ASAN_POISON_MEMORY_REGION((p), (n))
#define rl_asan_unpoison(p, n)	ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define rl_asan_poison(p, n)	((void)(p), (void)(n))
#define rl_asan_unpoison(p, n)	((void)(p), (void)(n))
#endif

#ifndef U32_MAX
#define U32_MAX ((u32)~0U)
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#ifndef BIT
#define BIT(n) (1UL << (n))
#endif
#ifndef BIT_ULL
#define BIT_ULL(n) (1ULL << (n))
#endif
#ifndef min
#define min(a, b) ((a) < (b) ? (a) : (b))
#endif
#ifndef max
#define max(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif
#endif /* __KERNEL__ */

/* A DMA address in the model: 64 bits on every build, never a host pointer. */
typedef u64 rl_dma_addr_t;

/*
 * The set of re-injected bugs a driver runs with.  The proofs
 * (proofs/prove.sh) fix it at build time: none for the patched driver, one
 * for a variant.  Nothing writes it after probe, so this is the value the
 * run would read, without a memory read every later call must preserve.
 */
#ifdef RL_PROOF_VARIANTS
#define rl_variant_set(cfg)	((u64)(RL_PROOF_VARIANTS))
#else
#define rl_variant_set(cfg)	((cfg)->variants)
#endif

#endif /* RL_COMPAT_H */
