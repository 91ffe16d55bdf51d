#!/usr/bin/env python3
"""Pins docs/fault-tolerance.md's generated tables of stuck switches and test rounds.

usage: check_doc_rows.py DIAGNOSIS_TABLES_BINARY DOC LARGEST_N
Runs `diagnosis_tables MODE all LARGEST_N` for MODE stuck, locate and several
(docs/examples/diagnosis_tables.cpp) and requires every table row they print to be a
line of DOC, the program to exit 0 (every plan verified, every fault located, every set
of several faults found within its test rounds), and the single-fault test-round rows
to be the same for every topology (the page shows one table for all).
"""
import re
import subprocess
import sys


def rows(binary, mode, largest):
    done = subprocess.run([binary, mode, "all", largest], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("%s %s failed (%d): %s" % (binary, mode, done.returncode, done.stderr.strip()))
    tables, current = {"all": []}, "all"
    for line in done.stdout.splitlines():
        if line.startswith("### "):
            current = line[4:]
            tables[current] = []
        elif re.match(r"^\| ([a-z-]+ \| )?\d", line):  # a row: N first, or a topology then N
            tables[current].append(line)
    return tables


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    binary, doc, largest = argv[1:]
    lines = set(open(doc, encoding="utf-8").read().splitlines())
    problems = []
    for mode in ("stuck", "locate", "several"):
        tables = rows(binary, mode, largest)
        tables = {k: v for k, v in tables.items() if v}
        for topology, table in tables.items():
            problems += ["%s %s: row not in %s: %s" % (mode, topology, doc, r) for r in table if r not in lines]
        if mode == "locate" and len({tuple(t) for t in tables.values()}) != 1:
            problems.append("locate: the test-round rows differ between topologies; the page shows one table")
    for p in problems:
        print(p)
    print("FAILED" if problems else "OK: every generated row up to N = %s is in %s" % (largest, doc))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
