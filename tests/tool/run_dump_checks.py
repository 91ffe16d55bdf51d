#!/usr/bin/env python3
"""Runs `a2a dump --format json` for each case and has check_dump.py judge it.

usage: run_dump_checks.py A2A_BINARY CASE...   CASE = topology:radix:N[:schedule[:order[:rounds]]]
(rounds: the exact number of rounds expected; when not given N, or 2N for the optical schedule)
Prints one line per case; exit 0 only when every dump passes.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402


def run_case(a2a, case):
    fields = case.split(":")
    topology, radix, ports = fields[0], fields[1], fields[2]
    command = [a2a, "dump", "--format", "json", "--topology", topology, "--ports", ports, "--radix", radix]
    if len(fields) > 3 and fields[3]:
        command += ["--schedule", fields[3]]
    if len(fields) > 4 and fields[4]:
        command += ["--order", fields[4]]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return ["a2a exited with %d: %s" % (done.returncode, done.stderr.strip())]
    dump = json.loads(done.stdout)
    problems = check_dump.check(dump)
    expected_schedule = fields[3] if len(fields) > 3 and fields[3] else None
    if expected_schedule and dump["schedule"] != expected_schedule:
        problems.append("schedule field is %r" % dump["schedule"])
    # The optical families (papers 002, 003) say so in the dump, so the checker checks
    # crosstalk; paper 002 sends each Latin-square round in two halves (2N passes).
    optical = dump["schedule"] in ("optical", "shift")
    default_rounds = 2 * int(ports) if dump["schedule"] == "optical" else int(ports)
    rounds = int(fields[5]) if len(fields) > 5 and fields[5] else default_rounds
    if len(dump["rounds"]) != rounds:
        problems.append("%d rounds, expected %d" % (len(dump["rounds"]), rounds))
    if dump["faults"] != [] or dump["optical"] is not optical:
        problems.append("faults/optical not the defaults (optical should be %s)" % optical)
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    a2a, cases = argv[0], argv[1:]
    failed = 0
    for case in cases:
        problems = run_case(a2a, case)
        if problems:
            failed += 1
            print("FAIL %s: %d problems, first: %s" % (case, len(problems), "; ".join(problems[:3])))
        else:
            print("ok   %s" % case)
    print("%d of %d dumps accepted by the independent checker" % (len(cases) - failed, len(cases)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
