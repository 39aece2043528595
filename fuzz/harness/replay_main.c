// SPDX-License-Identifier: GPL-2.0
/*
 * replay_main.c - run traces on the extracted driver, step by step.
 * `rl_replay --help` says how.  Each trace runs in a child process, so
 * that a sanitizer report or a signal is a finding of kind CRASH
 * (rl_crash.c).
 */
#include "rl_crash.h"
#include "rl_file.h"

static const char usage[] =
"usage: rl_replay [-q] [--variant NAMES|patched] [--patched] [--text|--bytes] FILE...\n"
"\n"
"Runs each trace (text, or the fuzz bytes a fuzzer saved: told apart by\n"
"content, or by --text / --bytes) on the extracted driver and prints\n"
"every operation with the objects it moved, then the findings.\n"
"\n"
"  -q               one line per trace: its verdict and first finding\n"
"  --variant NAMES  run with these bugs put back (comma separated, see\n"
"                   make variants); \"patched\" runs the patched driver.\n"
"                   It replaces the trace's own variant lines, and the\n"
"                   trace's expect line is set aside: the run passes when\n"
"                   it has no finding.\n"
"  --patched        the same as --variant patched\n"
"\n"
"Without --variant the trace's variant lines apply, else the variants in\n"
"RINGLEDGER_VARIANT (what the fuzz targets read).  A trace with\n"
"\"expect KIND\" passes when its first finding is of that kind; any other\n"
"when it has none.  RINGLEDGER_CHECK=incr or dual runs the fuzzers'\n"
"incremental per-step check (default: full).  Exit 0 when every trace\n"
"passed, 1 when one did not,\n"
"2 on bad input.\n";

static bool replay_one(const char *path, struct rl_trace *t, bool quiet)
{
	struct rl_run r = { 0 };
	struct rl_crash c;
	char line[640];
	bool ok;

	r.verbose = !quiet;
	r.digest_steps = true;
	/* full unless asked (make check-equiv compares the modes) */
	r.check_mode = rl_run_check_mode_from_env(RL_CHECK_FULL);
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
		printf("%s: %s; %u finding(s)%s%s%s; digest %016llx\n", path,
		       ok ? "as expected" : "NOT as expected",
		       (unsigned int)r.findings, r.findings ? ", first: " : "",
		       r.findings ? line : "", r.findings ? r.first_where : "",
		       (unsigned long long)r.digest);
	}
	if (t->has_expect && !ok)
		printf("%s: expected a %s finding\n", path,
		       rl_finding_kind_name(t->expect));
	return ok;
}

/* --variant LIST -> @driver's variant mask; exit 2 on an unknown name. */
static u64 parse_variants(enum rl_driver driver, const char *list)
{
	char err[128];
	u64 mask;

	if (rl_variants_parse_drv(driver, list, &mask, err, sizeof(err))) {
		fprintf(stderr, "ringledger: --variant: %s\n", err);
		exit(2);
	}
	return mask;
}

static void say_variants(const char *path, enum rl_driver driver, u64 mask,
			 u64 trace_mask)
{
	u32 i, nv;
	const struct rl_variant_info *tab = rl_variant_table(driver, &nv);

	printf("%s: variant ", path);
	if (!mask)
		printf("none (the patched driver)");
	for (i = 0; i < nv; i++)
		if (mask & BIT_ULL(i))
			printf("%s%s", tab[i].name,
			       mask & (BIT_ULL(i) - 1) ? "," : "");
	printf(" from the command line");
	if (trace_mask != mask) {
		printf("; the trace names ");
		if (!trace_mask)
			printf("none");
		for (i = 0; i < nv; i++)
			if (trace_mask & BIT_ULL(i))
				printf("%s ", tab[i].name);
	}
	printf("; its expect line is set aside\n");
}

int main(int argc, char **argv)
{
	static struct rl_trace t;
	const char *override_list = NULL;
	u64 override;
	bool quiet = false, overridden = false, all_ok = true;
	enum rl_form form = RL_FORM_AUTO;
	int i, files = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(argv[i], "-q")) {
			quiet = true;
		} else if (!strcmp(argv[i], "--patched") ||
			   !strcmp(argv[i], "-patched")) {
			overridden = true;
			override_list = NULL;
		} else if (!strcmp(argv[i], "--variant")) {
			if (++i == argc) {
				fprintf(stderr, "ringledger: --variant needs a name (or patched)\n");
				return 2;
			}
			overridden = true;
			override_list = argv[i];
		} else if (!strcmp(argv[i], "--text")) {
			form = RL_FORM_TEXT;
		} else if (!strcmp(argv[i], "--bytes")) {
			form = RL_FORM_BYTES;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "ringledger: unknown option '%s' (rl_replay --help)\n",
				argv[i]);
			return 2;
		}
	}
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1]) {
			i += !strcmp(argv[i], "--variant");
			continue;
		}
		files++;
		rl_file_load(argv[i], &t, form);
		/* names are the trace's driver's: a text trace names it */
		if (overridden) {
			override = override_list ?
				   parse_variants(t.driver, override_list) : 0;
			if (!quiet)
				say_variants(argv[i], t.driver, override,
					     rl_trace_variants(&t));
			rl_trace_set_variants(&t, override);
			t.has_expect = false;
		} else if (!rl_trace_variants(&t)) {
			rl_trace_set_variants(&t,
					      rl_run_variants_from_env(t.driver));
		}
		all_ok &= replay_one(argv[i], &t, quiet);
	}
	if (!files) {
		fprintf(stderr, "usage: rl_replay [-q] [--variant NAMES|patched] [--text|--bytes] FILE... (--help says more)\n");
		return 2;
	}
	return all_ok ? 0 : 1;
}
