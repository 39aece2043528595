#!/usr/bin/env python3
"""fuzz_all.py - make fuzz-all: find every distinct bug of a profile.

The engine keeps fuzzing after each finding (libFuzzer -fork=1
-ignore_crashes=1, AFL++ by nature) in rounds; after each round every new
crash is replayed and bucketed by (finding kind, driver function of the
first finding).  A new bucket is minimised into a trace and attributed to
the catalogued variant(s) whose removal makes that trace clean (a replay
with the round's set minus one).  An attributed variant is switched off
for the following rounds, so a shallow bug that fires on almost every
input does not hide the deep ones; why that is sound is in
fuzz/README.md.  A bucket no removal explains is an "unknown bug": it
stays reported, and the run goes on around it.

Everything is kept under the run directory (build/fuzz/runs/NNNN-all-*):
the engine logs, the raw crashes, buckets.json and summary.txt; each
bucket's trace is also stored with the other findings (make findings).
"""
import glob
import json
import os
import re
import subprocess
import time

import fuzz as fz

ROUND = 20        # seconds of fuzzing between two triages
FIRST_ROUND = 10  # the first is shorter: shallow bugs go first
LINE_RE = re.compile(r"^(\S+): (?:as expected|NOT as expected); (\d+) finding\(s\)"
                     r"(?:, first: (.*?))?(?:; digest [0-9a-f]+)?$", re.M)


def expand(t, spec):
    """The variant names of @spec (names, profiles, -name)."""
    res = subprocess.run([os.path.join(t.build, "variants"), "--expand", spec],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         check=False)
    if res.returncode:
        fz.die(res.stderr.strip().replace("ringledger: ", "") or "bad variant %r" % spec)
    return res.stdout.split()


def replay_many(t, paths, variants, fmt="--bytes"):
    """{path: (kind, line, function)} of the first finding of each input
    under @variants (a list of names; empty: the patched driver)."""
    out = {}
    for i in range(0, len(paths), 200):
        chunk = paths[i:i + 200]
        res = subprocess.run([os.path.join(t.fz, "rl_replay"), "-q", fmt, "--variant",
                              ",".join(variants) or "patched"] + chunk,
                             env=t.env(ASAN_OPTIONS="detect_leaks=0"),
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                             check=False)
        for m in LINE_RE.finditer(res.stdout):
            first = m.group(3) or ""
            w = fz.WHERE_RE.search(first)
            k = re.match(r"step \d+: ([A-Z_]+) ", first)
            out[m.group(1)] = (k.group(1) if k else "", fz.WHERE_RE.sub("", first),
                               w.group(1) if w else "-")
    return out


def attribute(t, trace, variants):
    """The variants whose removal makes @trace clean; [] if none does."""
    who = []
    for v in variants:
        rest = [x for x in variants if x != v]
        kind = replay_many(t, [trace], rest, fmt="--text").get(trace, ("?",))[0]
        if not kind:
            who.append(v)
    return who


def run_round(t, engine, run, corpus, seconds, variants, jobs):
    """Fuzz for @seconds with @variants put back; crashes land in run/crashes."""
    env = t.env(RINGLEDGER_VARIANT=",".join(variants))
    log = open(os.path.join(run, "engine.log"), "a")
    if engine == "libfuzzer":
        cmd = [os.path.join(t.fz, "am65_libfuzzer"), "-fork=%d" % jobs, "-ignore_crashes=1",
               "-ignore_timeouts=1", "-ignore_ooms=1", "-max_total_time=%d" % seconds,
               "-timeout=10", "-rss_limit_mb=2048"] + fz.LIBFUZZER_SEARCH + [
               "-artifact_prefix=" + os.path.join(run, "crashes") + "/", corpus]
        subprocess.run(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    else:
        out = os.path.join(run, "afl")
        inp = corpus if os.listdir(corpus) else "-"
        if inp == "-":
            inp = os.path.join(run, "afl-in")
            os.makedirs(inp, exist_ok=True)
            open(os.path.join(inp, "zero"), "wb").write(b"\0")
        env.update(fz.AFL_ENV)
        subprocess.run(["afl-fuzz", "-V", str(seconds), "-i", inp, "-o", out, "-m", "none",
                        "--", os.path.join(t.fz, "am65_afl")], env=env, stdout=log,
                       stderr=subprocess.STDOUT, check=False)
        subprocess.run(["bash", os.path.join(fz.REPO, "fuzz", "afl-reap.sh")], check=False)
        for p in glob.glob(os.path.join(out, "*", "crashes", "id:*")):
            dst = os.path.join(run, "crashes", "afl-" + re.sub(r"[^A-Za-z0-9]", "_",
                                                               os.path.basename(p)))
            if not os.path.exists(dst):
                os.link(p, dst)
        for p in glob.glob(os.path.join(out, "*", "queue", "id:*")):
            dst = os.path.join(corpus, re.sub(r"[^A-Za-z0-9]", "_", os.path.basename(p)))
            if not os.path.exists(dst):
                os.link(p, dst)
    log.close()


def cmd_all(args):
    t = fz.Target(args.build, "")
    everything = expand(t, args.variant)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", args.variant)
    run = fz.next_run_dir(t.fz, "all", name)
    corpus = (os.path.join(run, "corpus") if args.empty
              else os.path.join(t.fz, "corpus", "all-" + name))
    os.makedirs(corpus, exist_ok=True)
    print("== find them all: %s (%d variants) with %s for %ds%s; run directory %s" % (
        args.variant, len(everything), args.engine, args.time,
        ", empty corpus" if args.empty else "", os.path.relpath(run, fz.REPO)), flush=True)
    active = list(everything)
    buckets, seen = [], set()
    start = time.monotonic()
    start_wall = time.time()
    rnd = 0
    while active:
        left = args.time - (time.monotonic() - start)
        if left < 1:
            break
        rnd += 1
        secs = int(min(left, FIRST_ROUND if rnd == 1 else ROUND)) or 1
        run_round(t, args.engine, run, corpus, secs, active, args.jobs)
        raws = sorted(p for p in glob.glob(os.path.join(run, "crashes", "*"))
                      if p not in seen and not p.endswith((".min", ".trace")))
        seen.update(raws)
        firsts = replay_many(t, raws, active)
        new_keys = {}
        for raw in raws:
            kind, _, func = firsts.get(raw, ("", "", "-"))
            if not kind:
                continue  # does not reproduce alone (a timeout, an OOM)
            key = (kind, func)
            b = next((b for b in buckets if b["key"] == key), None)
            if b:
                b["raw"] += 1
                continue
            new_keys.setdefault(key, raw)
        off = set()
        for key, raw in sorted(new_keys.items()):
            tv = fz.Target(args.build, ",".join(active))
            fz.minimise(tv, args.engine, raw, raw + ".min", args.minimise_time)
            trace = raw + ".trace"
            kind, line, func = fz.to_trace(tv, raw + ".min", trace, "fuzz-all %s round %d" % (
                os.path.basename(run), rnd))
            if not kind:
                continue
            if any(b["key"] == (kind, func) for b in buckets):
                continue  # minimised into a bucket already known
            who = attribute(tv, trace, active)
            on_patched = replay_many(tv, [trace], [], fmt="--text").get(trace, ("",))[0]
            fid, _ = fz.store_finding(tv, run, kind, line, func, trace, raw + ".min")
            b = {"key": (kind, func), "kind": kind, "function": func, "line": line,
                 "variants": who, "patched_finding": on_patched,
                 "seconds": round(max(0.0, os.path.getmtime(raw) - start_wall), 1),
                 "round": rnd, "raw": 1, "id": fid,
                 "trace": os.path.join(t.fz, "findings", fid, "finding.trace")}
            buckets.append(b)
            print("  [%4.0f s] bucket %d: %s in %s -> %s" % (
                time.monotonic() - start, len(buckets), kind, func,
                ", ".join(who) if who else "UNKNOWN BUG"), flush=True)
            off.update(who)
        if off:
            active = [v for v in active if v not in off]
            print("  switched off: %s (%d variants left)" % (", ".join(sorted(off)), len(active)),
                  flush=True)
    elapsed = int(time.monotonic() - start)
    report(args, run, everything, buckets, elapsed, active)
    return 1 if buckets else 0


def report(args, run, everything, buckets, elapsed, active):
    rows = [("#", "kind", "function", "attributed to", "first seen", "trace")]
    for i, b in enumerate(buckets, 1):
        rows.append((str(i), b["kind"], b["function"],
                     ", ".join(b["variants"]) or "unknown bug" +
                     (" (also on the patched driver)" if b["patched_finding"] else ""),
                     "%.0f s" % b["seconds"], os.path.relpath(b["trace"], fz.REPO)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["== %s: %d s with %s%s" % (args.variant, elapsed, args.engine,
                                         ", empty corpus" if args.empty else "")]
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    found = sorted({v for b in buckets for v in b["variants"]})
    unknown = sum(1 for b in buckets if not b["variants"])
    lines.append("   found %d of the %d variants of %s: %s" % (
        len(found), len(everything), args.variant, ", ".join(found) or "-"))
    if active:
        lines.append("   not found: %s" % ", ".join(active))
    lines.append("   run directory: %s (buckets.json, engine.log)" % os.path.relpath(run, fz.REPO))
    lines.append("%d distinct bugs, %d attributed, %d unknown" % (
        len(buckets), len(buckets) - unknown, unknown))
    text = "\n".join(lines)
    print(text)
    open(os.path.join(run, "summary.txt"), "w").write(text + "\n")
    json.dump({"spec": args.variant, "engine": args.engine, "seconds": elapsed,
               "empty_corpus": args.empty, "variants": everything, "not_found": active,
               "buckets": [dict(b, key=list(b["key"])) for b in buckets]},
              open(os.path.join(run, "buckets.json"), "w"), indent=1)
