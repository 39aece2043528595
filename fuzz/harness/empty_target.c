// SPDX-License-Identifier: GPL-2.0
/* empty_target.c - the baseline for make bench-fuzz: same flags, no work. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return size && data[0] == 0xff && size > 1 && data[1] == 0xfe;
}
