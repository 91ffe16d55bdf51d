#!/usr/bin/env python3
"""The look-ahead mode's budget table and `a2a budget` (docs/host-tool.md).

usage: check_slot_budget.py A2A TABLE WORKDIR

1. TABLE (bench/results/slot-budget.json, written by bench/run-benchmarks.sh
   target through bench/target/collect.py lookahead) has the format the tool
   reads: every core the tool names (cortex-m0plus, -m3, -m4, -m7) with its
   exception cycles, the direct (alone and confirmed) and the producer counts of
   every topology, the
   header cost per port and at least one board's slot interrupt; every board
   with its core and clocks. The counts are positive and the interrupt's are
   whole instructions.
2. For every core, board and topology, `a2a budget` prints the table's numbers
   and the arithmetic of docs/host-tool.md: a slot of F MHz x T us cycles; the
   direct loop needs the direct count (or the confirmed one), the look-ahead mode the interrupt's
   instructions + the exception cycles + the producer's; --ports N adds N times
   the header cost to each; the margin is the slot minus the need, in cycles
   and percent of the slot; exit status 0 when a mode fits, 1 when none does.
3. The same on a small table of made-up counts (--table), where each verdict
   and margin is known exactly, fits and does not fit on either side of the slot.
"""
import json
import os
import re
import subprocess
import sys

CORES = {"cortex-m0plus": 32, "cortex-m3": 24, "cortex-m4": 24, "cortex-m7": 24}
TOPOLOGIES = ["omega", "baseline", "banyan", "reverse-omega", "reverse-baseline", "reverse-banyan", "gsen"]


def fail(message):
    sys.exit(f"check_slot_budget: {message}")


def positive(value, where, whole=False):
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        fail(f"{where}: {value!r} is not a positive number")
    if whole and not isinstance(value, int):
        fail(f"{where}: {value!r} is not a whole number of instructions")


def check_format(table):
    if table.get("format") != "a2a-slot-budget 1":
        fail(f"format: {table.get('format')!r}, expected 'a2a-slot-budget 1'")
    if table.get("topologies") != TOPOLOGIES:
        fail(f"topologies: {table.get('topologies')!r}")
    cores, boards = table.get("cores"), table.get("boards")
    if not isinstance(cores, dict) or sorted(cores) != sorted(CORES):
        fail(f"cores: {sorted(cores or {})}, expected {sorted(CORES)}")
    if not isinstance(boards, dict) or not boards:
        fail("boards: missing")
    for cpu, core in cores.items():
        if core.get("exception_cycles") != CORES[cpu]:
            fail(f"{cpu}.exception_cycles: {core.get('exception_cycles')!r}, the stated {CORES[cpu]}")
        if core.get("measured_on") not in boards:
            fail(f"{cpu}.measured_on: {core.get('measured_on')!r} is not a board of the table")
        for part in ("direct_round", "direct_confirmed", "producer_round"):
            if sorted(core.get(part, {})) != sorted(TOPOLOGIES):
                fail(f"{cpu}.{part}: {sorted(core.get(part, {}))}")
            for t in TOPOLOGIES:
                positive(core[part][t], f"{cpu}.{part}.{t}", whole=part != "producer_round")
            if part == "direct_confirmed" and any(core[part][t] < core["direct_round"][t] for t in TOPOLOGIES):
                fail(f"{cpu}.direct_confirmed: below direct_round (the check is on top of the round)")
        positive(core.get("port_header"), f"{cpu}.port_header")
        interrupts = core.get("slot_interrupts")
        if not interrupts:
            fail(f"{cpu}.slot_interrupts: none")
        for isr in interrupts:
            if boards.get(isr.get("board"), {}).get("cpu") != cpu:
                fail(f"{cpu}.slot_interrupts: board {isr.get('board')!r} is not a {cpu} board of the table")
            for key in ("instructions", "stores", "underrun", "finished"):
                positive(isr.get(key), f"{cpu}.slot_interrupts[{isr['board']}].{key}", whole=True)
            if isr["stores"] >= isr["instructions"]:
                fail(f"{cpu}.slot_interrupts[{isr['board']}]: more stores than instructions")
    for name, board in boards.items():
        if board.get("cpu") not in cores:
            fail(f"boards.{name}.cpu: {board.get('cpu')!r}")
        positive(board.get("clock_hz"), f"boards.{name}.clock_hz", whole=True)
        positive(board.get("chip_max_hz"), f"boards.{name}.chip_max_hz", whole=True)


def run(a2a, *args):
    done = subprocess.run([a2a, "budget", *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def cycles(v):
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def verdict(need, slot):
    margin = slot - need
    if need <= slot:
        return True, f"fits, margin {cycles(margin)} cycles ({100 * margin / slot:.1f} %)"
    return False, f"does not fit: {cycles(-margin)} cycles over ({100 * -margin / slot:.1f} %)"


def count(v):
    return f"{v:.10g}"


def check_budget(a2a, table, table_arg, cpu, mhz, slot_us, topology, ports):
    core = table["cores"][cpu]
    args = ["--cpu", cpu, "--mhz", mhz, "--slot-us", slot_us, "--topology", topology] + table_arg
    if ports:
        args += ["--ports", str(ports)]
    status, out, err = run(a2a, *args)
    where = f"a2a budget {' '.join(args)}"
    if err or status not in (0, 1):
        fail(f"{where}: exit status {status}, stderr {err!r}")
    slot = float(mhz) * float(slot_us)
    headers = ports * core["port_header"]
    expected = [f"{cpu} at {mhz} MHz, slot {slot_us} us: {cycles(slot)} cycles a slot; {topology}, "]
    any_fits = False
    fits, words = verdict(core["direct_round"][topology] + headers, slot)
    any_fits |= fits
    expected.append(f"direct loop: {cycles(core['direct_round'][topology] + headers)} cycles a round "
                    f"(through the HAL{'' if not ports else ' ' + count(core['direct_round'][topology]) + ' + the headers'}): {words}")
    fits, words = verdict(core["direct_confirmed"][topology] + headers, slot)
    any_fits |= fits
    expected.append(f"direct loop, each round's STATUS checked: {cycles(core['direct_confirmed'][topology] + headers)} "
                    f"cycles a round: {words}")
    if ports:
        expected.append(f"port headers: {ports} x {count(core['port_header'])} = {cycles(headers)} cycles a round")
    for isr in core["slot_interrupts"]:
        need = isr["instructions"] + core["exception_cycles"] + core["producer_round"][topology] + headers
        fits, words = verdict(need, slot)
        any_fits |= fits
        expected.append(f"look-ahead ({isr['board']}'s slot timer): {cycles(need)} cycles a slot (interrupt "
                        f"{isr['instructions']} + {core['exception_cycles']} exception entry and return, producer "
                        f"{count(core['producer_round'][topology])}{' + the headers' if ports else ''}): {words}")
    for line in expected:
        if line not in out:
            fail(f"{where}: expected\n  {line}\nin\n{out}")
    if status != (0 if any_fits else 1):
        fail(f"{where}: exit status {status}, expected {0 if any_fits else 1}")


def main():
    a2a, path, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    with open(path) as f:
        table = json.load(f)
    check_format(table)
    for cpu in CORES:
        for topology in TOPOLOGIES:
            for mhz, slot_us, ports in (("16", "1", 0), ("72", "2", 0), ("168", "0.5", 4), ("600", "0.25", 0)):
                check_budget(a2a, table, [], cpu, mhz, slot_us, topology, ports)
    # Made-up counts: exact verdicts on both sides of the slot.
    made_up = json.loads(json.dumps(table))
    core = made_up["cores"]["cortex-m3"]
    core["direct_round"] = {t: 100 for t in TOPOLOGIES}
    core["direct_confirmed"] = {t: 150 for t in TOPOLOGIES}
    core["producer_round"] = {t: 40.5 for t in TOPOLOGIES}
    core["port_header"] = 10
    core["slot_interrupts"] = [{"board": core["measured_on"], "instructions": 17, "stores": 4, "underrun": 16,
                                "finished": 35}]
    small = os.path.join(work, "made_up.json")
    with open(small, "w") as f:
        json.dump(made_up, f)
    # 100 cycles: the direct loop fits with 0 to spare; look-ahead needs 17 + 24 + 40.5 = 81.5.
    status, out, _ = run(a2a, "--cpu", "cortex-m3", "--mhz", "50", "--slot-us", "2", "--table", small)
    if status != 0 or "direct loop: 100 cycles a round (through the HAL): fits, margin 0 cycles (0.0 %)" not in out \
            or "81.5 cycles a slot" not in out or "fits, margin 18.5 cycles (18.5 %)" not in out:
        fail(f"made-up table, 100 cycles: exit status {status}\n{out}")
    # 80 cycles: neither fits: exit status 1.
    status, out, _ = run(a2a, "--cpu", "cortex-m3", "--mhz", "40", "--slot-us", "2", "--table", small)
    if status != 1 or "does not fit: 20 cycles over (25.0 %)" not in out or "does not fit: 1.5 cycles over (1.9 %)" not in out:
        fail(f"made-up table, 80 cycles: exit status {status}\n{out}")
    # --ports 2 adds 20 cycles to each: 120 and 101.5 in a 110-cycle slot.
    status, out, _ = run(a2a, "--cpu", "cortex-m3", "--mhz", "55", "--slot-us", "2", "--ports", "2", "--table", small)
    if status != 0 or "does not fit: 10 cycles over (9.1 %)" not in out or "fits, margin 8.5 cycles (7.7 %)" not in out:
        fail(f"made-up table, --ports 2: exit status {status}\n{out}")
    print(f"check_slot_budget: {path} has the format; a2a budget agrees with it for {len(CORES)} cores x "
          f"{len(TOPOLOGIES)} topologies x 4 slots, and with a made-up table exactly")


if __name__ == "__main__":
    main()
