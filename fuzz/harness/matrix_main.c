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

enum state { S_DOWN, S_QUEUES_DOWN, S_UP, S_UP_XDP, S_UP_ZC, S_TEARDOWN_LATE, S_NR };

static const char * const state_names[S_NR] = {
	"down", "queues_down", "up", "up_xdp", "up_zc", "marker_pending",
};

static u32 matrix[S_NR][RL_OP_NR];

/* The driver state an operation meets (first that applies). */
static enum state classify(struct rl_world *w)
{
	struct am65_cpsw_common *c = w->common;
	u32 i;

	for (i = 0; i < c->tx_ch_num; i++)
		if (c->tx_chns[i].tx_chn->tdown.requested)
			return S_TEARDOWN_LATE;
	if (!c->usage_count)
		return S_DOWN;
	if (!c->queues_up)
		return S_QUEUES_DOWN;
	for (i = 0; i < c->rx_ch_num_flows; i++)
		if (c->rx_chns.flows[i].xsk_pool)
			return S_UP_ZC;
	for (i = 0; i < c->port_num; i++)
		if (c->ports[i].xdp_prog)
			return S_UP_XDP;
	return S_UP;
}

static void count(struct rl_run *r, struct rl_world *w, const struct rl_op *op)
{
	if (op)
		matrix[classify(w)][op->code]++;
}

int main(int argc, char **argv)
{
	static struct rl_trace t;
	char ytics[4096];
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
		/* the states are am65's (classify) */
		if (t.driver != RL_DRV_AM65) {
			fprintf(stderr, "ringledger: %s: the matrix is am65's; a %s trace has other states\n",
				argv[i], rl_driver_names[t.driver]);
			return 2;
		}
		rl_trace_set_variants(&t, 0);
		t.has_expect = false;
		rl_run_trace(&r, &t);
	}
	printf("%-15s", "op \\ state");
	for (s = 0; s < S_NR; s++)
		printf(" %14s", state_names[s]);
	printf("\n");
	dat = fopen(argv[1], "w");
	if (!dat) {
		fprintf(stderr, "ringledger: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	for (o = 0; o < RL_OP_NR; o++) {
		printf("%-15s", rl_op_table[o].name);
		for (s = 0; s < S_NR; s++) {
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
	printf("%u of %u state x operation cells exercised by %d inputs\n",
	       (unsigned int)covered, (unsigned int)(S_NR * RL_OP_NR), argc - 2);
	return 0;
}
