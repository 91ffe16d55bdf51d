#!/usr/bin/env python3
"""Worst-case stack of the controller's round loop, from GCC's call graph.

Reads the .ci file GCC writes with -fcallgraph-info=su (one node per function
with its static frame size, one edge per call) and prints the deepest call
chain below each root: the whole image (main) and the round loop
(program_round's callees: writing one round's registers, computing each
port's send, and the commit that runs the fabric model). Frames marked dynamic
or calls through pointers would make the bound unsafe; they are reported.

usage: stack_report.py <file.ci>
"""
import re
import sys
from functools import lru_cache

ROOTS = [
    ("whole image (main)", r"^main$|int main\("),
    ("one round: program_round and below", r"a2a::hal::(program_round|execute_round)\("),
    ("one round: the port loop (write_ports) and below", r"a2a::hal::detail::write_ports\("),
    ("the fabric model's commit (FabricModel::on_commit)", r"::on_commit\("),
]


def parse(path):
    nodes, edges, notes = {}, {}, []
    text = open(path, encoding="utf-8", errors="replace").read()
    for m in re.finditer(r'node: \{ title: "([^"]*)" label: "([^"]*)"', text):
        title, label = m.group(1), m.group(2)
        size = re.search(r"\\n(\d+) bytes \((static|dynamic[^)]*)\)", label)
        name = label.split("\\n")[0]
        nodes[title] = (name, int(size.group(1)) if size else 0)
        if size and size.group(2) != "static":
            notes.append(f"dynamic frame: {name}")
    for m in re.finditer(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"', text):
        edges.setdefault(m.group(1), set()).add(m.group(2))
    if "__indirect_call" in text:
        notes.append("indirect calls present: the bound covers direct calls only")
    return nodes, edges, notes


def main():
    nodes, edges, notes = parse(sys.argv[1])

    @lru_cache(maxsize=None)
    def deepest(title, depth=0):
        if depth > 64:
            return (0, ("<recursion?>",))
        own = nodes.get(title, (title, 0))
        best = (0, ())
        for callee in edges.get(title, ()):
            if callee != title:
                best = max(best, deepest(callee, depth + 1))
        return (own[1] + best[0], (f"{own[1]:5} B  {own[0]}",) + best[1])

    print("stack usage (static frames, deepest call chain, from -fcallgraph-info=su):")
    for label, pattern in ROOTS:
        matches = [t for t, (name, _) in nodes.items() if re.search(pattern, name)]
        if not matches:
            print(f"  {label}: not emitted separately (inlined into its caller)")
            continue
        total, chain = max(deepest(t) for t in matches)
        print(f"  {label}: {total} bytes")
        for step in chain:
            print(f"    {step[:140]}")
    for note in notes:
        print(f"  note: {note}")


if __name__ == "__main__":
    main()
