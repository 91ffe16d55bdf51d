#!/usr/bin/env python3
"""Mutation tests of `a2a verify --input`: an unaltered dump verifies clean;
each alteration (a destination or tag changed, a round dropped or repeated, a
switch state flipped, optical crosstalk, a faulty switch, relay hops in the
wrong order) makes verify exit 1 and name the violation, and the independent
checker check_dump.py rejects the altered dump as well.

usage: mutation_test.py A2A_BINARY WORK_DIR
"""
import copy
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_dump  # noqa: E402

failures = []


def expect(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def dump_of(a2a, *options):
    done = subprocess.run([a2a, "dump", "--format", "json", *options], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def verify(a2a, work, name, dump):
    path = os.path.join(work, name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(dump, f)
    done = subprocess.run([a2a, "verify", "--input", path, "--max-reports", "0"], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def summary_number(output, label):
    match = re.search(label + r" (\d+)", output)
    return int(match.group(1)) if match else None


def mutant(a2a, work, name, dump, violation, checker_rejects=True, **numbers):
    code, output = verify(a2a, work, name, dump)
    expect(code == 1, "%s: verify exits 1 (got %d)" % (name, code))
    expect("violation: " + violation + ":" in output, "%s: verify names '%s'" % (name, violation))
    for label, value in numbers.items():
        label = label.replace("_", " ")
        got = summary_number(output, label)
        expect(got == value, "%s: summary '%s %s' (got %s)" % (name, label, value, got))
    if checker_rejects:
        expect(check_dump.check(dump) != [], "%s: the independent checker rejects it too" % name)


def main(a2a, work):
    os.makedirs(work, exist_ok=True)
    base = dump_of(a2a, "--topology", "omega", "--ports", "8")
    N = base["ports"]
    code, output = verify(a2a, work, "unaltered", base)
    expect(code == 0 and "clean: pairs delivered 64/64, missing 0, duplicates 0, rounds 8, communication delay 10"
           in output, "unaltered omega 8 dump verifies clean")
    expect(check_dump.check(base) == [], "unaltered dump passes the independent checker")

    d = copy.deepcopy(base)
    send = d["rounds"][3]["sends"][2]
    send["dst"] = (send["dst"] + 1) % N
    mutant(a2a, work, "destination-changed", d, "wrong destination", wrong_destinations=1)

    d = copy.deepcopy(base)
    send = d["rounds"][4]["sends"][5]
    send["tag"] ^= 1
    mutant(a2a, work, "tag-changed", d, "wrong tag", wrong_tags=1)

    d = copy.deepcopy(base)
    del d["rounds"][5]
    mutant(a2a, work, "round-dropped", d, "missing", missing=N, rounds=N - 1)

    d = copy.deepcopy(base)
    d["rounds"].append(copy.deepcopy(d["rounds"][0]))
    mutant(a2a, work, "round-repeated", d, "duplicate", duplicates=N, missing=0)

    d = copy.deepcopy(base)
    d["rounds"][2]["stages"][1][0] ^= 1  # both signals through that switch now go elsewhere
    mutant(a2a, work, "state-flipped", d, "wrong destination", wrong_destinations=2)

    d = copy.deepcopy(base)
    d["optical"] = True  # stage control uses both inputs of every switch: crosstalk everywhere
    mutant(a2a, work, "optical", d, "crosstalk", crosstalk=8 * 3 * 4)

    d = copy.deepcopy(base)
    d["faults"] = [[1, 2]]
    mutant(a2a, work, "fault", d, "fault crossing", fault_crossings=16, missing=16)

    # Relay hops: message (a -> b) carried as a -> c in round r1 and c -> b in round r2.
    # In order (r1 < r2) there is no relay-order error, only the pairs (a, c) and
    # (c, b) go missing and (a, b) arrives twice; out of order it is an error.
    def relayed(first_round, second_round):
        d = copy.deepcopy(base)
        hop_in = next(s for s in d["rounds"][first_round]["sends"] if s["src"] == 1)
        c = hop_in["dst"]
        hop_out = next(s for s in d["rounds"][second_round]["sends"] if s["src"] == c)
        b = hop_out["dst"]
        for s in (hop_in, hop_out):
            s["orig"], s["final"] = 1, b
        return d

    code, output = verify(a2a, work, "relay-in-order", relayed(2, 5))
    expect(summary_number(output, "relay-order errors") == 0 and summary_number(output, "duplicates") == 1,
           "relay hops in order: no relay-order error (1 duplicate, 2 missing)")
    mutant(a2a, work, "relay-out-of-order", relayed(5, 2), "relay order", checker_rejects=False,
           **{"relay-order errors": 1})

    gsen = dump_of(a2a, "--topology", "gsen", "--ports", "10")
    code, output = verify(a2a, work, "gsen-unaltered", gsen)
    expect(code == 0, "unaltered gsen 10 dump verifies clean")
    gsen["rounds"][7]["stages"][3][4] ^= 1
    mutant(a2a, work, "gsen-state-flipped", gsen, "wrong destination", wrong_destinations=2)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
