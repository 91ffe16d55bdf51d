#!/usr/bin/env python3
"""Plans around a switch stuck in one state, judged by the independent checker.

usage: check_stuck_dumps.py A2A_BINARY CASE...
       CASE = topology:N:stage:switch:state
For each case: `a2a dump --fault stage:switch:stuck=state` must record the switch in
"stuck_faults", set it to its state in every round, pass check_dump.py (every pair
exactly once, no hop through the switch in the other state, relays in order) and
`a2a verify`; it must have fewer rounds than the plan around the same switch dead
(where that plan exists: a dead first- or last-stage switch cuts processors off,
a stuck one does not). A copy with the switch set to the other state in a round
that sends through it must be refused by both the checker and `a2a verify`.
Exit 0 only when all of it holds.
"""
import copy
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402
from tool_test_support import run_cases  # noqa: E402


def dump_of(a2a, topology, ports, fault):
    done = subprocess.run([a2a, "dump", "--format", "json", "--topology", topology, "--ports", ports,
                           "--fault", fault], capture_output=True, text=True)
    return (json.loads(done.stdout) if done.returncode == 0 else None), done


def verify(a2a, dump):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(dump, f)
    try:
        return subprocess.run([a2a, "verify", "--input", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)


def used_in(dump, stage, switch):
    """(round, state) of the rounds whose sends pass the switch, by the checker's own route."""
    net = check_dump.Network(dump["topology"], dump["ports"], dump["radix"], dump["stages"])
    used = []
    for r, rnd in enumerate(dump["rounds"]):
        for send in rnd["sends"]:
            if (stage, switch) in net.route(send["src"], rnd["stages"])[2]:
                used.append((r, rnd["stages"][stage][switch]))
                break
    return used


def run_case(a2a, case):
    fields = case.split(":")
    if len(fields) != 5:
        return ["bad case %r (topology:N:stage:switch:state)" % case]
    topology, ports, stage, switch, state = fields
    stage, switch, state = int(stage), int(switch), int(state)
    dump, done = dump_of(a2a, topology, ports, "%d:%d:stuck=%d" % (stage, switch, state))
    if dump is None:
        return ["a2a exited with %d: %s" % (done.returncode, done.stderr.strip())]
    problems = check_dump.check(dump)
    if dump.get("stuck_faults") != [[stage, switch, state]]:
        problems.append("stuck_faults field is %r" % dump.get("stuck_faults"))
    if any(rnd["stages"][stage][switch] != state for rnd in dump["rounds"]):
        problems.append("a round sets the stuck switch to the other state")
    used = used_in(dump, stage, switch)
    if not used:
        problems.append("no round uses the stuck switch (it serves half the regular rounds)")
    checked = verify(a2a, dump)
    if checked.returncode != 0 or "clean" not in checked.stdout:
        problems.append("a2a verify refused the plan: %s" % checked.stdout.strip()[-300:])
    dead, _ = dump_of(a2a, topology, ports, "%d:%d" % (stage, switch))
    if dead is not None and len(dump["rounds"]) >= len(dead["rounds"]):
        problems.append("%d rounds stuck, not fewer than %d dead" % (len(dump["rounds"]), len(dead["rounds"])))
    if used:
        mutated = copy.deepcopy(dump)
        mutated["rounds"][used[0][0]]["stages"][stage][switch] = 1 - state
        if not any("stuck" in p for p in check_dump.check(mutated)):
            problems.append("the checker accepted the switch in its other state")
        refused = verify(a2a, mutated)
        if refused.returncode == 0 or "stuck in state %d" % state not in refused.stdout:
            problems.append("a2a verify accepted the switch in its other state")
    return problems


def main(argv):
    return run_cases(argv, "\n".join(__doc__.strip().splitlines()[2:4]), run_case)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
