#!/usr/bin/env python3
"""The two replay backends of `a2a verify` and `a2a render` (--backend route|fabric):
 - the host simulated fabric (the default) verifies every topology and schedule clean,
   from the schedule options and from a dump;
 - a dump with one switch state changed fails under the fabric: the d signals through
   that switch (a full round of a unique-path network uses every switch input) each get
   a wrong destination and a wrong tag;
 - on clean and altered dumps both backends print the same violations and summary
   (only the backend's name differs) and exit alike, and render draws the same SVG.

usage: backend_test.py A2A_BINARY WORK_DIR
"""
import copy
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_test_support import dump_of, expect, failures, run, write  # noqa: E402


FABRIC = "host simulated fabric"
ROUTE = "core route"


def summary_number(output, label):
    match = re.search(label + r" (\d+)", output)
    return int(match.group(1)) if match else None


# (topology, radix, N, schedule or "", order or "")
CLEAN_CASES = [
    ("omega", 2, 8, "", ""),
    ("baseline", 3, 27, "", "gray"),
    ("banyan", 4, 16, "", ""),
    ("reverse-omega", 2, 32, "", "gray"),
    ("reverse-baseline", 2, 16, "", ""),
    ("reverse-banyan", 3, 9, "", ""),
    ("gsen", 2, 10, "alternating", ""),
    ("gsen", 2, 30, "", ""),
    ("gsen", 2, 16, "latin-square", "gray"),
]


def options_of(case):
    topology, radix, ports, schedule, order = case
    options = ["--topology", topology, "--radix", str(radix), "--ports", str(ports)]
    if schedule:
        options += ["--schedule", schedule]
    if order:
        options += ["--order", order]
    return options


def check_clean(a2a, work):
    for case in CLEAN_CASES:
        label = ":".join(str(f) for f in case if f != "")
        ports = case[2]
        pairs = "clean: pairs delivered %d/%d, missing 0" % (ports * ports, ports * ports)
        code, out, _ = run(a2a, "verify", *options_of(case), "--backend", "fabric")
        expect(code == 0 and "replayed by %s): %s" % (FABRIC, pairs) in out,
               "%s: verify --backend fabric is clean" % label)
        path = write(work, "clean-" + label.replace(":", "-"), dump_of(a2a, *options_of(case)))
        code, out, _ = run(a2a, "verify", "--input", path, "--backend", "fabric")
        expect(code == 0 and pairs in out, "%s: its dump verifies clean under the fabric" % label)
    code, out, _ = run(a2a, "verify", "--topology", "omega", "--ports", "8")
    expect(code == 0 and "replayed by %s)" % FABRIC in out, "the fabric is the default backend")
    code, out, _ = run(a2a, "verify", "--topology", "omega", "--ports", "8", "--backend", "route")
    expect(code == 0 and "replayed by %s)" % ROUTE in out, "--backend route names the core's route()")


def flipped(dump, round_index, stage, switch):
    d = copy.deepcopy(dump)
    states = d["rounds"][round_index]["stages"][stage]
    states[switch] = (states[switch] + 1) % d["radix"]
    return d


def check_flips(a2a, work):
    # Unique-path networks: every switch carries d signals in a full round, and a new state
    # sends each one out of another port, hence to another output (one path per pair).
    for topology, radix, ports, r, s, y in [("omega", 2, 8, 2, 1, 0), ("baseline", 3, 27, 5, 2, 4),
                                            ("reverse-banyan", 4, 16, 9, 0, 3)]:
        base = dump_of(a2a, "--topology", topology, "--radix", str(radix), "--ports", str(ports))
        path = write(work, "flip-%s" % topology, flipped(base, r, s, y))
        code, out, _ = run(a2a, "verify", "--input", path, "--backend", "fabric", "--max-reports", "0")
        label = "%s d = %d: state of switch %d of stage %d flipped in round %d" % (topology, radix, y, s, r)
        expect(code == 1, label + ": verify --backend fabric exits 1 (got %d)" % code)
        expect("violation: wrong destination: round %d" % r in out, label + ": names a wrong destination")
        expect(summary_number(out, "wrong destinations") == radix and summary_number(out, "wrong tags") == radix,
               label + ": %d wrong destinations and %d wrong tags" % (radix, radix))
    gsen = dump_of(a2a, "--topology", "gsen", "--ports", "10")
    code, out, _ = run(a2a, "verify", "--input", write(work, "flip-gsen", flipped(gsen, 7, 3, 4)),
                       "--backend", "fabric")
    expect(code == 1 and "violation: wrong destination: round 7" in out,
           "gsen 10: a flipped state fails under the fabric")


def altered_dumps(a2a):
    """Clean and altered dumps, each to be verified by both backends."""
    omega = dump_of(a2a, "--topology", "omega", "--ports", "8")
    gsen = dump_of(a2a, "--topology", "gsen", "--ports", "10")
    dumps = {"omega-clean": omega, "gsen-clean": gsen,
             "baseline-3-clean": dump_of(a2a, "--topology", "baseline", "--radix", "3", "--ports", "9")}
    dumps["omega-flip"] = flipped(omega, 3, 0, 1)
    dumps["gsen-flips"] = flipped(flipped(gsen, 1, 0, 0), 6, 2, 3)
    d = copy.deepcopy(omega)
    d["rounds"][4]["sends"][5]["dst"] = (d["rounds"][4]["sends"][5]["dst"] + 3) % 8
    d["rounds"][6]["sends"][1]["tag"] ^= 2
    dumps["omega-claims"] = d
    d = copy.deepcopy(omega)  # a port listed twice in one round (a second header for it)
    extra = copy.deepcopy(d["rounds"][2]["sends"][3])
    extra["dst"], extra["final"] = (extra["dst"] + 1) % 8, (extra["final"] + 1) % 8
    d["rounds"][2]["sends"].append(extra)
    dumps["omega-double-send"] = d
    d = copy.deepcopy(omega)  # a round with idle ports
    del d["rounds"][1]["sends"][2:6]
    dumps["omega-idle"] = d
    d = copy.deepcopy(gsen)
    d["faults"], d["optical"] = [[1, 2], [3, 0]], True
    dumps["gsen-fault-optical"] = d
    return dumps


def check_same_results(a2a, work):
    for name, dump in altered_dumps(a2a).items():
        path = write(work, "both-" + name, dump)
        results = {}
        for backend in ("route", "fabric"):
            code, out, err = run(a2a, "verify", "--input", path, "--backend", backend, "--max-reports", "0")
            results[backend] = (code, out.replace("replayed by " + (ROUTE if backend == "route" else FABRIC),
                                                  "replayed by BACKEND"), err)
        (code_r, out_r, err_r), (code_f, out_f, err_f) = results["route"], results["fabric"]
        expect(code_r in (0, 1) and err_r == "" and err_f == "", name + ": both backends run (exit %d)" % code_r)
        expect(code_r == code_f and out_r == out_f, name + ": route and fabric print the same report")
        expect("replayed by BACKEND" in out_f, name + ": the summary names the backend")
    d = dump_of(a2a, "--topology", "gsen", "--ports", "10")
    path = write(work, "render-gsen", d)
    svgs = [run(a2a, "render", "--input", path, "--all", "--backend", b) for b in ("route", "fabric")]
    expect(svgs[0][0] == 0 and svgs[0] == svgs[1], "render --all draws the same SVG with both backends")
    path = write(work, "render-flip", flipped(dump_of(a2a, "--topology", "banyan", "--ports", "16"), 5, 1, 2))
    svgs = [run(a2a, "render", "--input", path, "--round", "5", "--backend", b) for b in ("route", "fabric")]
    expect(svgs[0][0] == 0 and svgs[0] == svgs[1], "render of an altered round: the same SVG with both backends")


def main(a2a, work):
    os.makedirs(work, exist_ok=True)
    check_clean(a2a, work)
    check_flips(a2a, work)
    check_same_results(a2a, work)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
