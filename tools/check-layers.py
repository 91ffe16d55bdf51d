#!/usr/bin/env python3
"""Checks the layering of docs/architecture.md ("Layers") and that no include forms a cycle.

Every product source (.hpp .h .cpp .c) belongs to the layer of its folder; an
#include of a project header is allowed only into the layers its own layer may
use. Headers are resolved through the include roots below (and, for quoted
includes, the including file's folder); what does not resolve is a system or
third-party header and is not judged. Cycles are found on modules: foo.hpp and
foo.cpp in one folder are one module, so two .cpp files that include each
other's headers are a cycle too.

  check-layers.py [ROOT]      check the repository (default: this script's ../)
  check-layers.py --self-test prove that a violation and a cycle are reported

Exit status 0: clean; 1: violations (each printed); 2: usage error.
"""
import os
import re
import sys
import tempfile

# Layer -> folders (relative to the root). The first match wins, so nested
# folders come before their parents.
LAYERS = [
    ("core", ["firmware/core"]),
    ("capi", ["firmware/capi"]),
    ("app", ["firmware/app"]),
    ("hal", ["hal"]),
    ("emulated-fabric", ["platform/emulated-fabric"]),
    ("mmio", ["platform/mmio"]),
    ("cortex-m", ["platform/cortex-m"]),
    ("host", ["platform/host"]),
]

# Layer -> the layers it may include (itself always). The core is at the bottom;
# the emulated fabric sits on the far side of the register block: it knows the
# HAL's register map and, on a board, the board API and the MMIO bus that serve
# it, but never the controller application; and no board code (the controller
# image included) includes the emulator: a board runs the production path.
MAY_USE = {
    "core": set(),
    "capi": {"core"},
    "hal": {"core"},
    "app": {"core", "hal"},
    "emulated-fabric": {"core", "hal", "mmio", "cortex-m"},
    "mmio": {"core", "hal"},
    "cortex-m": {"core", "hal", "app", "mmio"},
    "host": {"core", "hal", "app", "emulated-fabric"},
}

INCLUDE_ROOTS = [
    "firmware/core/include",
    "firmware/capi/include",
    "firmware/app/include",
    "hal/include",
    "platform/emulated-fabric/include",
    "platform/mmio/include",
    "platform/cortex-m/include",
    "platform/cortex-m",
    "platform/host/fabric/include",
    "platform/host/mock/include",
]

SOURCE_SUFFIXES = (".hpp", ".h", ".cpp", ".c")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)


def layer_of(rel):
    for layer, folders in LAYERS:
        for folder in folders:
            if rel == folder or rel.startswith(folder + "/"):
                return layer
    return None


def sources(root):
    for layer, folders in LAYERS:
        for folder in folders:
            for dirpath, _, files in os.walk(os.path.join(root, folder)):
                for name in sorted(files):
                    if name.endswith(SOURCE_SUFFIXES):
                        yield os.path.relpath(os.path.join(dirpath, name), root)


def resolve(root, including, kind, name):
    candidates = []
    if kind == '"':
        candidates.append(os.path.join(os.path.dirname(including), name))
    candidates += [os.path.join(r, name) for r in INCLUDE_ROOTS]
    for c in candidates:
        if os.path.isfile(os.path.join(root, c)):
            return os.path.normpath(c)
    return None


def module(rel):
    return os.path.splitext(rel)[0]


def check(root):
    problems = []
    edges = {}
    files = sorted(set(sources(root)))
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        own = layer_of(rel)
        for kind, name in INCLUDE.findall(text):
            target = resolve(root, rel, kind, name)
            if target is None:
                continue
            theirs = layer_of(target)
            if theirs is not None and theirs != own and theirs not in MAY_USE[own]:
                problems.append(f"{rel}: includes {name} ({theirs}), but the {own} layer may use only "
                                f"{', '.join(sorted(MAY_USE[own])) or 'itself'}")
            a, b = module(rel), module(target)
            if a != b:
                edges.setdefault(a, set()).add(b)
    for cycle in cycles(edges):
        problems.append("include cycle: " + " -> ".join(cycle + [cycle[0]]))
    return files, problems


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan), each as a path."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        write("firmware/core/include/a2a/low.hpp", '#include "a2a/app/high.hpp"\n')
        write("firmware/app/include/a2a/app/high.hpp", "#include <a2a/low.hpp>\n#include <vector>\n")
        write("platform/host/tool/x.hpp", "")
        write("platform/host/tool/x.cpp", '#include "y.hpp"\n')
        write("platform/host/tool/y.hpp", "")
        write("platform/host/tool/y.cpp", '#include "x.hpp"\n')
        _, problems = check(root)
        want = ["firmware/core/include/a2a/low.hpp: includes a2a/app/high.hpp (app)",
                "include cycle: firmware/app/include/a2a/app/high -> firmware/core/include/a2a/low",
                "include cycle: platform/host/tool/x -> platform/host/tool/y"]
        missing = [w for w in want if not any(p.startswith(w) for p in problems)]
        if missing or len(problems) != len(want):
            print("self-test failed: expected", want, "got", problems)
            return 1
    print("self-test: a lower layer including a higher one and two cycles were reported")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2:
        print("usage: check-layers.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    files, problems = check(root)
    for p in problems:
        print(p)
    if not files:
        print(f"no sources found under {root}", file=sys.stderr)
        return 2
    if problems:
        return 1
    print(f"layers: {len(files)} sources, every include goes down or sideways, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
