#!/usr/bin/env python3
"""Fault-tolerant dumps (paper 004) judged by the independent checker check_dump.py.

usage: check_fault_dumps.py A2A_BINARY CASE...
       CASE = topology:N:stage:switch[:rounds]
For each case: `a2a dump --fault stage:switch` must name the schedule
"fault-tolerant", carry the fault, contain relay hops (orig != src), one per
blocked message (2N), and pass check_dump.py (every (orig, final) exactly once,
no hop through the faulty switch, every hop in before its hop out). Rounds, for
any internal stage s: at least the lower bound N + 1 + ceil(N / (2^m - 1)),
m = min(s, n-1-s) (docs/fault-tolerance.md), and at most paper 004's bound (3N
for stages 1 and n-2, 2N otherwise); on the translation networks (CLOSED_FORM,
the closed-form designs) exactly 2N + 1 for stages 1 and n-2, and at most
`rounds` (the closed-form design's count) when the case gives it: the tool plans
the fewer rounds of the closed form and the general planner. Then the checker itself must refuse the dump
with one relay's hop out moved before its hop in, and with a relay's hop out
dropped. Exit 0 only when all of it holds.
"""
import copy
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402
from tool_test_support import run_cases  # noqa: E402


def first_relay_hop_out(dump):
    """(round, index) of the first send that forwards a relayed message."""
    for r, rnd in enumerate(dump["rounds"]):
        for k, send in enumerate(rnd["sends"]):
            if send["src"] != send["orig"]:
                return r, k
    return None


# Translation networks: the closed-form relay designs, exactly 2N + 1 rounds for a
# fault in stage 1 or n-2 (the relay planner of the other topologies is held to the bounds).
CLOSED_FORM = ["omega", "reverse-omega", "gsen"]


def lower_bound(ports, stages, stage):
    """N + 1 + ceil(N / (2^m - 1)), m = min(s, n-1-s): docs/fault-tolerance.md, "Lower bound"."""
    block = 2 ** min(stage, stages - 1 - stage) - 1
    return ports + 1 + -(-ports // block)


def paper_bound(ports, stages, stage):
    """Paper 004, Table 1: 3N for a fault in stage 1 or n-2, 2N in the other internal stages."""
    return 3 * ports if stage in (1, stages - 2) else 2 * ports


def check_rounds(topology, rounds, ports, stages, stage, expected):
    problems = []
    if topology in CLOSED_FORM and stage in (1, stages - 2) and rounds != 2 * ports + 1:
        problems.append("%d rounds, expected 2N + 1 = %d for stage %d" % (rounds, 2 * ports + 1, stage))
    if rounds < lower_bound(ports, stages, stage):
        problems.append("%d rounds, below the lower bound %d" % (rounds, lower_bound(ports, stages, stage)))
    if rounds > paper_bound(ports, stages, stage):
        problems.append("%d rounds, above paper 004's bound %d" % (rounds, paper_bound(ports, stages, stage)))
    if topology in CLOSED_FORM and expected is not None and rounds > expected:
        problems.append("%d rounds, above the closed-form design's %d" % (rounds, expected))
    return problems


def run_case(a2a, case):
    fields = case.split(":")
    if len(fields) not in (4, 5):
        return ["bad case %r (topology:N:stage:switch[:rounds])" % case]
    topology, ports, stage, switch = fields[:4]
    expected = int(fields[4]) if len(fields) == 5 else None
    n_ports = int(ports)
    command = [a2a, "dump", "--format", "json", "--topology", topology, "--ports", ports,
               "--fault", "%s:%s" % (stage, switch)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return ["a2a exited with %d: %s" % (done.returncode, done.stderr.strip())]
    dump = json.loads(done.stdout)
    problems = check_dump.check(dump)
    if dump["schedule"] != "fault-tolerant":
        problems.append("schedule field is %r" % dump["schedule"])
    if dump["faults"] != [[int(stage), int(switch)]]:
        problems.append("faults field is %r" % dump["faults"])
    problems += check_rounds(topology, len(dump["rounds"]), n_ports, dump["stages"], int(stage), expected)
    hops_out = sum(1 for rnd in dump["rounds"] for s in rnd["sends"] if s["src"] != s["orig"])
    if hops_out != 2 * n_ports:  # the 2N blocked messages, each relayed once
        problems.append("%d relay hops out, expected 2N = %d" % (hops_out, 2 * n_ports))
    where = first_relay_hop_out(dump)
    if where is None:
        return problems + ["no relay hop in the dump"]
    r, k = where
    # Mutation 1: the hop out moved to round 0 (before any hop in).
    early = copy.deepcopy(dump)
    moved = early["rounds"][r]["sends"].pop(k)
    early["rounds"][0]["sends"] = [s for s in early["rounds"][0]["sends"] if s["src"] != moved["src"]] + [moved]
    if not any("did not reach it in an earlier round" in p for p in check_dump.check(early)):
        problems.append("the checker accepted a relay hop out before its hop in")
    # Mutation 2: the hop out dropped: the message stays in the store.
    dropped = copy.deepcopy(dump)
    dropped["rounds"][r]["sends"].pop(k)
    if not any("never forwarded" in p for p in check_dump.check(dropped)):
        problems.append("the checker accepted a message left in a relay's store")
    return problems


def main(argv):
    return run_cases(argv, "\n".join(__doc__.strip().splitlines()[2:4]), run_case)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
