#!/usr/bin/env python3
"""Per-function proof dashboard from the WP JSON reports of one run.

usage: dashboard.py RESULTS_DIR TAG SECONDS [CACHE_MODE]
Prints goals / proved / Qed / Z3 / CVC4 per function, the unproved goals
by name (smoke-test goals of -wp-smoke-tests are not counted: one that
proves is reported as VACUOUS and fails the run), writes RESULTS_DIR/report-TAG.json and report-TAG.html, and
exits 1 if any goal is unproved (or a unit produced no report).  On the
patched code (PROVE_MASK 0 or unset) it also fails when a callee of a
unit's functions got assigns made from its prototype and the unit does not
name it (units.txt default-assigns:), or names one that no longer does.
"""
import html
import json
import os
import re
import sys

import units as unitfile

res, tag, secs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cache_mode = sys.argv[4] if len(sys.argv) > 4 else "none"
try:
    units = unitfile.load(os.environ.get("UNITS_FILE", "proofs/units.txt"),
                          os.environ.get("UNITS", "").split() or None)
except unitfile.UnitsError as e:
    sys.exit("dashboard: %s" % e)

rows, failed, broken, dead, live, goals_unproved = [], [], [], [], [], set()
# callees with prototype-made assigns: unnamed, or named but no longer so
unnamed, stale = [], []
patched = os.environ.get("PROVE_MASK", "0") == "0"
hits = whole = 0    # prover results from the goal cache, units from the unit cache
for u in units:
    name, fcts = u.name, u.functions
    rep = os.path.join(res, "unit-%s-%s.json" % (tag, name))
    log = os.path.join(res, "unit-%s-%s.log" % (tag, name))
    tfile = log + ".time"
    secs_u = 0.0
    if os.path.exists(tfile):
        secs_u = float(open(tfile).read().split()[2])
    if not os.path.exists(rep):
        broken.append(name)
        continue
    data = json.load(open(rep))
    funcs = data.get("wp:functions", {})
    for f in fcts:
        props = funcs.get(f)
        if props is None:
            broken.append("%s:%s (no goals reported)" % (name, f))
            continue
        tot = val = qed = z3 = cvc = 0
        for prop, st in props.items():
            if prop == "wp:section":
                continue
            m = st.get("wp:main", {})
            t, v = m.get("total", 0), m.get("valid", 0)
            if "wp_smoke" in prop:
                continue    # smoke tests: read from the log below
            tot += t
            val += v
            qed += st.get("qed", {}).get("valid", 0)
            z3 += sum(s.get("valid", 0) for k, s in st.items() if k.startswith("Z3"))
            cvc += sum(s.get("valid", 0) for k, s in st.items() if k.startswith("CVC4"))
            if v < t:
                failed.append("%s: %s" % (f, prop))
                goals_unproved.add(prop)
        rows.append(dict(unit=name, function=f, goals=tot, proved=val,
                         qed=qed, z3=z3, cvc4=cvc, unit_seconds=round(secs_u, 1)))
    # goal names as WP printed them, for the failure list
    if os.path.exists(log):
        # WP's closing summary, one line per prover; "cached" counts every
        # result replayed, failed ones included:
        # "  Z3 4.8.12:  52  (times) (steps) (cached: 53) (failed: 1)"
        text = open(log).read()
        if "[ringledger] unit replayed whole" in text:
            whole += 1      # prove.sh's unit cache: WP did not run
        else:
            for line in re.findall(r"^ +(?:Z3|CVC4)[^:]*: +\d+ .*$", text, re.M):
                c = re.search(r"\(cached: (\d+)\)", line)
                hits += int(c.group(1)) if c else 0
        for g in re.findall(r"\[wp\] \[(?:Failed|Unknown|Timeout)\] Goal (\S+)", text):
            if "wp_smoke" not in g:
                failed.append("%s goal %s" % (name, g))
        # -wp-smoke-tests: a smoke goal that proves means dead code or
        # contradictory hypotheses (the proof would be vacuous); a call
        # units.txt says only a variant makes (variant-call:FUNC) must be
        # dead on the patched driver, and is not counted
        vacuous, _, expected = unitfile.smoke(text, u.variant_calls)
        dead += ["%s: %s" % (name, g) for g in vacuous]
        if "Smoke-test" in text:
            live += ["%s: %s (variant-call in units.txt)" % (name, c)
                     for c in u.variant_calls if c not in expected]
        # Frama-C's assigns from a prototype: what the pointer arguments
        # point to, an assumption the table must name (proofs/README.md)
        if patched:
            pfile = os.path.join(res, "unit-%s-%s.print" % (tag, name))
            try:
                made = unitfile.defaulted_callees(text, open(pfile).read(), fcts)
            except (OSError, unitfile.UnitsError) as e:
                broken.append("%s: callees not read (%s)" % (name, e))
                made = u.default_assigns
            unnamed += ["%s: %s" % (name, c) for c in made if c not in u.default_assigns]
            stale += ["%s: %s" % (name, c) for c in u.default_assigns if c not in made]

w = max([len(r["function"]) for r in rows] + [8])
print("%-10s %-*s %6s %6s %5s %5s %5s %7s" % ("unit", w, "function", "goals", "proved",
                                              "qed", "z3", "cvc4", "unit s"))
last = None
for r in rows:
    print("%-10s %-*s %6d %6d %5d %5d %5d %7s" % (
        r["unit"], w, r["function"], r["goals"], r["proved"], r["qed"], r["z3"],
        r["cvc4"], r["unit_seconds"] if r["unit"] != last else ""))
    last = r["unit"]
tg = sum(r["goals"] for r in rows)
tp = sum(r["proved"] for r in rows)
print("prove[%s]: %d/%d goals proved in %d functions, %d s" % (tag, tp, tg, len(rows), secs))
print("prove[%s]: cache (%s): %d of %d units replayed whole (inputs unchanged), "
      "%d prover results replayed" % (tag, cache_mode, whole, len(units), hits))
for b in broken:
    print("prove[%s]: NO REPORT: %s" % (tag, b))
for d in dead:
    print("prove[%s]: VACUOUS (smoke test proved: dead code or contradictory hypotheses): %s"
          % (tag, d))
for c in live:
    print("prove[%s]: VARIANT CALL REACHABLE on this driver (a call only a variant "
          "should make): %s" % (tag, c))
for c in unnamed:
    print("prove[%s]: DEFAULT ASSIGNS (a callee without an assigns clause: Frama-C made "
          "them from its prototype; give it a contract, or name it in units.txt's "
          "default-assigns: and proofs/README.md): %s" % (tag, c))
for c in stale:
    print("prove[%s]: DEFAULT ASSIGNS NAMED BUT NOT MADE (units.txt default-assigns: "
          "names a callee that has its own now, or is not called): %s" % (tag, c))
for f in sorted(set(failed)):
    print("prove[%s]: UNPROVED %s" % (tag, f))

# unproved_goals: the WP goal names alone, what units.txt's theorem
# column names (prove-check compares the two exactly)
report = dict(tag=tag, seconds=secs, goals=tg, proved=tp, functions=rows,
              cache=dict(mode=cache_mode, units_replayed=whole, prover_results_replayed=hits),
              unproved=sorted(set(failed)), unproved_goals=sorted(goals_unproved),
              broken=broken, vacuous=dead, variant_calls_live=live,
              default_assigns_unnamed=unnamed, default_assigns_stale=stale)
json.dump(report, open(os.path.join(res, "report-%s.json" % tag), "w"), indent=1)
with open(os.path.join(res, "report-%s.html" % tag), "w") as h:
    h.write("<!doctype html><meta charset=utf-8><title>ringledger proofs (%s)</title>"
            "<style>td,th{padding:2px 8px;text-align:right}td:nth-child(-n+2){text-align:left}"
            ".bad{background:#fcc}</style>" % html.escape(tag))
    h.write("<h1>ringledger proofs: %s</h1><p>%d/%d goals proved, %d s</p><table>"
            "<tr><th>unit<th>function<th>goals<th>proved<th>Qed<th>Z3<th>CVC4<th>unit s"
            % (html.escape(tag), tp, tg, secs))
    for r in rows:
        cls = "" if r["goals"] == r["proved"] else " class=bad"
        h.write("<tr%s><td>%s<td>%s<td>%d<td>%d<td>%d<td>%d<td>%d<td>%s" % (
            cls, r["unit"], r["function"], r["goals"], r["proved"], r["qed"], r["z3"],
            r["cvc4"], r["unit_seconds"]))
    h.write("</table><h2>Unproved</h2><ul>%s</ul>" % "".join(
        "<li>%s" % html.escape(f) for f in sorted(set(failed)) + broken
        + ["default assigns, unnamed: " + c for c in unnamed]
        + ["default assigns, named but not made: " + c for c in stale]))
sys.exit(0 if tg and tp == tg and not failed and not broken and not dead and not live
         and not unnamed and not stale else 1)
