"""report.py - the bench's outputs: per-variant summary, terminal table,
CSV and JSON files, the gnuplot plot, and the README section.

A median counts a run that found nothing as later than any that found it
(a variant found by 3 of 5 seeds has the median of those 3 and the 2 misses
sorted after them); a median that lands on a miss prints as "not found".
"""
import csv
import json
import os
import re
import shutil
import subprocess

from engines import ENGINE_TITLES, Run

README_BEGIN = "<!-- bench:begin (make bench UPDATE_README=1 rewrites this block) -->"
README_END = "<!-- bench:end -->"


def median(values):
    """Median of numbers where None means "not found" (after every number)."""
    if not values:
        return None
    inf = float("inf")
    keyed = sorted(inf if v is None else v for v in values)
    n = len(keyed)
    mid = keyed[n // 2] if n % 2 else (keyed[n // 2 - 1] + keyed[n // 2]) / 2
    return None if mid == inf else mid


def summarise(runs, variants, engines, catalogue, kunit, proofs):
    """One dict per variant: reference, per-engine figures, KUnit, proof."""
    rows = []
    for v in variants:
        row = {"variant": v, "reference": catalogue[v]["ref"],
               "caught_as": catalogue[v]["kinds"], "kunit": kunit.get(v, "no"),
               "proof": proofs.get(v, "-")}
        for e in engines:
            mine = [r for r in runs if r.variant == v and r.engine == e]
            times = [r.seconds if r.found else None for r in mine]
            execs = [r.execs if r.found else None for r in mine]
            found = sum(1 for r in mine if r.found)
            row[e] = {
                "runs": len(mine), "found": found,
                "median_s": median(times),
                "max_s": max(times) if mine and found == len(mine) else None,
                "median_execs": median(execs),
                "kinds": sorted({r.kind for r in mine if r.found}),
                "problems": sorted({"%s:%s" % (r.outcome, r.kind or "-")
                                    for r in mine
                                    if r.outcome not in ("found", "not_found")}),
            }
        rows.append(row)
    return rows


def _secs(s):
    if s is None:
        return "-"
    return "%.1f" % s if s < 100 else "%.0f" % s


def _execs(n):
    if n is None:
        return "-"
    n = float(n)
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if n >= div:
            return "%.1f%s" % (n / div, unit)
    return "%d" % n


def engine_cell(e):
    """'4.2 / 9.8 s (15k)' or '12.0 / nf (3/5)' for one engine of a row."""
    if not e["runs"]:
        return "-"
    if not e["found"]:
        return "not found (0/%d)" % e["runs"]
    med = _secs(e["median_s"]) if e["median_s"] is not None else "nf"
    mx = _secs(e["max_s"]) if e["max_s"] is not None else "nf"
    cell = "%s / %s s (%s)" % (med, mx, _execs(e["median_execs"]))
    if e["found"] < e["runs"]:
        cell += " %d/%d" % (e["found"], e["runs"])
    return cell


def table_rows(rows, engines):
    head = ["variant", "reference"] + \
        ["%s median / max (execs)" % ENGINE_TITLES[e] for e in engines] + \
        ["KUnit scenario", "proof"]
    body = [[r["variant"], r["reference"]] +
            [engine_cell(r[e]) for e in engines] + [r["kunit"], r["proof"]]
            for r in rows]
    return head, body


def text_table(rows, engines, ref_width=34):
    head, body = table_rows(rows, engines)
    body = [[c if i != 1 or len(c) <= ref_width else c[:ref_width - 3] + "..."
             for i, c in enumerate(b)] for b in body]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) for c, w in zip(head, widths)).rstrip(),
           "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(b, widths)).rstrip() for b in body]
    return "\n".join(out)


def markdown_table(rows, engines):
    head, body = table_rows(rows, engines)
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    out += ["| " + " | ".join(c.replace("|", "/") for c in b) + " |" for b in body]
    return "\n".join(out)


def write_files(outdir, runs, rows, meta):
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "runs.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=Run.FIELDS)
        w.writeheader()
        for r in runs:
            w.writerow(r.row())
    engines = meta["engines"]
    with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["variant", "reference", "caught_as"] +
                   ["%s_%s" % (e, k) for e in engines
                    for k in ("found", "runs", "median_s", "max_s", "median_execs")] +
                   ["kunit", "proof"])
        for r in rows:
            w.writerow([r["variant"], r["reference"], " ".join(r["caught_as"])] +
                       ["" if r[e][k] is None else r[e][k] for e in engines
                        for k in ("found", "runs", "median_s", "max_s", "median_execs")] +
                       [r["kunit"], r["proof"]])
    with open(os.path.join(outdir, "bench.json"), "w") as f:
        json.dump({"meta": meta, "variants": rows,
                   "runs": [r.row() for r in runs]}, f, indent=1)


def plot(outdir, runs, variants, engines, cap):
    """time-to-detect per variant per engine: one point per seed, the median
    as a bar; misses drawn at the cap.  Returns the image paths."""
    if not shutil.which("gnuplot"):
        raise RuntimeError("gnuplot not found (make deps installs gnuplot-nox)")
    dat = os.path.join(outdir, "time-to-detect.dat")
    width = 0.8 / max(1, len(engines))
    with open(dat, "w") as f:
        for ei, e in enumerate(engines):
            f.write("# %s: x time found(1|0)\n" % e)
            for vi, v in enumerate(variants):
                x = vi + (ei - (len(engines) - 1) / 2) * width
                for r in runs:
                    if r.variant == v and r.engine == e:
                        t = r.seconds if r.found else cap
                        f.write("%.3f %.3f %d\n" % (x, max(t, 0.05), 1 if r.found else 0))
            f.write("\n\n")
        for ei, e in enumerate(engines):
            f.write("# %s medians: x median\n" % e)
            for vi, v in enumerate(variants):
                x = vi + (ei - (len(engines) - 1) / 2) * width
                m = median([r.seconds if r.found else None for r in runs
                            if r.variant == v and r.engine == e])
                f.write("%.3f %.3f\n" % (x, cap if m is None else max(m, 0.05)))
            f.write("\n\n")
    tics = ", ".join('"%s" %d' % (v, i) for i, v in enumerate(variants))
    colours = ["#1f77b4", "#d62728", "#2ca02c"]
    plots = []
    n = len(engines)
    for ei, e in enumerate(engines):
        c = colours[ei % len(colours)]
        plots.append("'%s' index %d using 1:2:(%f) with boxes fs solid 0.35 lc rgb '%s' title '%s median'"
                     % (dat, n + ei, width * 0.9, c, ENGINE_TITLES[e]))
        plots.append("'%s' index %d using 1:($3 == 1 ? $2 : 1/0) with points pt 7 ps 0.8 lc rgb '%s' notitle"
                     % (dat, ei, c))
        plots.append("'%s' index %d using 1:($3 == 0 ? $2 : 1/0) with points pt 2 ps 1.5 lc rgb '%s' title '%s not found (at cap)'"
                     % (dat, ei, c, ENGINE_TITLES[e]))
    images = []
    for term, ext in (("png size 1100,650 noenhanced", "png"),
                      ("svg size 1100,650 noenhanced", "svg")):
        img = os.path.join(outdir, "time-to-detect." + ext)
        script = "\n".join([
            "set terminal %s" % term,
            "set output '%s'" % img,
            "set title 'ringledger: time to detect each re-injected bug (empty corpus, cap %d s; one point per seed)'" % cap,
            "set ylabel 'seconds to first finding (log)'",
            "set logscale y",
            "set yrange [0.05:%f]" % (cap * 1.5),
            "set xrange [-0.6:%f]" % (len(variants) - 0.4),
            "set xtics (%s) rotate by 35 right font ',9'" % tics,
            "set grid ytics",
            "set key top left",
            "set boxwidth %f absolute" % (width * 0.9),
            "set arrow from -0.6,%d to %f,%d nohead dt 2 lc rgb 'gray'" % (cap, len(variants) - 0.4, cap),
            "set bmargin 9",
            "plot " + ", \\\n     ".join(plots),
        ])
        res = subprocess.run(["gnuplot"], input=script, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
        if res.returncode != 0 or not os.path.exists(img) or not os.path.getsize(img):
            raise RuntimeError("gnuplot failed for %s: %s" % (img, res.stdout.strip()[:300]))
        images.append(img)
    return images


def meta_defaults(meta):
    """The keys a bench.json written before them lacks, as those benches ran
    (KeyError when the keys they derive from are missing)."""
    meta.setdefault("driver", "am65")
    meta.setdefault("baseline", False)
    meta.setdefault("measured", [{"date": meta["date"], "commit": meta["commit"],
                                  "variants": meta["variants"]}])
    return meta


def measured_line(meta, tail=None):
    """What ran where, for a footnote: one commit, or several after MERGE=1
    (a re-measurement of some engines only names them); then ": @tail"."""
    first, rest = meta["measured"][0], meta["measured"][1:]
    line = "Measured %s on commit %s" % (first["date"][:10], first["commit"])
    for m in rest:
        es = m.get("engines", meta["engines"])
        on = "" if set(es) == set(meta["engines"]) else \
            " with %s" % " and ".join(ENGINE_TITLES[e] for e in es)
        which = "every variant" if set(m["variants"]) == set(meta["variants"]) \
            else ", ".join(m["variants"])
        line += "; %s re-measured%s %s on commit %s" % (which, on, m["date"][:10], m["commit"])
    return line if tail is None else line + ": " + tail


def update_readme(path, markdown, begin=README_BEGIN, end=README_END):
    """Replace the block between the bench markers (or @begin/@end) in @path."""
    with open(path) as f:
        text = f.read()
    pat = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not pat.search(text):
        raise RuntimeError("%s has no %s ... %s block" % (path, begin, end))
    text = pat.sub(lambda _: begin + "\n" + markdown.rstrip() + "\n" + end, text)
    with open(path, "w") as f:
        f.write(text)
