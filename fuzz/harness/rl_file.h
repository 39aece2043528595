/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_file.h - load a trace from a file, text or fuzz bytes.  The form is
 * decided by the content (RL_FORM_AUTO) unless a caller says which.  Bad
 * input (missing, a directory, empty, over RL_FILE_MAX bytes, a text
 * error) is one line on stderr and exit 2.
 */
#ifndef RL_FILE_H
#define RL_FILE_H

#include "rl_trace.h"

/* Largest trace file read: far above 512 operations in either form. */
#define RL_FILE_MAX	(1 << 20)

enum rl_form {
	RL_FORM_AUTO,	/* text when it reads as a trace, else bytes */
	RL_FORM_TEXT,
	RL_FORM_BYTES,
};

/*
 * Load @path in @form; returns the form it was read as.  Bytes past what
 * the decoder uses (more than RL_TRACE_MAX_OPS operations) are ignored, as
 * the fuzz target ignores them: a note on stderr says so.
 */
enum rl_form rl_file_load(const char *path, struct rl_trace *t,
			  enum rl_form form);
/* Text or bytes by content: printable text whose first word is a trace's. */
bool rl_file_looks_like_text(const char *buf, size_t n);
/* The form an output file is written in: *.trace text, else bytes. */
bool rl_file_is_text_name(const char *path);

#endif /* RL_FILE_H */
