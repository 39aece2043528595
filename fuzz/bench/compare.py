#!/usr/bin/env python3
"""make bench-compare: two full benches of the same fuzzed code side by
side - BEFORE (`make bench BASELINE=1`: the fuzz targets without issue
19's work) and AFTER (`make bench`) - one row per variant, each engine's
median seconds to the first finding before and after and their ratio.

A median that is "not found" (fuzz/bench/report.py) counts as later than
any found one: not found -> found is down, found -> not found is up, not
found both times is level.  Prints the table and a verdict line per
engine ("k of n medians down"); --update-readme writes both between the
bench-compare markers of that file.

Exit status: 0 with the table (the comparison is a report: whether every
median went down is in the verdict lines); 2 on bad input - a missing or
unreadable file, benches that do not match (driver, seeds, cap, engines,
variants), a BEFORE that is not a baseline bench or an AFTER that is.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engines import ENGINE_TITLES  # noqa: E402
import report  # noqa: E402

BEGIN = "<!-- bench-compare:begin (make bench-compare UPDATE_README=1 rewrites this block) -->"
END = "<!-- bench-compare:end -->"
SAME = ("driver", "seeds", "cap_s", "engines", "variants")


def die(msg):
    print("bench-compare: " + msg, file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            data = json.load(f)
        meta = data["meta"]
        rows = {r["variant"]: r for r in data["variants"]}
        report.meta_defaults(meta)
        for k in SAME + ("commit", "date"):
            meta[k]  # noqa: B018 - a missing key is bad input
    except (OSError, ValueError, KeyError, TypeError) as e:
        die("cannot read %s: %s" % (path, e))
    return meta, rows


def trend(before, after):
    """'down', 'level' or 'up' for two medians (None = not found)."""
    inf = float("inf")
    b = inf if before is None else before
    a = inf if after is None else after
    return "down" if a < b else "up" if a > b else "level"


def cell(before, after, digits=None):
    """"before -> after s (xN)"; one decimal, two where one hides the trend,
    or always @digits (make bench-pair: every cell there is short)."""
    def s(v, fmt="%%.%df" % (digits or 1)):
        return "nf" if v is None else (fmt % v if v < 100 else "%.0f" % v)
    b, a = s(before), s(after)
    if digits is None and b == a and before != after:   # two decimals where one hides the trend
        b, a = s(before, "%.2f"), s(after, "%.2f")
    text = "%s -> %s s" % (b, a)
    if before is not None and after is not None and after > 0:
        text += (" (x%%.%df)" % (digits or 1)) % (before / after)
    return text


def compare(brows, ameta, arows):
    """(markdown table, verdict lines)."""
    engines = ameta["engines"]
    head = ["variant"] + ["%s median, before -> after" % ENGINE_TITLES[e] for e in engines]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    trends = {e: [] for e in engines}
    for v in ameta["variants"]:
        cells = [v]
        for e in engines:
            b, a = brows[v][e]["median_s"], arows[v][e]["median_s"]
            t = trend(b, a)
            trends[e].append((v, t))
            cells.append(cell(b, a) + ("" if t == "down" else " **%s**" % t))
        out.append("| " + " | ".join(cells) + " |")
    verdicts = []
    for e in engines:
        down = [v for v, t in trends[e] if t == "down"]
        rest = ["%s (%s)" % (v, t) for v, t in trends[e] if t != "down"]
        verdicts.append("%s: %d of %d medians down%s" % (
            ENGINE_TITLES[e], len(down), len(trends[e]),
            "" if not rest else "; not down: " + ", ".join(rest)))
    return "\n".join(out), verdicts


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("before", help="bench.json of make bench BASELINE=1")
    p.add_argument("after", help="bench.json of make bench")
    p.add_argument("--update-readme", default="", metavar="README")
    args = p.parse_args()
    bmeta, brows = load(args.before)
    ameta, arows = load(args.after)
    if not bmeta.get("baseline"):
        die("%s is not a baseline bench (make bench BASELINE=1 writes one)" % args.before)
    if ameta.get("baseline"):
        die("%s is a baseline bench: AFTER is make bench without BASELINE" % args.after)
    for k in SAME:
        if bmeta[k] != ameta[k]:
            die("the benches differ in %s (%s vs %s): run both with the same SEEDS, CAP,"
                " ENGINES, VARIANTS, DRIVER" % (k, bmeta[k], ameta[k]))
    table, verdicts = compare(brows, ameta, arows)
    foot = ("Before: `make bench BASELINE=1`. %s. After: `make bench`. %s. %d seed(s) per"
            " engine, cap %d s, empty corpus; cells: median seconds to the first finding,"
            " before -> after (how many times faster)."
            % (report.measured_line(bmeta), report.measured_line(ameta), ameta["seeds"],
               ameta["cap_s"]))
    print(table)
    print()
    for line in verdicts:
        print(line)
    print(foot)
    if args.update_readme:
        md = table + "\n\n" + "\n".join("- " + v for v in verdicts) + "\n\n" + foot
        try:
            report.update_readme(args.update_readme, md, BEGIN, END)
        except (OSError, RuntimeError) as e:
            die("cannot update %s: %s" % (args.update_readme, e))
        print("README: before/after table rewritten in " + args.update_readme)


if __name__ == "__main__":
    main()
