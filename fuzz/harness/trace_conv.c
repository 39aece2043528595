// SPDX-License-Identifier: GPL-2.0
/*
 * trace_conv.c - convert between the two forms of a trace.
 *
 *   rl_trace_conv [--text|--bytes] IN OUT
 *
 * IN is read as text or fuzz bytes by its content (or as the option
 * says); OUT is written as text when its name ends in .trace, as fuzz
 * bytes otherwise: text -> bytes, bytes -> text, text -> text (normalised).
 */
#include "rl_file.h"

static const char usage[] =
"usage: rl_trace_conv [--text|--bytes] IN OUT\n"
"  IN: a trace, text or fuzz bytes (told apart by content, or as the\n"
"  option says); OUT: written as text if it ends in .trace, else as fuzz\n"
"  bytes.  Exit 0, or 2 with one line on bad input.\n";

int main(int argc, char **argv)
{
	static struct rl_trace t;
	static u8 bytes[8192];
	static char text[65536];
	enum rl_form form = RL_FORM_AUTO;
	char err[RL_TRACE_ERR_LEN];
	const char *in, *out;
	FILE *f;
	int n, a = 1;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(usage, stdout);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--text"))
		form = RL_FORM_TEXT;
	else if (argc > 1 && !strcmp(argv[1], "--bytes"))
		form = RL_FORM_BYTES;
	a += form != RL_FORM_AUTO;
	if (argc - a != 2 || argv[a][0] == '-') {
		fprintf(stderr, "usage: rl_trace_conv [--text|--bytes] IN OUT (--help says more)\n");
		return 2;
	}
	in = argv[a];
	out = argv[a + 1];
	rl_file_load(in, &t, form);
	if (rl_file_is_text_name(out)) {
		n = rl_trace_format(&t, text, sizeof(text));
	} else {
		n = rl_trace_to_bytes(&t, bytes, sizeof(bytes), err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "ringledger: %s: %s\n", in, err);
			return 2;
		}
	}
	f = fopen(out, "wb");
	if (!f || fwrite(rl_file_is_text_name(out) ? (void *)text : (void *)bytes,
			 1, n, f) != (size_t)n) {
		fprintf(stderr, "ringledger: %s: cannot write\n", out);
		if (f)
			fclose(f);
		return 2;
	}
	fclose(f);
	return 0;
}
