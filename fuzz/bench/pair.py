#!/usr/bin/env python3
"""make bench-pair: issue 19's before/after measured head to head.

`make bench-compare` sets two whole benches side by side, run one after
the other; where a bug takes an engine a fraction of a second, the engine's
own start-up is most of the time and a median is which of the two benches
met the quieter machine.  This runs the two builds of the same fuzzed code
- BEFORE, `build/baseline` (`make bench BASELINE=1`'s targets), and AFTER,
`build` - for each (variant, engine, seed) one right after the other, one
run at a time, the order swapped from one seed to the next so that neither
build always goes first.  Same runs as `make bench` (fuzz/bench/engines.py:
found only as a catalogued kind and clean on the patched driver), on the
am65 catalogue (the before/after tables are am65's).

Prints the runs, a table (median seconds to the first finding before ->
after, and median executions to it) and one verdict line per engine;
--update-readme writes them between the bench-pair markers.  Each run's
inputs stay under build/bench/pair/NNNN/; bench.json, runs.csv and
summary.csv of both sides go to --out/{before,after}.

Exit status: 0 with the table; 1 when a run found something that is not
its variant's bug or an engine failed (the README is then left as it
was); 2 on bad arguments or a missing build.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import compare  # noqa: E402
import engines as eng  # noqa: E402
import report  # noqa: E402

BEGIN = "<!-- bench-pair:begin (make bench-pair UPDATE_README=1 rewrites this block) -->"
END = "<!-- bench-pair:end -->"
SIDES = ("before", "after")


def die(msg):
    print("bench-pair: " + msg, file=sys.stderr)
    sys.exit(2)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build", help="AFTER: make bench's targets")
    p.add_argument("--baseline-build", default="build/baseline",
                   help="BEFORE: make bench BASELINE=1's targets")
    p.add_argument("--variants", default="", help="space-separated (required)")
    p.add_argument("--engines", default="afl")
    p.add_argument("--seeds", type=int, default=9)
    p.add_argument("--cap", type=int, default=120, help="seconds per run")
    p.add_argument("--out", default="build/bench/pair")
    p.add_argument("--update-readme", default="", metavar="README")
    args = p.parse_args()
    args.driver, args.catalogue, args.quick = "am65", "", False
    if args.seeds < 1 or args.cap < 1:
        die("SEEDS and CAP must be at least 1")
    if not args.variants.split():
        die("VARIANTS=... is required (the cells to measure head to head)")
    for e in args.engines.split():
        if e not in eng.ENGINES:
            die("unknown engine '%s' (libfuzzer, afl)" % e)
    return args


def order(i):
    """The two sides of the i-th job, swapped from one job to the next."""
    return SIDES if i % 2 == 0 else SIDES[::-1]


def run_pairs(args, fzs, jobs, catalogue):
    base = os.path.join(args.build, "bench", "pair")
    os.makedirs(base, exist_ok=True)
    nums = [int(d) for d in os.listdir(base) if d.isdigit()]
    work = os.path.join(base, "%04d" % (max(nums, default=0) + 1))
    runs = {s: [] for s in SIDES}
    for i, (v, e, s) in enumerate(jobs):
        for side in order(i):
            wd = os.path.abspath(os.path.join(work, side, "%s-%s-%d" % (v, e, s)))
            r = eng.ENGINES[e](os.path.abspath(fzs[side]), wd, v, s, args.cap,
                               catalogue[v]["kinds"])
            runs[side].append(r)
            print("  %-26s %-9s seed %d %-6s: %s" % (v, eng.ENGINE_TITLES[e], s, side,
                                                     bench.describe(r, args.cap, catalogue)),
                  flush=True)
    return runs, work


def execs(n):
    return "nf" if n is None else "{:,.0f}".format(n)


def afl_floor(fz, work, seeds):
    """Median seconds afl-fuzz takes from start to exit on the empty target
    (a bench run's start, engines.afl_start, without CMPLOG), stopped
    after 20 executions: what no harness goes under."""
    times = []
    for s in range(1, seeds + 1):
        wd = os.path.abspath(os.path.join(work, "floor-%d" % s))
        times.append(eng.afl_start(wd, s, ["-E", "20"],
                                   os.path.join(os.path.abspath(fz), "empty_afl"))[1])
        if not os.path.exists(os.path.join(wd, "out", "default", "fuzzer_stats")):
            die("afl-fuzz did not run the empty target (%s)" % os.path.join(wd, "engine.log"))
    return report.median(times)


def seeds_faster(runs, variant, engine):
    """(seeds where AFTER found the bug sooner than BEFORE, seeds of the
    cell): the paired view of the same runs."""
    def times(side):
        return {r.seed: (r.seconds if r.found else float("inf"))
                for r in runs[side] if r.variant == variant and r.engine == engine}
    b, a = times("before"), times("after")
    return sum(1 for s in b if a.get(s, float("inf")) < b[s]), len(b)


def table(rows, engines, variants, runs):
    """(markdown table, verdict lines) from each side's summary rows and
    the runs seed by seed."""
    head = ["variant"] + ["%s median, before -> after (median execs); seeds faster after"
                          % eng.ENGINE_TITLES[e] for e in engines]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    trends = {e: [] for e in engines}
    for v in variants:
        cells = [v]
        for e in engines:
            b, a = rows["before"][v][e], rows["after"][v][e]
            t = compare.trend(b["median_s"], a["median_s"])
            trends[e].append((v, t))
            cells.append("%s (%s / %s); %d of %d%s" % (
                compare.cell(b["median_s"], a["median_s"], digits=2), execs(b["median_execs"]),
                execs(a["median_execs"]), *seeds_faster(runs, v, e),
                "" if t == "down" else " **%s**" % t))
        out.append("| " + " | ".join(cells) + " |")
    verdicts = []
    for e in engines:
        rest = ["%s (%s)" % (v, t) for v, t in trends[e] if t != "down"]
        verdicts.append("%s: %d of %d medians down%s" % (
            eng.ENGINE_TITLES[e], len(trends[e]) - len(rest), len(trends[e]),
            "" if not rest else "; not down: " + ", ".join(rest)))
    return "\n".join(out), verdicts


def main():
    args = parse_args()
    os.environ["RINGLEDGER_DRIVER"] = args.driver
    engines = args.engines.split()
    catalogue = bench.load_catalogue(args)
    variants = args.variants.split()
    for v in variants:
        if v not in catalogue:
            die("unknown variant '%s' (make variants lists them)" % v)
    fzs = {"after": bench.check_tools(args, engines),
           "before": bench.check_tools(argparse.Namespace(build=args.baseline_build), engines)}
    jobs = [(v, e, s) for v in variants for e in engines for s in range(1, args.seeds + 1)]
    titles = "+".join(eng.ENGINE_TITLES[e] for e in engines)
    print("== bench-pair: %d variant(s) x %s x %d seed(s), cap %d s, before and after"
          " one at a time: %d runs" % (len(variants), titles, args.seeds, args.cap,
                                        2 * len(jobs)), flush=True)
    runs, work = run_pairs(args, fzs, jobs, catalogue)
    rows = {}
    now = bench.bench_meta(args, engines, variants, 1, False)
    date, commit = now["date"], now["commit"]
    for side in SIDES:
        meta = dict(now, baseline=side == "before", paired=True)
        summary = report.summarise(runs[side], variants, engines, catalogue, {}, {})
        report.write_files(os.path.join(args.out, side), runs[side], summary, meta)
        rows[side] = {r["variant"]: r for r in summary}
    md, verdicts = table(rows, engines, variants, runs)
    floor = ""
    if "afl" in engines:
        floor = (" For scale, afl-fuzz on the empty target (`empty_afl`, the same options),"
                 " stopped after 20 executions: %.2f s from start to exit, median of %d."
                 % (afl_floor(fzs["after"], work, args.seeds), args.seeds))
    foot = ("Paired: `make bench-pair`, measured %s on commit %s: for each seed the baseline"
            " build (`make bench BASELINE=1`'s targets) and the current one ran one right"
            " after the other, one run at a time, the first of the two swapped from seed to"
            " seed; %d seed(s), cap %d s, empty corpus; cells: median seconds to the first"
            " finding, before -> after (how many times faster), the median executions"
            " to it before / after, and on how many seeds the current build found it"
            " sooner.%s" % (date[:10], commit, args.seeds, args.cap, floor))
    print()
    print(md)
    print()
    for line in verdicts:
        print(line)
    print(foot)
    sys.exit(write_readme(runs, args.update_readme,
                          md + "\n\n" + "\n".join("- " + v for v in verdicts) + "\n\n" + foot))


def write_readme(runs, readme, text):
    """Exit status: 1, README untouched, when a run found something that is
    not its variant's bug or an engine failed; else 0, the block rewritten
    in @readme (if one is named)."""
    bad = [r for side in SIDES for r in runs[side]
           if r.outcome in ("wrong_kind", "on_patched", "error")]
    for r in bad:
        print("bench-pair: %s %s seed %d: %s" % (r.variant, eng.ENGINE_TITLES[r.engine],
                                                 r.seed, r.outcome), file=sys.stderr)
    if bad:
        # a table over runs that found something else is not the bug's
        print("bench-pair: README left as it was", file=sys.stderr)
        return 1
    if readme:
        try:
            report.update_readme(readme, text, BEGIN, END)
        except (OSError, RuntimeError) as e:
            die("cannot update %s: %s" % (readme, e))
        print("README: paired table rewritten in " + readme)
    return 0


if __name__ == "__main__":
    main()
