// SPDX-License-Identifier: GPL-2.0
/*
 * rl_crash.c - a trace run in a child process; its death becomes a CRASH
 * finding named by the sanitizer's first line and the first driver (or
 * model) frame of its stack.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "rl_crash.h"

#define RL_CRASH_LOG_MAX	(256 * 1024)

/*
 * Sanitizer defaults of every program linking this file: UBSan prints the
 * stack the finding is named by (the runtimes read these hooks at start;
 * the environment still overrides them).
 */
const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
	return "print_stacktrace=1:halt_on_error=1";
}

/* What the child leaves for the parent, in shared memory. */
struct rl_crash_shared {
	u32 op;
	u32 step;
	u32 done;
	u32 findings;
	u32 first_op;
	struct rl_finding first;
	char first_where[160];
	u64 digest;
};

static void progress(struct rl_run *r, struct rl_world *w,
		     const struct rl_op *op)
{
	struct rl_crash_shared *sh = r->ctx;

	sh->op = op ? (u32)(op - r->trace->ops) : r->trace->n_ops;
	sh->step = w->m->ledger->step;
}

static void child(struct rl_run *r, const struct rl_trace *t,
		  struct rl_crash_shared *sh, int err_fd)
{
	dup2(err_fd, STDERR_FILENO);
	close(err_fd);
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(RL_CRASH_TIMEOUT);
	r->before_op = progress;
	r->ctx = sh;
	rl_run_trace(r, t);
	sh->findings = r->findings;
	sh->first = r->first;
	sh->first_op = r->first_op;
	memcpy(sh->first_where, r->first_where, sizeof(sh->first_where));
	sh->digest = r->digest;
	sh->done = 1;
	fflush(stdout);
	exit(0);
}

/* Everything the child wrote to stderr (the first RL_CRASH_LOG_MAX bytes). */
static char *slurp(int fd)
{
	size_t n = 0, cap = 4096;
	char *buf = malloc(cap + 1), tmp[4096];
	ssize_t got;

	if (!buf)
		return NULL;
	while ((got = read(fd, tmp, sizeof(tmp))) > 0) {
		if (n + got > RL_CRASH_LOG_MAX)
			continue;	/* keep reading: the child must not block */
		if (n + got > cap) {
			char *more = realloc(buf, 2 * (n + got) + 1);

			if (!more)
				continue;
			buf = more;
			cap = 2 * (n + got);
		}
		memcpy(buf + n, tmp, got);
		n += got;
	}
	buf[n] = 0;
	return buf;
}

/*
 * The sanitizer's headline at @p as "SANITIZER: what", without the parts
 * that change from run to run (pid, addresses, registers): "==12==ERROR:
 * AddressSanitizer: use-after-poison on address 0x61.. at pc .." gives
 * "AddressSanitizer: use-after-poison"; "f.c:1:2: runtime error: msg"
 * gives "UndefinedBehaviorSanitizer: msg".
 */
static void copy_headline(char *out, size_t cap, const char *p)
{
	const char *eol = strchr(p, '\n'), *q;
	size_t n;

	if (!eol)
		eol = p + strlen(p);
	q = strstr(p, "runtime error: ");
	if (q && q < eol) {
		n = (size_t)(eol - q) - strlen("runtime error: ");
		snprintf(out, cap, "UndefinedBehaviorSanitizer: %.*s", (int)n,
			 q + strlen("runtime error: "));
		return;
	}
	q = strstr(p, "ERROR: ");
	if (q && q < eol)
		p = q + strlen("ERROR: ");
	for (n = 0; p + n < eol; n++)
		if (!strncmp(p + n, " on ", 4) || !strncmp(p + n, " (pc", 4) ||
		    !strncmp(p + n, " at pc", 6))
			break;
	snprintf(out, cap, "%.*s", (int)n, p);
}

/* The sanitizer's headline, or NULL. */
static const char *headline(const char *log)
{
	static const char * const marks[] = {
		"ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
		"ERROR: UndefinedBehaviorSanitizer", "runtime error:",
	};
	const char *best = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(marks); i++) {
		const char *p = strstr(log, marks[i]);

		if (p && (!best || p < best))
			best = p;
	}
	while (best && best > log && best[-1] != '\n')
		best--;
	return best;
}

/*
 * "FUNC FILE:LINE" of the first stack frame in @dir ("driver/" or
 * "model/"), from a line like "    #3 0x4f5e2 in func /path/driver/x.c:12:3".
 */
static bool frame_in(const char *log, const char *dir, char *out, size_t cap)
{
	const char *p = log;

	while ((p = strstr(p, " in ")) != NULL) {
		const char *eol = strchr(p, '\n'), *file;
		char fn[96];
		int n;

		if (!eol)
			eol = p + strlen(p);
		file = strstr(p, dir);
		if (file && file < eol && sscanf(p + 4, "%95s", fn) == 1) {
			n = (int)(eol - file);
			snprintf(out, cap, " in %s (%.*s)", fn, n, file);
			return true;
		}
		p = eol;
	}
	return false;
}

static void describe(struct rl_crash *c, const struct rl_trace *t,
		     const char *log, int status)
{
	const char *head = log ? headline(log) : NULL;
	char what[200], where[200] = "", op[96];

	if (head) {
		copy_headline(what, sizeof(what), head);
		if (!frame_in(head, "driver/", where, sizeof(where)))
			frame_in(head, "model/", where, sizeof(where));
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
		snprintf(what, sizeof(what),
			 "hang: still running after %d s", RL_CRASH_TIMEOUT);
	} else if (WIFSIGNALED(status)) {
		snprintf(what, sizeof(what), "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	} else {
		snprintf(what, sizeof(what), "exited with status %d",
			 WEXITSTATUS(status));
	}
	if (c->op < t->n_ops)
		rl_trace_format_op(&t->ops[c->op], op, sizeof(op));
	else
		snprintf(op, sizeof(op), "remove + end-of-run oracle");
	snprintf(c->op_text, sizeof(c->op_text), "%s", op);
	snprintf(c->line, sizeof(c->line), "step %u: CRASH op#%u: %s%s",
		 (unsigned int)c->step, (unsigned int)c->op + 1, what, where);
}

bool rl_crash_run(struct rl_run *r, const struct rl_trace *t,
		  struct rl_crash *c)
{
	struct rl_crash_shared *sh;
	int fds[2], status = 0;
	char *log;
	pid_t pid;

	memset(c, 0, sizeof(*c));
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return false;
	memset(sh, 0, sizeof(*sh));
	if (pipe(fds)) {
		munmap(sh, sizeof(*sh));
		return false;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		munmap(sh, sizeof(*sh));
		return false;
	}
	if (!pid) {
		close(fds[0]);
		child(r, t, sh, fds[1]);
	}
	close(fds[1]);
	log = slurp(fds[0]);
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (log && *log)
		fputs(log, stderr);
	r->trace = t;
	if (sh->done && WIFEXITED(status) && !WEXITSTATUS(status)) {
		r->findings = sh->findings;
		r->first = sh->first;
		r->first_op = sh->first_op;
		memcpy(r->first_where, sh->first_where, sizeof(r->first_where));
		r->digest = sh->digest;
	} else if (!sh->done && WIFEXITED(status) && WEXITSTATUS(status) == 2 &&
		   !(log && headline(log))) {
		/* rl_run_trace refused the input: its one line is above */
		free(log);
		munmap(sh, sizeof(*sh));
		exit(2);
	} else {
		c->crashed = true;
		c->op = sh->op;
		c->step = sh->step;
		describe(c, t, log, status);
	}
	free(log);
	munmap(sh, sizeof(*sh));
	return true;
}
