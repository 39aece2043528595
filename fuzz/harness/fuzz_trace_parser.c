// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace_parser.c - the trace parser itself, fuzzed: any text parses
 * or fails with a one-line error, never crashes or hangs; what parses
 * formats back to text that parses to the same trace.
 */
#include "rl_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rl_trace a, b;
	static char text[65536];
	char err[RL_TRACE_ERR_LEN];
	int n;

	if (rl_trace_parse(&a, (const char *)data, size, "input", err,
			   sizeof(err))) {
		if (strncmp(err, "input:", 6) || !strstr(err, ": expected "))
			abort();
		return 0;
	}
	n = rl_trace_format(&a, text, sizeof(text));
	if (rl_trace_parse(&b, text, n, "formatted", err, sizeof(err)) ||
	    memcmp(&a, &b, sizeof(a)))
		abort();
	return 0;
}
