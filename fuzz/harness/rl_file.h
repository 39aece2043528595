/* SPDX-License-Identifier: GPL-2.0 */
/* rl_file.h - load a trace from a file: *.trace is text, anything else
 * fuzz bytes.  Bad input: one line on stderr, exit 2.
 */
#ifndef RL_FILE_H
#define RL_FILE_H

#include "rl_trace.h"

void rl_file_load(const char *path, struct rl_trace *t, bool *is_text);
bool rl_file_is_text(const char *path);

#endif /* RL_FILE_H */
