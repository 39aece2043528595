// SPDX-License-Identifier: GPL-2.0
/*
 * variants_main.c - `make variants`: print the catalogue of re-injectable
 * bugs; with a name, check that it exists (exit 2 and say so if not).
 */
#include "am65_cpsw.h"

int main(int argc, char **argv)
{
	int i;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			if (rl_am65_variant_by_name(argv[i]) < 0) {
				fprintf(stderr, "ringledger: unknown variant '%s' (make variants lists them)\n",
					argv[i]);
				return 2;
			}
		return 0;
	}
	printf("%d bugs that can be put back into the patched am65-cpsw data path by name:\n\n",
	       RL_V_NR);
	for (i = 0; i < RL_V_NR; i++)
		printf("%-26s %s\n%-26s   upstream: %s\n", rl_am65_variants[i].name,
		       rl_am65_variants[i].what, "", rl_am65_variants[i].ref);
	return 0;
}
