// SPDX-License-Identifier: GPL-2.0
/*
 * standalone_main.c - the plain build of a fuzz target: run each input
 * file once through LLVMFuzzerTestOneInput, no fuzzing engine.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	static uint8_t buf[1 << 20];
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s INPUT...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t n;

		if (!f) {
			fprintf(stderr, "ringledger: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
	}
	printf("%d input(s) ran clean\n", argc - 1);
	return 0;
}
