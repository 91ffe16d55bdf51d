#!/usr/bin/env python3
"""Turns the target benchmarks' raw output into the Markdown tables of
docs/PERFORMANCE.md (called by bench/run-benchmarks.sh target).

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
  collect.py lookahead --board OUT:LOG [--board ...] --rounds CPU=OUT:LOG [...]
                       [--json FILE]
      The look-ahead mode: bench_lookahead's console and plugin lines of each
      board (the slot interrupt, the producer, the port headers) and
      bench_rounds' of each core (the direct loop through the HAL, figure 1).
      Prints the look-ahead tables of docs/PERFORMANCE.md and, with --json,
      writes the table `a2a budget` reads (bench/results/slot-budget.json).
  collect.py runner --board OUT:LOG [--board ...] [--limit INSTRUCTIONS]
      bench_runner's console and plugin lines of each board: the round loop's
      slices (RoundRunner::step) at the board's capacity, the worst per kind;
      fails when one is over the limit (default 100000).
  collect.py backends --console OUT --plugin LOG [--limit X] [--strict]
      bench_backends' lines (Cortex-M3): each switch backend's latch per round on omega
      N = 256 (GPIO: N = 16), its bytes on the wire and their time at 20 MHz SPI or
      400 kHz I2C; the chains' frames built against copying them (memcpy).
  collect.py store --board OUT:LOG [--board ...]
      bench_store's lines of each board: the configuration store's load at boot, the
      passes of a save and of an erase (the device's own instructions per pass, the
      longest against the board's clock).
  collect.py planning --board OUT:LOG [--board ...]
      bench_planning's console and plugin lines of each board: planning around
      faults as the controller image plans (worst case per class of configuration
      at the board's capacity) against the budget, a quarter of the watchdog
      period at the board's clock, and a resumed round against the same round run
      fresh (at most 2x).
"""
import argparse
import json
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
    for k, (g, c) in enumerate(zip(groups, counts)):
        g["intervals"], g["min"], g["max"], g["total"] = c
        if g["intervals"] == 0:
            sys.exit(f"collect: {out}: group {k + 1} ('{g['what']}' {g}) counted no interval: "
                     "QEMU did not report its START or STOP marker")
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


# --- the look-ahead mode ------------------------------------------------------

# Cycles a slot interrupt costs beyond its instructions: the hardware's exception
# entry and return, taken as long as each other (ARM: 12 cycles of latency on
# Cortex-M3/M4/M7 with zero-wait-state memory, 15 on Cortex-M0+ and 16 on the
# Cortex-M0 of the micro:bit's nRF51); an assumption, stated with the figures.
EXCEPTION_CYCLES = {"cortex-m0plus": 16 + 16, "cortex-m3": 12 + 12, "cortex-m4": 12 + 12, "cortex-m7": 12 + 12}
# The fastest clock of each board's chip (data sheets), besides the clock the
# image runs at (board.cmake's A2A_BOARD_CPU_HZ, which the console line gives).
CHIP_MAX_HZ = {"mps2-an385": 25_000_000, "mps2-an386": 25_000_000, "mps2-an500": 25_000_000,
               "microbit": 16_000_000, "netduinoplus2": 168_000_000, "netduino2": 120_000_000}
TOPOLOGIES = ["omega", "baseline", "banyan", "reverse-omega", "reverse-baseline", "reverse-banyan", "gsen"]
FORMAT = "a2a-slot-budget 1"


def board_line(lines):
    """The 'board name=.. hz=.. ...' line of a bench's console, as a dict."""
    return next(dict(w.split("=", 1) for w in l.split()[1:] if "=" in w) for l in lines if l.startswith("board "))


def paired(spec):
    """OUT:LOG -> (console groups, plugin counts), paired in order."""
    out, log = spec.split(":", 1)
    groups = []
    for line in open(out):
        words = line.split()
        if len(words) > 1 and words[0] == "bench" and words[1] != "done":
            groups.append({"what": words[1], **dict(w.split("=", 1) for w in words[2:] if "=" in w)})
    counts = parse_plugin(log)
    if len(groups) != len(counts):
        sys.exit(f"collect: {out}: {len(groups)} named groups but {len(counts)} plugin lines "
                 "(was QEMU run with the plugin and -d plugin?)")
    for k, (g, c) in enumerate(zip(groups, counts)):
        g["intervals"], g["min"], g["max"], g["total"] = c
        if g["intervals"] == 0:
            sys.exit(f"collect: {out}: group {k + 1} ('{g['what']}' {g}) counted no interval: "
                     "QEMU did not report its START or STOP marker")
    calibration = [g for g in groups if g["what"] == "calibrate"]
    if calibration and calibration[0]["max"] != 0:
        sys.exit(f"collect: {out}: the empty bracket did not count 0 instructions")
    return groups


def one(groups, what, where, **match):
    found = [g for g in groups if g["what"] == what and all(g.get(k) == v for k, v in match.items())]
    if len(found) != 1:
        sys.exit(f"collect: {where}: expected one '{what}' group {match}, found {len(found)}")
    return found[0]


def topology_key(g):
    return "gsen" if g["family"] == "alternating" else g["topology"]


def lookahead(args):
    cores, boards = {}, {}
    for spec in args.rounds:
        cpu, files = spec.split("=", 1)
        groups = paired(files)
        # Figure 1's HAL column: the rows at the floor (the RoundStepper), not the
        # round-by-round "-next" rows; and the same with each round confirmed by STATUS.
        direct, confirmed = {}, {}
        for g in groups:
            if g["d"] != "2" or g["N"] not in ("1024", "1026") or g.get("family", "").endswith("-next") \
                    or topology_key(g) not in TOPOLOGIES:
                continue
            if g["what"] == "round-hal":
                direct[topology_key(g)] = g["max"]
            elif g["what"] == "round-hal-confirmed":
                confirmed[topology_key(g)] = g["max"]
        missing = [t for t in TOPOLOGIES if t not in direct or t not in confirmed]
        if missing:
            sys.exit(f"collect: {files}: no HAL round count (round-hal, round-hal-confirmed) for {missing}")
        cores.setdefault(cpu, {})["direct_round"] = {t: direct[t] for t in TOPOLOGIES}
        cores[cpu]["direct_confirmed"] = {t: confirmed[t] for t in TOPOLOGIES}
    for spec in args.board:
        groups = paired(spec)
        slot = one(groups, "isr-slot", spec)
        board, cpu, hz = slot["board"], slot["cpu"], int(slot["hz"])
        if slot["min"] != slot["max"] or slot["intervals"] < 8:
            sys.exit(f"collect: {spec}: the slot interrupt's count varies or too few were measured ({slot})")
        underrun = one(groups, "isr-underrun", spec)
        finished = one(groups, "isr-finished", spec)
        core = cores.setdefault(cpu, {})
        if "direct_round" not in core:
            sys.exit(f"collect: no bench_rounds counts for {cpu} (--rounds {cpu}=OUT:LOG)")
        producer = {topology_key(g): round(g["total"] / int(g["units"]), 1) for g in groups if g["what"] == "producer"}
        headers = sorted((g for g in groups if g["what"] == "headers"), key=lambda g: int(g["units"]))
        per_port = round((headers[1]["total"] - headers[0]["total"]) / (int(headers[1]["units"]) - int(headers[0]["units"])), 1)
        # A group with no interval was not seen by the plugin: QEMU 7.2 does not run the
        # callbacks of a marker right before an instruction that crosses a 4 KiB page
        # (seen on the netduino2 image). Such a board gives no producer counts.
        unseen = [g for g in groups if g["what"] in ("producer", "headers") and g["intervals"] == 0]
        if unseen:
            print(f"collect: note: {board}: the plugin saw no interval in {len(unseen)} producer/header groups "
                  "(a marker before a page-crossing instruction); its producer counts are not used", file=sys.stderr)
        # The producer and the header writes are the core's code, the same on every
        # board of it; the first board of a core gives them, the others must agree.
        elif "producer_round" in core and (core["producer_round"] != {t: producer[t] for t in TOPOLOGIES}
                                           or core["port_header"] != per_port):
            print(f"collect: note: {board}'s producer counts differ from {core['measured_on']}'s", file=sys.stderr)
        if "producer_round" not in core and not unseen:
            core["producer_round"] = {t: producer[t] for t in TOPOLOGIES}
            core["port_header"] = per_port
            core["measured_on"] = board
        core.setdefault("slot_interrupts", []).append(
            {"board": board, "instructions": slot["max"], "stores": 4, "underrun": underrun["max"],
             "finished": finished["max"]})
        boards[board] = {"cpu": cpu, "clock_hz": hz, "chip_max_hz": CHIP_MAX_HZ.get(board, hz)}
    for cpu, core in cores.items():
        if "slot_interrupts" not in core or "producer_round" not in core:
            sys.exit(f"collect: {cpu}: no board's bench_lookahead gave its counts")
        core["exception_cycles"] = EXCEPTION_CYCLES[cpu]

    print("### Look-ahead mode: the slot interrupt per board (instructions)\n")
    print("The board's own handler (`a2a_board_slot_irq`: acknowledge the timer, one ring entry's STAGE_CTRL "
          "store and COMMIT through the MMIO bus, step the ring) from its first instruction to its return, "
          "without the hardware's exception entry. *Slot*: an entry ready (the four stores: timer, STAGE_CTRL, "
          "COMMIT, the ring's pointer); *empty*: none ready, an underrun counted; *finished*: the run is over and "
          "the handler stops its timer. Target: at most 12 plus the stores.\n")
    print("| board | core | slot | of which stores | besides the stores | target met | empty (underrun) | finished |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for cpu in sorted(cores):
        for s in cores[cpu]["slot_interrupts"]:
            rest = s["instructions"] - s["stores"]
            met = "yes" if rest <= 12 else f"no (+{rest - 12})"
            print(f"| {s['board']} | {cpu} | {s['instructions']} | {s['stores']} | {rest} | {met} | {s['underrun']} | {s['finished']} |")

    print("\n### Look-ahead mode: the producer per round (instructions)\n")
    print("`SlotProducer::fill` in the main loop: the core's `GrayStepper` step, the changed stage's STAGE_CTRL value, "
          "the entry into the ring (Gray-order Latin square at N = 1024, d = 2; gsen: the alternating schedule at "
          "N = 1026), loop and call spread over the rounds. *Header*: each port's PORT_HEADER as the main loop writes "
          "it (`write_round_ports`) when the register block takes the headers from the controller, per port. "
          "*Direct*: figure 1's HAL column, a round through the HAL's `RoundStepper` (the two stores); *confirmed*: "
          "the same with the round's STATUS read and checked (`round-hal-confirmed`).\n")
    print("| core | " + " | ".join(TOPOLOGIES) + " | header, per port |")
    print("| --- |" + " --- |" * (len(TOPOLOGIES) + 1))
    for cpu in sorted(cores):
        c = cores[cpu]
        print(f"| {cpu} producer | " + " | ".join(f"{c['producer_round'][t]}" for t in TOPOLOGIES) + f" | {c['port_header']} |")
        print(f"| {cpu} direct | " + " | ".join(f"{c['direct_round'][t]}" for t in TOPOLOGIES) + " | |")
        print(f"| {cpu} direct, confirmed | " + " | ".join(f"{c['direct_confirmed'][t]}" for t in TOPOLOGIES) + " | |")

    print("\n### Look-ahead mode: the shortest slot each board sustains (omega)\n")
    print("Assuming one cycle per instruction, plus the exception entry and return: 12 + 12 cycles on "
          "Cortex-M3/M4/M7, 16 + 16 on Cortex-M0/M0+. *Interrupt alone*: the ring filled ahead, a bounded run of "
          "at most 15 slots; *sustained*: the interrupt and the producer's round share the core every slot; "
          "*direct, confirmed*: the HAL round loop with each round's STATUS checked, one round per slot. At the "
          "clock the image runs at, then at the chip's fastest clock.\n")
    print("| board | core | clock | interrupt alone | sustained | direct, confirmed | chip's fastest clock | sustained there | direct there |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    def slot(cycles, hz):
        ns = cycles * 1e9 / hz
        return f"{ns / 1000:.2f} us ({hz / cycles / 1e6:.2f} M slots/s)" if ns < 1e6 else f"{ns / 1e6:.1f} ms"
    for cpu in sorted(cores):
        c = cores[cpu]
        for s in c["slot_interrupts"]:
            b = boards[s["board"]]
            isr = s["instructions"] + c["exception_cycles"]
            sustained = isr + c["producer_round"]["omega"]
            direct = c["direct_confirmed"]["omega"]
            print(f"| {s['board']} | {cpu} | {b['clock_hz'] / 1e6:g} MHz | {slot(isr, b['clock_hz'])} | "
                  f"{slot(sustained, b['clock_hz'])} | {slot(direct, b['clock_hz'])} | {b['chip_max_hz'] / 1e6:g} MHz | "
                  f"{slot(sustained, b['chip_max_hz'])} | {slot(direct, b['chip_max_hz'])} |")
    print()
    if args.json:
        table = {
            "format": FORMAT,
            "generated_by": "bench/run-benchmarks.sh target (bench/target/collect.py lookahead --json)",
            "assumptions": {"cycles_per_instruction": 1,
                            "exception_cycles": "entry + return, per core (exception_cycles)"},
            "topologies": TOPOLOGIES,
            "cores": {cpu: {"measured_on": c["measured_on"], "exception_cycles": c["exception_cycles"],
                            "direct_round": c["direct_round"], "direct_confirmed": c["direct_confirmed"],
                            "producer_round": c["producer_round"],
                            "port_header": c["port_header"], "slot_interrupts": c["slot_interrupts"]}
                      for cpu, c in sorted(cores.items())},
            "boards": dict(sorted(boards.items())),
        }
        with open(args.json, "w") as f:
            json.dump(table, f, indent=2)
            f.write("\n")
        print(f"collect: wrote {args.json}", file=sys.stderr)


def planning(args):
    print("| board | core clock | N | budget (1/4 watchdog) | one fault: worst | within | most faults: worst "
          "| x budget | steps | per step | degraded | resumed / fresh round |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    for spec in args.board:
        out = spec.split(":", 1)[0]
        board = {}
        for line in open(out):
            words = line.split()
            if words and words[0] == "board":
                board = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if not board:
            sys.exit(f"collect: {out}: no 'board ...' line")
        groups = paired(spec)
        plans = [g for g in groups if g["what"] == "plan"]
        if any(g["ok"] != "1" for g in plans):
            sys.exit(f"collect: {out}: a configuration the board accepts was not planned")
        hz, watchdog_ms = int(board["hz"]), int(board["watchdog_ms"])
        budget = hz * watchdog_ms // 1000 // 4
        one = max((g for g in plans if g["class"] == "one"), key=lambda g: g["max"])
        most = [g for g in plans if g["class"] == "most"]
        worst = max(most, key=lambda g: g["max"]) if most else None
        per_step = max(g["max"] / max(int(g["steps"]), 1) for g in most) if most else 0
        degraded = [g for g in plans if g["class"] == "degraded"]
        ratios = []
        for r in sorted({g["round"] for g in groups if g["what"] == "round"}):
            fresh = [g for g in groups if g["what"] == "round" and g["round"] == r and g["mode"] == "fresh"][0]
            resumed = [g for g in groups if g["what"] == "round" and g["round"] == r and g["mode"] == "resumed"][0]
            ratios.append(resumed["max"] / fresh["max"])
        within = one["max"] <= budget
        failed = failed or not within or max(ratios) > 2
        def ms(count):
            return f"{count / hz * 1000:.0f} ms"
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {board['N']} | {budget / 1e6:.1f} M | "
              f"{one['max'] / 1e6:.2f} M ({ms(one['max'])}; {one['topology']}, stage {one['stage']}) | "
              f"{'yes' if within else 'NO'} | "
              + (f"{worst['max'] / 1e6:.1f} M ({ms(worst['max'])}; {board['plan_faults']} faults, {worst['topology']}) | "
                 f"{worst['max'] / budget:.1f} | {worst['steps']} | {per_step / 1e3:.0f} k ({ms(per_step)}) | "
                 if worst else "(single-fault designs only) | | | | ")
              + (f"{degraded[0]['max'] / 1e6:.2f} M | " if degraded else "| ")
              + f"{max(ratios):.2f} |")
    if failed:
        sys.exit("collect: a board's one-fault planning is over its budget, or a resumed round over 2x")
    searching(args)
    locating(args)


def searching(args):
    """bench_planning's 'search' class: one fault at N = 64, planned by the device's search."""
    print()
    print("| board | core clock | N | the device's search, one fault: worst | median | most steps |")
    print("| --- | --- | --- | --- | --- | --- |")
    for spec in args.board:
        out = spec.split(":", 1)[0]
        board = board_line(open(out).read().split("\n"))
        found = [g for g in paired(spec) if g["what"] == "plan" and g["class"] == "search"]
        hz = int(board["hz"])
        if not found:
            print(f"| {board['name']} | {hz / 1e6:g} MHz | | (single-fault designs only) | | |")
            continue
        worst = max(found, key=lambda g: g["max"])
        counts = sorted(g["max"] for g in found)
        median = counts[len(counts) // 2]
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {worst['N']} | {worst['max'] / 1e6:.2f} M "
              f"({worst['max'] / hz * 1000:.0f} ms; {worst['topology']}, stage {worst['stage']}) | "
              f"{median / 1e6:.2f} M ({median / hz * 1000:.0f} ms) | {max(int(g['steps']) for g in found)} |")


def locating(args):
    """bench_planning's 'locate' groups: a hidden fault located as diagnose() computes it."""
    print()
    print("| board | core clock | N | narrow: worst | narrow, two faults on one path | choose a test word: worst "
          "| keep a test's outcome: worst | longest step | test words chosen | located exactly |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in args.board:
        out = spec.split(":", 1)[0]
        lines = open(out).read().split("\n")
        board = board_line(lines)
        located = [l for l in lines if l.startswith("located ")]
        exact = sum(1 for l in located if "exact=1" in l)
        groups = [g for g in paired(spec) if g["what"] == "locate"]
        if not groups:
            sys.exit(f"collect: {out}: no 'bench locate' groups")
        hz = int(board["hz"])
        def worst(step, pair=False):
            found = [g for g in groups if g["step"] == step and (g["kind"] == "pair") == pair]
            return max(found, key=lambda g: g["max"]) if found else None
        def cell(g):
            if g is None:
                return "(none needed)"
            return f"{g['max'] / 1e3:.0f} k ({g['max'] / hz * 1000:.1f} ms; {g['topology']} {g['kind']})"
        longest = max(g["max"] / max(int(g.get("steps", "1")), 1) for g in groups)
        chosen = sum(1 for g in groups if g["step"] == "choose" and g["split"] == "1")
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {board['N']} | {cell(worst('narrow'))} "
              f"| {cell(worst('narrow', True))} | {cell(worst('choose'))} "
              f"| {cell(worst('keep'))} | {longest / 1e3:.0f} k ({longest / hz * 1000:.1f} ms) | {chosen} in {len(located)} faults "
              f"| {exact} of {len(located)} |")




def check(args):
    """bench_check's groups per board: a clean round's outputs checked by ROUND_CHECK
    (one read) and port by port, at N = 16 and the board's capacity."""
    print("| board | core clock | ROUND_CHECK: N = 16 | ROUND_CHECK: capacity N | port by port: N = 16 "
          "| port by port: capacity N | per sending port | its time at the clock | O(1) / at most 10 a port (Armv7-M) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed = []
    for spec in args.board:
        out = spec.split(":", 1)[0]
        board = board_line(open(out).read().split("\n"))
        groups = [g for g in paired(spec) if g["what"] == "check"]
        if not groups or any(g["clean"] != "1" for g in groups):
            sys.exit(f"collect: {out}: no 'bench check' groups, or a clean round's check failed")
        hz, cap = int(board["hz"]), int(board["N"])
        def worst(kind, ports):
            found = [g["max"] for g in groups if g["kind"] == kind and int(g["N"]) == ports]
            if not found:
                sys.exit(f"collect: {out}: no '{kind}' check at N = {ports}")
            return max(found)
        small, large = worst("summary", 16), worst("summary", cap)
        ports16, ports_cap = worst("ports", 16), worst("ports", cap)
        per_port = ports_cap / cap
        # The 10-a-port target is the Armv7-M boards' (issue 34); the Cortex-M0 of the
        # micro:bit has no scaled-index load: its figure is shown, judged O(1) only.
        armv7m = board["name"] != "microbit"
        verdict = "yes" if small == large and (per_port <= 10 or not armv7m) else "no"
        if verdict == "no":
            failed.append(board["name"])
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {small} | {large} ({large / hz * 1e6:.1f} us) | {ports16} "
              f"| {ports_cap / 1e3:.1f} k at N = {cap} | {per_port:.1f} | {ports_cap / hz * 1e6:.0f} us a round | {verdict} |")
    if failed and args.strict:
        sys.exit(f"collect: the check is not O(1) with ROUND_CHECK, or over 10 a port without: {', '.join(failed)}")


def runner(args):
    """bench_runner's 'step' groups: the round loop's slices (RoundRunner::step) per board."""
    print("| board | core clock | N | steps a round is written in | write step: worst | round written + COMMIT "
          "| check step: worst | STATUS read + outputs checked | longest slice | at the board's clock |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    for spec in args.board:
        out = spec.split(":", 1)[0]
        lines = open(out).read().split("\n")
        board = board_line(lines)
        steps = [g for g in paired(spec) if g["what"] == "step"]
        if not steps or any(g["ok"] != "1" for g in steps):
            sys.exit(f"collect: {out}: no 'bench step' groups, or a step did not do what it should")
        hz = int(board["hz"])
        commits = [g for g in steps if g["kind"] == "commit"]
        confirms = [g for g in steps if g["kind"] == "confirm"]
        commit, confirm = max(g["max"] for g in commits), max(g["max"] for g in confirms)
        longest = max(commit, confirm)
        failed = failed or longest > args.limit
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {board['N']} | {max(int(g['steps']) for g in commits)} "
              f"| {commit / 1e3:.1f} k | {max(g['total'] for g in commits) / 1e3:.1f} k | {confirm / 1e3:.1f} k "
              f"| {max(g['total'] for g in confirms) / 1e3:.1f} k | {longest / 1e3:.1f} k | {longest / hz * 1e6:.0f} us |")
    if failed:
        sys.exit(f"collect: a round-loop slice is over {args.limit} instructions")


def table(args):
    """bench_runner's table-* groups: a round of the table family (the largest stored set
    within the board's capacity) written and checked by the round loop."""
    print("| board | core clock | N | rounds | steps a round is written in | write step: worst "
          "| round written + COMMIT | a port | check step: worst | at the board's clock, a round |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in args.board:
        out = spec.split(":", 1)[0]
        board = board_line(open(out).read().split("\n"))
        steps = [g for g in paired(spec) if g["what"] == "step" and g["kind"].startswith("table-")]
        if any(g["ok"] != "1" for g in steps):
            sys.exit(f"collect: {out}: a table round's step did not do what it should")
        hz = int(board["hz"])
        if not steps:
            print(f"| {board['name']} | {hz / 1e6:g} MHz | no stored set within its capacity (N = {board['N']}) "
                  "| | | | | | | |")
            continue
        commits = [g for g in steps if g["kind"] == "table-commit"]
        confirms = [g for g in steps if g["kind"] == "table-confirm"]
        n = int(commits[0]["N"])
        total = max(g["total"] for g in commits)
        whole = total + max(g["total"] for g in confirms)
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {n} | {commits[0]['rounds']} "
              f"| {max(int(g['steps']) for g in commits)} | {max(g['max'] for g in commits) / 1e3:.1f} k "
              f"| {total / 1e3:.1f} k | {total / n:.0f} | {max(g['max'] for g in confirms) / 1e3:.1f} k "
              f"| {whole / hz * 1e6:.0f} us |")


def slices(args):
    """bench_slices' groups: the longest call of the device's loop with planning (set) and
    with an exchange job that re-plans and diagnoses, per board."""
    print("| board | core clock | N | slice stack | set, one fault: longest slice | set, the most faults: longest slice "
          "| set: slices (most faults, worst) | set: all its slices | job, a named fault re-planned: longest step "
          "| job, a hidden fault located and re-planned: longest step | longest | at the board's clock |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed = []
    for spec in args.board:
        out = spec.split(":", 1)[0]
        board = board_line(open(out).read().split("\n"))
        groups = [g for g in paired(spec) if g["what"] == "slices"]
        if not groups or any(g["ok"] != "1" for g in groups):
            sys.exit(f"collect: {out}: no 'bench slices' groups, or a plan or a job did not end as it should")
        hz = int(board["hz"])
        sliced = int(board["slice_stack"]) > 0
        done = [l for l in open(out).read().split("\n") if l.startswith("bench done slice_stack_used=")]
        used = int(done[-1].split("=", 1)[1]) if done else None
        if sliced and (used is None or used >= int(board["slice_stack"])):
            sys.exit(f"collect: {out}: the slice stack was used to its end ({used} of {board['slice_stack']} bytes): "
                     "it overflowed, the figures are not to be trusted")

        def worst(**match):
            found = [g for g in groups if all(g.get(k) == v for k, v in match.items())]
            return max(found, key=lambda g: g["max"]) if found else None

        def cell(g):
            return "" if g is None else f"{g['max'] / 1e3:.1f} k ({g.get('topology', '')}{', ' + g['kind'] if 'kind' in g else ''})"

        one, most = worst(**{"class": "one"}), worst(**{"class": "most"})
        named = worst(kind="named")
        hidden = max((g for g in groups if g.get("kind", "").startswith("hidden")), key=lambda g: g["max"])
        longest = max(g["max"] for g in groups)
        most_worst = max((g for g in groups if g.get("class") == "most"), key=lambda g: int(g["slices"]), default=None)
        most_slices = int(most_worst["slices"]) if most_worst else 0
        most_total = f"{most_worst['total'] / 1e6:.1f} M" if most_worst else ""
        if sliced and longest > args.limit:
            failed.append(board["name"])
        stack = f"{board['slice_stack']} B ({used} used)" if sliced else "none (one piece)"
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {board['N']} | {stack} | {cell(one)} | {cell(most) or '(none)'} "
              f"| {most_slices or ''} | {most_total} | {cell(named)} | {cell(hidden)} | {longest / 1e3:.1f} k "
              f"| {longest / hz * 1e6:.0f} us |")
    if failed:
        sys.exit(f"collect: a slice is over {args.limit} instructions on {', '.join(failed)}")


def stall(args):
    """bench_stall's groups: a fault's standstill (the steps from the one that met it to the
    next round under way, and any wait for the completion after the held rounds), per
    board, in the first, a middle and the last round: the worst topology, against 1 ms at
    the board's clock."""
    print("| board | core clock | N | 1 ms | one fault: first round | middle | last | the board's most faults: first "
          "| middle | last | worst | at the board's clock |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed = []
    notes = []
    for spec in args.board:
        out = spec.split(":", 1)[0]
        lines = open(out).read().split("\n")
        board = board_line(lines)
        jobs = [dict(w.split("=", 1) for w in l.split()[1:] if "=" in w) for l in lines if l.startswith("stall-job ")]
        if not jobs or any(j["ok"] != "1" for j in jobs if j["part"] == "one"):
            sys.exit(f"collect: {out}: no jobs, or a one-fault job did not deliver every pair once")
        groups = [g for g in paired(spec) if g["what"] == "stall"]
        hz = int(board["hz"])
        n = int(board["N"])
        budget = hz // 1000
        where = {"0": "first", str(n // 2): "middle", str(n - 1): "last"}

        def worst(part, when):
            found = [g for g in groups if g["part"] == part and where.get(g["from"]) == when]
            return max(found, key=lambda g: g["total"]) if found else None

        def cell(g):
            return "" if g is None else f"{g['total'] / 1e3:.1f} k ({g['topology']})"

        cells = [worst(p, w) for p in ("one", "most") for w in ("first", "middle", "last")]
        longest = max(g["total"] for g in groups)
        if longest > budget:
            failed.append(board["name"])
        print(f"| {board['name']} | {hz / 1e6:g} MHz | {n} | {budget / 1e3:g} k | " + " | ".join(cell(c) for c in cells) +
              f" | {longest / 1e3:.1f} k | {longest / hz * 1e6:.0f} us |")
        refused = sorted({j["topology"] for j in jobs if j["ok"] != "1"})
        if refused:
            notes.append(f"{board['name']}: the most faults refused on {', '.join(refused)} (no relay joins a pair)")
    for note in notes:
        print(f"\n- {note}")
    if failed and args.strict:
        sys.exit(f"collect: a standstill is over 1 ms at the board's clock on {', '.join(failed)}")


# Bus clocks the wire times are stated at (docs/PERFORMANCE.md, "Switch backends").
SPI_HZ = 20_000_000
PART_SPI_HZ = 10_000_000  # the ADN4604 on SPI (issue 47)
I2C_HZ = 400_000


def backends(args):
    """bench_backends' groups: each switch backend's latch per round, the bytes it puts on
    the wire and their time at a stated bus clock; the chains' frames against copying them."""
    groups = paired(f"{args.console}:{args.plugin}")
    latches = [g for g in groups if g["what"] == "latch"]
    if not latches or any(g["ok"] != "1" for g in latches):
        sys.exit("collect: no 'bench latch' groups, or a backend's latch failed")
    print("| backend | N | order | on the wire a round | transfers a round | wire time a round | latch: instructions "
          "a round (mean, worst) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for g in latches:
        rounds = int(g["rounds"])
        wire, transfers = int(g["bytes"]) / rounds, int(g["transfers"]) / rounds
        name = g["backend"]
        if name in ("crosspoint-i2c", "adn4604-i2c", "vsc3316"):  # 9 bits a byte (the ACK), a start and a stop
            time = f"{(wire * 9 + transfers * 2) / I2C_HZ * 1e6:.0f} us at 400 kHz"
        elif name == "adn4604-spi":
            time = f"{wire * 8 / PART_SPI_HZ * 1e6:.2f} us at 10 MHz"
        elif name in ("gpio", "a2a-block"):
            time = f"{transfers:.1f} bus writes"
        else:
            time = f"{wire * 8 / SPI_HZ * 1e6:.2f} us at 20 MHz"
        print(f"| {name} | {g['N']} | {g['order']} | {wire:.1f} bytes | {transfers:.1f} | {time} | "
              f"{g['total'] / g['intervals']:.0f}, {g['max']} |")
    print()
    print("| layout | order | frame bytes a round | building them: instructions a round (mean) | copying them "
          "(memcpy) | ratio |")
    print("| --- | --- | --- | --- | --- | --- |")
    failed = []
    for g in (g for g in groups if g["what"] == "frames"):
        rounds = int(g["rounds"])
        per_round = int(g["bytes"]) / rounds
        copies = {int(c["bytes"]): c["max"] for c in groups if c["what"] == "copy" and c["order"] == g["order"]}
        frame = min(copies) if g["layout"] == "per-stage" else max(copies)
        frames = per_round / frame  # frames a round, each copied whole
        floor = frames * copies[frame]
        ratio = g["total"] / rounds / floor
        if ratio > args.limit:
            failed.append(f"{g['layout']} {g['order']}")
        print(f"| {g['layout']} | {g['order']} | {per_round:.1f} | {g['total'] / rounds:.0f} | {floor:.0f} "
              f"| {ratio:.2f} |")
    steps = [g for g in groups if g["what"] == "steps"]
    if steps:
        print()
        print("| backend | N | order | transfers a round | steps a round (commit + polls) | CPU on the wire a round "
              "(instructions, all steps) | longest step (instructions) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for g in steps:
            if g["ok"] != "1":
                sys.exit(f"collect: {g['backend']}: a step over the start/complete wire failed")
            rounds = int(g["rounds"])
            print(f"| {g['backend']} | {g['N']} | {g['order']} | {int(g['transfers']) / rounds:.1f} "
                  f"| {g['intervals'] / rounds:.1f} | {g['total'] / rounds:.0f} | {g['max']} |")
    if failed and args.strict:
        sys.exit(f"collect: building the frames costs more than {args.limit}x copying them: {', '.join(failed)}")


def store(args):
    """bench_store's groups per board: load, the save's passes, the erase's passes."""
    print("| board | clock | boot: load (both copies read) | save: passes | save: longest pass | save: all passes "
          "| erase: passes | erase: longest pass |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in args.board:
        groups = paired(spec)
        facts = board_line(open(spec.split(":", 1)[0]).read().split("\n"))
        board, hz = facts["name"], int(facts["hz"])
        bad = [g for g in groups if g["what"] in ("save", "erase") and g["ok"] != "1"]
        if bad:
            sys.exit(f"collect: {board}: a save or an erase failed")
        loads = [g for g in groups if g["what"] == "load"]
        saves = [g for g in groups if g["what"] == "save"]
        erase = one(groups, "erase", board)
        longest = max(g["max"] for g in saves)
        print(f"| {board} | {hz / 1e6:g} MHz | {max(g['max'] for g in loads)} | {saves[-1]['passes']} "
              f"| {longest} ({longest / hz * 1e6:.0f} us) | {max(g['total'] for g in saves)} "
              f"| {erase['passes']} | {erase['max']} ({erase['max'] / hz * 1e6:.0f} us) |")


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
    la = sub.add_parser("lookahead")
    la.add_argument("--board", action="append", required=True, help="bench_lookahead's OUT:LOG of one board")
    la.add_argument("--rounds", action="append", required=True, help="CPU=OUT:LOG: bench_rounds' of one core")
    la.add_argument("--json", help="write the budget table (bench/results/slot-budget.json)")
    la.set_defaults(run=lookahead)
    ru = sub.add_parser("runner")
    ru.add_argument("--board", action="append", required=True, help="bench_runner's OUT:LOG of one board")
    ru.add_argument("--limit", type=int, default=100000, help="the most instructions a slice may take")
    ru.set_defaults(run=runner)
    ta = sub.add_parser("table")
    ta.add_argument("--board", action="append", required=True, help="bench_runner's OUT:LOG of one board")
    ta.set_defaults(run=table)
    sl = sub.add_parser("slices")
    sl.add_argument("--board", action="append", required=True, help="bench_slices' OUT:LOG of one board")
    sl.add_argument("--limit", type=int, default=100000, help="the most instructions a slice may take (boards with a slice stack)")
    sl.set_defaults(run=slices)
    be = sub.add_parser("backends")
    be.add_argument("--console", required=True)
    be.add_argument("--plugin", required=True)
    be.add_argument("--limit", type=float, default=2.0, help="building frames at most this many times copying them")
    be.add_argument("--strict", action="store_true", help="fail when a layout is over the limit")
    be.set_defaults(run=backends)
    st = sub.add_parser("store")
    st.add_argument("--board", action="append", required=True, help="bench_store's OUT:LOG of one board")
    st.set_defaults(run=store)
    ch = sub.add_parser("check")
    ch.add_argument("--board", action="append", required=True, help="bench_check's OUT:LOG of one board")
    ch.add_argument("--strict", action="store_true", help="fail when a board misses O(1) or 10 a port")
    ch.set_defaults(run=check)
    sa = sub.add_parser("stall")
    sa.add_argument("--board", action="append", required=True, help="bench_stall's OUT:LOG of one board")
    sa.add_argument("--strict", action="store_true", help="fail when a standstill is over 1 ms at the board's clock")
    sa.set_defaults(run=stall)
    pl = sub.add_parser("planning")
    pl.add_argument("--board", action="append", required=True, help="bench_planning's OUT:LOG of one board")
    pl.set_defaults(run=planning)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
