#!/usr/bin/env python3
"""Worst-case stack of the controller's round loop, from GCC's call graph.

Reads the .ci file GCC writes with -fcallgraph-info=su (one node per function
with its static frame size, one edge per call) and prints the deepest call
chain below each root: the whole image (main) and the round loop
(program_round's callees: writing one round's registers, computing each
port's send, and the commit that runs the fabric model). Frames marked dynamic
or calls through pointers would make the bound unsafe; they are reported.

With --elf, it also checks the bound against the RAM the image leaves the stack
(__stack_top - __noinit_end, read with --nm) and fails the build when it does not
fit: the deepest chain below main, plus every interrupt handler found in the
--handlers files (.ci of the objects that define them; each handler's own deepest
chain and the frame the core stacks, --frame-bytes: 32 = r0-r3, r12, lr, pc, xpsr;
104 with an FPU's context, 17 more words plus alignment; all of them nested at once), plus
--allowance bytes for the handlers written in C without a call graph (a board's
UART receive handler: a few words).

usage: stack_report.py <file.ci> [--handlers F.ci ...] [--elf IMAGE --nm NM [--allowance B]]
"""
import argparse
import glob
import os
import re
import subprocess
import sys
from functools import lru_cache

HANDLER = r"_Handler$|_Handler\(|a2a_board_slot_irq"

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


def deepest_of(nodes, edges):
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

    return deepest


def stack_room(elf, nm):
    """__stack_top - __noinit_end of the linked image: what the stack may grow into."""
    out = subprocess.run([nm, elf], check=True, capture_output=True, text=True).stdout
    symbols = {parts[2]: int(parts[0], 16) for parts in (line.split() for line in out.splitlines()) if len(parts) == 3}
    return symbols["__stack_top"] - symbols["__noinit_end"]


def handler_chains(files):
    chains = []
    for path in files:
        nodes, edges, _ = parse(path)
        deepest = deepest_of(nodes, edges)
        for title, (name, _) in nodes.items():
            if re.search(HANDLER, name):
                chains.append((name,) + deepest(title))
    return chains


def check_fits(main_total, args):
    files = [f for pattern in args.handlers for f in (glob.glob(pattern) or [pattern]) if os.path.exists(f)]
    chains = handler_chains(files)
    handlers = sum(total + args.frame_bytes for _, total, _ in chains)
    room = stack_room(args.elf, args.nm)
    need = main_total + handlers + args.allowance
    for name, total, _ in chains:
        print(f"  interrupt {name[:60]}: {total} bytes + {args.frame_bytes} stacked")
    print(f"  stack needed: {main_total} (main) + {handlers} (interrupts, nested) + {args.allowance} (allowance) = "
          f"{need} bytes; room below the top of RAM: {room} bytes")
    if need > room:
        print(f"stack_report: {os.path.basename(args.elf)}: the deepest chain does not fit the stack "
              f"({need} > {room} bytes): shrink the frames above or give the stack more RAM", file=sys.stderr)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ci")
    ap.add_argument("--handlers", nargs="*", default=[])
    ap.add_argument("--elf")
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--allowance", type=int, default=128)
    ap.add_argument("--frame-bytes", type=int, default=32)
    args = ap.parse_args()
    nodes, edges, notes = parse(args.ci)
    deepest = deepest_of(nodes, edges)
    main_total = 0

    print("stack usage (static frames, deepest call chain, from -fcallgraph-info=su):")
    for label, pattern in ROOTS:
        matches = [t for t, (name, _) in nodes.items() if re.search(pattern, name)]
        if not matches:
            print(f"  {label}: not emitted separately (inlined into its caller)")
            continue
        total, chain = max(deepest(t) for t in matches)
        if label.startswith("whole image"):
            main_total = total
        print(f"  {label}: {total} bytes")
        for step in chain:
            print(f"    {step[:140]}")
    for note in notes:
        print(f"  note: {note}")
    return check_fits(main_total, args) if args.elf else 0


if __name__ == "__main__":
    sys.exit(main())
