#!/usr/bin/env python3
"""docs/testing.md's table of the tests per layer, from CTest's labels.

  testing-table.py --build DIR --doc docs/testing.md           print the table
  testing-table.py --build DIR --doc docs/testing.md --check   the doc's table must be it
  testing-table.py --build DIR --doc docs/testing.md --write   put it into the doc

The table sits between `<!-- tests-by-layer: begin -->` and `<!-- tests-by-layer: end -->`.
A test belongs to the first layer label it carries, in LAYERS' order; a test with
none of them fails the check (every test names its layer). `slow` marks the tests a
developer may leave out locally (ctest -LE slow); CI runs them. The build is a host
build: the boards' tests (label `target`) are the host's portable tests again, run
under QEMU by tools/run-tests.sh.
"""
import argparse
import json
import subprocess
import sys

LAYERS = [
    ("core", "core (firmware/core)"),
    ("capi", "C API (firmware/capi)"),
    ("hal", "HAL (hal/, hal/mock)"),
    ("config", "configuration block (firmware/config)"),
    ("app", "application (firmware/app)"),
    ("fabric", "host simulated fabric (platform/host/fabric)"),
    ("search", "configuration-set search (platform/host/search)"),
    ("tool", "planner tool a2a (platform/host/tool)"),
    ("python", "Python module (platform/host/python)"),
    ("demo", "host demo (platform/host)"),
    ("docs", "documentation (the docs test)"),
    ("package", "install and packaging"),
    ("architecture", "architecture (layers, structure)"),
    ("light", "the boards' test runner (tests/target)"),
]
BEGIN = "<!-- tests-by-layer: begin -->"
END = "<!-- tests-by-layer: end -->"


def tests_by_layer(build):
    shown = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, capture_output=True, text=True, check=True)
    rows = {label: [] for label, _ in LAYERS}
    unlabelled = []
    for test in json.loads(shown.stdout)["tests"]:
        labels = next((p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"), [])
        layer = next((label for label, _ in LAYERS if label in labels), None)
        if layer is None:
            unlabelled.append(test["name"])
            continue
        rows[layer].append(test["name"] + (" (slow)" if "slow" in labels else ""))
    return rows, unlabelled


def table(rows):
    lines = [BEGIN, "", "| layer | label | tests |", "| --- | --- | --- |"]
    for label, title in LAYERS:
        names = sorted(rows[label])
        lines.append(f"| {title} | `{label}` | {len(names)}: {', '.join(f'`{n}`' for n in names)} |")
    lines += ["", END]
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--doc", required=True)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    a = p.parse_args()
    rows, unlabelled = tests_by_layer(a.build)
    if unlabelled:
        print("testing-table: tests with no layer label: " + ", ".join(sorted(unlabelled)))
        return 1
    want = table(rows)
    text = open(a.doc, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        print(f"testing-table: {a.doc} has no {BEGIN} ... {END} section")
        return 1
    start, end = text.index(BEGIN), text.index(END) + len(END)
    if a.write:
        open(a.doc, "w", encoding="utf-8").write(text[:start] + want + text[end:])
        return 0
    if a.check:
        if text[start:end] != want:
            print(f"testing-table: {a.doc}'s table differs from CTest's labels; run "
                  f"tools/testing-table.py --build {a.build} --doc {a.doc} --write")
            return 1
        print(f"testing-table: {a.doc} lists every test of the build by its layer")
        return 0
    print(want)
    return 0


if __name__ == "__main__":
    sys.exit(main())
