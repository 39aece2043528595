// SPDX-License-Identifier: GPL-2.0
#include "rl_file.h"

#define RL_FILE_MAX	(1 << 20)

bool rl_file_is_text(const char *path)
{
	size_t n = strlen(path);

	return n > 6 && !strcmp(path + n - 6, ".trace");
}

void rl_file_load(const char *path, struct rl_trace *t, bool *is_text)
{
	static char buf[RL_FILE_MAX];
	char err[RL_TRACE_ERR_LEN];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		fprintf(stderr, "ringledger: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	*is_text = rl_file_is_text(path);
	if (!*is_text) {
		rl_trace_from_bytes(t, (const u8 *)buf, n);
		return;
	}
	if (rl_trace_parse(t, buf, n, path, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		exit(2);
	}
}
