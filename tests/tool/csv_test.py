#!/usr/bin/env python3
"""`a2a dump --format csv` says the same as the JSON dump: a header row, then
one row per (round, port) with the send (or sends = 0 when idle), the round's
control word and every switch state (docs/dump-format.md).

usage: csv_test.py A2A_BINARY
"""
import csv
import io
import json
import subprocess
import sys

failures = []


def expect(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def run(a2a, *options):
    return subprocess.run([a2a, "dump", *options], capture_output=True, text=True, check=True).stdout


def compare(a2a, control, *options):
    name = " ".join(options)
    dump = json.loads(run(a2a, "--format", "json", *options))
    rows = list(csv.DictReader(io.StringIO(run(a2a, "--format", "csv", *options))))
    N, n = dump["ports"], dump["stages"]
    expect(list(rows[0].keys()) == ["round", "port", "sends", "dst", "tag", "orig", "final", "control", "word",
                                    "states"], "%s: header row" % name)
    expect(len(rows) == len(dump["rounds"]) * N, "%s: one row per (round, port)" % name)
    same = True
    for row in rows:
        r, port = int(row["round"]), int(row["port"])
        rnd = dump["rounds"][r]
        send = next(s for s in rnd["sends"] if s["src"] == port)
        same = same and row["sends"] == "1" and all(int(row[k]) == send[k] for k in ("dst", "tag", "orig", "final"))
        same = same and row["states"] == "/".join("".join(str(k) for k in stage) for stage in rnd["stages"])
        same = same and row["control"] == control and len(row["word"]) == n
    expect(same, "%s: every row matches the JSON dump" % name)
    return rows


def main(a2a):
    rows = compare(a2a, "alternating", "--topology", "gsen", "--ports", "10")
    expect([r["word"] for r in rows if r["port"] == "0"][:4] == ["0000", "0001", "0011", "0010"],
           "gsen 10: alternating configurations A_k = k xor k/2")
    rows = compare(a2a, "stage", "--topology", "baseline", "--ports", "9", "--radix", "3", "--order", "gray")
    expect([r["word"] for r in rows if r["port"] == "0"][:4] == ["00", "01", "02", "12"],
           "baseline 9 gray: modular Gray words 00 01 02 12")
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
