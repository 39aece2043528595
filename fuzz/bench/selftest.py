#!/usr/bin/env python3
"""make bench-selftest (part of make check): every check the bench makes is
shown to fire.  Unit cases run on canned inputs; the end-to-end cases run
the real bench for a few seconds with libFuzzer on one fast variant.

  selftest.py BUILD_DIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402
import engines as eng  # noqa: E402
import report  # noqa: E402

BUILD = "build"
FAST = "page_pool_double_destroy"   # found within a couple of seconds
OTHER = "rx_tdown_no_drain"          # only named: an earlier bench's rows


def fake_replay(with_variant, patched):
    """A replay that answers (kind, line) per driver."""
    def replay(fz, path, variant):
        return with_variant if variant else patched
    return replay


class Judge(unittest.TestCase):
    def run_with(self, with_variant, patched=("", "")):
        r = eng.Run("v", "libfuzzer", 1)
        r.input = "/dev/null"
        return eng.judge(r, "fz", ["LEAK", "DROPPED"], fake_replay(with_variant, patched))

    def test_matching_kind_clean_on_patched_is_found(self):
        self.assertEqual(self.run_with(("LEAK", "LEAK desc#1")).outcome, "found")

    def test_unrelated_kind_is_wrong_kind(self):
        r = self.run_with(("DOUBLE_FREE", "DOUBLE_FREE skb#0"))
        self.assertEqual((r.outcome, r.kind), ("wrong_kind", "DOUBLE_FREE"))

    def test_crash_without_ledger_finding_is_wrong_kind(self):
        r = self.run_with(("", ""))
        self.assertEqual((r.outcome, r.kind), ("wrong_kind", "NO_LEDGER_FINDING"))

    def test_finding_the_patched_driver_also_has_is_not_the_bug(self):
        r = self.run_with(("LEAK", "LEAK desc#1"), ("LEAK", "LEAK desc#1"))
        self.assertEqual(r.outcome, "on_patched")

    def test_engine_log_kinds(self):
        self.assertEqual(eng.crash_kind_from_log(
            "ringledger: finding at op 3 (settle): step 3: DROPPED desc#2: x"), "DROPPED")
        self.assertEqual(eng.crash_kind_from_log(
            "==1==ERROR: AddressSanitizer: heap-use-after-free on"), "ASAN:heap-use-after-free")
        self.assertEqual(eng.crash_kind_from_log("==1== ERROR: libFuzzer: timeout after"), "TIMEOUT")
        self.assertEqual(eng.crash_kind_from_log("nothing"), "")


class Summary(unittest.TestCase):
    def test_median_counts_misses_last(self):
        self.assertEqual(report.median([3, 1, 2]), 2)
        self.assertEqual(report.median([1, None, 5]), 5)
        self.assertIsNone(report.median([1, None, None]))
        self.assertEqual(report.median([1, 3]), 2)

    def test_cell_shows_misses(self):
        runs = []
        for seed, t in enumerate([2.0, None, 4.0], 1):
            r = eng.Run("v", "libfuzzer", seed)
            r.outcome, r.seconds, r.execs = ("found", t, 100) if t else ("not_found", None, 9)
            runs.append(r)
        cat = {"v": {"kinds": ["LEAK"], "ref": "x"}}
        row = report.summarise(runs, ["v"], ["libfuzzer"], cat, {}, {})[0]
        self.assertEqual(row["libfuzzer"]["found"], 2)
        self.assertIsNone(row["libfuzzer"]["max_s"])
        self.assertEqual(report.engine_cell(row["libfuzzer"]), "4.0 / nf s (100) 2/3")

    def test_kunit_failed_case_is_no(self):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write("    # Subtest: am65_variant_is_caught\n        ok 1 a_bug\n"
                    "        not ok 2 b_bug\n        ok 3 b_bug_zero_copy\n        1..3\n"
                    "    ok 9 c_bug\n")
        v = bench.kunit_verdicts(f.name)
        os.unlink(f.name)
        self.assertEqual(v, {"a_bug": "yes", "b_bug": "no"})

    def test_proof_verdicts(self):
        d = tempfile.mkdtemp()
        units = os.path.join(d, "units.txt")
        with open(units, "w") as f:
            f.write("# c\nu1 | f.c | fn | v1 | fn_assert_reset_drops_nothing\n"
                    "u2 | f.c | fn | v2 | fn_ensures_x\nu3 | f.c | fn | v3 | fn_ensures_x\n"
                    "u4 | f.c | fn | - | -\nu5 | f.c | fn | v5 | fn_ensures_x\n")
        for name, unproved in (("v1", ["fn_assert_reset_drops_nothing"]), ("v2", []),
                               ("v5", ["fn_ensures_x", "fn_assert_rte_mem_access"])):
            with open(os.path.join(d, "report-%s.json" % name), "w") as f:
                json.dump({"unproved_goals": unproved, "broken": []}, f)
        v = bench.proof_verdicts(units, d)
        self.assertEqual(v["v1"], "u1 breaks reset_drops_nothing")
        self.assertEqual(v["v2"], "u2 proves: NOT caught")
        self.assertEqual(v["v3"], "u3: not run (make prove-check)")
        self.assertEqual(v["v5"], "u5 breaks other goals than its theorem")
        self.assertNotIn("-", v)

    def test_readme_block(self):
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write("a\n%s\nold\n%s\nb\n" % (report.README_BEGIN, report.README_END))
        report.update_readme(f.name, "| new |")
        text = eng.read_text(f.name)
        self.assertIn("| new |", text)
        self.assertNotIn("old", text)
        with open(f.name, "w") as g:
            g.write("no markers\n")
        with self.assertRaises(RuntimeError):
            report.update_readme(f.name, "x")
        os.unlink(f.name)


def bench_json(path, medians, **meta):
    """A canned bench.json: {variant: (libFuzzer median, AFL++ median)}."""
    m = {"commit": "abc1234", "date": "2026-12-05T00:00:00", "driver": "am65", "seeds": 3,
         "cap_s": 120, "engines": ["libfuzzer", "afl"], "variants": list(medians)}
    m.update(meta)
    rows = [{"variant": v, "libfuzzer": {"median_s": lf}, "afl": {"median_s": afl}}
            for v, (lf, afl) in medians.items()]
    with open(path, "w") as f:
        json.dump({"meta": m, "variants": rows, "runs": []}, f)


class Compare(unittest.TestCase):
    """make bench-compare: every trend counted, mismatched benches refused."""

    def run_compare(self, before, after, *extra):
        return subprocess.run([sys.executable, os.path.join(HERE, "compare.py"), before, after]
                              + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, check=False)

    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.d)
        self.before = os.path.join(self.d, "before.json")
        self.after = os.path.join(self.d, "after.json")

    def test_trends_and_verdicts(self):
        # a: down in both; b: up with libFuzzer, level with AFL++;
        # c: not found -> found (down), found -> not found (up)
        bench_json(self.before, {"a": (10.0, 4.0), "b": (2.0, 2.2), "c": (None, 3.0)},
                   baseline=True)
        bench_json(self.after, {"a": (5.0, 2.0), "b": (3.0, 2.2), "c": (60.0, None)})
        res = self.run_compare(self.before, self.after)
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertIn("| a | 10.0 -> 5.0 s (x2.0) | 4.0 -> 2.0 s (x2.0) |", res.stdout)
        self.assertIn("libFuzzer: 2 of 3 medians down; not down: b (up)", res.stdout)
        self.assertIn("AFL++: 1 of 3 medians down; not down: b (level), c (up)", res.stdout)
        self.assertIn("nf -> 60.0 s", res.stdout)

    def test_close_medians_keep_their_trend_visible(self):
        bench_json(self.before, {"a": (2.31, 2.0)}, baseline=True)
        bench_json(self.after, {"a": (2.29, 2.0)})
        res = self.run_compare(self.before, self.after)
        self.assertIn("| a | 2.31 -> 2.29 s (x1.0) | 2.0 -> 2.0 s (x1.0) **level** |", res.stdout)

    def test_readme_block_rewritten(self):
        bench_json(self.before, {"a": (10.0, 4.0)}, baseline=True)
        bench_json(self.after, {"a": (5.0, 2.0)})
        readme = os.path.join(self.d, "README.md")
        import compare
        with open(readme, "w") as f:
            f.write("x\n%s\nold\n%s\ny\n" % (compare.BEGIN, compare.END))
        res = self.run_compare(self.before, self.after, "--update-readme", readme)
        self.assertEqual(res.returncode, 0, res.stderr)
        text = eng.read_text(readme)
        self.assertNotIn("old", text)
        self.assertIn("libFuzzer: 1 of 1 medians down", text)

    def test_bad_input_is_one_line_and_exit_2(self):
        bench_json(self.before, {"a": (1.0, 1.0)}, baseline=True)
        bench_json(self.after, {"a": (1.0, 1.0)}, seeds=5)
        not_base = os.path.join(self.d, "notbase.json")
        bench_json(not_base, {"a": (1.0, 1.0)})
        broken = os.path.join(self.d, "broken.json")
        with open(broken, "w") as f:
            f.write("{not json")
        for before, after, msg in ((self.before, self.after, "differ in seeds"),
                                   (not_base, not_base, "not a baseline bench"),
                                   (self.before, self.before, "is a baseline bench"),
                                   (broken, self.after, "cannot read"),
                                   (self.before, "/nonexistent.json", "cannot read")):
            res = self.run_compare(before, after)
            self.assertEqual(res.returncode, 2, res.stdout + res.stderr)
            self.assertEqual(len(res.stderr.strip().splitlines()), 1, res.stderr)
            self.assertIn(msg, res.stderr)


class Pair(unittest.TestCase):
    """make bench-pair: the two builds take turns going first, trends and
    executions in each cell, bad arguments refused."""

    def test_sides_alternate(self):
        import pair
        self.assertEqual([pair.order(i) for i in range(3)],
                         [("before", "after"), ("after", "before"), ("before", "after")])

    def test_table_trends_and_execs(self):
        import pair
        rows = {"before": {"a": {"afl": {"median_s": 0.5, "median_execs": 4928}},
                           "b": {"afl": {"median_s": 0.1, "median_execs": 72}}},
                "after": {"a": {"afl": {"median_s": 0.25, "median_execs": 4752}},
                          "b": {"afl": {"median_s": 0.1, "median_execs": None}}}}
        runs = {"before": [], "after": []}
        for side, seed, secs in (("before", 1, 0.5), ("after", 1, 0.25), ("before", 2, 0.1),
                                 ("after", 2, 0.2), ("before", 3, None), ("after", 3, 9.0)):
            r = eng.Run("a", "afl", seed)
            r.outcome, r.seconds = ("found", secs) if secs else ("not_found", None)
            runs[side].append(r)
        md, verdicts = pair.table(rows, ["afl"], ["a", "b"], runs)
        # seed 1 sooner, seed 2 later, seed 3 found only after: 2 of 3
        self.assertIn("| a | 0.50 -> 0.25 s (x2.00) (4,928 / 4,752); 2 of 3 |", md)
        self.assertIn("| b | 0.10 -> 0.10 s (x1.00) (72 / nf); 0 of 0 **level** |", md)
        self.assertEqual(verdicts, ["AFL++: 1 of 2 medians down; not down: b (level)"])

    def test_readme_only_over_runs_that_found_their_bug(self):
        import pair
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        readme = os.path.join(d, "README.md")
        with open(readme, "w") as f:
            f.write("x\n%s\nold\n%s\n" % (pair.BEGIN, pair.END))
        good, wrong = eng.Run("a", "afl", 1), eng.Run("a", "afl", 1)
        good.outcome, wrong.outcome = "found", "wrong_kind"
        self.assertEqual(pair.write_readme({"before": [good], "after": [wrong]}, readme, "new"), 1)
        self.assertIn("old", eng.read_text(readme))
        self.assertEqual(pair.write_readme({"before": [good], "after": [good]}, readme, "new"), 0)
        self.assertNotIn("old", eng.read_text(readme))
        self.assertIn("new", eng.read_text(readme))

    def test_bad_input_is_one_line_and_exit_2(self):
        for args, msg in (([], "VARIANTS=... is required"),
                          (["--variants", "a", "--seeds", "0"], "at least 1"),
                          (["--variants", "a", "--engines", "honggfuzz"], "unknown engine")):
            res = subprocess.run([sys.executable, os.path.join(HERE, "pair.py")] + args,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 check=False)
            self.assertEqual(res.returncode, 2, res.stdout + res.stderr)
            self.assertEqual(len(res.stderr.strip().splitlines()), 1, res.stderr)
            self.assertIn(msg, res.stderr)


def bench_py(*args, env=None):
    """bench.py with @args on the build under test, its output captured."""
    return subprocess.run([sys.executable, os.path.join(HERE, "bench.py"), "--build", BUILD]
                          + list(args), env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, check=False)


def bench_in(out, *extra, env=None):
    """One seed, 20 s cap, one job, results in @out."""
    return bench_py("--seeds", "1", "--cap", "20", "--jobs", "1", "--out", out, *extra,
                    env=env)


def run_bench(*extra, env=None):
    out = tempfile.mkdtemp()
    engines = [] if "--engines" in extra else ["--engines", "libfuzzer"]
    return bench_in(out, *engines, *extra, env=env), out


class EndToEnd(unittest.TestCase):
    def test_real_run_is_found_and_written(self):
        res, out = run_bench("--variants", FAST)
        self.assertEqual(res.returncode, 0, res.stdout + res.stderr)
        rows = json.loads(eng.read_text(os.path.join(out, "bench.json")))["variants"]
        self.assertEqual(rows[0]["libfuzzer"]["found"], 1)
        for f in ("runs.csv", "summary.csv", "time-to-detect.png", "time-to-detect.svg"):
            self.assertGreater(os.path.getsize(os.path.join(out, f)), 0, f)
        # the same results rendered again without running anything
        res2 = bench_py("--report-only", "--out", out)
        self.assertEqual(res2.returncode, 0, res2.stderr)
        self.assertIn(FAST, res2.stdout)
        self.check_merge(out)
        with open(os.path.join(out, "bench.json"), "w") as f:
            f.write("{not json")
        res3 = bench_py("--report-only", "--out", out)
        self.assertEqual(res3.returncode, 2)
        self.assertIn("cannot read", res3.stderr)

    def check_merge(self, out):
        # an earlier bench of another variant on another commit: MERGE=1
        # keeps its rows and says which commit measured which
        path = os.path.join(out, "bench.json")
        data = json.loads(eng.read_text(path))
        data["meta"].update(commit="abc1234", variants=[OTHER])
        data["meta"].pop("measured", None)
        for r in data["runs"]:
            r["variant"] = OTHER
        with open(path, "w") as f:
            json.dump(data, f)
        res = bench_in(out, "--engines", "libfuzzer", "--variants", FAST, "--merge")
        self.assertEqual(res.returncode, 0, res.stdout + res.stderr)
        meta = json.loads(eng.read_text(path))["meta"]
        self.assertEqual(sorted(meta["variants"]), sorted([OTHER, FAST]))
        self.assertEqual([m["variants"] for m in meta["measured"]], [[OTHER], [FAST]])
        self.assertEqual(meta["measured"][0]["commit"], "abc1234")
        self.assertIn("re-measured", report.measured_line(meta, "x"))
        # one engine re-measured (ENGINES=afl MERGE=1): its cells replaced,
        # libFuzzer's kept, the footnote names the engine
        res = bench_in(out, "--engines", "afl", "--variants", FAST, "--merge")
        self.assertEqual(res.returncode, 0, res.stdout + res.stderr)
        data = json.loads(eng.read_text(path))
        meta = data["meta"]
        self.assertEqual(meta["engines"], ["libfuzzer", "afl"])
        self.assertEqual(sorted((r["variant"], r["engine"]) for r in data["runs"]),
                         sorted([(OTHER, "libfuzzer"), (FAST, "libfuzzer"), (FAST, "afl")]))
        self.assertEqual([(m["variants"], m.get("engines")) for m in meta["measured"][1:]],
                         [([FAST], ["libfuzzer"]), ([FAST], ["afl"])])
        self.assertIn("%s re-measured with AFL++" % FAST, report.measured_line(meta, "x"))
        # a bench run differently is not merged: one line, exit 2
        res = bench_py("--seeds", "2", "--cap", "20", "--jobs", "1", "--out", out,
                       "--engines", "libfuzzer", "--variants", FAST, "--merge")
        self.assertEqual(res.returncode, 2)
        self.assertIn("MERGE=1", res.stderr)

    def test_afl_run_is_found(self):
        res, _ = run_bench("--variants", FAST, "--engines", "afl")
        self.assertEqual(res.returncode, 0, res.stdout + res.stderr)
        self.assertIn("AFL++     seed 1: found in", res.stdout)

    def test_afl_env_name_afl_does_not_know_fails_the_run(self):
        # afl-fuzz sleeps 2 s at start for an AFL_* name it does not know:
        # such a time is not the harness's, the run is an error naming it
        # (test_afl_run_is_found shows eng.AFL_ENV itself passes)
        res, _ = run_bench("--variants", FAST, "--engines", "afl",
                           env=dict(os.environ, AFL_NO_SUCH_KNOB="1"))
        self.assertEqual(res.returncode, 1, res.stdout + res.stderr)
        self.assertIn("afl-fuzz calls AFL_NO_SUCH_KNOB mistyped", res.stdout + res.stderr)
        self.assertEqual(eng.afl_env_problem("[!] WARNING: Potentially mistyped AFL environment "
                                             "variable: ALF_X=1"), "ALF_X")
        self.assertIsNone(eng.afl_env_problem("[+] Enabled environment variable AFL_NO_UI"))

    def test_afl_reap_kills_orphans_only(self):
        # stand-ins named as the real targets (sleep as the input child,
        # bash as the fork server): a stopped one with no afl-fuzz above it
        # goes; the child of a fork server under a process named afl-fuzz
        # (another run still going) stays
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        target = os.path.join(d, "am65_afl")
        server = os.path.join(d, "am65_afl_cmplog")
        fake = os.path.join(d, "afl-fuzz")
        shutil.copy("/bin/sleep", target)
        shutil.copy("/bin/bash", server)
        shutil.copy("/bin/bash", fake)
        orphan = subprocess.Popen([target, "60"])
        self.addCleanup(lambda: orphan.poll() is None and orphan.kill())
        os.kill(orphan.pid, signal.SIGSTOP)
        under = subprocess.Popen([fake, "-c", "%s -c '%s 60 & echo $!; wait'; wait" % (server, target)],
                                 stdout=subprocess.PIPE, text=True, start_new_session=True)
        self.addCleanup(lambda: under.poll() is None and os.killpg(under.pid, signal.SIGKILL))
        kept = int(under.stdout.readline())
        under.stdout.close()
        for _ in range(500):   # the shell forks first, then execs the target
            try:
                if os.path.realpath("/proc/%d/exe" % kept) == os.path.realpath(target):
                    break
            except OSError:
                pass
            time.sleep(0.01)
        os.kill(kept, signal.SIGSTOP)
        subprocess.run(["bash", os.path.join(os.path.dirname(HERE), "afl-reap.sh"), d],
                       check=True)
        self.assertEqual(orphan.wait(timeout=10), -signal.SIGKILL)
        self.assertTrue(os.path.exists("/proc/%d/exe" % kept),
                        "the child of a fork server under afl-fuzz was killed")

    def test_wrong_kind_fails_the_bench(self):
        # the same bug, with a catalogue that says it is caught as BQL only
        cat = os.path.join(tempfile.mkdtemp(), "cat.tsv")
        with open(cat, "w") as f:
            f.write("%s\tBQL\tfixture\n" % FAST)
        res, _ = run_bench("--variants", FAST, "--catalogue", cat)
        self.assertEqual(res.returncode, 1, res.stdout + res.stderr)
        self.assertIn("WRONG KIND: USE_AFTER_FREE", res.stdout)

    def test_not_found_fails_the_gate(self):
        res, _ = run_bench("--variants", FAST, "--runs", "1", "--quick")
        self.assertEqual(res.returncode, 1, res.stdout + res.stderr)
        self.assertIn("not found within", res.stderr)

    def test_bad_input_is_one_line_and_exit_2(self):
        for args, msg in ((["--variants", "no_such_bug"], "unknown variant 'no_such_bug'"),
                          (["--engines", "honggfuzz"], "unknown engine 'honggfuzz'"),
                          (["--seeds", "0"], "at least 1"),
                          (["--catalogue", "/nonexistent/cat.tsv"],
                           "cannot read the variant catalogue"),
                          (["--baseline", "--update-readme", "README.md"],
                           "BASELINE=1 does not rewrite")):
            res, _ = run_bench(*args)
            self.assertEqual(res.returncode, 2, res.stdout + res.stderr)
            self.assertEqual(len(res.stderr.strip().splitlines()), 1, res.stderr)
            self.assertIn(msg, res.stderr)
        bad = os.path.join(tempfile.mkdtemp(), "bad.tsv")
        with open(bad, "w") as f:
            f.write("only-one-field\n")
        res, _ = run_bench("--catalogue", bad)
        self.assertEqual(res.returncode, 2)
        self.assertIn("malformed catalogue line", res.stderr)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        BUILD = sys.argv.pop(1)
    unittest.main(verbosity=1)
