#!/usr/bin/env python3
"""Turns the target benchmarks' raw output into the Markdown tables of
docs/PERFORMANCE.md (called by bench/run-target-bench.sh).

  collect.py icount --console OUT --plugin LOG --core NAME [--targets]
      OUT: bench_rounds' console ("bench ..." lines naming each group of
      intervals, "size ..." and "stack ..." lines); LOG: the plugin's lines
      ("a2a-icount intervals=.. min=.. max=.. total=.."), one per group, in the
      same order. Prints figures 1 and 2 (instruction counts), the state sizes
      and the measured stack of the round loops.
  collect.py flash --none MAP --family NAME=MAP [--family ...] --core NAME
      Linker maps of the flash probes: the core's flash, .data and .bss for one
      family is what the probe object adds over flash_probe_none; the board
      (startup, console), the C library and libgcc are counted apart.
"""
import argparse
import re
import sys

# Figure 1's target: at most 40 instructions plus the register writes (2 stores).
ROUND_BUDGET = 40
ROUND_WRITES = 2
# Figure 2's target: at most 10 instructions per port and round.
PORT_BUDGET = 10


def parse_console(path):
    groups, sizes, stacks = [], [], []
    for line in open(path):
        words = line.split()
        if not words:
            continue
        if words[0] == "bench" and len(words) > 1 and words[1] != "done":
            fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            groups.append({"what": words[1], **fields})
        elif words[0] == "size":
            sizes.append((" ".join(words[1:-1]), int(words[-1])))
        elif words[0] == "stack":
            stacks.append((words[1], int(words[2])))
    return groups, sizes, stacks


def parse_plugin(path):
    counts = []
    for line in open(path):
        m = re.search(r"a2a-icount intervals=(\d+) min=(\d+) max=(\d+) total=(\d+)", line)
        if m:
            counts.append(tuple(int(x) for x in m.groups()))
    return counts


def icount(args):
    groups, sizes, stacks = parse_console(args.console)
    counts = parse_plugin(args.plugin)
    if len(groups) != len(counts):
        sys.exit(f"collect: {len(groups)} named groups but {len(counts)} plugin lines: "
                 "was QEMU run with the plugin and -d plugin?")
    for g, c in zip(groups, counts):
        g["intervals"], g["min"], g["max"], g["total"] = c
    calibration = [g for g in groups if g["what"] == "calibrate"]
    if calibration and calibration[0]["max"] != 0:
        sys.exit("collect: the empty bracket did not count 0 instructions")

    def find(what, g):
        key = (g["family"], g["topology"], g["N"], g["d"])
        for h in groups:
            if h["what"] == what and (h["family"], h["topology"], h["N"], h["d"]) == key:
                return h
        return None

    print(f"### Figure 1: controller work per round ({args.core}, instructions)\n")
    print("Gray order: the round computed from the one before (`next`), the changed stage's "
          "STAGE_CTRL word written, COMMIT written. *Loop* is the whole loop divided by the rounds "
          "(loop control included); *round* brackets each round (min-max over all rounds, the two "
          "register stores included, loop control not); *HAL* the same through `hal::FabricDriver` "
          f"(every argument validated). Target: at most {ROUND_BUDGET} plus the {ROUND_WRITES} register writes.\n")
    print("| family | topology | N | d | n | loop, per round | round (min-max) | HAL (min-max) | "
          "of which register writes | target met |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for g in groups:
        if g["what"] != "loop":
            continue
        per_round = g["total"] / int(g["units"])
        r = find("round", g)
        h = find("round-hal", g)
        met = "yes" if per_round <= ROUND_BUDGET + ROUND_WRITES else f"no (+{per_round - ROUND_BUDGET - ROUND_WRITES:.1f})"
        if not args.targets:
            met = "(set for Cortex-M3)"
        print(f"| {g['family']} | {g['topology']} | {g['N']} | {g['d']} | {g['n']} | {per_round:.1f} | "
              f"{r['min']}-{r['max']} | {h['min']}-{h['max']} | {ROUND_WRITES} | {met} |")

    print(f"\n### Figure 2: per port and round ({args.core}, instructions)\n")
    print("Latin square: a controller's loop writing every port's PORT_HEADER (destination and tag) "
          "for one round from the ports' precomputed parts; alternating: Algorithm 4 as written, "
          "one processor walking every round with its O(1) state; no division in either loop. *Per port "
          "and round* is the loop alone: (count for all ports - count for half of them) / (the other half), "
          "loop control and the one store included; the next column spreads the call and the setup before "
          f"the loop over the ports too. Target: at most {PORT_BUDGET}.\n")
    print("| family | topology | N | d | ports (rounds) measured | per port and round | with the call spread over them | target met |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for g in groups:
        if g["what"] not in ("ports", "port-rounds"):
            continue
        half = find(g["what"] + "-half", g)
        units = int(g["units"])
        per = (g["total"] - half["total"]) / (units - int(half["units"]))
        met = "yes" if per <= PORT_BUDGET + 1e-9 else f"no (+{per - PORT_BUDGET:.2f})"
        if not args.targets:
            met = "(set for Cortex-M3)"
        print(f"| {g['family']} | {g['topology']} | {g['N']} | {g['d']} | {units} | {per:.2f} | "
              f"{g['total'] / units:.2f} | {met} |")

    print(f"\n### State sizes ({args.core} ABI, bytes)\n")
    print("| type | bytes |\n| --- | --- |")
    for name, size in sizes:
        print(f"| {name} | {size} |")

    print(f"\n### Stack of the round loops ({args.core}, measured by painting, bytes)\n")
    print("Deepest stack word each loop function changed, from its call, callees included "
          "(`latin-square-natural-loop` and `-d3-loop` take the fallback to `round(r)` every round).\n")
    print("| loop | stack bytes | at most 256 |\n| --- | --- | --- |")
    for name, size in stacks:
        print(f"| {name} | {size} | {'yes' if size <= 256 else 'no'} |")
    print()


def parse_map(path):
    """Bytes of .text/.rodata, .data and .bss per origin in a GNU ld map file."""
    sizes = {}
    lines = open(path).read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("Linker script and memory map"))
    pending = None
    for line in lines[start:]:
        m = re.match(r"^ (\.(?:text|rodata|data|bss)\S*)\s*$", line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r"^ (\.(?:text|rodata|data|bss)\S*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        section = (m.group(1) or pending) if m else None
        pending = None
        if not section:
            continue
        size = int(m.group(3), 16)
        kind = "data" if section.startswith(".data") else "bss" if section.startswith(".bss") else "text"
        source = m.group(4)
        if "libgcc" in source:
            origin = "libgcc"
        elif "libc" in source or "libg_nano" in source or "libstdc++" in source:
            origin = "C library"
        elif "cortex_m_board" in source:
            origin = "board"
        elif "flash_probe" in source:
            origin = "probe"
        else:
            origin = "other"
        sizes[(origin, kind)] = sizes.get((origin, kind), 0) + size
    return sizes


def flash(args):
    none = parse_map(args.none)
    print(f"### Figure 3: memory of the core for one family ({args.core}, -Os, bytes)\n")
    print("The probe image minus `flash_probe_none` (same board harness without the core). "
          "*Core* is the code and constants from the probe's object: the a2a headers it "
          "instantiates (network check, schedule, round step, ports) and a few bytes of loop. "
          "libgcc helpers the core pulls in (software division and ctz on v6-M) and the board "
          "and C library are listed apart. No heap: every image links the no-heap guard.\n")
    print("| family | core flash | core .data | core .bss | at most 2 KiB | + libgcc helpers | board (startup, console) | C library |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for item in args.family:
        name, path = item.split("=", 1)
        probe = parse_map(path)
        get = lambda m, key: m.get(key, 0)
        text = get(probe, ("probe", "text")) - get(none, ("probe", "text"))
        data = get(probe, ("probe", "data")) - get(none, ("probe", "data"))
        bss = get(probe, ("probe", "bss")) - get(none, ("probe", "bss"))
        libgcc = get(probe, ("libgcc", "text")) - get(none, ("libgcc", "text"))
        print(f"| {name} | {text} | {data} | {bss} | {'yes' if text <= 2048 else 'no'} | {libgcc} | "
              f"{get(probe, ('board', 'text'))} | {get(probe, ('C library', 'text'))} |")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("icount")
    p.add_argument("--console", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--core", required=True)
    p.add_argument("--targets", action="store_true", help="judge against targets 1 and 2 (set for Cortex-M3)")
    p.set_defaults(run=icount)
    f = sub.add_parser("flash")
    f.add_argument("--none", required=True)
    f.add_argument("--family", action="append", required=True)
    f.add_argument("--core", required=True)
    f.set_defaults(run=flash)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
