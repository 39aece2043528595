#!/usr/bin/env python3
"""The one reader of a proof-unit table (proofs/units.txt, proofs/fixtures/).

A line is `name | source | functions | variants | theorems [| wp]`:
  functions  the -wp-fct list (comma separated) proved with -wp-rte;
  variants   the catalogued bugs that must break the unit (space
             separated), or -;
  theorems   for each of them, in order and separated by ';', the exact
             goals (comma separated) it leaves unproved, or -.  prove-check
             fails if a variant leaves any other goal unproved, or not all
             of its own;
  wp         optional, space separated: WP options for this unit, from
             WP_OPTIONS (split: -wp-split, goals split at the conditionals
             of their hypotheses - one small goal per path instead of one
             the provers drown in), and variant-call:FUNC for a call to
             FUNC that only a variant's branch makes: dead on the patched
             driver by design, so its dead_call smoke test must prove (the
             dashboard fails the run if it does not, and reports any other
             smoke test that proves as vacuous), and prop:NAME[,NAME] for
             a unit that proves only those properties of its functions
             (ACSL names, WP's -wp-prop): another unit proves the whole
             function, and this one shows a variant breaking a property
             when the variant's branch leaves the function's other goals
             beyond the provers' budget.  No smoke tests there: they are
             the whole unit's.  cast: -wp-model typed+cast, for code that
             reads a struct through a pointer from a void * accessor.
             default-assigns:FUNC[,FUNC]: callees of the unit's functions
             that have no assigns clause, so that Frama-C makes one from
             the prototype (what the pointer arguments point to): an
             assumption, listed in proofs/README.md; the dashboard fails
             a run of the patched code where a callee gets them unnamed,
             or a name here no longer does.

usage: units.py [--file F] [--only "a b"] tsv
           one tab-separated line per unit: name source functions wp-flags
           variant-calls (comma separated, - for none) props (the prop:
           names, comma separated, - for all)
       units.py [--file F] breaks
           one tab-separated line per (unit, variant): name variant goals
       units.py [--file F] labels UNIT VARIANT
           the ACSL names of the goals VARIANT must break in UNIT (comma
           separated, - when it breaks none there): prove.sh gives them
           the shorter WP_BREAK_TIMEOUT in a variant run
       units.py smoke LOG CALLS
           "V E" for a WP log: V smoke tests that proved (dead code or
           contradictory hypotheses: vacuous), E that proved as the
           dead_call of a call only a variant makes (CALLS, comma
           separated or -: the unit's variant-call names)
       units.py --variants BIN mask VARIANT
           "DIR MASK": the driver directory VARIANT belongs to and its
           RL_PROOF_VARIANTS mask, from the catalogue tool (variants
           [--driver D] --bit); "patched" or "" is "- 0".  Units outside
           DIR prove with 0.
Bad input: one line on stderr, exit 2.
"""
import os
import re
import subprocess
import sys
from collections import namedtuple

Unit = namedtuple("Unit", "name source functions breaks wp variant_calls props "
                 "default_assigns")
# the unit options a table may name, and what WP is given for each
WP_OPTIONS = {"split": "-wp-split", "cast": "-wp-model typed+cast"}
# the catalogues: driver directory and the catalogue tool's driver option
DRIVERS = [("driver/am65-cpsw", []), ("driver/stmmac", ["--driver", "stmmac"])]
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# WP's log: a smoke test that proved, and the name of a dead_call one
SMOKE_PROVED = re.compile(r"\[wp\] \[Failed\] Smoke-test (\S+)")
DEAD_CALL = re.compile(r"^typed_(\w+?)_wp_smoke_dead_call_s\d+$")
# Frama-C's kernel: a function without code and without assigns gets them
# from its prototype (only when WP needs them: in the unit's log)
DEFAULTED = re.compile(r"(?:Neither code nor specification|No code nor implicit assigns "
                       r"clause) for function (\w+), generating default assigns")
# a call in Frama-C's printed C: an identifier and "(" (keywords apart)
CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
NOT_CALLS = {"if", "while", "for", "switch", "return", "sizeof", "__typeof__",
             "__builtin_offsetof"}


class UnitsError(Exception):
    pass


def load(path="proofs/units.txt", only=None, check_files=True):
    """The units of PATH (those named in ONLY, a list, when given)."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise UnitsError("cannot read %s: %s" % (path, e.strerror))
    units, seen = [], set()
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = "%s:%d" % (path, n)
        cols = [c.strip() for c in line.split("|")]
        if len(cols) not in (5, 6):
            raise UnitsError("%s: %d columns, want 5 or 6 (name | source | functions | "
                             "variant | theorem [| wp])" % (where, len(cols)))
        name, src, fcts, variants, theorems = cols[:5]
        opts = cols[5].split() if len(cols) == 6 else []
        wp = [o for o in opts if o in WP_OPTIONS]
        calls = [o[len("variant-call:"):] for o in opts if o.startswith("variant-call:")]
        props = [p for o in opts if o.startswith("prop:") for p in o[len("prop:"):].split(",")]
        nprop = sum(1 for o in opts if o.startswith("prop:"))
        dflt = [f for o in opts if o.startswith("default-assigns:")
                for f in o[len("default-assigns:"):].split(",")]
        ndflt = sum(1 for o in opts if o.startswith("default-assigns:"))
        if len(cols) == 6 and (not opts or len(wp) + len(calls) + nprop + ndflt != len(opts)
                               or not all(IDENT.match(c) for c in calls + props + dflt)):
            raise UnitsError("%s: unit options are %s, variant-call:FUNC, prop:NAME[,NAME] "
                             "and default-assigns:FUNC[,FUNC], not '%s'"
                             % (where, ", ".join(sorted(WP_OPTIONS)), cols[5]))
        if not IDENT.match(name) or name in seen:
            raise UnitsError("%s: bad or repeated unit name '%s'" % (where, name))
        seen.add(name)
        if check_files and not os.path.isfile(src):
            raise UnitsError("%s: source %s not found" % (where, src))
        fl = fcts.split(",")
        vl = [] if variants == "-" else variants.split()
        tl = [] if theorems == "-" else [[g.strip() for g in grp.split(",")]
                                         for grp in theorems.split(";")]
        if not all(IDENT.match(f) for f in fl) or \
           not all(IDENT.match(g) for grp in tl for g in grp):
            raise UnitsError("%s: functions and theorem goals are C identifiers" % where)
        if len(vl) != len(tl):
            raise UnitsError("%s: a variant needs its theorem goals and a theorem its "
                             "variant (%d variants, %d theorems)" % (where, len(vl), len(tl)))
        if not all(IDENT.match(v) for v in vl):
            raise UnitsError("%s: bad variant name in '%s'" % (where, variants))
        u = Unit(name, src, fl, list(zip(vl, tl)), wp, calls, props, dflt)
        # a unit proving some properties only must prove its theorems
        for v in vl if props else []:
            if not set(labels(u, v)) <= set(props):
                raise UnitsError("%s: %s's theorem is not among the unit's prop: names"
                                 % (where, v))
        units.append(u)
    if only:
        unknown = set(only) - {u.name for u in units}
        if unknown:
            raise UnitsError("no unit %s in %s" % (", ".join(sorted(unknown)), path))
        units = [u for u in units if u.name in only]
    return units


def smoke(text, variant_calls):
    """(vacuous, expected, calls) for the WP log TEXT: the smoke tests that
    proved, other than the dead_call of a call in VARIANT_CALLS; those;
    and the calls they name (the one reading of prove.sh and the dashboard)."""
    vacuous, expected, calls = [], [], set()
    for g in sorted(set(SMOKE_PROVED.findall(text))):
        m = DEAD_CALL.match(g)
        if m and m.group(1) in variant_calls:
            expected.append(g)
            calls.add(m.group(1))
        else:
            vacuous.append(g)
    return vacuous, expected, calls


def defaulted_callees(log_text, print_text, functions):
    """The callees of FUNCTIONS that the WP log LOG_TEXT says got assigns
    made from their prototype: the calls in the functions' bodies in
    PRINT_TEXT (Frama-C's -print of the unit: a definition starts a
    line, its body is "{" to "}" each alone on a line with the same
    indentation - a ghost function's is indented), annotations left out."""
    made = set(DEFAULTED.findall(log_text))
    called = set()
    for f in functions:
        m = re.search(r"^( *)\w[^;{}]*\b%s\([^;{}]*\)\n\1\{\n(.*?)^\1\}$" % re.escape(f),
                      print_text, re.M | re.S)
        if not m:
            raise UnitsError("no definition of %s in the unit's printed source" % f)
        body = re.sub(r"/\*@.*?\*/|//@[^\n]*|/@.*?@/", "", m.group(2), flags=re.S)
        called |= set(CALL.findall(body)) - NOT_CALLS
    return sorted(made & called)


# a theorem goal as WP names it: function, optional behavior, kind, name
GOAL = re.compile(r"^(?:\w+?_)?(?:ensures|assert|loop_invariant)_(\w+)$")


def labels(unit, variant):
    """The ACSL names (labels) of the goals VARIANT must break in UNIT:
    WP's goal name less the function, the behavior and the kind.  The
    theorems are postconditions, assertions and loop invariants."""
    out = []
    for v, goals in unit.breaks:
        if v != variant:
            continue
        for g in goals:
            f = max((f for f in unit.functions if g.startswith(f + "_")), key=len, default=None)
            m = GOAL.match(g[len(f) + 1:]) if f else None
            if not m:
                raise UnitsError("unit %s: theorem goal %s is not FUNCTION_[BEHAVIOR_]"
                                 "ensures|assert|loop_invariant_NAME of a function of the unit" % (unit.name, g))
            out.append(m.group(1))
    return sorted(set(out))


def mask(variants_bin, variant):
    """(driver directory, BIT(variant)) as that driver's RL_PROOF_VARIANTS
    reads it: the first catalogue that knows VARIANT."""
    if variant in ("", "patched"):
        return "-", 0
    err = ""
    for d, opt in DRIVERS:
        r = subprocess.run([variants_bin] + opt + ["--bit", variant],
                           capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip().isdigit():
            return d, 1 << int(r.stdout)
        err = err or r.stderr.strip().replace("ringledger: ", "")
    raise UnitsError("unknown variant '%s' in every catalogue (make variants [DRIVER=stmmac])"
                     % variant if err else "%s --bit %s failed" % (variants_bin, variant))


def main(argv):
    args, path, only, vbin = list(argv), "proofs/units.txt", None, None
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if not args:
            raise UnitsError("%s needs a value" % opt)
        val = args.pop(0)
        if opt == "--file":
            path = val
        elif opt == "--only":
            only = val.split() or None
        elif opt == "--variants":
            vbin = val
        else:
            raise UnitsError("unknown option %s (see --help in the file header)" % opt)
    if args == ["tsv"]:
        for u in load(path, only):
            flags = " ".join(WP_OPTIONS[o] for o in u.wp) or "-"
            print("\t".join([u.name, u.source, ",".join(u.functions), flags,
                             ",".join(u.variant_calls) or "-", ",".join(u.props) or "-"]))
        return 0
    if args == ["breaks"]:
        for u in load(path, only):
            for v, goals in u.breaks:
                print("\t".join([u.name, v, ",".join(sorted(goals))]))
        return 0
    if len(args) == 3 and args[0] == "labels":
        u = load(path, [args[1]])[0]
        print(",".join(labels(u, args[2])) or "-")
        return 0
    if len(args) == 3 and args[0] == "smoke":
        try:
            with open(args[1]) as f:
                text = f.read()
        except OSError as e:
            raise UnitsError("cannot read %s: %s" % (args[1], e.strerror))
        vac, exp, _ = smoke(text, [] if args[2] == "-" else args[2].split(","))
        print("%d %d" % (len(vac), len(exp)))
        return 0
    if len(args) == 2 and args[0] == "mask" and vbin:
        print("%s %d" % mask(vbin, args[1]))
        return 0
    raise UnitsError("usage: units.py [--file F] [--only NAMES] tsv|breaks|labels UNIT VARIANT | "
                     "units.py smoke LOG CALLS | units.py --variants BIN mask VARIANT")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0)
    try:
        sys.exit(main(sys.argv[1:]))
    except UnitsError as e:
        print("units: %s" % e, file=sys.stderr)
        sys.exit(2)
