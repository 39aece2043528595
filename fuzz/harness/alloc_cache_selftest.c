// SPDX-License-Identifier: GPL-2.0
/*
 * alloc_cache_selftest.c - the fuzz targets' model-memory cache keeps
 * ASan's view (make crash-selftest):
 *   reuse   freed blocks serve the next input, zeroed; exit 0
 *   stale   a read through a pointer freed in the same input: ASan report
 *   early   a block freed in this input is not handed out again in it
 */
#include <stdio.h>
#include <string.h>
#include "rl_compat.h"
#include "rl_alloc_cache.h"

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	u32 *a, *b, *c;

	rl_alloc_cache_install();
	a = rl_zalloc(64);
	if (!a)
		return 2;
	a[3] = 7;
	rl_free(a);
	if (!strcmp(mode, "stale")) {
		fprintf(stderr, "read after free: %u\n", a[3]);
		return 0;	/* ASan did not stop the read */
	}
	b = rl_zalloc(64);
	if (!b)
		return 2;
	if (!strcmp(mode, "early"))
		return b == a ? 1 : 0;
	b[3] = 7;
	rl_free(b);
	rl_alloc_cache_end_input();
	c = rl_zalloc(64);
	/* one of the two freed blocks comes back, zeroed */
	if (!strcmp(mode, "reuse"))
		return (c == a || c == b) && !c[3] ? 0 : 1;
	fprintf(stderr, "usage: alloc_cache_selftest reuse|stale|early\n");
	return 2;
}
