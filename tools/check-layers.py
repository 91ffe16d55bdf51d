#!/usr/bin/env python3
"""Checks the layering of docs/architecture.md ("Layers") and that no include forms a cycle.

Every product source (.hpp .h .cpp .c) belongs to the layer of its folder; an
#include of a project header is allowed only into the layers its own layer may
use. The check fails closed:
  - the include roots are the ones the build declares: every `include/` folder of
    the product and every folder a product CMake file passes to
    target_include_directories (or a board's A2A_BOARD_INCLUDE_DIRS) as
    ${CMAKE_CURRENT_SOURCE_DIR}[/...] or ${CMAKE_CURRENT_LIST_DIR}[/...];
  - every `a2a/...` include must resolve to exactly one file (none or two is an
    error), every quoted include to at least one, except the headers the build
    generates (GENERATED, each named by a product CMakeLists.txt);
  - every product source must belong to a layer.
Cycles are found on modules: foo.hpp and foo.cpp in one folder are one module, so
two .cpp files that include each other's headers are a cycle too.

  check-layers.py [ROOT]      check the repository (default: this script's ../)
  check-layers.py --self-test plant the includes the check must refuse, one at a time,
                              into a copy of the repository's sources; and two cycles

Exit status 0: clean; 1: violations (each printed); 2: usage error.
"""
import os
import re
import shutil
import sys
import tempfile

PRODUCT = ["firmware", "hal", "platform"]

# Layer -> folders (relative to the root). The first match wins, so nested
# folders come before their parents.
LAYERS = [
    ("core", ["firmware/core"]),
    ("config", ["firmware/config"]),
    ("capi", ["firmware/capi"]),
    ("app", ["firmware/app"]),
    ("hal-mock", ["hal/mock"]),
    ("hal", ["hal"]),
    ("emulated", ["platform/emulated"]),
    ("mmio", ["platform/mmio"]),
    ("spi_chain", ["platform/spi_chain"]),
    ("flash", ["platform/flash"]),
    ("crosspoint", ["platform/crosspoint"]),
    ("gpio", ["platform/gpio"]),
    ("no_heap", ["platform/no_heap"]),
    ("block_sink", ["platform/block_sink"]),
    ("image", ["platform/cortex-m/controller"]),
    ("board", ["platform/cortex-m"]),
    ("host", ["platform/host"]),
]

# Layer -> the layers it may include (itself always). core -> hal -> configuration
# block -> app -> platform. Board support (startup, drivers, console, slot timer)
# sits below the application: only the image joins them. The emulated fabric sits
# on the far side of the register block: it knows the HAL's register map and, on a
# board, the board API and the MMIO bus that serve it, never the controller; and no
# board code (the image included) includes it: a board runs the production path.
# The HAL's mock is a testing backend: no product layer includes it.
MAY_USE = {
    "core": set(),
    "hal": {"core"},
    "hal-mock": {"core", "hal"},
    "config": {"core", "hal"},
    "capi": {"core"},
    "app": {"core", "hal", "config"},
    "mmio": {"core", "hal"},
    "spi_chain": {"core", "hal"},
    "flash": {"core", "hal"},
    "crosspoint": {"core", "hal"},
    "gpio": {"core", "hal"},
    "block_sink": {"core", "hal"},
    "no_heap": set(),  # the heap ban: the C and C++ runtimes' entry points, nothing of a2a
    "board": {"core", "hal", "config", "mmio", "flash"},
    "emulated": {"core", "hal", "mmio", "board", "block_sink"},
    "image": {"core", "hal", "config", "app", "mmio", "spi_chain", "flash", "crosspoint", "gpio", "board"},
    "host": {"core", "hal", "config", "emulated", "spi_chain", "crosspoint", "gpio", "block_sink"},
}

# Headers the build writes into its own tree: name -> (layer, the CMake file that makes it).
GENERATED = {
    "a2a/version.hpp": ("core", "firmware/core/CMakeLists.txt"),
    "a2a_board_addresses.hpp": ("host", "cmake/A2aBoardTable.cmake"),
    "slot_budget_table.hpp": ("host", "platform/host/tool/CMakeLists.txt"),
}

SOURCE_SUFFIXES = (".hpp", ".h", ".cpp", ".c")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)
DECLARED_ROOT = re.compile(r'\$\{CMAKE_CURRENT_(?:SOURCE|LIST)_DIR\}(/[A-Za-z0-9_./-]*)?')
# Where a CMake file declares include folders: the target's own, and a board's
# A2A_BOARD_INCLUDE_DIRS (its drivers), which platform/cortex-m passes on.
DECLARES_ROOTS = re.compile(r'(?:target_include_directories|set\(A2A_BOARD_INCLUDE_DIRS)\(?([^)]*)\)')


def layer_of(rel):
    for layer, folders in LAYERS:
        for folder in folders:
            if rel == folder or rel.startswith(folder + "/"):
                return layer
    return None


def walk(root, suffixes):
    for top in PRODUCT:
        for dirpath, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(suffixes):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def include_roots(root):
    """Every include/ folder of the product and every source folder a CMakeLists declares."""
    roots = set()
    for top in PRODUCT:
        for dirpath, dirs, _ in os.walk(os.path.join(root, top)):
            if os.path.basename(dirpath) == "include":
                roots.add(os.path.relpath(dirpath, root))
    for cmake in walk(root, ("CMakeLists.txt", ".cmake")):
        with open(os.path.join(root, cmake), encoding="utf-8") as f:
            text = f.read()
        for call in DECLARES_ROOTS.findall(text):
            for tail in DECLARED_ROOT.findall(call):
                folder = os.path.normpath(os.path.join(os.path.dirname(cmake), tail.lstrip("/")))
                if os.path.isdir(os.path.join(root, folder)):
                    roots.add(folder)
    return sorted(roots)


def resolve(root, roots, including, kind, name):
    """The distinct files an include may name, in the compiler's order."""
    candidates = []
    if kind == '"':
        candidates.append(os.path.join(os.path.dirname(including), name))
    candidates += [os.path.join(r, name) for r in roots]
    found = []
    for c in candidates:
        c = os.path.normpath(c)
        if os.path.isfile(os.path.join(root, c)) and c not in found:
            found.append(c)
    return found


def module(rel):
    return os.path.splitext(rel)[0]


def judge(rel, own, name, theirs):
    if theirs is None or theirs == own or theirs in MAY_USE[own]:
        return None
    return (f"{rel}: includes {name} ({theirs}), but the {own} layer may use only "
            f"{', '.join(sorted(MAY_USE[own])) or 'itself'}")


def check_generated(root):
    problems = []
    for name, (_, maker) in GENERATED.items():
        path = os.path.join(root, maker)
        if not os.path.isfile(path) or os.path.basename(name) not in open(path, encoding="utf-8").read():
            problems.append(f"generated header {name}: {maker} does not make it (update GENERATED)")
    return problems


PRIVATE_OWNER = re.compile(r'//\s*IWYU pragma:\s*private,\s*include\s*"([^"]+)"')


def check(root):
    problems = check_generated(root)
    edges = {}
    roots = include_roots(root)
    files = sorted(set(walk(root, SOURCE_SUFFIXES)))
    for rel in files:
        own = layer_of(rel)
        if own is None:
            problems.append(f"{rel}: in no layer (add its folder to LAYERS)")
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        # A private part of a header (`// IWYU pragma: private, include "a2a/..."`, e.g.
        # Device's commands) may include the header it belongs to, so that it stands
        # alone: #pragma once ends that loop, and it is no cycle of the design.
        owner = PRIVATE_OWNER.search(text)
        for kind, name in INCLUDE.findall(text):
            if owner and name == owner.group(1):
                continue
            found = resolve(root, roots, rel, kind, name)
            ours = name.startswith("a2a/") or kind == '"'
            if not found:
                if name in GENERATED:
                    problem = judge(rel, own, name, GENERATED[name][0])
                    if problem:
                        problems.append(problem)
                elif ours:
                    problems.append(f"{rel}: includes {name}, which no include root of the build holds")
                continue
            if name.startswith("a2a/") and len(found) > 1:
                problems.append(f"{rel}: includes {name}, which names {len(found)} files: {', '.join(found)}")
            target = found[0]
            problem = judge(rel, own, name, layer_of(target))
            if problem:
                problems.append(problem)
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


# What the self-test plants into a copy of the repository, one at a time, and the
# start of the problem the check must report for it.
PLANTED = [
    ("firmware/core/include/a2a/limits.hpp", '#include "a2a/search/search.hpp"\n',
     "firmware/core/include/a2a/limits.hpp: includes a2a/search/search.hpp (host)"),
    ("firmware/core/include/a2a/digits.hpp", '#include "plan.hpp"\n',
     "firmware/core/include/a2a/digits.hpp: includes plan.hpp (host)"),
    ("platform/cortex-m/drivers/cmsdk/cmsdk.c", "#include <a2a/app/controller.hpp>\n",
     "platform/cortex-m/drivers/cmsdk/cmsdk.c: includes a2a/app/controller.hpp (app)"),
    ("firmware/core/include/a2a/limits.hpp", "#include <a2a/no_such_header.hpp>\n",
     "firmware/core/include/a2a/limits.hpp: includes a2a/no_such_header.hpp, which no include root"),
    ("platform/host/tool/config_command.cpp", "#include <a2a/app/device.hpp>\n",
     "platform/host/tool/config_command.cpp: includes a2a/app/device.hpp (app)"),
    ("platform/cortex-m/slot_timer.cpp", "#include <a2a/mock/recording_bus.hpp>\n",
     "platform/cortex-m/slot_timer.cpp: includes a2a/mock/recording_bus.hpp (hal-mock)"),
]


def copy_sources(src, dst):
    for top in PRODUCT + ["cmake"]:  # cmake/: where a generated header may be made (GENERATED)
        shutil.copytree(os.path.join(src, top), os.path.join(dst, top),
                        ignore=shutil.ignore_patterns("*.pyc", "__pycache__", "*.ld", "*.svd", "*.md"))


def self_test(repo):
    failures = []
    with tempfile.TemporaryDirectory() as root:
        copy_sources(repo, root)
        _, clean = check(root)
        if clean:
            failures.append(f"the copied tree is not clean: {clean}")
        for rel, line, want in PLANTED:
            path = os.path.join(root, rel)
            with open(path, encoding="utf-8") as f:
                original = f.read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(line + original)
            _, problems = check(root)
            if not any(p.startswith(want) for p in problems):
                failures.append(f"planted {line.strip()} in {rel}: expected '{want}', got {problems}")
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        write("firmware/core/include/a2a/low.hpp", "#include <a2a/lower.hpp>\n")
        write("firmware/core/include/a2a/lower.hpp", "#include <a2a/low.hpp>\n#include <vector>\n")
        write("platform/host/tool/CMakeLists.txt", "target_include_directories(t PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})\n"
              "# slot_budget_table.hpp\n")
        write("cmake/A2aBoardTable.cmake", "# a2a_board_addresses.hpp\n")
        write("firmware/core/CMakeLists.txt", "# version.hpp\n")
        write("platform/host/tool/x.cpp", '#include "y.hpp"\n')
        write("platform/host/tool/x.hpp", "")
        write("platform/host/tool/y.hpp", "")
        write("platform/host/tool/y.cpp", '#include "x.hpp"\n')
        _, problems = check(root)
        want = ["include cycle: firmware/core/include/a2a/low -> firmware/core/include/a2a/lower"
                " -> firmware/core/include/a2a/low",
                "include cycle: platform/host/tool/x -> platform/host/tool/y -> platform/host/tool/x"]
        if sorted(problems) != want:
            failures.append(f"cycles: expected {want}, got {problems}")
    for f in failures:
        print("self-test failed:", f)
    if failures:
        return 1
    print(f"self-test: the real tree's copy is clean; each of {len(PLANTED)} planted includes "
          "(a lower layer up, an unresolvable one, the mock in a product) and two cycles were reported")
    return 0


def main(argv):
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if argv[1:] == ["--self-test"]:
        return self_test(here)
    if len(argv) > 2:
        print("usage: check-layers.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else here
    files, problems = check(root)
    for p in problems:
        print(p)
    if not files:
        print(f"no sources found under {root}", file=sys.stderr)
        return 2
    if problems:
        return 1
    print(f"layers: {len(files)} sources in {len(MAY_USE)} layers, every a2a/ include resolved to one file, "
          "every include goes down or sideways, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
