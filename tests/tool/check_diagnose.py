#!/usr/bin/env python3
"""a2a diagnose judged by an independent model of the network.

usage: check_diagnose.py A2A_BINARY CASE...
       CASE = topology:N:kind:stage:switch  (kind: dead, stuck0, stuck1)
For each case the rounds of the Latin square (stage-control words 0, 1, 2, ...) are
routed by check_dump.py's own model with the fault planted (a stuck switch keeps its
state; a signal through a dead switch is lost: null), written as an observations
file, and `a2a diagnose --observations` must print "located" and name the fault.
`a2a diagnose --simulate` with the same fault must name it too. Exit 0 only when
every case holds.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402
from tool_test_support import run_cases  # noqa: E402

NAMES = {"dead": "dead", "stuck0": "stuck straight", "stuck1": "stuck cross"}


def observe(net, word, kind, stage, switch):
    stages = [[(word >> (net.n - 1 - s)) & 1] * net.switches for s in range(net.n)]
    if kind.startswith("stuck"):
        stages[stage][switch] = int(kind[-1])
    arrived = []
    for i in range(net.N):
        out, _, hops, _ = net.route(i, stages)
        arrived.append(None if kind == "dead" and (stage, switch) in hops else out)
    return {"word": word, "arrived": arrived}


def run_case(a2a, case):
    topology, ports, kind, stage, switch = case.split(":")
    N, stage, switch = int(ports), int(stage), int(switch)
    net = check_dump.Network(topology, N, 2, N.bit_length() - 1)
    rounds = [observe(net, w, kind, stage, switch) for w in range(min(N, 8))]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"rounds": rounds}, f)
    problems = []
    expected = "switch %d of stage %d %s" % (switch, stage, NAMES[kind])
    try:
        done = subprocess.run([a2a, "diagnose", "--topology", topology, "--ports", ports, "--observations", f.name],
                              capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    if done.returncode != 0 or "located" not in done.stdout or expected not in done.stdout:
        problems.append("--observations: expected 'located ... %s', got: %s%s" % (expected, done.stdout, done.stderr))
    fault = "%d:%d" % (stage, switch) + ("" if kind == "dead" else ":stuck=" + kind[-1])
    sim = subprocess.run([a2a, "diagnose", "--topology", topology, "--ports", ports, "--simulate", "--fault", fault],
                         capture_output=True, text=True)
    if sim.returncode != 0 or expected not in sim.stdout or "test round" not in sim.stdout:
        problems.append("--simulate: expected %r, got: %s%s" % (expected, sim.stdout, sim.stderr))
    return problems


def main(argv):
    return run_cases(argv, "\n".join(__doc__.strip().splitlines()[2:4]), run_case)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
