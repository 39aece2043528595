// SPDX-License-Identifier: GPL-2.0
/*
 * variants_main.c - `make variants`: print the catalogue of re-injectable
 * bugs; with names, check that they exist (exit 2 and say so if not).
 *   variants --tsv     name<TAB>finding kinds it is caught as<TAB>upstream
 *   variants --caught-as NAME KIND   exit 0 when KIND is one of them, 1 if not
 *   variants --bit NAME  its bit in the variant mask (RL_PROOF_VARIANTS)
 *   variants --profiles  name<TAB>members<TAB>what<TAB>revision read
 *   variants --expand SPEC   the variants of SPEC (names and profiles,
 *                            comma separated; -name takes one out), one a line
 * Each of them after "--driver stmmac" for the stmmac catalogue (am65's
 * by default; stmmac has no profiles yet).
 */
#include "am65_cpsw.h"
#include "stmmac.h"

/* The catalogue of the driver chosen (--driver). */
static const struct rl_variant_info *tab = rl_am65_variants;
static int ntab = RL_V_NR;
static const struct rl_profile_info *prof = rl_am65_profiles;
static bool stmmac;

static int vindex(const char *name)
{
	int i;

	for (i = 0; i < ntab; i++)
		if (!strcmp(name, tab[i].name))
			return i;
	return -1;
}

/* A variant's bit, or a profile's members; 0 when neither. */
static u64 vmask(const char *name)
{
	return stmmac ? rl_stmmac_variant_mask(name) : rl_am65_variant_mask(name);
}

static int unknown(const char *name)
{
	fprintf(stderr, "ringledger: unknown variant '%s' (make variants%s lists them)\n",
		name, stmmac ? " DRIVER=stmmac" : "");
	return 2;
}

static void print_kinds(u32 set, const char *sep)
{
	const char *s = "";
	int k;

	for (k = 0; k < RL_F_NR; k++)
		if (set & BIT(k)) {
			printf("%s%s", s, rl_finding_kind_name(k));
			s = sep;
		}
}

static void print_members(u64 set, const char *sep)
{
	const char *s = "";
	int v;

	for (v = 0; v < ntab; v++)
		if (set & BIT_ULL(v)) {
			printf("%s%s", s, tab[v].name);
			s = sep;
		}
}

/* The variant set of @spec, as RINGLEDGER_VARIANT reads it. */
static int expand(const char *spec)
{
	char buf[512], *p, *tok;
	u64 set = 0, m;
	int v;

	if (!spec || strlen(spec) >= sizeof(buf)) {
		fprintf(stderr, "usage: variants --expand NAME[,NAME|,-NAME]...\n");
		return 2;
	}
	strcpy(buf, spec);
	for (p = buf; (tok = strsep(&p, ","));) {
		bool minus = *tok == '-';

		m = vmask(tok + minus);
		if (!m)
			return unknown(tok + minus);
		set = minus ? set & ~m : set | m;
	}
	for (v = 0; v < ntab; v++)
		if (set & BIT_ULL(v))
			printf("%s\n", tab[v].name);
	return 0;
}

/* A profile is caught as any kind one of its bugs is caught as. */
static int caught_as(const char *name, const char *kind)
{
	u64 set = vmask(name);
	u32 kinds = 0;
	int v, k;

	if (!set)
		return unknown(name);
	for (v = 0; v < ntab; v++)
		if (set & BIT_ULL(v))
			kinds |= tab[v].caught_as;
	for (k = 1; k < RL_F_NR; k++)
		if (!strcmp(kind, rl_finding_kind_name(k)))
			return kinds & BIT(k) ? 0 : 1;
	fprintf(stderr, "ringledger: unknown finding kind '%s'\n", kind);
	return 2;
}

int main(int argc, char **argv)
{
	int i, nprof = RL_P_NR;

	if (argc > 2 && !strcmp(argv[1], "--driver")) {
		if (!strcmp(argv[2], "stmmac")) {
			tab = rl_stmmac_variants;
			ntab = RL_SV_NR;
			stmmac = true;
			prof = rl_stmmac_profiles;
			nprof = RL_SP_NR;
		} else if (strcmp(argv[2], "am65")) {
			fprintf(stderr, "ringledger: --driver %s: expected am65 or stmmac\n",
				argv[2]);
			return 2;
		}
		argc -= 2;
		argv += 2;
	}

	if (argc == 2 && !strcmp(argv[1], "--tsv")) {
		for (i = 0; i < ntab; i++) {
			printf("%s\t", tab[i].name);
			print_kinds(tab[i].caught_as, " ");
			printf("\t%s\n", tab[i].ref);
		}
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--markdown")) {
		/* the catalogue table (fuzz/docs.py keeps it current) */
		printf("| variant | what goes wrong (upstream's code) | upstream | the patched driver instead | caught as |\n");
		printf("| --- | --- | --- | --- | --- |\n");
		for (i = 0; i < ntab; i++) {
			printf("| %s | %s | %s | %s | ", tab[i].name,
			       tab[i].what, tab[i].ref,
			       tab[i].fix);
			print_kinds(tab[i].caught_as, ", ");
			printf(" |\n");
		}
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--expand"))
		return expand(argc == 3 ? argv[2] : NULL);
	if (argc == 2 && !strcmp(argv[1], "--profiles")) {
		for (i = 0; i < nprof; i++) {
			printf("%s\t", prof[i].name);
			print_members(prof[i].members, " ");
			printf("\t%s\t%s\n", prof[i].what,
			       prof[i].ref);
		}
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--profiles-markdown")) {
		printf("| profile | what | revision read | variants |\n");
		printf("| --- | --- | --- | --- |\n");
		for (i = 0; i < nprof; i++) {
			printf("| %s | %s | %s | ", prof[i].name,
			       prof[i].what, prof[i].ref);
			print_members(prof[i].members, ", ");
			printf(" |\n");
		}
		return 0;
	}
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: variants                  the catalogue, readable\n"
		       "       variants NAME...          exit 0 when every name is a variant\n"
		       "       variants --tsv            name, caught-as kinds, reference\n"
		       "       variants --markdown       the catalogue table (driver/am65-cpsw/README.md)\n"
		       "       variants --caught-as VARIANT KIND\n"
		       "       variants --bit VARIANT    its bit in the variant mask\n"
		       "       variants --profiles       name, members, what, revision\n"
		       "       variants --profiles-markdown  the profiles table\n"
		       "       variants --expand SPEC    the variants a name/profile list stands for\n"
		       "       variants --driver stmmac ...  the same for the stmmac catalogue\n");
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--bit")) {
		if (argc != 3) {
			fprintf(stderr, "usage: variants --bit VARIANT\n");
			return 2;
		}
		i = vindex(argv[2]);
		if (i < 0)
			return unknown(argv[2]);
		printf("%d\n", i);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--caught-as")) {
		if (argc != 4) {
			fprintf(stderr, "usage: variants --caught-as VARIANT KIND\n");
			return 2;
		}
		return caught_as(argv[2], argv[3]);
	}
	if (argc > 1) {
		for (i = 1; i < argc; i++)
			if (!vmask(argv[i]))
				return unknown(argv[i]);
		return 0;
	}
	printf("%d bugs that can be put back into the patched %s data path by name:\n\n",
	       ntab, stmmac ? "stmmac" : "am65-cpsw");
	for (i = 0; i < ntab; i++) {
		printf("%-26s %s\n%-26s   upstream: %s\n%-26s   caught as: ",
		       tab[i].name, tab[i].what, "",
		       tab[i].ref, "");
		print_kinds(tab[i].caught_as, ", ");
		printf("\n");
	}
	printf("\n%d profiles (VARIANT=name puts back all their bugs; name,-bug one less):\n\n",
	       nprof);
	for (i = 0; i < nprof; i++) {
		printf("%-26s %s\n%-26s   read: %s\n%-26s   bugs: ",
		       prof[i].name, prof[i].what, "",
		       prof[i].ref, "");
		print_members(prof[i].members, ", ");
		printf("\n");
	}
	printf("\nfinding kinds a bug can be caught as: ");
	print_kinds(~0U & ~1U, ", ");
	printf("\n(OOPS: a NULL or out-of-range object the model caught at the access; CRASH: a sanitizer report or a signal in the run - both an oops on hardware)\n");
	return 0;
}
