#!/usr/bin/env python3
"""trace_headers.py - the "# finding:" line of each regression trace is
what the replay prints for it, never typed.

  trace_headers.py check FZ_DIR TRACE...    (make regressions)
  trace_headers.py update FZ_DIR TRACE...   (make trace-headers)

The line holds the trace's first finding as `rl_replay -q` reports it
with the trace's own variant (without the digest, and without source line
numbers, which move with every edit), or "none" for a trace the patched
driver must run clean.  Other comment lines are the author's and stay.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

FIRST_RE = re.compile(r"first: (step \d+: .*?)(?:; digest [0-9a-f]+)?$", re.M)


def finding_line(fz, path):
    out = subprocess.run([os.path.join(fz, "rl_replay"), "-q", path],
                         env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0",
                                  RINGLEDGER_VARIANT=""),
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         check=False).stdout
    m = FIRST_RE.search(out)
    if not m:
        return "# finding: none (the patched driver runs it clean)"
    line = re.sub(r" \((driver|model)/[^)]*\)", "", m.group(1))
    return "# finding: " + line


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("check", "update"):
        print("usage: trace_headers.py check|update FZ_DIR TRACE...", file=sys.stderr)
        sys.exit(2)
    mode, fz, traces = sys.argv[1], sys.argv[2], sys.argv[3:]
    stale = []
    # one replay process per trace, as many side by side as there are cores
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as ex:
        wants = list(ex.map(lambda p: finding_line(fz, p), traces))
    for path, want in zip(traces, wants):
        lines = open(path).read().split("\n")
        have = [i for i, ln in enumerate(lines) if ln.startswith("# finding:")]
        if have and lines[have[0]] == want and len(have) == 1:
            continue
        stale.append(path)
        if mode == "update":
            lines = [ln for ln in lines if not ln.startswith("# finding:")]
            open(path, "w").write("\n".join([want] + lines))
    if mode == "check" and stale:
        print("regressions: the '# finding:' line of %s differs from the replay: "
              "make trace-headers" % ", ".join(stale), file=sys.stderr)
        sys.exit(1)
    if mode == "update":
        print("trace-headers: %d of %d trace(s) rewritten" % (len(stale), len(traces)))


if __name__ == "__main__":
    main()
