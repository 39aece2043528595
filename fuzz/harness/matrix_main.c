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

int main(int argc, char **argv)
{
	static struct rl_trace t;
	char ytics[4096];
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
	/* the operation names as gnuplot tics, beside the data */
	snprintf(ytics, sizeof(ytics), "%s.ytics", argv[1]);
	dat = fopen(ytics, "w");
	if (!dat)
		return 2;
	fprintf(dat, "set ytics (");
	for (o = 0; o < RL_OP_NR; o++)
		fprintf(dat, "%s\"%s\" %u", o ? ", " : "", rl_op_table[o].name,
			(unsigned int)o);
	fprintf(dat, ")\n");
	fclose(dat);
	/* and the state names (one table: rl_world_state_names) */
	snprintf(ytics, sizeof(ytics), "%s.xtics", argv[1]);
	dat = fopen(ytics, "w");
	if (!dat)
		return 2;
	fprintf(dat, "set xtics (");
	for (s = 0; s < RL_WS_NR; s++)
		fprintf(dat, "%s\"%s\" %u", s ? ", " : "",
			rl_world_state_names[s], (unsigned int)s);
	fprintf(dat, ") rotate by -30\n");
	fclose(dat);
	printf("%u of %u state x operation cells exercised by %d inputs\n",
	       (unsigned int)covered, (unsigned int)(RL_WS_NR * RL_OP_NR), argc - 2);
	return 0;
}
