// SPDX-License-Identifier: GPL-2.0
/*
 * costs_main.c - make costs / make costs-check: work per packet of every
 * workload x mode x size (fuzz/trace/rl_costs.c), as a table, CSV, JSON
 * and a gnuplot data file, and the gate against committed counts.
 *
 *   rl_costs [--perf NAME[,NAME]] [--variants LIST] [--csv F] [--json F] [--dat F]
 *            [--write F] [--check F] [--quiet] [--trace DRV:W/M/SIZE] [--list-perf]
 *            [--markdown] [--seeds] [--cost-table]
 *
 * --check F: exit 1 when a count per packet rises above F's (naming the
 * workload, the counter and the delta), when a run has a ledger finding
 * or stalls, or when F and the runs do not cover the same cases.
 * --variants LIST (catalogued bugs or a profile, e.g. v2): the workloads
 * on that code; a stall or a finding is then reported, not a failure of
 * the table (the seed's l2fwd zero-copy 0).  --variants and --perf apply
 * to the am65 workloads (stmmac's run on the patched driver); --perf names
 * performance variants of either driver, each applied to its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "rl_costs.h"

#define MAX_ROWS 128

struct row {
	const struct rl_costs_case *c;
	u32 len;
	struct rl_costs_result r;
	char blame[128];	/* the variants that stall this row alone */
};

static struct row rows[MAX_ROWS];
static u32 nrows;

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "rl_costs: %s%s\n", msg, arg ? arg : "");
	exit(2);
}

/* performance variants by name, into each driver's mask */
static void parse_perf(const char *list, u32 *mask)
{
	char name[64];
	int d, k;

	while (*list) {
		size_t n = strcspn(list, ",");

		if (!n || n >= sizeof(name))
			die("bad performance variant list: ", list);
		memcpy(name, list, n);
		name[n] = '\0';
		for (d = 0, k = -1; d < RL_DRV_NR && k < 0; d++)
			k = rl_perf_by_name_drv(d, name);
		if (k < 0)
			die("no such performance variant: ", name);
		mask[d - 1] |= BIT(k);
		list += n + (list[n] == ',');
	}
}

static enum rl_driver case_driver(const struct rl_costs_case *c)
{
	int d = rl_driver_by_name(c->driver);

	return d < 0 ? RL_DRV_AM65 : d;
}

static FILE *open_out(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "rl_costs: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	return f;
}

static void close_out(FILE *f, const char *path)
{
	if (fclose(f)) {
		fprintf(stderr, "rl_costs: %s: %s\n", path, strerror(errno));
		exit(2);
	}
}

/* hundredths as "12.34" */
static const char *x100(u64 v, char *buf)
{
	sprintf(buf, "%llu.%02llu", (unsigned long long)(v / 100),
		(unsigned long long)(v % 100));
	return buf;
}

/* as wide as the counter's name, and byte counts run to thousands */
static int width(enum rl_cost k)
{
	int w = k == RL_COST_CACHE_BYTES || k == RL_COST_COPY_BYTES ? 8 : 6;
	int n = (int)strlen(rl_cost_info[k].name);

	return n > w ? n : w;
}

static void print_table(void)
{
	static const enum rl_cost cols[] = {
		RL_COST_DMA_MAP, RL_COST_DMA_UNMAP, RL_COST_SYNC_CPU,
		RL_COST_SYNC_DEV, RL_COST_CACHE_BYTES, RL_COST_PAGE_ALLOC,
		RL_COST_PP_FAST, RL_COST_PP_SLOW, RL_COST_SKB_ALLOC,
		RL_COST_SKB_BUILD, RL_COST_COPY_BYTES, RL_COST_RING_PUSH,
		RL_COST_RING_POP, RL_COST_DOORBELL, RL_COST_NAPI_POLL,
		RL_COST_IRQ, RL_COST_XSK_RING,
	};
	char b[32];
	u32 i, k;

	printf("%-6s %-9s %-6s %5s", "driver", "workload", "mode", "size");
	for (k = 0; k < ARRAY_SIZE(cols); k++)
		printf(" %*s", width(cols[k]), rl_cost_info[cols[k]].name);
	printf(" %8s\n", "A53cyc");
	for (i = 0; i < nrows; i++) {
		const struct row *w = &rows[i];

		printf("%-6s %-9s %-6s %5u", w->c->driver, w->c->workload,
		       w->c->mode, w->len);
		for (k = 0; k < ARRAY_SIZE(cols); k++)
			printf(" %*s", width(cols[k]),
			       x100(rl_costs_per_pkt_x100(&w->r, cols[k]), b));
		printf(" %8llu%s%s%s%s\n",
		       (unsigned long long)rl_costs_cycles_per_pkt(&w->r),
		       w->r.stalled ? "  STALLED" :
		       w->r.findings ? "  FINDING" : "",
		       w->blame[0] ? " (alone: " : "", w->blame,
		       w->blame[0] ? ")" : "");
	}
	printf("(per packet, %u measured packets after %u warm-up batches of %u; "
	       "A53cyc: model/cost.h's estimates)\n", RL_COSTS_PACKETS,
	       RL_COSTS_WARM, RL_COSTS_BATCH);
}

/* --markdown: the README's table, one row per workload/mode/size */
static void print_markdown(void)
{
	static const enum rl_cost cols[] = {
		RL_COST_DMA_MAP, RL_COST_DMA_UNMAP, RL_COST_SYNC_CPU,
		RL_COST_SYNC_DEV, RL_COST_CACHE_BYTES, RL_COST_PAGE_ALLOC,
		RL_COST_SKB_ALLOC, RL_COST_SKB_BUILD, RL_COST_COPY_BYTES,
		RL_COST_DOORBELL, RL_COST_IRQ,
	};
	char b[32];
	u32 i, k;

	printf("| driver | workload | mode | size |");
	for (k = 0; k < ARRAY_SIZE(cols); k++)
		printf(" %s |", rl_cost_info[cols[k]].name);
	printf(" est. A53 cycles | same, coherent DMA | RX / TX of %u |\n|---|---|---|--:|",
	       RL_COSTS_PACKETS);
	for (k = 0; k < ARRAY_SIZE(cols); k++)
		printf("--:|");
	printf("--:|--:|---|\n");
	for (i = 0; i < nrows; i++) {
		const struct row *w = &rows[i];

		printf("| %s | %s | %s | %u |", w->c->driver, w->c->workload,
		       w->c->mode, w->len);
		for (k = 0; k < ARRAY_SIZE(cols); k++)
			printf(" %s |", x100(rl_costs_per_pkt_x100(&w->r, cols[k]), b));
		printf(" %llu | %llu | %u / %u%s%s%s%s%s%s |\n",
		       (unsigned long long)rl_costs_cycles_per_pkt(&w->r),
		       (unsigned long long)rl_costs_cycles_per_pkt_coherent(&w->r),
		       w->r.rx, w->r.tx, w->r.stalled ? " **stalled**" : "",
		       w->r.findings ? ": " : "", w->r.findings ? w->r.first : "",
		       w->blame[0] ? " (alone: " : "", w->blame,
		       w->blame[0] ? ")" : "");
	}
}

static struct row *find_row(const char *drv, const char *wl, const char *mode,
			    u32 len);

/*
 * The seeds' xdpsock figures at 64 bytes (packets per second, thousands):
 * am65 from the v2 zero-copy series' cover letter (AM62x-sk, one A53 at
 * 1.4 GHz, DMA not coherent), stmmac from the 2021 zero-copy series' cover
 * letter (Intel mGbE on an x86 host, DMA coherent).  Modes: skb, native
 * (copy), zero copy; 0 = the run moved nothing.
 */
static const struct {
	const char *driver, *workload;
	unsigned int kpps[3];
	bool coherent;
} seeds[] = {
	{ "am65", "rxdrop", { 322, 491, 845 }, false },
	{ "am65", "txonly", { 390, 394, 723 }, false },
	{ "am65", "l2fwd", { 205, 257, 0 }, false },
	{ "stmmac", "rxdrop", { 112, 681, 704 }, true },
	{ "stmmac", "txonly", { 140, 139, 447 }, true },
	{ "stmmac", "l2fwd", { 85, 132, 468 }, true },
};

static const char *const seed_modes[3] = { "skb", "native", "zc" };

/* a and b within 5% of each other */
static bool close_to(u64 a, u64 b)
{
	return a * 100 <= b * 105 && b * 100 <= a * 105;
}

/*
 * --seeds: per seed row, the model's estimated cycles a 64-byte packet
 * (coherent DMA where the seed's host had it) next to the seed's pps, and
 * whether the two order the modes alike: more pps must mean fewer cycles,
 * equal (5%) must mean equal.  A mode the seed measured at 0 or the model
 * lacks is left out of the order.
 */
static void print_seeds(void)
{
	u32 i, a, b;

	printf("| driver | xdpsock 64 B | seed kpps skb / native / zc | model cycles skb / native / zc | order |\n|---|---|---|---|---|\n");
	for (i = 0; i < ARRAY_SIZE(seeds); i++) {
		const struct row *row[3];
		u64 cyc[3];
		bool have[3], same = true;
		char why[96] = "";

		for (a = 0; a < 3; a++) {
			const struct row *w = find_row(seeds[i].driver,
						       seeds[i].workload,
						       seed_modes[a], 64);

			row[a] = w;
			have[a] = w && !w->r.stalled && seeds[i].kpps[a];
			cyc[a] = !w ? 0 : seeds[i].coherent ?
				 rl_costs_cycles_per_pkt_coherent(&w->r) :
				 rl_costs_cycles_per_pkt(&w->r);
		}
		for (a = 0; a < 3; a++)
			for (b = a + 1; b < 3; b++) {
				unsigned int pa = seeds[i].kpps[a], pb = seeds[i].kpps[b];
				bool ok;

				if (!have[a] || !have[b])
					continue;
				ok = close_to(pa, pb) ? close_to(cyc[a], cyc[b]) :
				     (pa > pb) == (cyc[a] < cyc[b]);
				if (!ok && same)
					snprintf(why, sizeof(why), ": %s against %s",
						 seed_modes[a], seed_modes[b]);
				same &= ok;
			}
		printf("| %s | %s | %u / %u / %u | ", seeds[i].driver,
		       seeds[i].workload, seeds[i].kpps[0], seeds[i].kpps[1],
		       seeds[i].kpps[2]);
		for (a = 0; a < 3; a++) {
			if (!row[a])
				printf("-");
			else
				printf("%llu%s", (unsigned long long)cyc[a],
				       row[a]->r.stalled ? " (stalls)" : "");
			printf("%s", a < 2 ? " / " : "");
		}
		printf("%s | %s%s |\n", seeds[i].coherent ? " (coherent)" : "",
		       same ? "same" : "differs", why);
	}
}

/* --cost-table: model/cost.h's per-operation estimates and sources */
static void print_cost_table(void)
{
	u32 k;

	printf("| counter | unit | A53 cycles per unit | where the estimate comes from |\n|---|---|--:|---|\n");
	for (k = 0; k < RL_COST_NR; k++)
		printf("| %s | %s | %u | %s |\n", rl_cost_info[k].name,
		       rl_cost_info[k].unit, rl_cost_info[k].a53_cycles,
		       rl_cost_info[k].source);
}

/*
 * A stalled row under several variants: which of them stalls it alone
 * (each member of the profile run by itself), into row->blame.
 */
static void attribute(struct row *w, u32 perf, u64 variants)
{
	struct rl_costs_result one;
	char err[256];
	size_t n = 0;
	u32 v;

	for (v = 0; v < RL_V_NR; v++) {
		if (!(variants & BIT_ULL(v)))
			continue;
		if (rl_costs_run(w->c, w->len, perf, BIT_ULL(v), &one, err,
				 sizeof(err)))
			die(err, NULL);
		if (one.stalled && n < sizeof(w->blame))
			n += snprintf(w->blame + n, sizeof(w->blame) - n, "%s%s",
				      n ? ", " : "", rl_am65_variants[v].name);
	}
	if (!n)
		snprintf(w->blame, sizeof(w->blame), "no single variant");
}

static void write_csv(const char *path)
{
	FILE *f = open_out(path);
	char b[32];
	u32 i, k;

	fprintf(f, "driver,workload,mode,size");
	for (k = 0; k < RL_COST_NR; k++)
		fprintf(f, ",%s", rl_cost_info[k].name);
	fprintf(f, ",a53_cycles,stalled,findings\n");
	for (i = 0; i < nrows; i++) {
		fprintf(f, "%s,%s,%s,%u", rows[i].c->driver, rows[i].c->workload,
			rows[i].c->mode, rows[i].len);
		for (k = 0; k < RL_COST_NR; k++)
			fprintf(f, ",%s",
				x100(rl_costs_per_pkt_x100(&rows[i].r, k), b));
		fprintf(f, ",%llu,%d,%u\n",
			(unsigned long long)rl_costs_cycles_per_pkt(&rows[i].r),
			rows[i].r.stalled, rows[i].r.findings);
	}
	close_out(f, path);
}

static void write_json(const char *path)
{
	FILE *f = open_out(path);
	char b[32];
	u32 i, k;

	fprintf(f, "{\n  \"packets\": %u,\n  \"counters\": [", RL_COSTS_PACKETS);
	for (k = 0; k < RL_COST_NR; k++)
		fprintf(f, "%s\n    {\"name\": \"%s\", \"unit\": \"%s\", \"a53_cycles\": %u}",
			k ? "," : "", rl_cost_info[k].name, rl_cost_info[k].unit,
			rl_cost_info[k].a53_cycles);
	fprintf(f, "\n  ],\n  \"runs\": [");
	for (i = 0; i < nrows; i++) {
		fprintf(f, "%s\n    {\"driver\": \"%s\", \"workload\": \"%s\", \"mode\": \"%s\", \"size\": %u, "
			"\"a53_cycles\": %llu, \"stalled\": %s, \"findings\": %u, \"per_packet\": {",
			i ? "," : "", rows[i].c->driver, rows[i].c->workload,
			rows[i].c->mode, rows[i].len,
			(unsigned long long)rl_costs_cycles_per_pkt(&rows[i].r),
			rows[i].r.stalled ? "true" : "false", rows[i].r.findings);
		for (k = 0; k < RL_COST_NR; k++)
			fprintf(f, "%s\"%s\": %s", k ? ", " : "", rl_cost_info[k].name,
				x100(rl_costs_per_pkt_x100(&rows[i].r, k), b));
		fprintf(f, "}}");
	}
	fprintf(f, "\n  ]\n}\n");
	close_out(f, path);
}

/* gnuplot: one line per workload/mode, estimated cycles at each size */
static void write_dat(const char *path)
{
	FILE *f = open_out(path);
	u32 i, s;

	fprintf(f, "# case");
	for (s = 0; s < rl_costs_nr_sizes; s++)
		fprintf(f, " %u", rl_costs_sizes[s]);
	fprintf(f, "\n");
	for (i = 0; i < nrows; i += rl_costs_nr_sizes) {
		fprintf(f, "%s:%s/%s", rows[i].c->driver, rows[i].c->workload,
			rows[i].c->mode);
		for (s = 0; s < rl_costs_nr_sizes && i + s < nrows; s++)
			fprintf(f, " %llu", (unsigned long long)
				rl_costs_cycles_per_pkt(&rows[i + s].r));
		fprintf(f, "\n");
	}
	close_out(f, path);
}

static void write_gate(const char *path)
{
	FILE *f = open_out(path);
	char b[32];
	u32 i, k;

	fprintf(f, "# Expected work per packet (hundredths) of the patched driver:\n"
		   "# make costs-check fails when a count rises above its line.\n"
		   "# Written by make costs-update (rl_costs --write); review the diff.\n");
	for (i = 0; i < nrows; i++)
		for (k = 0; k < RL_COST_NR; k++)
			fprintf(f, "%s %s %s %u %s %s\n", rows[i].c->driver,
				rows[i].c->workload, rows[i].c->mode, rows[i].len,
				rl_cost_info[k].name,
				x100(rl_costs_per_pkt_x100(&rows[i].r, k), b));
	close_out(f, path);
}

static int cost_by_name(const char *name)
{
	int k;

	for (k = 0; k < RL_COST_NR; k++)
		if (!strcmp(name, rl_cost_info[k].name))
			return k;
	return -1;
}

static struct row *find_row(const char *drv, const char *wl, const char *mode,
			    u32 len)
{
	u32 i;

	for (i = 0; i < nrows; i++)
		if (!strcmp(rows[i].c->driver, drv) &&
		    !strcmp(rows[i].c->workload, wl) &&
		    !strcmp(rows[i].c->mode, mode) && rows[i].len == len)
			return &rows[i];
	return NULL;
}

/* "12.34" -> 1234; false on anything else */
static bool parse_x100(const char *s, u64 *v)
{
	unsigned long long a, b;
	char tail;

	if (sscanf(s, "%llu.%2llu%c", &a, &b, &tail) != 2 || strlen(strchr(s, '.')) != 3)
		return false;
	*v = a * 100 + b;
	return true;
}

static int check_gate(const char *path)
{
	static bool seen[MAX_ROWS][RL_COST_NR];
	char line[256], drv[16], wl[32], mode[32], name[48], val[32];
	char b1[32], b2[32];
	FILE *f = fopen(path, "r");
	u32 lineno = 0, i, bad = 0, lines = 0;

	if (!f) {
		fprintf(stderr, "rl_costs: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		struct row *w;
		unsigned int len;
		u64 want, got;
		int k;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%15s %31s %31s %u %47s %31s", drv, wl, mode, &len,
			   name, val) != 6 ||
		    (k = cost_by_name(name)) < 0 || !parse_x100(val, &want)) {
			fprintf(stderr, "rl_costs: %s:%u: expected \"DRIVER WORKLOAD MODE SIZE COUNTER N.NN\"\n",
				path, lineno);
			exit(2);
		}
		lines++;
		w = find_row(drv, wl, mode, len);
		if (!w) {
			printf("costs-check: %s %s %s %u: in %s but not a workload any more\n",
			       drv, wl, mode, len, path);
			bad++;
			continue;
		}
		seen[w - rows][k] = true;
		got = rl_costs_per_pkt_x100(&w->r, k);
		if (got > want) {
			printf("costs-check: %s:%s/%s/%u: %s rose from %s to %s per packet (+%s)\n",
			       drv, wl, mode, len, name, x100(want, b1), x100(got, b2),
			       x100(got - want, val));
			bad++;
		}
	}
	fclose(f);
	for (i = 0; i < nrows; i++) {
		u32 k;

		for (k = 0; k < RL_COST_NR; k++)
			if (!seen[i][k]) {
				printf("costs-check: %s:%s/%s/%u: no expected %s in %s (make costs-update)\n",
				       rows[i].c->driver, rows[i].c->workload, rows[i].c->mode, rows[i].len,
				       rl_cost_info[k].name, path);
				bad++;
				break;
			}
		if (rows[i].r.findings) {
			printf("costs-check: %s:%s/%s/%u: the run has a ledger finding: %s\n",
			       rows[i].c->driver, rows[i].c->workload, rows[i].c->mode, rows[i].len,
			       rows[i].r.first);
			bad++;
		}
		if (rows[i].r.stalled) {
			printf("costs-check: %s:%s/%s/%u: stalled: the device received %u and sent %u of %u packets%s%s\n",
			       rows[i].c->driver, rows[i].c->workload, rows[i].c->mode, rows[i].len,
			       rows[i].r.rx, rows[i].r.tx, RL_COSTS_PACKETS,
			       rows[i].blame[0] ? "; alone: " : "", rows[i].blame);
			bad++;
		}
	}
	if (bad)
		printf("costs-check: FAIL: %u difference%s against %s\n", bad,
		       bad == 1 ? "" : "s", path);
	else
		printf("costs-check: %u counts of %u runs at or below %s\n", lines,
		       nrows, path);
	return bad ? 1 : 0;
}

static void print_trace(const char *spec, const u32 *perf)
{
	char drv[16], wl[32], mode[32], text[RL_COSTS_TEXT_LEN];
	unsigned int len;
	u32 i;

	if (sscanf(spec, "%15[^:]:%31[^/]/%31[^/]/%u", drv, wl, mode, &len) != 4)
		die("--trace wants DRIVER:WORKLOAD/MODE/SIZE, not ", spec);
	for (i = 0; i < rl_costs_nr_cases; i++)
		if (!strcmp(rl_costs_cases[i].driver, drv) &&
		    !strcmp(rl_costs_cases[i].workload, wl) &&
		    !strcmp(rl_costs_cases[i].mode, mode)) {
			if (len < 1 || len > 2024)
				die("--trace: the size is 1..2024: ", spec);
			rl_costs_text(&rl_costs_cases[i], len,
				      perf[case_driver(&rl_costs_cases[i])], 0,
				      text, sizeof(text));
			fputs(text, stdout);
			exit(0);
		}
	die("--trace: no such driver:workload/mode: ", spec);
}

int main(int argc, char **argv)
{
	const char *csv = NULL, *json = NULL, *dat = NULL, *gate_w = NULL;
	const char *gate_c = NULL, *trace = NULL;
	bool quiet = false, markdown = false, seeds_md = false;
	u64 variants = 0;
	u32 perf[RL_DRV_NR] = { 0 }, i, s;
	char err[256];
	int a;

	for (a = 1; a < argc; a++) {
		const char *o = argv[a];
		const char **slot = !strcmp(o, "--csv") ? &csv :
				    !strcmp(o, "--json") ? &json :
				    !strcmp(o, "--dat") ? &dat :
				    !strcmp(o, "--write") ? &gate_w :
				    !strcmp(o, "--check") ? &gate_c :
				    !strcmp(o, "--trace") ? &trace : NULL;

		if (!strcmp(o, "--quiet")) {
			quiet = true;
		} else if (!strcmp(o, "--markdown")) {
			markdown = quiet = true;
		} else if (!strcmp(o, "--seeds")) {
			seeds_md = quiet = true;
		} else if (!strcmp(o, "--cost-table")) {
			print_cost_table();
			return 0;
		} else if (!strcmp(o, "--list-perf")) {
			for (s = 0; s < RL_DRV_NR; s++) {
				const struct rl_variant_info *tab;
				u32 np;

				tab = rl_perf_table(s, &np);
				for (i = 0; i < np; i++)
					printf("%s\n", tab[i].name);
			}
			return 0;
		} else if (!strcmp(o, "--perf")) {
			if (++a == argc)
				die("--perf wants a list of names", NULL);
			parse_perf(argv[a], perf);
		} else if (!strcmp(o, "--variants")) {
			if (++a == argc)
				die("--variants wants a list of names", NULL);
			if (rl_variants_parse_drv(RL_DRV_AM65, argv[a], &variants,
						  err, sizeof(err)))
				die(err, NULL);
		} else if (slot) {
			if (++a == argc)
				die("missing argument to ", o);
			*slot = argv[a];
		} else {
			die("unknown argument (--perf, --variants, --csv, --json, --dat, --write, --check, --trace, --quiet, --markdown, --seeds, --cost-table, --list-perf): ", o);
		}
	}
	if (trace)
		print_trace(trace, perf);
	if (rl_costs_nr_cases * rl_costs_nr_sizes > MAX_ROWS)
		die("more workloads than MAX_ROWS", NULL);
	for (i = 0; i < rl_costs_nr_cases; i++)
		for (s = 0; s < rl_costs_nr_sizes; s++) {
			struct row *w = &rows[nrows++];

			w->c = &rl_costs_cases[i];
			w->len = rl_costs_sizes[s];
			bool am65 = case_driver(w->c) == RL_DRV_AM65;
			u32 p = perf[case_driver(w->c)];

			if (rl_costs_run(w->c, w->len, p, am65 ? variants : 0,
					 &w->r, err, sizeof(err)))
				die(err, NULL);
			if (w->r.stalled && variants && am65)
				attribute(w, p, variants);
		}
	if (!quiet)
		print_table();
	if (markdown)
		print_markdown();
	if (seeds_md)
		print_seeds();
	if (csv)
		write_csv(csv);
	if (json)
		write_json(json);
	if (dat)
		write_dat(dat);
	if (gate_w)
		write_gate(gate_w);
	return gate_c ? check_gate(gate_c) : 0;
}
