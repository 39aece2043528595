// SPDX-License-Identifier: GPL-2.0
/*
 * rl_file.c - trace files: read whole (up to RL_FILE_MAX), form by content.
 */
#include <sys/stat.h>
#include "rl_file.h"
#include "rl_trace_table.h"
#include "rl_run.h"

bool rl_file_is_text_name(const char *path)
{
	size_t n = strlen(path);

	return n > 6 && !strcmp(path + n - 6, ".trace");
}

/* The first word of the first line that is neither blank nor a comment. */
static bool first_word_is_trace(const char *buf, size_t n)
{
	size_t i = 0, w;
	u32 code;

	while (i < n) {
		while (i < n && (buf[i] == ' ' || buf[i] == '\t' ||
				 buf[i] == '\r' || buf[i] == '\n'))
			i++;
		if (i < n && buf[i] != '#')
			break;
		while (i < n && buf[i] != '\n')
			i++;
	}
	for (w = i; w < n && buf[w] > ' '; w++)
		;
	w -= i;
	if (!w)
		return true;	/* only comments: a text trace, empty */
	if ((w == 6 && !strncmp(buf + i, "config", 6)) ||
	    (w == 7 && !strncmp(buf + i, "variant", 7)) ||
	    (w == 6 && !strncmp(buf + i, "expect", 6)))
		return true;
	for (code = 0; code < RL_OP_NR; code++)
		if (strlen(rl_op_table[code].name) == w &&
		    !strncmp(buf + i, rl_op_table[code].name, w))
			return true;
	return false;
}

bool rl_file_looks_like_text(const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = buf[i];

		if (c != '\n' && c != '\t' && c != '\r' && (c < ' ' || c > '~'))
			return false;
	}
	return first_word_is_trace(buf, n);
}

static void bad(const char *path, const char *what)
{
	fprintf(stderr, "ringledger: %s: %s\n", path, what);
	exit(2);
}

enum rl_form rl_file_load(const char *path, struct rl_trace *t,
			  enum rl_form form)
{
	static char buf[RL_FILE_MAX + 1];
	char err[RL_TRACE_ERR_LEN], what[96];
	struct stat st;
	size_t n;
	FILE *f;

	if (stat(path, &st))
		bad(path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		bad(path, "not a regular file (a trace is one file)");
	/* as fuzz bytes (--bytes) an empty input is the fuzzers' first one */
	if (!st.st_size && form != RL_FORM_BYTES)
		bad(path, "empty file: no trace in it (as fuzz bytes: --bytes)");
	if (st.st_size > RL_FILE_MAX) {
		snprintf(what, sizeof(what), "%lld bytes, over the %d-byte limit of a trace",
			 (long long)st.st_size, RL_FILE_MAX);
		bad(path, what);
	}
	f = fopen(path, "rb");
	if (!f)
		bad(path, strerror(errno));
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (n != (size_t)st.st_size)
		bad(path, "could not read the whole file");
	buf[n] = 0;
	if (form == RL_FORM_AUTO)
		form = rl_file_looks_like_text(buf, n) ? RL_FORM_TEXT :
							  RL_FORM_BYTES;
	if (form == RL_FORM_TEXT) {
		if (rl_trace_parse(t, buf, n, path, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			exit(2);
		}
		return form;
	}
	rl_trace_from_bytes_drv(t, rl_run_driver_from_env(), (const u8 *)buf, n);
	if (t->n_ops == RL_TRACE_MAX_OPS)
		fprintf(stderr, "ringledger: %s: note: only the first %d operations are decoded (as the fuzz target decodes them)\n",
			path, RL_TRACE_MAX_OPS);
	return form;
}
