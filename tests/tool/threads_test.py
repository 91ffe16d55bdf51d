#!/usr/bin/env python3
"""`a2a verify --threads K`: the report of K threads is the report of one thread,
line for line (every violation in round and port order, the summary, the exit
status), on clean and altered dumps, with both backends: relays (the fault-tolerant
schedule, whose hops out of a store may fall in another batch of rounds or another
thread's range of origins), duplicates, missing pairs, relays out of order, wrong
claims, output conflicts, double sends, crosstalk and fault crossings.

usage: threads_test.py A2A_BINARY WORK_DIR
"""
import copy
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_test_support import dump_of, expect, failures, run, write  # noqa: E402

THREADS = (2, 3, 4, 7)


def relayed(dump, first_round, second_round, origin=1):
    """Message (origin -> b) carried origin -> c in first_round and c -> b in second_round."""
    d = copy.deepcopy(dump)
    hop_in = next(s for s in d["rounds"][first_round]["sends"] if s["src"] == origin)
    c = hop_in["dst"]
    hop_out = next(s for s in d["rounds"][second_round]["sends"] if s["src"] == c)
    b = hop_out["dst"]
    for s in (hop_in, hop_out):
        s["orig"], s["final"] = origin, b
    return d


def dumps(a2a):
    omega = dump_of(a2a, "--topology", "omega", "--ports", "64")
    cases = {
        "omega-64": omega,
        "fault-tolerant-omega-32": dump_of(a2a, "--topology", "omega", "--ports", "32", "--fault", "2:5"),
        "fault-tolerant-banyan-64": dump_of(a2a, "--topology", "banyan", "--ports", "64", "--fault", "3:17"),
        "optical-baseline-32": dump_of(a2a, "--topology", "baseline", "--ports", "32", "--schedule", "optical"),
        "shift-32": dump_of(a2a, "--topology", "shift", "--ports", "32"),
        "gsen-30": dump_of(a2a, "--topology", "gsen", "--ports", "30"),
        "baseline-3-27": dump_of(a2a, "--topology", "baseline", "--radix", "3", "--ports", "27"),
    }
    d = copy.deepcopy(omega)
    for r, k in ((3, 2), (40, 60), (63, 0)):
        send = d["rounds"][r]["sends"][k]
        send["dst"] = (send["dst"] + 1) % 64
    d["rounds"][20]["sends"][7]["tag"] ^= 1
    cases["omega-claims"] = d
    d = copy.deepcopy(omega)
    d["rounds"].append(copy.deepcopy(d["rounds"][0]))  # every pair of round 0 again, last
    del d["rounds"][33]  # and a round's pairs missing
    cases["omega-duplicates-missing"] = d
    d = copy.deepcopy(omega)
    d["rounds"][10]["stages"][2][5] ^= 1
    d["rounds"][50]["stages"][0][30] ^= 1
    cases["omega-flips"] = d
    cases["omega-relay-in-order"] = relayed(relayed(omega, 2, 45, 1), 30, 31, 50)
    cases["omega-relay-out-of-order"] = relayed(relayed(omega, 45, 2, 1), 31, 30, 50)
    d = copy.deepcopy(omega)
    extra = copy.deepcopy(d["rounds"][12]["sends"][3])
    extra["dst"], extra["final"] = (extra["dst"] + 1) % 64, (extra["final"] + 1) % 64
    d["rounds"][12]["sends"].append(extra)
    cases["omega-double-send"] = d
    d = copy.deepcopy(omega)
    d["faults"], d["optical"] = [[1, 2], [4, 20]], True
    cases["omega-fault-optical"] = d
    return cases


def check(a2a, work, name, path, backend):
    base = run(a2a, "verify", "--input", path, "--backend", backend, "--max-reports", "0")
    expect(base[0] in (0, 1) and base[2] == "", "%s (%s): one thread runs (exit %d)" % (name, backend, base[0]))
    for k in THREADS:
        got = run(a2a, "verify", "--input", path, "--backend", backend, "--max-reports", "0", "--threads", str(k))
        expect(got == base, "%s (%s): %d threads print what one prints" % (name, backend, k))


def main(a2a, work):
    os.makedirs(work, exist_ok=True)
    for name, dump in dumps(a2a).items():
        path = write(work, name, dump)
        check(a2a, work, name, path, "route")
        if name in ("fault-tolerant-omega-32", "omega-relay-out-of-order", "omega-fault-optical", "shift-32"):
            check(a2a, work, name, path, "fabric")
    # From the schedule options too, the report limited (the same first lines).
    one = run(a2a, "verify", "--topology", "omega", "--ports", "64", "--fault", "1:3", "--schedule", "latin-square")
    many = run(a2a, "verify", "--topology", "omega", "--ports", "64", "--fault", "1:3", "--schedule", "latin-square",
               "--threads", "3")
    expect(one[0] == 1 and one[:2] == many[:2], "a marked fault, --max-reports 100: 3 threads print what one prints")
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
