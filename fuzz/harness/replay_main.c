// SPDX-License-Identifier: GPL-2.0
/*
 * replay_main.c - run traces (text *.trace or fuzz bytes) on the extracted
 * driver and print every step with its ledger deltas.
 *
 *   rl_replay [-q] [-patched] FILE...
 *
 * The variant comes from the trace's "variant" lines, else from
 * RINGLEDGER_VARIANT.  A trace with "expect KIND" must produce a finding of
 * that kind first; any other trace must produce none.  Each trace runs in
 * a child process, so that a sanitizer report or a signal is a finding of
 * kind CRASH (rl_crash.c).  Exit 0 when every file met its expectation, 1
 * when one did not, 2 on bad input.  With -patched, variant and expect
 * lines are ignored: the patched driver must run every trace without a
 * finding.
 */
#include "rl_crash.h"
#include "rl_file.h"

static bool replay_one(const char *path, struct rl_trace *t, bool quiet)
{
	struct rl_run r = { 0 };
	struct rl_crash c;
	char line[640];
	bool ok;

	r.verbose = !quiet;
	r.digest_steps = true;
	printf("== %s (%u operations)\n", path, (unsigned int)t->n_ops);
	if (!rl_crash_run(&r, t, &c)) {
		fprintf(stderr, "ringledger: %s: cannot start the run: %s\n", path,
			strerror(errno));
		exit(2);
	}
	if (c.crashed) {
		printf("  FINDING op %u (%s): %s\n", (unsigned int)c.op + 1,
		       c.op_text, c.line);
		ok = t->has_expect && t->expect == RL_F_CRASH;
		printf("%s: %s; 1 finding(s), first: %s\n", path,
		       ok ? "as expected" : "NOT as expected", c.line);
	} else {
		if (t->has_expect)
			ok = r.findings && r.first.kind == t->expect;
		else
			ok = !r.findings;
		if (r.findings)
			rl_finding_format(&r.first, line, sizeof(line));
		printf("%s: %s; %u finding(s)%s%s; digest %016llx\n", path,
		       ok ? "as expected" : "NOT as expected",
		       (unsigned int)r.findings, r.findings ? ", first: " : "",
		       r.findings ? line : "", (unsigned long long)r.digest);
	}
	if (t->has_expect && !ok)
		printf("%s: expected a %s finding\n", path,
		       rl_finding_kind_name(t->expect));
	return ok;
}

int main(int argc, char **argv)
{
	static struct rl_trace t;
	u32 env_variants = rl_run_variants_from_env();
	bool quiet = false, patched = false, all_ok = true;
	int i, files = 0;

	for (i = 1; i < argc; i++) {
		bool is_text;

		if (!strcmp(argv[i], "-q")) {
			quiet = true;
			continue;
		}
		if (!strcmp(argv[i], "-patched")) {
			patched = true;
			env_variants = 0;
			continue;
		}
		files++;
		rl_file_load(argv[i], &t, &is_text);
		if (patched) {
			t.cfg.variants = 0;
			t.has_expect = false;
		}
		if (!t.cfg.variants)
			t.cfg.variants = env_variants;
		all_ok &= replay_one(argv[i], &t, quiet);
	}
	if (!files) {
		fprintf(stderr, "usage: rl_replay [-q] [-patched] FILE... (*.trace text or fuzz bytes)\n");
		return 2;
	}
	return all_ok ? 0 : 1;
}
