#!/usr/bin/env python3
"""Pins a generated table of a page: every row a program prints is a line of the page.

usage: check_table_rows.py DOC PROGRAM [ARGS...]
Runs PROGRAM ARGS, requires it to exit 0 (its own checks passed) and every line it
prints that starts with "| " and is not a header separator to be a line of DOC.
"""
import subprocess
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    doc, command = argv[1], argv[2:]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print("%s failed (%d): %s" % (" ".join(command), done.returncode, done.stderr.strip()))
        return 1
    lines = set(open(doc, encoding="utf-8").read().splitlines())
    rows = [l for l in done.stdout.splitlines() if l.startswith("| ") and not l.startswith("| ---")]
    missing = [r for r in rows if r not in lines]
    for r in missing:
        print("row not in %s: %s" % (doc, r))
    if not rows:
        print("%s printed no table rows" % " ".join(command))
        return 1
    print("FAILED" if missing else "OK: %d rows of %s found in %s" % (len(rows), command[0], doc))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
