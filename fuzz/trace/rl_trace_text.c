// SPDX-License-Identifier: GPL-2.0
/*
 * rl_trace_text.c - the text form of a trace: parser with
 * "file:line:col: expected ..." errors, and the formatter.
 */
#include "rl_trace_table.h"

static const char * const verdict_letters = "adptrx";
static const char * const mode_names[] = { "now", "after", "never" };
static const char * const flag_names[] = { "", "rx", "tx", "rxtx" };

int rl_finding_kind_by_name(const char *name)
{
	int k;

	for (k = RL_F_NONE + 1; k < RL_F_NR; k++)
		if (!strcmp(name, rl_finding_kind_name(k)))
			return k;
	return -1;
}

u64 rl_variant_mask_drv(enum rl_driver driver, const char *name)
{
	return driver == RL_DRV_STMMAC ? rl_stmmac_variant_mask(name) :
					 rl_am65_variant_mask(name);
}

const struct rl_variant_info *rl_variant_table(enum rl_driver driver, u32 *n)
{
	*n = driver == RL_DRV_STMMAC ? RL_SV_NR : RL_V_NR;
	return driver == RL_DRV_STMMAC ? rl_stmmac_variants : rl_am65_variants;
}

const struct rl_variant_info *rl_perf_table(enum rl_driver driver, u32 *n)
{
	*n = driver == RL_DRV_STMMAC ? RL_SPV_NR : RL_PV_NR;
	return driver == RL_DRV_STMMAC ? rl_stmmac_perf_variants :
					 rl_am65_perf_variants;
}

int rl_perf_by_name_drv(enum rl_driver driver, const char *name)
{
	u32 n;
	const struct rl_variant_info *tab = rl_perf_table(driver, &n);

	return rl_variant_index(tab, n, name);
}

int rl_variants_parse_drv(enum rl_driver driver, const char *list, u64 *mask,
			  char *err, size_t errlen)
{
	char name[48];
	const char *p = list;
	u64 m;

	*mask = 0;
	if (!strcmp(list, "patched"))
		return 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		bool minus = *p == '-';

		if (!n || n >= sizeof(name) || (minus && n == 1)) {
			snprintf(err, errlen, "'%s': expected variant or profile names separated by commas (-name takes one out)",
				 list);
			return -1;
		}
		memcpy(name, p + minus, n - minus);
		name[n - minus] = 0;
		m = rl_variant_mask_drv(driver, name);
		if (!m) {
			snprintf(err, errlen, "unknown variant '%s' (make variants%s lists them and the profiles)",
				 name,
				 driver == RL_DRV_AM65 ? "" : " DRIVER=stmmac");
			return -1;
		}
		if (minus)
			*mask &= ~m;
		else
			*mask |= m;
		p += n + (p[n] == ',');
	}
	if (!*mask) {
		snprintf(err, errlen, "no variant left in '%s'", list);
		return -1;
	}
	return 0;
}

static int format_arg(char *buf, size_t cap, const struct rl_arg_info *a,
		      u16 v)
{
	u32 count, pattern, i;
	char letters[4];

	switch (a->kind) {
	case RL_A_UPDOWN:
		return snprintf(buf, cap, " %s", v ? "up" : "down");
	case RL_A_VERDICTS:
		count = (v >> 8) + 1;
		pattern = v & 0xff;
		for (i = 0; i < count; i++, pattern /= 6)
			letters[i] = verdict_letters[pattern % 6];
		letters[count] = 0;
		return snprintf(buf, cap, " %s", letters);
	case RL_A_TARGET:
		return v ? snprintf(buf, cap, " xsk%u", v - 1U) :
			   snprintf(buf, cap, " devmap");
	case RL_A_MODE:
		return snprintf(buf, cap, " %s", mode_names[v % 3]);
	case RL_A_SITE:
		return snprintf(buf, cap, " %s", rl_fault_site_name(v));
	case RL_A_FLAGS:
		return snprintf(buf, cap, " %s", flag_names[v & 3]);
	default:
		return snprintf(buf, cap, " %u", v);
	}
}

int rl_trace_format_op(const struct rl_op *op, char *buf, size_t cap)
{
	const struct rl_op_info *info = &rl_op_table[op->code];
	int n = 0;
	u32 i;

	if (op->at_wait && op->at_nth > 1)
		n = snprintf(buf, cap, "@%s:%u ",
			     rl_trace_wait_names[op->at_wait - 1],
			     (unsigned int)op->at_nth);
	else if (op->at_wait)
		n = snprintf(buf, cap, "@%s ",
			     rl_trace_wait_names[op->at_wait - 1]);

	if (n >= 0 && (size_t)n < cap)
		n += snprintf(buf + n, cap - n, "%s", info->name);

	for (i = 0; i < info->nargs && n >= 0 && (size_t)n < cap; i++)
		n += format_arg(buf + n, cap - n, &info->args[i], op->arg[i]);
	return n;
}

int rl_trace_format(const struct rl_trace *t, char *buf, size_t cap)
{
	const struct rl_am65_cfg *c = &t->cfg;
	const struct rl_stmmac_cfg *sc = &t->stmmac;
	size_t n = 0;
	u32 i;

#define EMIT(...)							\
	do {								\
		if (n < cap)						\
			n += snprintf(buf + n, cap - n, __VA_ARGS__);	\
	} while (0)
	if (t->driver == RL_DRV_STMMAC) {
		EMIT("config driver=stmmac rx_queues=%u tx_queues=%u rx_size=%u tx_size=%u cpus=%u",
		     sc->rx_queues, sc->tx_queues, sc->dma_rx_size,
		     sc->dma_tx_size, sc->nr_cpus);
		if (sc->probe_fault)
			EMIT(" probe_fault=%u", sc->probe_fault);
		EMIT("\n");
	} else
		EMIT("config ports=%u disabled=%u flows=%u chans=%u rx_descs=%u tx_descs=%u pktdma=%u quirk=%u cpus=%u tdown_wait=%u pace=%u\n",
	     c->ports, c->disabled_ports, c->rx_flows, c->tx_chans, c->rx_descs,
	     c->tx_descs, c->pktdma, c->rx_tdown_irq_quirk, c->nr_cpus,
	     c->tdown_wait, c->pacing);
	{
		u32 nv;
		const struct rl_variant_info *tab = rl_variant_table(t->driver, &nv);

		for (i = 0; i < nv; i++)
			if (rl_trace_variants(t) & BIT_ULL(i))
				EMIT("variant %s\n", tab[i].name);
	}
	{
		u32 np, perf = rl_trace_perf(t);
		const struct rl_variant_info *tab = rl_perf_table(t->driver, &np);

		for (i = 0; i < np; i++)
			if (perf & BIT(i))
				EMIT("perf %s\n", tab[i].name);
	}
	if (t->xdp_skb)
		EMIT("xdp_mode skb\n");
	if (t->xsk_copy)
		EMIT("xsk_mode copy\n");
	if (t->has_expect)
		EMIT("expect %s\n", rl_finding_kind_name(t->expect));
	for (i = 0; i < t->n_ops && n < cap; i++) {
		bool nested = t->ops[i].nested;

		if (nested)
			EMIT("\t");
		n += rl_trace_format_op(&t->ops[i], buf + n, cap - n);
		if (!nested && i + 1 < t->n_ops && t->ops[i + 1].nested)
			EMIT(" {");
		EMIT("\n");
		if (nested && (i + 1 == t->n_ops || !t->ops[i + 1].nested))
			EMIT("}\n");
	}
#undef EMIT
	if (n >= cap && cap)
		buf[cap - 1] = 0;
	return n < cap ? (int)n : (int)cap - 1;
}

/* A cursor over one line of text. */
struct rl_line {
	const char *file;
	u32 lineno;
	const char *start;	/* first character of the line */
	const char *p;
	const char *end;	/* end of the line (no newline, no comment) */
	char *err;
	size_t errlen;
};

static int fail(struct rl_line *l, const char *at, const char *what)
{
	snprintf(l->err, l->errlen, "%s:%u:%u: expected %s", l->file,
		 (unsigned int)l->lineno, (unsigned int)(at - l->start + 1), what);
	return -1;
}

/* "expected a fault site (...)", the sites named from the model's table */
static int fail_site(struct rl_line *l, const char *at)
{
	char what[160];
	size_t n;
	int i;

	n = snprintf(what, sizeof(what), "a fault site (");
	for (i = 0; i < RL_FAULT_NR && n < sizeof(what); i++)
		n += snprintf(what + n, sizeof(what) - n, "%s%s",
			      i ? ", " : "", rl_fault_site_name(i));
	if (n < sizeof(what))
		snprintf(what + n, sizeof(what) - n, ")");
	return fail(l, at, what);
}

/* Next whitespace-separated word into @word; false at end of line. */
static bool next_word(struct rl_line *l, char *word, size_t cap,
		      const char **at)
{
	size_t n = 0;

	while (l->p < l->end && (*l->p == ' ' || *l->p == '\t' || *l->p == '\r'))
		l->p++;
	*at = l->p;
	if (l->p >= l->end)
		return false;
	while (l->p < l->end && *l->p != ' ' && *l->p != '\t' && *l->p != '\r') {
		if (n + 1 < cap)
			word[n++] = *l->p;
		l->p++;
	}
	word[n] = 0;
	return true;
}

static bool parse_u32(const char *s, u32 *v)
{
	u32 r = 0, digits = 0;

	for (; *s; s++, digits++) {
		if (*s < '0' || *s > '9' || digits >= 6)
			return false;
		r = r * 10 + (u32)(*s - '0');
	}
	*v = r;
	return digits > 0;
}

static int lookup(const char * const *names, u32 n, const char *w)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], w))
			return i;
	return -1;
}

static int parse_arg(struct rl_line *l, const struct rl_trace *t,
		     const struct rl_arg_info *a, u16 *out)
{
	char w[24], what[64];
	const char *at;
	u32 v, max = rl_arg_max(t, a), i;
	int k;

	if (!next_word(l, w, sizeof(w), &at))
		return fail(l, at, a->what);
	switch (a->kind) {
	case RL_A_UPDOWN:
		if (strcmp(w, "up") && strcmp(w, "down"))
			return fail(l, at, "up or down");
		*out = !strcmp(w, "up");
		return 0;
	case RL_A_VERDICTS:
		v = 0;
		for (i = 0; w[i]; i++) {
			const char *c = strchr(verdict_letters, w[i]);

			if (i >= 3 || !c || !*c)
				return fail(l, at, "1 to 3 verdict letters of adptrx");
			v += (u32)(c - verdict_letters) * (i == 0 ? 1 : i == 1 ? 6 : 36);
		}
		*out = ((i - 1) << 8) | v;
		return 0;
	case RL_A_TARGET:
		if (!strcmp(w, "devmap")) {
			*out = 0;
			return 0;
		}
		if (strncmp(w, "xsk", 3) || !parse_u32(w + 3, &v) || v >= max)
			return fail(l, at, "devmap or xsk0..xsk7");
		*out = v + 1;
		return 0;
	case RL_A_MODE:
		k = lookup(mode_names, 3, w);
		if (k < 0)
			return fail(l, at, "now, after or never");
		*out = k;
		return 0;
	case RL_A_SITE:
		k = rl_fault_site_by_name(w);
		if (k < 0)
			return fail_site(l, at);
		*out = k;
		return 0;
	case RL_A_FLAGS:
		k = lookup(flag_names, 4, w);
		if (k <= 0)
			return fail(l, at, "rx, tx or rxtx");
		*out = k;
		return 0;
	default:
		if (!parse_u32(w, &v) || v > max) {
			snprintf(what, sizeof(what), "%s 0..%u", a->what,
				 (unsigned int)max);
			return fail(l, at, what);
		}
		*out = v;
		return 0;
	}
}

/* The keys of a config line and the values the driver's probe accepts. */
struct rl_cfg_key {
	const char *name;
	u32 min, max;
};

static const struct rl_cfg_key cfg_keys[] = {
	{ "ports", 1, AM65_CPSW_MAX_PORTS },
	{ "disabled", 0, BIT(AM65_CPSW_MAX_PORTS) - 2 },
	{ "flows", 1, AM65_CPSW_MAX_RX_FLOWS },
	{ "chans", 1, AM65_CPSW_MAX_QUEUES },
	{ "rx_descs", 1, AM65_CPSW_MAX_RX_DESC },
	{ "tx_descs", 2, AM65_CPSW_MAX_TX_DESC },
	{ "pktdma", 0, 1 },
	{ "quirk", 0, 1 },
	{ "cpus", 1, AM65_CPSW_MAX_CPUS },
	{ "tdown_wait", 0, AM65_CPSW_MAX_TDOWN_WAIT },
	{ "pace", 0, 1 },	/* RX IRQ pacing (ethtool rx-usecs) */
};

/*
 * The key=value words to the end of the line, each key of @keys (one of
 * @expected) at most once and in its range, into @v (which holds the
 * defaults); @at_key[k] is where key k was, or the line's start.
 */
static int parse_keys(struct rl_line *l, const struct rl_cfg_key *keys, u32 n,
		      u32 *v, const char **at_key, const char *expected)
{
	const char *at;
	u32 seen = 0, k;
	char w[40], what[64];

	for (k = 0; k < n; k++)
		at_key[k] = l->start;
	while (next_word(l, w, sizeof(w), &at)) {
		char *eq = strchr(w, '=');

		if (!eq)
			return fail(l, at, "key=value");
		*eq = 0;
		for (k = 0; k < n; k++)
			if (!strcmp(w, keys[k].name))
				break;
		if (k == n)
			return fail(l, at, expected);
		if (seen & BIT(k))
			return fail(l, at, "each key once");
		seen |= BIT(k);
		at_key[k] = at;
		snprintf(what, sizeof(what), "%s %u..%u", keys[k].name,
			 (unsigned int)keys[k].min, (unsigned int)keys[k].max);
		if (!parse_u32(eq + 1, &v[k]) || v[k] < keys[k].min ||
		    v[k] > keys[k].max)
			return fail(l, at + (eq - w) + 1, what);
	}
	return 0;
}

static int parse_config(struct rl_line *l, struct rl_am65_cfg *cfg)
{
	u32 v[ARRAY_SIZE(cfg_keys)] = {
		cfg->ports, cfg->disabled_ports, cfg->rx_flows, cfg->tx_chans,
		cfg->rx_descs, cfg->tx_descs, cfg->pktdma,
		cfg->rx_tdown_irq_quirk, cfg->nr_cpus, cfg->tdown_wait,
		cfg->pacing,
	};
	const char *at_key[ARRAY_SIZE(cfg_keys)];

	if (parse_keys(l, cfg_keys, ARRAY_SIZE(cfg_keys), v, at_key,
		       "ports, disabled, flows, chans, rx_descs, tx_descs, pktdma, quirk, cpus, tdown_wait or pace"))
		return -1;
	cfg->ports = v[0];
	cfg->disabled_ports = v[1];
	cfg->rx_flows = v[2];
	cfg->tx_chans = v[3];
	cfg->rx_descs = v[4];
	cfg->tx_descs = v[5];
	cfg->pktdma = v[6];
	cfg->rx_tdown_irq_quirk = v[7];
	cfg->nr_cpus = v[8];
	cfg->tdown_wait = v[9];
	cfg->pacing = v[10];
	cfg->variants = 0;
	if (cfg->disabled_ports >= BIT(cfg->ports) ||
	    cfg->disabled_ports == BIT(cfg->ports) - 1)
		return fail(l, at_key[1], "disabled: a mask of the ports that leaves one enabled");
	return 0;
}

/* stmmac's keys: plat->rx/tx_queues_to_use, ethtool -G sizes, CPUs */
static const struct rl_cfg_key stmmac_keys[] = {
	{ "rx_queues", 1, RL_STMMAC_MAX_QUEUES },
	{ "tx_queues", 1, RL_STMMAC_MAX_QUEUES },
	{ "rx_size", 2, RL_DRING_MAX },
	{ "tx_size", 4, RL_DRING_MAX },
	{ "cpus", 1, AM65_CPSW_MAX_CPUS },
	/* memory pressure: probe's 1st or 2nd slab allocation fails */
	{ "probe_fault", 0, 2 },
};

static int parse_config_stmmac(struct rl_line *l, struct rl_stmmac_cfg *cfg)
{
	u32 v[ARRAY_SIZE(stmmac_keys)] = {
		cfg->rx_queues, cfg->tx_queues, cfg->dma_rx_size,
		cfg->dma_tx_size, cfg->nr_cpus, cfg->probe_fault,
	};
	const char *at_key[ARRAY_SIZE(stmmac_keys)];

	if (parse_keys(l, stmmac_keys, ARRAY_SIZE(stmmac_keys), v, at_key,
		       "rx_queues, tx_queues, rx_size, tx_size, cpus or probe_fault (driver=stmmac)"))
		return -1;
	cfg->rx_queues = v[0];
	cfg->tx_queues = v[1];
	cfg->dma_rx_size = v[2];
	cfg->dma_tx_size = v[3];
	cfg->nr_cpus = v[4];
	cfg->probe_fault = v[5];
	return 0;
}

/*
 * "driver=NAME" first on a config line picks the driver and its keys;
 * without it the line is am65's.
 */
static int parse_driver(struct rl_line *l, struct rl_trace *t)
{
	const char *save = l->p, *at;
	char w[40];
	int d;

	if (!next_word(l, w, sizeof(w), &at) || strncmp(w, "driver=", 7)) {
		l->p = save;
		return 0;
	}
	d = rl_driver_by_name(w + 7);
	if (d < 0)
		return fail(l, at + 7, "driver am65 or stmmac");
	if (d != RL_DRV_AM65 && t->cfg.variants)
		return fail(l, at, "the config line before the variant lines (they name the driver's bugs)");
	t->driver = d;
	return 0;
}

/* What a trace's lines have said so far. */
struct rl_parse_state {
	bool config;
	bool expect;
	u32 block;	/* line of the '{' still open, 0 when none */
};

/* One operation named @w, its arguments from the line. */
static int parse_op(struct rl_line *l, struct rl_trace *t, bool nested,
		    char *w, const char *at)
{
	u32 i, code, wait = 0, nth = 1;

	/* "@WAIT[:N] op ...": a nested operation for the N-th such wait */
	if (w[0] == '@') {
		char *colon = strchr(w, ':');

		if (colon) {
			*colon = 0;
			if (colon[1] < '1' || colon[1] > '8' || colon[2])
				return fail(l, at, "@WAIT:N with N 1-8");
			nth = colon[1] - '0';
		}
		for (wait = 0; wait < RL_WAIT_NR; wait++)
			if (!strcmp(w + 1, rl_trace_wait_names[wait]))
				break;
		if (wait == RL_WAIT_NR)
			return fail(l, at, "a wait point after '@' (rx_tdown, tx_tdown, napi_disable, hrtimer_cancel, sync_net)");
		if (!nested)
			return fail(l, at, "'@wait' only on an operation inside { }");
		wait++;
		if (!next_word(l, w, 40, &at))
			return fail(l, at, "an operation after the wait point");
	}

	for (code = 0; code < RL_OP_NR; code++)
		if (!strcmp(w, rl_op_table[code].name))
			break;
	if (code == RL_OP_NR)
		return fail(l, at, "an operation (open, stop, rx, poll_rx, xmit, attach, xsk_bind, fault, ...)");
	if (t->n_ops == RL_TRACE_MAX_OPS)
		return fail(l, at, "at most 512 operations");
	t->ops[t->n_ops].code = code;
	t->ops[t->n_ops].nested = nested;
	t->ops[t->n_ops].at_wait = wait;
	t->ops[t->n_ops].at_nth = wait ? nth : 0;
	for (i = 0; i < rl_op_table[code].nargs; i++)
		if (parse_arg(l, t, &rl_op_table[code].args[i],
			      &t->ops[t->n_ops].arg[i]))
			return -1;
	t->n_ops++;
	return 0;
}

/*
 * Operations from word @w to the end of the line: "op args", "op args {"
 * (the next operations are nested in it), "}" (back out), and inside a
 * block several on a line separated by " ; ".  One level only.
 */
static int parse_ops(struct rl_line *l, struct rl_trace *t,
		     struct rl_parse_state *st, char *w, const char *at)
{
	bool want_op = true;

	for (;;) {
		if (!strcmp(w, "}")) {
			if (!st->block)
				return fail(l, at, "a '{' before this '}'");
			st->block = 0;
			want_op = false;
		} else if (want_op) {
			if (parse_op(l, t, st->block, w, at))
				return -1;
			want_op = false;
		} else if (!strcmp(w, "{")) {
			if (st->block)
				return fail(l, at, "one level of nesting: '}' before another '{'");
			st->block = l->lineno;
			want_op = true;
		} else if (!strcmp(w, ";") && st->block) {
			want_op = true;
		} else {
			return fail(l, at, st->block ? "' ; ', '}' or end of line" :
				    "'{' or end of line");
		}
		if (!next_word(l, w, 40, &at))
			return 0;
	}
}

static int parse_line(struct rl_line *l, struct rl_trace *t,
		      struct rl_parse_state *st)
{
	char w[40];
	const char *at;
	u64 vmask, variants = rl_trace_variants(t);
	int k;

	if (!next_word(l, w, sizeof(w), &at))
		return 0;	/* blank or comment */
	if (!strcmp(w, "config")) {
		if (st->config)
			return fail(l, at, "one config line (this is the second)");
		st->config = true;
		if (t->n_ops)
			return fail(l, at, "config before the first operation");
		if (parse_driver(l, t))
			return -1;
		if (t->driver == RL_DRV_STMMAC)
			return parse_config_stmmac(l, &t->stmmac);
		vmask = t->cfg.perf;	/* perf lines may come first */
		if (parse_config(l, &t->cfg))
			return -1;
		t->cfg.variants = variants;
		t->cfg.perf = (u32)vmask;
		return 0;
	}
	/* "xdp_mode skb|drv", "xsk_mode copy|zc" (rl_world_skbmode.c) */
	if (!strcmp(w, "xdp_mode") || !strcmp(w, "xsk_mode")) {
		bool xdp = w[1] == 'd';

		if (!next_word(l, w, sizeof(w), &at) ||
		    (strcmp(w, xdp ? "skb" : "copy") &&
		     strcmp(w, xdp ? "drv" : "zc")))
			return fail(l, at, xdp ? "skb or drv" : "copy or zc");
		if (xdp)
			t->xdp_skb = !strcmp(w, "skb");
		else
			t->xsk_copy = !strcmp(w, "copy");
		goto end;
	}
	/* "perf NAME": a performance variant (make costs-check) */
	if (!strcmp(w, "perf")) {
		if (!next_word(l, w, sizeof(w), &at))
			return fail(l, at, "a performance variant name");
		k = rl_perf_by_name_drv(t->driver, w);
		if (k < 0)
			return fail(l, at, "a performance variant of the trace's driver (rl_costs --list-perf)");
		if (rl_trace_perf(t) & BIT(k))
			return fail(l, at, "each performance variant once");
		rl_trace_set_perf(t, rl_trace_perf(t) | BIT(k));
		goto end;
	}
	if (!strcmp(w, "variant") || !strcmp(w, "expect")) {
		bool variant = w[0] == 'v';

		if (!next_word(l, w, sizeof(w), &at))
			return fail(l, at, variant ? "a variant name" : "a finding kind");
		vmask = variant ? rl_variant_mask_drv(t->driver, w) : 0;
		k = variant ? (vmask ? 0 : -1) : rl_finding_kind_by_name(w);
		if (k < 0)
			return fail(l, at, variant ?
				    "a variant or profile name (make variants lists them)" :
				    "a finding kind (LEAK, DROPPED, OWNER, ...)");
		if (variant) {
			if (variants & vmask)
				return fail(l, at, "each variant once");
			rl_trace_set_variants(t, variants | vmask);
		} else {
			if (st->expect)
				return fail(l, at, "one expect line (this is the second)");
			st->expect = true;
			t->has_expect = true;
			t->expect = k;
		}
		goto end;
	}
	return parse_ops(l, t, st, w, at);
end:
	if (next_word(l, w, sizeof(w), &at))
		return fail(l, at, "end of line");
	return 0;
}

int rl_trace_parse(struct rl_trace *t, const char *text, size_t len,
		   const char *file, char *err, size_t errlen)
{
	struct rl_line l = { .file = file, .err = err, .errlen = errlen };
	struct rl_parse_state st = { false, false, 0 };
	const char *p = text, *end = text + len;

	rl_trace_init(t);
	while (p < end) {
		const char *eol = p, *hash;

		while (eol < end && *eol != '\n')
			eol++;
		l.lineno++;
		l.start = p;
		l.p = p;
		for (hash = p; hash < eol && *hash != '#'; hash++)
			if (!*hash)
				return fail(&l, hash, "text, not a NUL byte");
		l.end = hash;
		if (parse_line(&l, t, &st))
			return -1;
		p = eol + 1;
	}
	if (st.block) {
		snprintf(err, errlen, "%s:%u: expected a '}' for this line's '{'",
			 file, (unsigned int)st.block);
		return -1;
	}
	return 0;
}
