#!/usr/bin/env python3
"""fuzz.py - the fuzzing runs behind make fuzz, make fuzz-afl and make
findings.  `fuzz.py --help` and `fuzz.py COMMAND --help` say how.

A run never deletes what an earlier run found or built:
  build/fuzz/runs/NNNN-ENGINE-NAME/   one directory per run: the engine's
                                      full log, its raw crash inputs, a
                                      summary.txt
  build/fuzz/corpus/NAME/             the working corpus of a target (the
                                      patched driver, or a variant), reused
                                      and grown by every run, both engines
  build/fuzz/findings/ID/             each distinct finding once: trace
                                      (with its variant and expect lines),
                                      minimised input, finding.json
Only `make clean` removes them.  A finding is the same as a known one when
its kind, the driver function it was raised in and its minimised trace are
the same.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "fuzz", "bench"))
from engines import AFL_ENV, LIBFUZZER_SEARCH, afl_env_problem  # noqa: E402  (one source each)
DRIVERS = ("am65", "stmmac")  # rl_driver_names (fuzz/trace/rl_trace_ops.c)
STATUS_EVERY = 5  # seconds between status lines
FIRST_RE = re.compile(r"first: (step \d+: ([A-Z_]+) .*?)(?:; digest [0-9a-f]+)?$", re.M)
WHERE_RE = re.compile(r" in ([A-Za-z0-9_]+) \((driver/[^)]*)\)")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def die(msg):
    print("fuzz: " + msg, file=sys.stderr)
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    """Bad arguments: one line and exit 2."""

    def error(self, message):
        die(message)


def positive_int(name, lo, hi):
    def parse(text):
        if not re.fullmatch(r"[0-9]+", text or "") or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(
                "%s=%r: expected a whole number from %d to %d" % (name, text, lo, hi))
        return int(text)
    return parse


class Target:
    """The binaries of one build and the target a run fuzzes."""

    def __init__(self, build, variant, driver="am65"):
        self.fz = os.path.join(build, "fuzz")
        self.build = build
        self.variant = variant or ""
        self.driver = driver
        # corpus and run names: am65's as before, another driver's prefixed
        self.name = ("" if driver == "am65" else driver + "-") + (self.variant or "patched")
        self.seeds = os.path.join(REPO, "fuzz", "corpus", driver)
        for tool in ("rl_replay", "rl_trace_conv"):
            if not os.access(os.path.join(self.fz, tool), os.X_OK):
                die("%s/%s is missing: run make fuzz-build" % (self.fz, tool))
        if self.variant:
            res = subprocess.run([os.path.join(build, "variants"), "--driver", driver,
                                  "--expand", self.variant],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, check=False)
            if res.returncode:
                die(res.stderr.strip().replace("ringledger: ", "") or
                    "unknown variant %r" % self.variant)

    def env(self, **extra):
        env = dict(os.environ, RINGLEDGER_VARIANT=self.variant,
                   RINGLEDGER_DRIVER=self.driver)
        env.update(extra)
        return env

    def replay(self, path, variant=None, fmt=None):
        """(kind, line, function) of the first finding replaying @path
        (its form told by content, or @fmt: "--bytes" / "--text")."""
        args = [os.path.join(self.fz, "rl_replay"), "-q"] + ([fmt] if fmt else [])
        if variant is not None:
            args += ["--variant", variant or "patched"]
        out = subprocess.run(args + [path], env=self.env(ASAN_OPTIONS="detect_leaks=0"),
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, check=False).stdout
        m = FIRST_RE.search(out)
        if not m:
            return "", "", ""
        w = WHERE_RE.search(m.group(1))
        line = WHERE_RE.sub("", m.group(1))
        return m.group(2), line, w.group(1) if w else "-"


def next_run_dir(fz, engine, name):
    runs = os.path.join(fz, "runs")
    os.makedirs(runs, exist_ok=True)
    nums = [int(d.split("-")[0]) for d in os.listdir(runs)
            if re.match(r"\d{4}-", d)]
    d = os.path.join(runs, "%04d-%s-%s" % (max(nums, default=0) + 1, engine, name))
    os.makedirs(os.path.join(d, "crashes"))
    return d


def seed_dir(t, run):
    """The committed seeds this run may start from: for a variant, those
    that already trigger it are regression seeds, reported and left out, so
    that what the run reports was found by fuzzing."""
    seeds = sorted(glob.glob(os.path.join(t.seeds, "*")))
    if not t.variant:
        return t.seeds, []
    out = subprocess.run([os.path.join(t.fz, "rl_replay"), "-q", "--bytes"] + seeds,
                         env=t.env(ASAN_OPTIONS="detect_leaks=0"),
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, check=False).stdout
    hits = [s for s in seeds if re.search(re.escape(s) + r": NOT as expected", out)]
    d = os.path.join(run, "seeds")
    os.makedirs(d)
    for s in seeds:
        if s not in hits:
            shutil.copy(s, d)
    return d, hits


class Status:
    """A status line every few seconds instead of the engine's own."""

    def __init__(self, seconds):
        self.start = time.monotonic()
        self.last = 0.0
        self.seconds = seconds

    def show(self, execs, rate, cov, corpus, findings, force=False):
        now = time.monotonic() - self.start
        if not force and now - self.last < STATUS_EVERY:
            return
        self.last = now
        print("  [%4.0f/%d s] %s execs (%s/s) | coverage %s | corpus %s | findings %d" %
              (now, self.seconds, fmt_int(execs), fmt_int(rate), cov or "?",
               corpus or "?", findings), flush=True)


def fmt_int(v):
    try:
        return "{:,}".format(int(float(v)))
    except (TypeError, ValueError, OverflowError):
        return "?"


def num(v):
    """A float from a stats field ("inf", "" or missing: 0)."""
    try:
        f = float(v)
    except (TypeError, ValueError):
        return 0.0
    return f if f == f and abs(f) != float("inf") else 0.0


# Longest input the campaigns generate: 1 KiB is ~200 operations, ten
# times the longest regression trace.  Left to itself libFuzzer takes the
# longest corpus input (AFL++ queues reach 32 KiB) and halves its rate on
# the working corpus (204 -> 400 exec/s after loading, measured at 733ff4c).
MAX_LEN = 1024


def run_libfuzzer(t, args, run, seeds):
    corpus = os.path.join(t.fz, "corpus", t.name)
    os.makedirs(corpus, exist_ok=True)
    log_path = os.path.join(run, "libfuzzer.log")
    cmd = [os.path.join(t.fz, "am65_libfuzzer"), "-max_total_time=%d" % args.time,
           "-print_final_stats=1", "-timeout=10", "-rss_limit_mb=2048",
           "-max_len=%d" % MAX_LEN] + LIBFUZZER_SEARCH + [
           "-artifact_prefix=" + os.path.join(run, "crashes") + "/", corpus, seeds]
    st = Status(args.time)
    execs = rate = cov = corp = None
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, env=t.env(), stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, errors="replace")
        for ln in proc.stdout:
            log.write(ln)
            m = re.match(r"#(\d+)\s", ln)
            if m:
                execs = int(m.group(1))
                for key, val in re.findall(r"(cov|ft|corp|exec/s): (\d+)", ln):
                    if key == "ft":
                        cov = val + " features"
                    elif key == "corp":
                        corp = val
                    elif key == "exec/s":
                        rate = int(val)
            if ln.startswith("ringledger: finding") or "ERROR: " in ln:
                print("  " + ln.strip()[:200], flush=True)
            st.show(execs, rate, cov, corp, len(os.listdir(os.path.join(run, "crashes"))))
        proc.wait()
    text = open(log_path, errors="replace").read()
    stat = dict(re.findall(r"^stat::(\w+): *(\d+)", text, re.M))
    execs = int(stat.get("number_of_executed_units", execs or 0))
    rate = int(stat.get("average_exec_per_sec", rate or 0))
    st.show(execs, rate, cov, corp, len(os.listdir(os.path.join(run, "crashes"))), force=True)
    return {"execs": execs, "exec_per_sec": rate, "coverage": cov, "corpus": corp,
            "corpus_dir": corpus}


def afl_stats(path):
    try:
        return dict(re.findall(r"^(\w+)\s*:\s*(.*)$", open(path).read(), re.M))
    except OSError:
        return {}


def run_afl(t, args, run, seeds):
    for b in ("am65_afl", "am65_afl_cmplog"):
        if not os.access(os.path.join(t.fz, b), os.X_OK):
            die("%s/%s is missing: run make fuzz-afl" % (t.fz, b))
    corpus = os.path.join(t.fz, "corpus", t.name)
    os.makedirs(corpus, exist_ok=True)
    inputs = os.path.join(run, "afl-in")
    os.makedirs(inputs)
    for d in (seeds, corpus):
        for f in glob.glob(os.path.join(d, "*")):
            # afl-fuzz -G refuses longer seeds: their first MAX_LEN bytes
            # decode to the trace's first operations; a libFuzzer run on
            # the same working corpus may remove a file meanwhile
            try:
                data = open(f, "rb").read()[:MAX_LEN]
            except FileNotFoundError:
                continue
            if data:
                open(os.path.join(inputs, hashlib.sha1(data).hexdigest()[:16]),
                     "wb").write(data)
    if not os.listdir(inputs):
        open(os.path.join(inputs, "zero"), "wb").write(b"\0")
    out = os.path.join(run, "afl-out")
    env = t.env(**AFL_ENV)
    procs = []
    for j in range(args.jobs):
        role = ["-M", "main", "-c", os.path.join(t.fz, "am65_afl_cmplog")] if j == 0 \
            else ["-S", "s%d" % j]
        log = open(os.path.join(run, "afl-%d.log" % j), "w")
        procs.append((subprocess.Popen(
            ["afl-fuzz", "-V", str(args.time), "-i", inputs, "-o", out, "-m", "none",
             "-G", str(MAX_LEN)] +
            role + ["--", os.path.join(t.fz, "am65_afl")], env=env, stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True), log))
    st = Status(args.time)
    stats = {}
    try:
        while any(p.poll() is None for p, _ in procs):
            time.sleep(1)
            stats = afl_stats(os.path.join(out, "main", "fuzzer_stats"))
            # afl-fuzz's own execs_per_sec is wild in its first seconds
            # (36,649,000/s seen): executions over the run's own time
            st.show(stats.get("execs_done"),
                    num(stats.get("execs_done")) / max(1.0, time.monotonic() - st.start),
                    stats.get("bitmap_cvg"), stats.get("corpus_count"),
                    len(glob.glob(os.path.join(out, "*", "crashes", "id:*"))))
    finally:
        # whatever happened here, no afl-fuzz is left behind
        for p, log in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
            log.close()
        subprocess.run(["bash", os.path.join(REPO, "fuzz", "afl-reap.sh"), t.fz], check=False)
    stats = afl_stats(os.path.join(out, "main", "fuzzer_stats"))
    if not stats:
        last = open(os.path.join(run, "afl-0.log"), errors="replace").read().splitlines()
        err = [ANSI_RE.sub("", ln) for ln in last if "PROGRAM ABORT" in ln or "ERROR" in ln]
        die("afl-fuzz did not run: %s (log: %s)" % ((err or last or ["no output"])[-1].strip(),
                                                   os.path.join(run, "afl-0.log")))
    bad = afl_env_problem(open(os.path.join(run, "afl-0.log"), errors="replace").read())
    if bad:
        print("fuzz: warning: afl-fuzz called %s mistyped and slept 2 s at start: unset it" % bad,
              file=sys.stderr)
    for q in glob.glob(os.path.join(out, "*", "queue", "id:*")):
        data = open(q, "rb").read()
        dst = os.path.join(corpus, hashlib.sha1(data).hexdigest())
        if data and not os.path.exists(dst):
            open(dst, "wb").write(data)
    for i, c in enumerate(sorted(glob.glob(os.path.join(out, "*", "crashes", "id:*")))):
        shutil.copy(c, os.path.join(run, "crashes", "crash-afl-%04d" % i))
    st.show(stats.get("execs_done"), num(stats.get("execs_per_sec")),
            stats.get("bitmap_cvg"), stats.get("corpus_count"),
            len(os.listdir(os.path.join(run, "crashes"))), force=True)
    return {"execs": int(stats.get("execs_done", 0)),
            "exec_per_sec": num(stats.get("execs_per_sec")),
            "coverage": stats.get("bitmap_cvg"), "corpus": stats.get("corpus_count"),
            "corpus_dir": corpus}


def minimise(t, engine, raw, out, seconds):
    """A smaller input that still raises a finding, or a copy of @raw."""
    if engine == "libfuzzer":
        subprocess.run([os.path.join(t.fz, "am65_libfuzzer"), "-minimize_crash=1",
                        "-max_total_time=%d" % seconds, "-exact_artifact_path=" + out, raw],
                       env=t.env(), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
    else:
        subprocess.run(["timeout", str(4 * seconds), "afl-tmin", "-i", raw, "-o", out, "-m", "none",
                        "--", os.path.join(t.fz, "am65_afl")], env=t.env(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    if not os.path.exists(out) or not os.path.getsize(out):
        shutil.copy(raw, out)


def to_trace(t, inp, out, source):
    """The input as a text trace with its variant, the finding it raises
    now (minimising keeps "a finding", not its kind) and where it came from.
    Returns (kind, line, function)."""
    tmp = out + ".tmp.trace"
    # the bytes decode for the target's driver (RINGLEDGER_DRIVER)
    subprocess.run([os.path.join(t.fz, "rl_trace_conv"), "--bytes", inp, tmp], env=t.env(),
                   check=True)
    kind, line, func = t.replay(tmp)
    body = open(tmp).read()
    os.unlink(tmp)
    with open(out, "w") as f:
        f.write("# finding: %s\n" % (line or "none when replayed"))
        f.write("# from: %s\n" % source)
        for v in t.variant.split(","):
            if v:
                f.write("variant %s\n" % v)
        if kind:
            f.write("expect %s\n" % kind)
        f.write(body)
    return kind, line, func


def ops_text(trace_path):
    return "".join(ln for ln in open(trace_path)
                   if ln.strip() and not ln.startswith(("#", "variant ", "expect ")))


def store_finding(t, run, kind, line, func, trace, inp):
    """Keep the finding in build/fuzz/findings unless it is a known one;
    returns (id, new)."""
    key = "%s|%s|%s|%s" % (t.name, kind, func, ops_text(trace))
    fid = "%s-%s-%s" % (kind or "NONE", func if func != "-" else "nofunc",
                        hashlib.sha1(key.encode()).hexdigest()[:8])
    d = os.path.join(t.fz, "findings", fid)
    meta_path = os.path.join(d, "finding.json")
    if os.path.exists(meta_path):
        meta = json.load(open(meta_path))
        meta["runs"].append(os.path.relpath(run, REPO))
        json.dump(meta, open(meta_path, "w"), indent=1)
        return fid, False
    os.makedirs(d, exist_ok=True)
    shutil.copy(trace, os.path.join(d, "finding.trace"))
    shutil.copy(inp, os.path.join(d, "input.bin"))
    json.dump({"id": fid, "target": t.name, "kind": kind, "function": func, "line": line,
               "first_run": os.path.relpath(run, REPO),
               "runs": [os.path.relpath(run, REPO)]}, open(meta_path, "w"), indent=1)
    return fid, True


def triage(t, engine, run, seconds):
    """Each raw crash of the run: replayed for its (kind, function); one
    per group is minimised, turned into a trace and stored."""
    groups = {}
    for raw in sorted(glob.glob(os.path.join(run, "crashes", "*"))):
        if raw.endswith((".min", ".trace")):
            continue
        kind, _, func = t.replay(raw, fmt="--bytes")
        groups.setdefault((kind, func), []).append(raw)
    found = {}
    for raws in (g for _, g in sorted(groups.items())):
        raw = raws[0]
        minimise(t, engine, raw, raw + ".min", seconds)
        trace = raw + ".trace"
        kind, line, func = to_trace(t, raw + ".min", trace, "%s run %s" % (
            engine, os.path.basename(run)))
        if (kind, func) in found:
            # minimised, two groups turned out the same bug: one finding
            found[(kind, func)]["raw"] += len(raws)
            continue
        fid, new = store_finding(t, run, kind, line, func, trace, raw + ".min")
        found[(kind, func)] = {"id": fid, "new": new, "kind": kind, "function": func,
                               "line": line, "raw": len(raws),
                               "trace": os.path.join(t.fz, "findings", fid, "finding.trace")}
    return list(found.values())


def summary(t, engine, run, stats, found, hits, elapsed):
    lines = ["== %s on the %s driver: %ds, %s execs (%s exec/s), coverage %s, corpus %s inputs" %
             (engine, t.name, elapsed, fmt_int(stats["execs"]), fmt_int(stats["exec_per_sec"]),
              stats["coverage"] or "?", stats["corpus"] or "?"),
             "   run directory: %s (full engine log there)" % os.path.relpath(run, REPO),
             "   working corpus: %s (kept and grown by the next run)" %
             os.path.relpath(stats["corpus_dir"], REPO)]
    for h in hits:
        lines.append("   reproduced by regression seed %s (not a new finding; left out of this run)" %
                     os.path.relpath(h, REPO))
    if not found:
        lines.append("== no finding in %ds" % elapsed)
        goal = "fuzz" if engine == "libFuzzer" else "fuzz-afl"
        # longer than this one: 10 min, or four times a run past 150 s
        longer = max(600, 4 * elapsed)
        if t.driver == "am65":
            lines.append("   next: a longer run (make %s FUZZ_TIME=%d), or hunt a known bug: "
                         "make %s VARIANT=rx_tdown_no_drain" % (goal, longer, goal))
        else:
            lines.append("   next: a longer run (make %s DRIVER=%s FUZZ_TIME=%d)" %
                         (goal, t.driver, longer))
    for f in found:
        lines.append("== FINDING %s%s: %s" % (f["id"], "" if f["new"] else " (known: seen before)",
                                               f["line"] or "none when replayed"))
        if f["raw"] > 1:
            lines.append("   %d raw crashes of this kind and function; one minimised" % f["raw"])
        rel = os.path.relpath(f["trace"], REPO)
        lines.append("   trace: %s" % rel)
        lines.append("   replay it: make replay TRACE=%s" % rel)
        lines.append("   on the patched driver: make replay TRACE=%s VARIANT=patched" % rel)
    if found:
        lines.append("   next: read the trace step by step (make replay), fix the driver, and keep it "
                     "as a regression: cp TRACE fuzz/regressions/NAME.trace; all findings: make findings")
    text = "\n".join(lines)
    print(text)
    open(os.path.join(run, "summary.txt"), "w").write(text + "\n")


def cmd_run(args, engine):
    t = Target(args.build, args.variant, args.driver)
    run = next_run_dir(t.fz, engine, t.name)
    seeds, hits = seed_dir(t, run)
    for h in hits:
        print("== reproduced by regression seed %s (not a new finding): fuzzing without it" %
              os.path.relpath(h, REPO))
    print("== %s on the %s driver for %ds%s; run directory %s" % (
        "libFuzzer" if engine == "libfuzzer" else "AFL++ (%d job(s))" % args.jobs,
        t.name, args.time, " (smoke)" if args.smoke else "", os.path.relpath(run, REPO)),
        flush=True)
    start = time.monotonic()
    stats = (run_libfuzzer if engine == "libfuzzer" else run_afl)(t, args, run, seeds)
    elapsed = int(time.monotonic() - start)
    found = triage(t, engine, run, args.minimise_time)
    summary(t, "libFuzzer" if engine == "libfuzzer" else "AFL++", run, stats, found, hits,
            elapsed)
    return 1 if found else 0


def cmd_findings(args):
    fz = os.path.join(args.build, "fuzz")
    metas = []
    for p in sorted(glob.glob(os.path.join(fz, "findings", "*", "finding.json"))):
        try:
            metas.append(json.load(open(p)))
        except (OSError, ValueError):
            print("findings: %s is unreadable, skipped" % p, file=sys.stderr)
    if not metas:
        print("no findings kept yet (build/fuzz/findings/ is empty): make fuzz finds some")
        return 0
    print("%d finding(s) kept in %s:" % (len(metas), os.path.relpath(os.path.join(fz, "findings"),
                                                                     REPO)))
    for m in metas:
        trace = os.path.relpath(os.path.join(fz, "findings", m["id"], "finding.trace"), REPO)
        print("  %-40s %-8s %s" % (m["id"], m["target"], m["line"] or "none when replayed"))
        print("      first in %s, seen in %d run(s); make replay TRACE=%s" % (
            m["first_run"], len(m["runs"]), trace))
    return 0


def cmd_trace(args):
    t = Target(args.build, args.variant, args.driver)
    kind, line, func = to_trace(t, args.input, args.output, args.source)
    print((line or "none when replayed") + (" in " + func if func != "-" else ""))
    return 0


def main():
    ap = Parser(prog="fuzz.py", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"), help="build directory")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    for name, what in (("libfuzzer", "make fuzz: libFuzzer (ASan+UBSan) on the driver"),
                       ("afl", "make fuzz-afl: AFL++ on the driver")):
        p = sub.add_parser(name, help=what, description=what)
        p.add_argument("--time", type=positive_int("FUZZ_TIME", 1, 7 * 86400), required=True,
                       help="seconds (FUZZ_TIME)")
        p.add_argument("--variant", default="", help="catalogued bug(s) put back (VARIANT)")
        p.add_argument("--driver", choices=DRIVERS, default="am65",
                       help="the extracted driver fuzzed (DRIVER)")
        p.add_argument("--smoke", action="store_true", help="a short run for make check")
        p.add_argument("--minimise-time", type=positive_int("MINIMISE_TIME", 1, 3600),
                       default=15, help="seconds libFuzzer spends minimising each finding")
        if name == "afl":
            p.add_argument("--jobs", type=positive_int("JOBS", 1, 64), default=1,
                           help="afl-fuzz instances (JOBS): a main and JOBS-1 secondaries")
    p = sub.add_parser("all", help="make fuzz-all: every distinct bug of a profile, attributed")
    p.add_argument("--time", type=positive_int("FUZZ_TIME", 1, 7 * 86400), required=True)
    p.add_argument("--variant", required=True, help="profile or variants (VARIANT)")
    p.add_argument("--engine", choices=("libfuzzer", "afl"), default="libfuzzer")
    p.add_argument("--empty", action="store_true", help="start from an empty corpus (EMPTY=1)")
    p.add_argument("--jobs", type=positive_int("JOBS", 1, 64), default=1)
    p.add_argument("--minimise-time", type=positive_int("MINIMISE_TIME", 1, 3600), default=5)
    sub.add_parser("findings", help="make findings: every finding kept, with its replay command")
    p = sub.add_parser("trace", help="a fuzz input as a trace with variant and expect lines")
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--variant", default="")
    p.add_argument("--driver", choices=DRIVERS, default="am65")
    p.add_argument("--source", default="by hand")
    args = ap.parse_args()
    if args.cmd in ("libfuzzer", "afl"):
        sys.exit(cmd_run(args, args.cmd))
    if args.cmd == "findings":
        sys.exit(cmd_findings(args))
    if args.cmd == "all":
        import fuzz_all
        sys.exit(fuzz_all.cmd_all(args))
    sys.exit(cmd_trace(args))


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        main()
    except KeyboardInterrupt:
        die("interrupted: what the run found so far is in build/fuzz/runs/")
