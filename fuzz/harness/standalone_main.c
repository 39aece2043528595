// SPDX-License-Identifier: GPL-2.0
/*
 * standalone_main.c - the plain build of a fuzz target: run each input
 * file once through LLVMFuzzerTestOneInput, no fuzzing engine.  Inputs
 * are fuzz bytes, as a fuzzer saved them; a text trace is refused (the
 * replay tool runs those).
 */
#include <sys/stat.h>
#include "rl_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char usage[] =
"usage: %s INPUT...\n"
"  runs each fuzz input once through the fuzz target (a finding aborts\n"
"  with one line); for text traces use rl_replay (make replay TRACE=...).\n";

int main(int argc, char **argv)
{
	static char buf[RL_FILE_MAX + 1];
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s INPUT... (--help says more)\n", argv[0]);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		printf(usage, argv[0]);
		return 0;
	}
	for (i = 1; i < argc; i++) {
		struct stat st;
		FILE *f;
		size_t n;

		if (stat(argv[i], &st) || !S_ISREG(st.st_mode) ||
		    st.st_size > RL_FILE_MAX) {
			fprintf(stderr, "ringledger: %s: %s\n", argv[i],
				errno && !S_ISREG(st.st_mode) ? strerror(errno) :
				"not a regular file of at most 1 MiB");
			return 2;
		}
		f = fopen(argv[i], "rb");
		if (!f) {
			fprintf(stderr, "ringledger: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		if (n && rl_file_looks_like_text(buf, n)) {
			fprintf(stderr, "ringledger: %s: a text trace, not fuzz bytes: run it with rl_replay (make replay TRACE=%s)\n",
				argv[i], argv[i]);
			return 2;
		}
		LLVMFuzzerTestOneInput((const uint8_t *)buf, n);
	}
	printf("%d input(s) ran clean\n", argc - 1);
	return 0;
}
