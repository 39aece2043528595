// SPDX-License-Identifier: GPL-2.0
/*
 * matrix_main.c - make coverage: which operations ran in which driver
 * states, over a corpus.  Prints the state x operation matrix as text and
 * writes it as a gnuplot data file for the image.
 *
 *   rl_matrix OUT.dat FILE...
 */
#include "rl_run.h"
#include "rl_file.h"
#include "rl_trace_table.h"

static u32 matrix[RL_WS_NR][RL_OP_NR];

static void count(struct rl_run *r, struct rl_world *w, const struct rl_op *op)
{
	if (op && w->probed)
		matrix[w->drv->state(w)][op->code]++;
}

/* @base.@axis"tics": gnuplot's "set @axis tics (...)@tail" for @names */
static int write_tics(const char *base, const char *axis,
		      const char *const *names, u32 n, const char *tail)
{
	char path[4096];
	FILE *f;
	u32 i;

	snprintf(path, sizeof(path), "%s.%stics", base, axis);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "ringledger: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "set %stics (", axis);
	for (i = 0; i < n; i++)
		fprintf(f, "%s\"%s\" %u", i ? ", " : "", names[i],
			(unsigned int)i);
	fprintf(f, ")%s\n", tail);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	static struct rl_trace t;
	const char *op_names[RL_OP_NR];
	enum rl_driver driver = RL_DRV_AM65;
	u32 s, o, covered = 0;
	FILE *dat;
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: rl_matrix OUT.dat FILE...\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		struct rl_run r = { .before_op = count };

		rl_file_load(argv[i], &t, RL_FORM_AUTO);
		/* one driver per matrix: its states (rl_world_drv.state) */
		if (i > 2 && t.driver != driver) {
			fprintf(stderr, "ringledger: %s: a %s trace in a matrix of %s traces\n",
				argv[i], rl_driver_names[t.driver],
				rl_driver_names[driver]);
			return 2;
		}
		driver = t.driver;
		rl_trace_set_variants(&t, 0);
		t.has_expect = false;
		rl_run_trace(&r, &t);
	}
	printf("%-15s", "op \\ state");
	for (s = 0; s < RL_WS_NR; s++)
		printf(" %14s", rl_world_state_names[s]);
	printf("\n");
	dat = fopen(argv[1], "w");
	if (!dat) {
		fprintf(stderr, "ringledger: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	for (o = 0; o < RL_OP_NR; o++) {
		printf("%-15s", rl_op_table[o].name);
		for (s = 0; s < RL_WS_NR; s++) {
			printf(" %14u", (unsigned int)matrix[s][o]);
			fprintf(dat, "%u %u %u\n", (unsigned int)s, (unsigned int)o,
				(unsigned int)matrix[s][o]);
			covered += matrix[s][o] > 0;
		}
		printf("\n");
		fprintf(dat, "\n");
	}
	fclose(dat);
	/* the tics of both axes, beside the data */
	for (o = 0; o < RL_OP_NR; o++)
		op_names[o] = rl_op_table[o].name;
	if (write_tics(argv[1], "y", op_names, RL_OP_NR, "") ||
	    write_tics(argv[1], "x", rl_world_state_names, RL_WS_NR,
		       " rotate by -30"))
		return 2;
	printf("%u of %u state x operation cells exercised by %d inputs\n",
	       (unsigned int)covered, (unsigned int)(RL_WS_NR * RL_OP_NR), argc - 2);
	return 0;
}
