#!/usr/bin/env python3
"""make bench: how fast each fuzzing engine finds each catalogued bug.

For every variant (or --variants), every engine (libFuzzer, AFL++) and
every seed 1..SEEDS: an empty corpus, the variant put back, fuzz until the
first finding or CAP seconds.  A run counts as found only when the finding
replays with a kind the catalogue lists for the variant (`make variants`)
and the patched driver runs the same input clean (fuzz/bench/engines.py).

Prints a table (medians and maxima per engine, whether the KUnit scenario
catches the variant, the proof verdict where a proof covers it) and writes
runs.csv, summary.csv, bench.json and time-to-detect.{png,svg} under
--out.  Exit status: 0; 1 when the gate fails (--quick: a variant not
found by an engine; full mode: a variant libFuzzer missed with some seed);
2 on bad arguments or a missing tool.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines as eng  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "proofs"))
import units  # noqa: E402
import report  # noqa: E402

# Quick mode (CI): one variant per area - RX teardown (the seed bug), TX
# teardown, XDP TX completion, AF_XDP pool lifetime - one seed each, 60 s
# cap.  Since the teardown runs as upstream (NAPI in the waits, issue 18)
# rx_tdown_no_drain is the slowest: 11.9-30.2 s over 5 libFuzzer seeds on
# a quiet 2-core machine (median 24.4 s), so a 30 s cap would fail CI on
# one seed in five.
QUICK_VARIANTS = ["rx_tdown_no_drain", "tx_tdown_timeout_leak",
                  "tx_cleanup_frame_as_skb", "napi_after_pool_free"]


def die(msg):
    print("bench: " + msg, file=sys.stderr)
    sys.exit(2)


def load_catalogue(args):
    """{variant: {"kinds": [...], "ref": str}} in catalogue order."""
    try:
        if args.catalogue:
            text = eng.read_text(args.catalogue)
        else:
            res = subprocess.run([os.path.join(args.build, "variants"), "--driver", args.driver,
                                  "--tsv"], stdout=subprocess.PIPE, text=True, check=False)
            if res.returncode:
                die("cannot read the variant catalogue (%s/variants --tsv)" % args.build)
            text = res.stdout
    except OSError as e:
        # run outside make, before anything was built (make bench builds it)
        die("cannot read the variant catalogue: %s" % e)
    cat = {}
    for ln in text.splitlines():
        parts = ln.split("\t")
        if len(parts) != 3 or not parts[0] or not parts[1]:
            die("malformed catalogue line: %r" % ln)
        cat[parts[0]] = {"kinds": parts[1].split(), "ref": parts[2]}
    return cat


def kunit_verdicts(path, driver="am65"):
    """{variant: "yes"|"no"} from the KTAP of the host suites: the
    am65_variant_is_caught case of each variant (and its _zero_copy face);
    for stmmac, the case VARIANT_variant of its suites (race_ ones too)."""
    if not path or not os.path.exists(path):
        return {}
    out, inside = {}, False
    for ln in eng.read_text(path).splitlines():
        s = ln.strip()
        if driver != "am65":
            m = re.match(r"(not ok|ok) \d+ (\S+)_variant$", s)
            if m:
                out[m.group(2)] = "yes" if m.group(1) == "ok" else "no"
            continue
        if s == "# Subtest: am65_variant_is_caught":
            inside = True
            continue
        if inside:
            m = re.match(r"(not ok|ok) \d+ (\S+)$", s)
            if m:
                name = re.sub(r"_zero_copy$", "", m.group(2))
                ok = m.group(1) == "ok"
                out[name] = "yes" if ok and out.get(name, "yes") == "yes" else "no"
            elif s.startswith("1.."):
                inside = False
    return out


def proof_verdicts(units_path, results_dir):
    """{variant: cell} for variants a proof unit names as its breaker: the
    verdict of the last `make prove-check` (proofs/results/report-V.json)."""
    out = {}
    if not os.path.exists(units_path):
        return out
    for u in units.load(units_path, check_files=False):
        for variant, theorem in u.breaks:
            rep = os.path.join(results_dir, "report-%s.json" % variant)
            if not os.path.exists(rep):
                out[variant] = "%s: not run (make prove-check)" % u.name
                continue
            d = json.loads(eng.read_text(rep))
            goals = d.get("unproved_goals", [])
            if d.get("broken"):
                out[variant] = "%s: tool failure" % u.name
            elif sorted(goals) == sorted(theorem):
                short = re.sub(r"^.*?_(assert|ensures)_", "", goals[0])
                out[variant] = "%s breaks %s" % (u.name, short)
            elif goals:
                out[variant] = "%s breaks other goals than its theorem" % u.name
            else:
                out[variant] = "%s proves: NOT caught" % u.name
    return out


def describe(r, cap, catalogue):
    """One line for a finished run."""
    if r.outcome == "found":
        return "found in %.1f s, %s execs: %s" % (r.seconds, r.execs, r.finding)
    if r.outcome == "not_found":
        return "not found in %d s (%s execs)" % (cap, r.execs)
    if r.outcome == "wrong_kind":
        return "WRONG KIND: %s (%s is caught as %s)" % (
            r.finding or r.kind, r.variant, " ".join(catalogue[r.variant]["kinds"]))
    if r.outcome == "on_patched":
        return "NOT THE BUG: %s" % r.finding
    return "ENGINE ERROR: %s" % r.finding


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build")
    p.add_argument("--driver", default="am65", choices=("am65", "stmmac"),
                   help="the driver whose catalogue is benched (DRIVER)")
    p.add_argument("--variants", default="", help="space-separated; default: all")
    p.add_argument("--engines", default="libfuzzer afl")
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--cap", type=int, default=120, help="seconds per run")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--quick", action="store_true",
                   help="1 seed, 60 s cap, %s" % " ".join(QUICK_VARIANTS))
    p.add_argument("--runs", type=int, default=None,
                   help="stop each run after this many executions as well")
    p.add_argument("--out", default="build/bench/results")
    p.add_argument("--ktap", default="", help="KTAP log of the host suites")
    p.add_argument("--units", default="proofs/units.txt")
    p.add_argument("--proof-results", default="proofs/results")
    p.add_argument("--catalogue", default="", help="variant TSV instead of variants --tsv")
    p.add_argument("--update-readme", default="", metavar="README")
    p.add_argument("--baseline", action="store_true",
                   help="the fuzz targets are the issue 19 baseline (make bench BASELINE=1)")
    p.add_argument("--report-only", action="store_true",
                   help="no runs: table, plot and README from --out/bench.json")
    p.add_argument("--merge", action="store_true",
                   help="keep the other variants' runs of --out/bench.json (same seeds, cap,"
                        " engines); the rows run now replace theirs")
    return p.parse_args()


def check_tools(args, engines):
    if "afl" in engines and not shutil.which("afl-fuzz"):
        die("afl-fuzz not found (make deps installs afl++)")
    fz = os.path.join(args.build, "fuzz")
    for b in ["am65_libfuzzer", "rl_replay"] + (["am65_afl", "am65_afl_cmplog"] if "afl" in engines else []):
        if not os.access(os.path.join(fz, b), os.X_OK):
            die("%s/%s is missing (make bench builds it)" % (fz, b))
    return fz


def run_all(args, fz, variants, engines, catalogue):
    """Every (variant, engine, seed), JOBS at a time, in a stable order."""
    # each bench keeps its own runs (the inputs found): build/bench/NNNN/
    base = os.path.join(args.build, "bench")
    os.makedirs(base, exist_ok=True)
    nums = [int(d) for d in os.listdir(base) if d.isdigit()]
    work = os.path.join(base, "%04d" % (max(nums, default=0) + 1))
    jobs = [(v, e, s) for v in variants for e in engines for s in range(1, args.seeds + 1)]
    print("== bench: %d variant(s) x %s x %d seed(s), cap %d s, %d at a time: %d runs"
          % (len(variants), "+".join(eng.ENGINE_TITLES[e] for e in engines),
             args.seeds, args.cap, args.jobs, len(jobs)), flush=True)

    def one(job):
        v, e, s = job
        wd = os.path.abspath(os.path.join(work, "%s-%s-%d" % (v, e, s)))
        return eng.ENGINES[e](os.path.abspath(fz), wd, v, s, args.cap,
                              catalogue[v]["kinds"], args.runs)

    runs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futures = [ex.submit(one, j) for j in jobs]
        for fut in concurrent.futures.as_completed(futures):
            r = fut.result()
            runs.append(r)
            print("  %-26s %-9s seed %d: %s" % (r.variant, eng.ENGINE_TITLES[r.engine], r.seed,
                                                describe(r, args.cap, catalogue)), flush=True)
    order = {j: i for i, j in enumerate(jobs)}
    runs.sort(key=lambda r: order[(r.variant, r.engine, r.seed)])
    return runs, bench_meta(args, engines, variants, args.jobs, args.baseline)


def bench_meta(args, engines, variants, jobs, baseline):
    """bench.json's meta of runs made now: when, on which commit, how (the
    seeds, cap, driver and quick mode from @args), on which build."""
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, check=False).stdout.strip(),
            "engines": engines, "variants": variants, "seeds": args.seeds, "cap_s": args.cap,
            "jobs": jobs, "quick": args.quick, "cpus": os.cpu_count(),
            "machine": platform.machine(), "corpus": "empty (AFL++: one 1-byte seed)",
            "driver": args.driver, "baseline": baseline}
    meta["measured"] = [{"date": meta["date"], "commit": meta["commit"], "variants": variants}]
    return meta


def load_results(args):
    """(runs, meta) of an earlier bench from --out/bench.json."""
    path = os.path.join(args.out, "bench.json")
    try:
        data = json.loads(eng.read_text(path))
        meta = data["meta"]
        runs = []
        for row in data["runs"]:
            r = eng.Run(row["variant"], row["engine"], int(row["seed"]))
            for f in eng.Run.FIELDS[3:]:
                v = row.get(f, "")
                setattr(r, f, None if v == "" else v)
            runs.append(r)
        meta.setdefault("variants", list(dict.fromkeys(r.variant for r in runs)))
        report.meta_defaults(meta)
    except (OSError, ValueError, KeyError) as e:
        die("cannot read %s: %s" % (path, e))
    return runs, meta


def earlier_for_merge(args):
    """(runs, meta) of the bench in --out, run as this one will be (MERGE=1):
    the same seeds, cap, driver and build (baseline or not); engines may be
    a subset (ENGINES=afl re-measures AFL++'s cells only)."""
    old_runs, old = load_results(args)
    for key, name, now in (("seeds", "SEEDS", args.seeds), ("cap_s", "CAP", args.cap),
                           ("driver", "DRIVER", args.driver),
                           ("baseline", "BASELINE", args.baseline)):
        if old[key] != now:
            die("MERGE=1: the bench in %s ran %s=%s, this one %s (run them alike)"
                % (args.out, name, old[key], now))
    return old_runs, old


def merge_results(earlier, runs, meta, catalogue):
    """This bench's runs over an earlier one's (MERGE=1): the cells (variant,
    engine) run now replace theirs, the others are kept with the commit
    that ran them."""
    old_runs, old = earlier
    now_v, now_e = set(meta["variants"]), set(meta["engines"])
    runs = [r for r in old_runs if r.variant not in now_v or r.engine not in now_e] + runs
    kept = set(old["variants"]) | now_v
    meta["variants"] = [v for v in catalogue if v in kept]
    meta["engines"] = [e for e in eng.ENGINES if e in set(old["engines"]) | now_e]
    measured = []
    for m in old["measured"]:
        m_e = m.get("engines", old["engines"])
        # what is left of an earlier measurement: its other variants on
        # all its engines, and its re-measured variants on its other engines
        for vs, es in (([v for v in m["variants"] if v not in now_v], m_e),
                       ([v for v in m["variants"] if v in now_v], [e for e in m_e if e not in now_e])):
            if vs and es:
                measured.append(dict(m, variants=vs, engines=es))
    meta["measured"] = measured + [{"date": meta["date"], "commit": meta["commit"],
                                    "variants": sorted(now_v),
                                    "engines": [e for e in meta["engines"] if e in now_e]}]
    order = {(v, e, s): i for i, (v, e, s) in enumerate(
        (v, e, s) for v in meta["variants"] for e in meta["engines"]
        for s in range(1, meta["seeds"] + 1))}
    runs.sort(key=lambda r: order.get((r.variant, r.engine, int(r.seed)), len(order)))
    return runs, meta


def gate(runs, engines, quick, cap):
    """Exit 1 on a finding of the wrong kind or also on the patched driver,
    an engine error, or a gated engine missing a variant."""
    bad = [r for r in runs if r.outcome in ("wrong_kind", "on_patched", "error")]
    # quick mode gates every engine; the full bench libFuzzer (AFL++ alone
    # when it is the only engine asked for)
    gated = engines if quick or "libfuzzer" not in engines else ["libfuzzer"]
    missed = sorted({"%s (%s seed %d)" % (r.variant, eng.ENGINE_TITLES[r.engine], r.seed)
                     for r in runs if r.engine in gated and not r.found})
    for r in bad:
        print("bench: %s %s seed %d: %s" % (r.variant, eng.ENGINE_TITLES[r.engine],
                                              r.seed, r.outcome), file=sys.stderr)
    if missed:
        print("bench: not found within %d s: %s" % (cap, ", ".join(missed)), file=sys.stderr)
    if bad or missed:
        sys.exit(1)
    print("bench: every variant found by %s with every seed, each as a kind it is catalogued as"
          % " and ".join(eng.ENGINE_TITLES[e] for e in gated))


def main():
    args = parse_args()
    # the fuzz target and the replay tool decode for this driver
    os.environ["RINGLEDGER_DRIVER"] = args.driver
    if args.quick and args.driver != "am65" and not args.variants:
        die("QUICK=1 names am65 variants: give VARIANTS=... for DRIVER=%s" % args.driver)
    if args.quick:
        args.seeds, args.cap = 1, 60
        if not args.variants:
            args.variants = " ".join(QUICK_VARIANTS)
    if args.baseline and args.update_readme:
        die("BASELINE=1 does not rewrite the README's table (make bench-compare shows it)")
    if args.seeds < 1 or args.cap < 1 or args.jobs < 1:
        die("SEEDS, CAP and JOBS must be at least 1")
    engines = args.engines.split()
    for e in engines:
        if e not in eng.ENGINES:
            die("unknown engine '%s' (libfuzzer, afl)" % e)
    catalogue = load_catalogue(args)
    if args.report_only:
        runs, meta = load_results(args)
        engines, variants = meta["engines"], meta["variants"]
        args.seeds, args.cap, args.jobs, args.quick = meta["seeds"], meta["cap_s"], meta["jobs"], meta["quick"]
    else:
        fz = check_tools(args, engines)
        variants = args.variants.split() or list(catalogue)
        for v in variants:
            if v not in catalogue:
                die("unknown variant '%s' (make variants lists them)" % v)
        earlier = earlier_for_merge(args) if args.merge else None
        runs, meta = run_all(args, fz, variants, engines, catalogue)
        if earlier:
            runs, meta = merge_results(earlier, runs, meta, catalogue)
            variants, engines = meta["variants"], meta["engines"]
    for v in variants:
        if v not in catalogue:
            die("variant '%s' of the results is not in the catalogue" % v)

    kunit = kunit_verdicts(args.ktap, args.driver)
    proofs = proof_verdicts(args.units, args.proof_results)
    rows = report.summarise(runs, variants, engines, catalogue, kunit, proofs)
    report.write_files(args.out, runs, rows, meta)
    if not args.report_only:
        # the latest results are in --out; every bench's stay in history/
        hist = os.path.join(args.out, "history")
        os.makedirs(hist, exist_ok=True)
        shutil.copy(os.path.join(args.out, "bench.json"), os.path.join(
            hist, "%s-%s.json" % (meta["date"].replace(":", ""), meta["commit"] or "nocommit")))
    images = report.plot(args.out, runs, variants, engines, args.cap)
    print()
    print(report.text_table(rows, engines))
    print("\ncells: median / max seconds to the first finding over %d seed(s) (median executions);"
          " k/n when only k of n seeds found it; nf = not found within %d s" % (args.seeds, args.cap))
    print("results: %s (runs.csv, summary.csv, bench.json, %s)"
          % (args.out, ", ".join(os.path.basename(i) for i in images)))
    if args.update_readme:
        md = report.markdown_table(rows, engines)
        md += "\n\n" + report.measured_line(meta, "%d seed(s) per engine, cap %d s, %d runs at"
                                            " a time on %d CPUs.\n"
                                            % (args.seeds, args.cap, args.jobs, meta["cpus"]))
        report.update_readme(args.update_readme, md)
        print("README: table rewritten in " + args.update_readme)
    gate(runs, engines, args.quick, args.cap)


if __name__ == "__main__":
    main()
