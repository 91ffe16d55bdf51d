#!/usr/bin/env python3
"""Plans around several faults, dead links and cut-off processors, judged independently.

usage: check_degraded.py A2A_BINARY CASE...
       CASE = topology:N:FAULTS[:degraded]
       FAULTS = comma-separated s<stage>.<switch> (faulty switch) or l<stage>.<terminal> (dead link)
For each case, which pairs can be delivered at all is found here by brute force: the
path of every pair (i, j) is the route of i through the one regular round (the first N
rounds of the dump, the Latin square, whatever the dump sends in them) that takes i to j,
and a pair is deliverable when its path misses every fault or some relay p has both
paths i -> p and p -> j fault-free. Then:
 - without `degraded`: if every pair is deliverable, `a2a dump` must plan a schedule
   that check_dump.py accepts (every pair once, no hop over a fault, relays in order);
   otherwise it must exit 2 and name, in its message, a pair or processor that the brute
   force finds undeliverable, and say --degraded;
 - with `degraded`: the dump's left_out must be exactly the undeliverable pairs, each
   with its reason, and check_dump.py must accept every other pair exactly once.
Exit 0 only when every case holds.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402
from tool_test_support import run_cases  # noqa: E402


def parse_faults(text):
    switches, links = [], []
    for item in text.split(","):
        kind, stage, index = item[0], *item[1:].split(".")
        (switches if kind == "s" else links).append((int(stage), int(index)))
    return switches, links


def paths_of(dump, net):
    """(i, j) -> (switches, links) of its unique path, from the dump's regular rounds."""
    N = dump["ports"]
    paths = {}
    for rnd in dump["rounds"][:N]:
        for i in range(N):
            arrives, _, hops, links = net.route(i, rnd["stages"])
            paths.setdefault((i, arrives), (set(hops), set(links)))
    return paths


def undeliverable(dump, switches, links):
    """The pairs no direct path or two-hop relay delivers, with the reason."""
    N = dump["ports"]
    net = check_dump.Network(dump["topology"], N, dump["radix"], dump["stages"])
    paths = paths_of(dump, net)
    if len(paths) != N * N:
        raise AssertionError("the first N rounds do not take every i to every j (%d paths)" % len(paths))
    bad_s, bad_l = set(switches), set(links)
    ok = {pair: not (hops & bad_s) and not (ls & bad_l) for pair, (hops, ls) in paths.items()}
    result = {}
    for i in range(N):
        for j in range(N):
            if ok[(i, j)] or any(ok[(i, p)] and ok[(p, j)] for p in range(N)):
                continue
            if not any(ok[(i, x)] for x in range(N)):
                result[(i, j)] = "cut-off-sender"
            elif not any(ok[(x, j)] for x in range(N)):
                result[(i, j)] = "cut-off-receiver"
            else:
                result[(i, j)] = "separated"
    return result


def run(a2a, topology, ports, switches, links, degraded):
    command = [a2a, "dump", "--topology", topology, "--ports", str(ports)]
    command += ["--fault=%d:%d" % f for f in switches] + ["--fault-link=%d:%d" % f for f in links]
    if degraded:
        command.append("--degraded")
    return subprocess.run(command, capture_output=True, text=True)


def run_case(a2a, case):
    fields = case.split(":")
    topology, ports, faults = fields[0], int(fields[1]), fields[2]
    degraded = len(fields) > 3 and fields[3] == "degraded"
    switches, links = parse_faults(faults)
    # The regular rounds' switch states, for the paths: a plain dump of the Latin square.
    plain = subprocess.run([a2a, "dump", "--topology", topology, "--ports", str(ports)], capture_output=True, text=True)
    if plain.returncode != 0:
        return ["a2a dump (no faults) exited with %d: %s" % (plain.returncode, plain.stderr.strip())]
    lost = undeliverable(json.loads(plain.stdout), switches, links)
    done = run(a2a, topology, ports, switches, links, degraded)
    problems = []
    if not degraded and lost:
        if done.returncode != 2:
            return ["%d pairs are undeliverable, yet a2a exited with %d" % (len(lost), done.returncode)]
        if "--degraded" not in done.stderr:
            problems.append("the refusal does not mention --degraded: %s" % done.stderr.strip())
        named = re.search(r"processor (\d+) reaches no output|no processor reaches (\d+)|pair \((\d+), (\d+)\)",
                          done.stderr)
        if not named:
            return problems + ["the refusal names no pair or processor: %s" % done.stderr.strip()]
        if named.group(1) is not None:
            ok = any(i == int(named.group(1)) and why == "cut-off-sender" for (i, _), why in lost.items())
        elif named.group(2) is not None:
            ok = any(j == int(named.group(2)) and why == "cut-off-receiver" for (_, j), why in lost.items())
        else:
            ok = (int(named.group(3)), int(named.group(4))) in lost
        if not ok:
            problems.append("the refusal names something deliverable: %s" % done.stderr.strip())
        return problems
    if done.returncode != 0:
        return ["a2a exited with %d: %s" % (done.returncode, done.stderr.strip())]
    dump = json.loads(done.stdout)
    problems += check_dump.check(dump)
    if dump["schedule"] != "fault-tolerant":
        problems.append("schedule field is %r" % dump["schedule"])
    if sorted(map(tuple, dump["faults"])) != sorted(switches):
        problems.append("faults field is %r" % dump["faults"])
    if sorted(map(tuple, dump.get("fault_links", []))) != sorted(links):
        problems.append("fault_links field is %r" % dump.get("fault_links"))
    claimed = {(p[0], p[1]): p[2] for p in dump.get("left_out", [])}
    if claimed != lost:
        extra = sorted(set(claimed) - set(lost))[:3]
        missing = sorted(set(lost) - set(claimed))[:3]
        wrong = sorted(p for p in set(claimed) & set(lost) if claimed[p] != lost[p])[:3]
        problems.append("left_out differs from the brute force: claimed but deliverable %s, undeliverable but not "
                        "claimed %s, other reason %s" % (extra, missing, wrong))
    return problems


def main(argv):
    return run_cases(argv, __doc__.strip().splitlines()[2], run_case)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
