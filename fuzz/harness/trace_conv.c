// SPDX-License-Identifier: GPL-2.0
/*
 * trace_conv.c - convert between the two forms of a trace.
 *
 *   rl_trace_conv IN OUT
 *
 * IN and OUT are *.trace text or fuzz bytes (by the same rule as replay):
 * text -> bytes, bytes -> text, text -> text (normalised).
 */
#include "rl_file.h"

int main(int argc, char **argv)
{
	static struct rl_trace t;
	static u8 bytes[8192];
	static char text[65536];
	char err[RL_TRACE_ERR_LEN];
	bool is_text;
	FILE *f;
	int n;

	if (argc != 3) {
		fprintf(stderr, "usage: rl_trace_conv IN OUT (*.trace is text, anything else fuzz bytes)\n");
		return 2;
	}
	rl_file_load(argv[1], &t, &is_text);
	if (rl_file_is_text(argv[2])) {
		n = rl_trace_format(&t, text, sizeof(text));
	} else {
		n = rl_trace_to_bytes(&t, bytes, sizeof(bytes), err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "ringledger: %s: %s\n", argv[1], err);
			return 2;
		}
	}
	f = fopen(argv[2], "wb");
	if (!f || fwrite(rl_file_is_text(argv[2]) ? (void *)text : (void *)bytes,
			 1, n, f) != (size_t)n) {
		fprintf(stderr, "ringledger: %s: cannot write\n", argv[2]);
		return 2;
	}
	fclose(f);
	return 0;
}
