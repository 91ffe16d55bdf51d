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

With --slice-stack SYMBOL, planning and diagnosis run on a stack of their own
(SlicedCall, firmware/app/include/a2a/app/sliced_call.hpp): their bodies (the
device's sliced_planning and the exchange job's recovery pieces after_first,
after_resumed and plan_next, which the slice stack's trampoline calls through
pointers, so no chain below main reaches them) are a root of their
own, and the deepest of them, the switch's frame (SWITCH_BYTES) and one exception
frame must fit the symbol's size (nm -S). The image's main() runs in
thread mode on MSP, so a slice runs on the slice stack as PSP: an interrupt stacks
its frame there and runs its handler on MSP, whose room the first check counts.

usage: stack-report.py <file.ci> [--handlers F.ci ...] [--elf IMAGE --nm NM [--allowance B]]
                       [--slice-stack SYMBOL]
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
    ("the slice stack: planning and diagnosis (sliced_planning, the job's recovery pieces)",
     r"::sliced_planning\(|JobRunner<.*>::(after_first|after_resumed|plan_next)\("),
]
# SlicedCall's frames on the slice stack beneath a body: run_on_side_stack's, and the
# registers the switch saves (at most r4-r11, lr and s16-s31: 25 words).
SWITCH_BYTES = 160


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


def deepest_to(nodes, edges, root, target):
    """The deepest chain from `root` down to a call of a function matching `target`
    (its frame included): where a call runs the sliced bodies in one piece."""
    @lru_cache(maxsize=None)
    def to(title, depth=0):
        own = nodes.get(title, (title, 0))
        if re.search(target, own[0]):
            return (own[1], (f"{own[1]:5} B  {own[0]}",))
        if depth > 64:
            return None
        best = None
        for callee in edges.get(title, ()):
            if callee != title:
                below = to(callee, depth + 1)
                if below is not None and (best is None or below[0] > best[0]):
                    best = below
        return None if best is None else (own[1] + best[0], (f"{own[1]:5} B  {own[0]}",) + best[1])

    return to(root)


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


def symbol_size(elf, nm, pattern):
    """The size (nm -S) of the one symbol whose name contains `pattern`."""
    out = subprocess.run([nm, "-S", elf], check=True, capture_output=True, text=True).stdout
    sizes = [int(parts[1], 16) for parts in (line.split() for line in out.splitlines())
             if len(parts) == 4 and pattern in parts[3]]
    if len(sizes) != 1:
        raise SystemExit(f"stack_report: {len(sizes)} symbols named like {pattern!r} in {elf}")
    return sizes[0]


def check_fits(main_total, args, slice_total=0):
    files = [f for pattern in args.handlers for f in (glob.glob(pattern) or [pattern]) if os.path.exists(f)]
    chains = handler_chains(files)
    handlers = sum(total + args.frame_bytes for _, total, _ in chains)
    room = stack_room(args.elf, args.nm)
    need = main_total + handlers + args.allowance
    for name, total, _ in chains:
        print(f"  interrupt {name[:60]}: {total} bytes + {args.frame_bytes} stacked")
    print(f"  stack needed: {main_total} (main) + {handlers} (interrupts, nested) + {args.allowance} (allowance) = "
          f"{need} bytes; room below the top of RAM: {room} bytes")
    status = 0
    if need > room:
        print(f"stack_report: {os.path.basename(args.elf)}: the deepest chain does not fit the stack "
              f"({need} > {room} bytes): shrink the frames above or give the stack more RAM", file=sys.stderr)
        status = 1
    if args.slice_stack:
        size = symbol_size(args.elf, args.nm, args.slice_stack)
        # main() runs in thread mode on MSP: a slice runs on the slice stack as PSP, where
        # an interrupt stacks one exception frame; its handler (and the allowance for the
        # handlers without a call graph) runs on MSP, counted above.
        slice_need = slice_total + SWITCH_BYTES + args.frame_bytes
        print(f"  slice stack needed: {slice_total} (planning and diagnosis) + {SWITCH_BYTES} (the switch) + "
              f"{args.frame_bytes} (an interrupt's frame; handlers on MSP) = {slice_need} bytes; "
              f"its size: {size} bytes")
        if slice_need > size:
            print(f"stack_report: {os.path.basename(args.elf)}: planning does not fit the slice stack "
                  f"({slice_need} > {size} bytes): give it more (A2A_BOARD_FW_SLICE_STACK)", file=sys.stderr)
            status = 1
    return status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ci")
    ap.add_argument("--handlers", nargs="*", default=[])
    ap.add_argument("--elf")
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--allowance", type=int, default=128)
    ap.add_argument("--frame-bytes", type=int, default=32)
    ap.add_argument("--slice-stack", help="the slice stack's symbol (planning and diagnosis run on it)")
    args = ap.parse_args()
    nodes, edges, notes = parse(args.ci)
    deepest = deepest_of(nodes, edges)
    main_total = 0
    slice_total = 0

    print("stack usage (static frames, deepest call chain, from -fcallgraph-info=su):")
    for label, pattern in ROOTS:
        matches = [t for t, (name, _) in nodes.items() if re.search(pattern, name)]
        if not matches:
            print(f"  {label}: not emitted separately (inlined into its caller)")
            continue
        total, chain = max(deepest(t) for t in matches)
        if label.startswith("whole image"):
            main_total = total
        if label.startswith("the slice stack"):
            slice_total = total
        print(f"  {label}: {total} bytes")
        for step in chain:
            print(f"    {step[:140]}")
    if not args.slice_stack and slice_total:
        # No slice stack: the bodies run in one piece beneath SlicedCall::run_in_one_slice.
        mains = [t for t, (name, _) in nodes.items() if re.search(ROOTS[0][1], name)]
        paths = [p for p in (deepest_to(nodes, edges, t, r"run_in_one_slice") for t in mains) if p]
        if paths:
            depth, chain = max(paths)
            print(f"  planning in one piece (no slice stack): {depth} (main down to run_in_one_slice) + "
                  f"{slice_total} (the slice stack's chain) = {depth + slice_total} bytes")
            main_total = max(main_total, depth + slice_total)
    for note in notes:
        print(f"  note: {note}")
    return check_fits(main_total, args, slice_total) if args.elf else 0


if __name__ == "__main__":
    sys.exit(main())
