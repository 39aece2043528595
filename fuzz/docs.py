#!/usr/bin/env python3
"""docs.py - the project's documentation says what its tools say.

  docs.py check [--build DIR] FILE...    (make docs-check, in make check)
  docs.py update [--build DIR] FILE...   (make docs)

Two kinds of marked block in the Markdown files:

* Generated blocks, between "<!-- gen:NAME -->" and "<!-- gen:end -->":
  their text is a tool's output (NAME below), never typed.  `check` fails
  when one differs from what the tool prints now; `update` rewrites it.
* Examples: a fenced block right after "<!-- example -->".  A ```trace
  block is replayed (rl_replay: it must meet its expect line, or run clean
  without one); a ```sh block runs line by line in the repository (each
  command must exit 0).  `check` runs them all.
"""
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN_RE = re.compile(r"(<!-- gen:([a-z_-]+) -->\n)(.*?)(<!-- gen:end -->)", re.S)
EXAMPLE_RE = re.compile(r"<!-- example -->\n```(\w+)\n(.*?)```", re.S)


def die(msg):
    print("docs: " + msg, file=sys.stderr)
    sys.exit(2)


def gen_block(name, build):
    """The text of generated block @name."""
    if name == "variants":
        cmd = [os.path.join(build, "variants"), "--markdown"]
    elif name == "stmmac-variants":
        cmd = [os.path.join(build, "variants"), "--driver", "stmmac", "--markdown"]
    elif name == "profiles":
        cmd = [os.path.join(build, "variants"), "--profiles-markdown"]
    elif name == "stmmac-profiles":
        cmd = [os.path.join(build, "variants"), "--driver", "stmmac", "--profiles-markdown"]
    elif name == "make-help":
        cmd = ["make", "--no-print-directory", "-s", "help"]
    elif name == "costs":
        cmd = [os.path.join(build, "fuzz", "rl_costs"), "--markdown"]
    elif name == "costs-posted":
        cmd = [os.path.join(build, "fuzz", "rl_costs"), "--markdown", "--variants", "v2"]
    elif name == "costs-seeds":
        cmd = [os.path.join(build, "fuzz", "rl_costs"), "--seeds"]
    elif name == "cost-table":
        cmd = [os.path.join(build, "fuzz", "rl_costs"), "--cost-table"]
    else:
        die("unknown generated block '%s'" % name)
    res = subprocess.run(cmd, cwd=REPO, stdout=subprocess.PIPE, text=True, check=False)
    if res.returncode:
        die("%s failed (exit %d)" % (" ".join(cmd), res.returncode))
    out = res.stdout
    if name == "make-help":
        out = "```\n" + out + "```\n"
    return out


def blocks(path, build, update):
    text = open(path).read()
    stale = []

    def repl(m):
        want = gen_block(m.group(2), build)
        if m.group(3) != want:
            stale.append(m.group(2))
        return m.group(1) + want + m.group(4)
    new = GEN_RE.sub(repl, text)
    if update and new != text:
        open(path, "w").write(new)
    return stale


def run_examples(path, build):
    text = open(path).read()
    bad = 0
    for m in EXAMPLE_RE.finditer(text):
        lang, body = m.group(1), m.group(2)
        line = text[:m.start()].count("\n") + 2
        where = "%s:%d" % (os.path.relpath(path, REPO), line)
        if lang == "trace":
            with tempfile.NamedTemporaryFile("w", suffix=".trace", delete=False) as f:
                f.write(body)
            res = subprocess.run([os.path.join(build, "fuzz", "rl_replay"), "-q", f.name],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 check=False)
            os.unlink(f.name)
            if res.returncode:
                print("docs: %s: the example trace does not replay as its text says:\n%s" %
                      (where, res.stdout.strip().splitlines()[-1]), file=sys.stderr)
                bad += 1
        elif lang == "sh":
            for cmd in body.splitlines():
                cmd = cmd.split("#")[0].strip() if not cmd.strip().startswith("#") else ""
                if not cmd:
                    continue
                res = subprocess.run(["bash", "-c", cmd], cwd=REPO, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, check=False)
                if res.returncode:
                    print("docs: %s: example command failed (exit %d): %s\n%s" % (
                        where, res.returncode, cmd, res.stdout.strip()[-400:]), file=sys.stderr)
                    bad += 1
        else:
            die("%s: example of unknown kind '%s' (trace or sh)" % (where, lang))
    return bad


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    cmd, build, files = args[0], os.path.join(REPO, "build"), []
    rest = args[1:]
    while rest:
        a = rest.pop(0)
        if a == "--build":
            if not rest:
                die("--build needs a directory")
            build = os.path.abspath(rest.pop(0))
        else:
            files.append(a)
    if cmd not in ("check", "update") or not files:
        die("usage: docs.py check|update [--build DIR] FILE...")
    bad = 0
    for path in files:
        if not os.path.isfile(path):
            die("%s: no such file" % path)
        stale = blocks(path, build, cmd == "update")
        if stale and cmd == "check":
            print("docs: %s: generated block(s) %s differ from the tools: make docs" %
                  (path, ", ".join(stale)), file=sys.stderr)
            bad += 1
        if cmd == "check":
            bad += run_examples(path, build)
    if bad:
        sys.exit(1)
    print("docs: %s: generated blocks current%s" % (
        ", ".join(files), ", examples run" if cmd == "check" else " (updated)"))


if __name__ == "__main__":
    main()
