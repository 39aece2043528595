"""engines.py - one bench run: a fuzzing engine from an empty corpus on one
variant with one seed, until its first finding or the cap; then the
finding is replayed to learn its kind and to check that the patched
driver runs the same input clean.

A run is "found" only when all three hold: the engine stopped on a finding,
replaying the input with the variant raises a finding whose kind the
catalogue lists for that variant, and the patched driver runs it without a
finding.  Anything else is reported with the reason.
"""
import os
import re
import shutil
import subprocess
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FINDING_RE = re.compile(r"first: step \d+: ([A-Z_]+) (.*?)(?:; digest [0-9a-f]+)?$", re.M)
LOG_FINDING_RE = re.compile(r"ringledger: finding at op \d+ \([^)]*\): step \d+: ([A-Z_]+) ")
SANITIZER_RES = [
    (re.compile(r"ERROR: libFuzzer: timeout"), "TIMEOUT"),
    (re.compile(r"ERROR: libFuzzer: out-of-memory"), "OOM"),
    (re.compile(r"ERROR: LeakSanitizer"), "LSAN_LEAK"),
    (re.compile(r"ERROR: AddressSanitizer: ([a-z-]+)"), "ASAN:{0}"),
    (re.compile(r"runtime error: "), "UBSAN"),
]


def read_text(path):
    """A whole text file (bad bytes replaced), closed again."""
    with open(path, errors="replace") as f:
        return f.read()


class Run:
    """The result of one engine run (a row of runs.csv)."""

    FIELDS = ["variant", "engine", "seed", "outcome", "seconds", "engine_seconds",
              "execs", "kind", "finding", "input"]

    def __init__(self, variant, engine, seed):
        self.variant = variant
        self.engine = engine
        self.seed = seed
        self.outcome = "not_found"   # found | not_found | wrong_kind | on_patched | error
        self.seconds = None          # wall time from engine start to the first finding
        self.engine_seconds = None   # the engine's own clock, where it names one
        self.execs = None            # executions up to the finding (or the cap)
        self.kind = ""
        self.finding = ""
        self.input = ""

    @property
    def found(self):
        return self.outcome == "found"

    def row(self):
        return {f: ("" if getattr(self, f) is None else getattr(self, f))
                for f in self.FIELDS}


def crash_kind_from_log(text):
    """Kind of the first crash an engine log names (ledger or sanitizer)."""
    m = LOG_FINDING_RE.search(text)
    if m:
        return m.group(1)
    for rx, name in SANITIZER_RES:
        m = rx.search(text)
        if m:
            return name.format(*m.groups())
    return ""


def replay(fz, path, variant):
    """(kind, line) of the first finding replaying @path with @variant
    ("" = the patched driver); ("", "") when it runs clean."""
    env = dict(os.environ, RINGLEDGER_VARIANT=variant,
               ASAN_OPTIONS="detect_leaks=0")
    # an engine's input is fuzz bytes, the empty one included (as text it
    # would be an am65 trace with no operations)
    args = [os.path.join(fz, "rl_replay"), "-q", "--bytes"]
    if not variant:
        args.append("-patched")
    out = subprocess.run(args + [path], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, check=False).stdout
    m = FINDING_RE.search(out)
    if m:
        return m.group(1), m.group(1) + " " + m.group(2)
    return "", ""


def judge(run, fz, accepted, do_replay=replay):
    """Set run.outcome from the input the engine stopped on."""
    kind, line = do_replay(fz, run.input, run.variant)
    run.kind = kind or run.kind or "NO_LEDGER_FINDING"
    run.finding = line or run.finding
    if not kind or kind not in accepted:
        run.outcome = "wrong_kind"
        return run
    pkind, pline = do_replay(fz, run.input, "")
    if pkind:
        run.outcome = "on_patched"
        run.finding = "patched driver: " + pline
        return run
    run.outcome = "found"
    return run


def _stat(text, name):
    m = re.findall(r"^stat::%s: *(\d+)" % name, text, re.M)
    return int(m[-1]) if m else None


# libFuzzer's search, for the bench and make fuzz alike (fuzz.py imports
# it): value profiles make a comparison's operands coverage, which is what
# lets it solve a nested operation's one-byte wait selector (kind and
# count, rl_trace_ops.c) - its 1-byte compares never reach the CMP
# dictionary.  race_xmit_rebuild, 5 seeds each, medians without / with:
# 85.9 / 42.0 s at b527955, 68.3 / 63.8 s at c615b5d (one seed of each
# run without not found in 120 s; all ten found with).
LIBFUZZER_SEARCH = ["-use_value_profile=1"]

# AFL++ run unattended (make fuzz-afl, make fuzz-all, the benches): no
# screen, no CPU checks, no README beside the crashes.  Only names AFL++
# 4.04c knows: for any other AFL_* name in its environment it warns and then
# sleeps 2 s at start-up (read_afl_environment, src/afl-fuzz-state.c): an
# AFL_SUPPRESS_ERROR_LOG here, a name it does not know, cost every AFL++
# run 2 s until afl_env_problem() below made that warning an error.
AFL_ENV = {"AFL_NO_UI": "1", "AFL_SKIP_CPUFREQ": "1", "AFL_NO_AFFINITY": "1",
           "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1", "AFL_NO_CRASH_README": "1"}
AFL_ENV_WARNING_RE = re.compile(r"(?:Potentially m|M)istyped AFL environment variable: ?(\w+)")


def afl_env_problem(log_text):
    """The AFL_* name afl-fuzz called mistyped in its log (it slept 2 s for
    it), or None."""
    m = AFL_ENV_WARNING_RE.search(log_text)
    return m.group(1) if m else None


def run_libfuzzer(fz, work, variant, seed, cap, accepted, runs=None):
    """libFuzzer (ASan+UBSan build) from an empty corpus."""
    run = Run(variant, "libfuzzer", seed)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "corpus"))
    args = [os.path.join(fz, "am65_libfuzzer"), "-seed=%d" % seed,
            "-max_total_time=%d" % cap, "-print_final_stats=1", "-timeout=10",
            "-rss_limit_mb=2048", "-artifact_prefix=" + work + "/"] + LIBFUZZER_SEARCH
    if runs is not None:
        args.append("-runs=%d" % runs)
    args.append(os.path.join(work, "corpus"))
    env = dict(os.environ, RINGLEDGER_VARIANT=variant)
    t0 = time.monotonic()
    with open(os.path.join(work, "engine.log"), "w") as log:
        subprocess.run(args, env=env, stdout=log, stderr=subprocess.STDOUT,
                       check=False)
    elapsed = time.monotonic() - t0
    text = read_text(os.path.join(work, "engine.log"))
    run.execs = _stat(text, "number_of_executed_units")
    crashes = sorted(f for f in os.listdir(work)
                     if f.split("-")[0] in ("crash", "leak", "timeout", "oom"))
    if not crashes:
        if "ERROR" in text and "ringledger" not in text:
            run.outcome = "error"
            run.finding = text.strip().splitlines()[-1][:200] if text.strip() else ""
        return run
    run.seconds = round(elapsed, 2)
    run.input = os.path.join(work, crashes[0])
    run.kind = crash_kind_from_log(text)
    return judge(run, fz, accepted)


def _afl_field(name, key):
    m = re.search(r"(?:^|,)%s:(\d+)" % key, name)
    return int(m.group(1)) if m else None


def afl_start(work, seed, opts, target, env=None):
    """afl-fuzz as every bench run starts it, in a fresh @work: from a
    one-byte seed (AFL++ refuses an empty input directory), with @opts
    (the stop rule, CMPLOG) before `-- @target`, its output in
    work/engine.log.  Returns (wall time when it started, seconds it ran)."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "in"))
    with open(os.path.join(work, "in", "empty"), "wb") as f:
        f.write(b"\0")
    args = ["afl-fuzz", "-s", str(seed), "-i", os.path.join(work, "in"),
            "-o", os.path.join(work, "out"), "-m", "none", "-t", "10000"] + opts + ["--", target]
    t0, wall0 = time.monotonic(), time.time()
    with open(os.path.join(work, "engine.log"), "w") as log:
        subprocess.run(args, env=dict(os.environ, **AFL_ENV, **(env or {})), stdout=log,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, check=False)
    return wall0, time.monotonic() - t0


def run_afl(fz, work, variant, seed, cap, accepted, runs=None):
    """AFL++ (persistent mode, CMPLOG beside it).  AFL_BENCH_UNTIL_CRASH
    stops it after the first crash (at the end of the stage that found
    it): the time is the crash file's."""
    run = Run(variant, "afl", seed)
    opts = ["-V", str(cap)] + ([] if runs is None else ["-E", str(runs)])
    wall0, elapsed = afl_start(work, seed, opts + ["-c", os.path.join(fz, "am65_afl_cmplog")],
                               os.path.join(fz, "am65_afl"),
                               {"RINGLEDGER_VARIANT": variant, "AFL_BENCH_UNTIL_CRASH": "1"})
    # afl-fuzz leaves the CMPLOG run's child stopped behind it
    subprocess.run(["bash", os.path.join(REPO, "fuzz", "afl-reap.sh"), fz], check=False)
    bad = afl_env_problem(read_text(os.path.join(work, "engine.log")))
    if bad:
        # a time that includes AFL++'s 2 s pause is not the harness's
        run.outcome = "error"
        run.finding = "afl-fuzz calls %s mistyped and sleeps 2 s at start: unset it" % bad
        return run
    out = os.path.join(work, "out", "default")
    stats = os.path.join(out, "fuzzer_stats")
    if os.path.exists(stats):
        m = re.search(r"^execs_done *: *(\d+)", read_text(stats), re.M)
        run.execs = int(m.group(1)) if m else None
    else:
        lines = read_text(os.path.join(work, "engine.log")).splitlines()
        if any("seed that does not crash" in ln for ln in lines):
            # the dry run of the one seed already crashed: a bug every
            # input reaches (a leak at remove) - found by the first exec
            run.input = os.path.join(work, "in", "empty")
            run.seconds = round(elapsed, 2)
            run.execs = 1
            run.engine_seconds = 0.0
            return judge(run, fz, accepted)
        run.outcome = "error"
        err = [ln for ln in lines if "PROGRAM ABORT" in ln or "ERROR" in ln]
        run.finding = (err or lines or ["afl-fuzz wrote no stats"])[-1][:200]
        return run
    cdir = os.path.join(out, "crashes")
    crashes = sorted(f for f in os.listdir(cdir) if f.startswith("id:")) \
        if os.path.isdir(cdir) else []
    if not crashes:
        return run
    run.input = os.path.join(cdir, crashes[0])
    # detected when the crash file was written: afl-fuzz with
    # AFL_BENCH_UNTIL_CRASH stops only after the stage it is in (0.2 s of
    # further executions seen under strace on page_pool_double_destroy)
    run.seconds = round(min(elapsed, max(0.0, os.stat(run.input).st_mtime - wall0)), 2)
    execs = _afl_field(crashes[0], "execs")
    if execs is not None:
        run.execs = execs
    ms = _afl_field(crashes[0], "time")
    if ms is not None:
        run.engine_seconds = ms / 1000.0
    return judge(run, fz, accepted)


ENGINES = {"libfuzzer": run_libfuzzer, "afl": run_afl}
ENGINE_TITLES = {"libfuzzer": "libFuzzer", "afl": "AFL++"}


if __name__ == "__main__":
    # for fuzz/bench.sh: --afl-env prints AFL_ENV as NAME=VALUE lines;
    # --afl-env-problem LOG prints the name afl_env_problem() finds, if any
    import sys
    if sys.argv[1:] == ["--afl-env"]:
        for k, v in AFL_ENV.items():
            print("%s=%s" % (k, v))
    elif len(sys.argv) == 3 and sys.argv[1] == "--afl-env-problem":
        print(afl_env_problem(read_text(sys.argv[2])) or "")
    else:
        sys.exit("usage: engines.py --afl-env | --afl-env-problem AFL_LOG")
