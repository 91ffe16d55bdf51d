#!/usr/bin/env python3
"""Writes firmware/core/include/a2a/gsen_catalogue_data.hpp from data/gsen-sets/.

The table family (configuration_table.hpp) runs a stored set from flash. Only the
sets that need fewer rounds than the family a GSEN gets on the fly (alternating for
N = 2 mod 4, the Latin square for N = 2^n, paper 000's stage-control set where it
prints one, else all 2^n stage-control words) go into the image: a set that only
matches the on-the-fly rounds would cost flash for nothing. A set of periodic rounds
(input i takes input i mod P's tag, P the power of two in N, at most 8) is stored in
the periodic form: each round's P tags and P idle bits, found here by routing the
stored states (the core computes the rest on the fly and checks every port at switch
level). Any other set's states are copied byte for byte (the stored file's layout is
the table's); the idle bits (port i idles
in round r when an earlier round already took it to the same processor) are computed
here by routing each round through the GSEN's wiring (docs/conventions.md), not at
compile time: a constant-expression walk of 38 x 36 paths already exceeds clang's
step limit. core_configuration_table compares them with idle_bits() in the core.

usage: catalogue-header.py [--root DIR] [--out FILE]   write the header (default: in place)
       catalogue-header.py --check FILE                exit 1 if FILE differs from what it would write
       catalogue-header.py --sizes                     the flash each stored set takes (and whether it is compiled), as Markdown
"""
import argparse
import math
import os
import sys

# Rounds of the on-the-fly default for a GSEN (any_schedule.hpp, default_schedule_kind).
PAPER_SETS = {20: 24, 36: 40, 44: 48, 68: 72, 72: 96, 76: 88, 84: 96, 92: 112}


def stages_of(n):
    return max(1, math.ceil(math.log2(n)))


def on_the_fly_rounds(n):
    if n % 4 == 2 or n & (n - 1) == 0:
        return n
    return PAPER_SETS.get(n, 2 ** stages_of(n))


def read_set(path):
    """(ports, stages, rounds as bytes) of a stored set; ValueError says what is wrong."""
    with open(path, encoding="ascii") as f:
        lines = f.read().splitlines()
    if not lines or lines[0] != "a2a-config-set 1":
        raise ValueError(f"{path}: first line must be 'a2a-config-set 1'")
    head, rounds = {}, []
    for line in lines[1:]:
        key, _, value = line.partition(" ")
        if key == "round":
            rounds.append(bytes.fromhex(value))
        else:
            head[key] = value
    if head.get("topology") != "gsen":
        raise ValueError(f"{path}: only gsen sets are compiled")
    n, stages = int(head["ports"]), int(head["stages"])
    width = (stages * (n // 2) + 7) // 8
    if int(head["rounds"]) != len(rounds) or any(len(r) != width for r in rounds):
        raise ValueError(f"{path}: round count or round width does not match ports {n}, stages {stages}")
    return n, stages, rounds


def read_note(path):
    """The set's note line (where it came from), "" when it has none."""
    with open(path, encoding="ascii") as f:
        for line in f.read().splitlines():
            if line.startswith("note "):
                return line[5:]
    return ""


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def route_paths(n, stages, data):
    """(out[i], tag[i]): the output input i reaches and the output ports it leaves the
    stages by (stage 0 the most significant bit); the shuffle t -> (2t + floor(2t / N))
    mod N in front of every stage, switch y on terminals 2y, 2y + 1, a crossed one swaps
    them."""
    width = n // 2
    out, tags = [], []
    for i in range(n):
        t, tag = i, 0
        for s in range(stages):
            t = (2 * t + (2 * t) // n) % n
            y, port = divmod(t, 2)
            k = s * width + y
            t = 2 * y + (port ^ ((data[k // 8] >> (k % 8)) & 1))
            tag = 2 * tag + (t & 1)
        out.append(t)
        tags.append(tag)
    return out, tags


def route_round(n, stages, data):
    return route_paths(n, stages, data)[0]


def period_of(n):
    """The period a GSEN's periodic set is stored with (ConfigurationTable::gsen_period)."""
    p = n & -n
    return p if p <= 8 else 0


def periodic_form(n, stages, rounds):
    """(tags, idle) bytes of the periodic form, or None when the set is not periodic."""
    p = period_of(n)
    if p == 0:
        return None
    tags, idle = bytearray(), bytearray()
    seen = [set() for _ in range(n)]
    for data in rounds:
        out, tag = route_paths(n, stages, data)
        if any(tag[i] != tag[i % p] for i in range(n)):
            return None
        tags += bytes(tag[:p])
        mask = 0
        for c in range(p):
            repeats = {out[i] in seen[i] for i in range(c, n, p)}
            if len(repeats) != 1:
                return None  # a class's inputs must idle together
            mask |= (1 << c) if repeats == {True} else 0
        for i in range(n):
            seen[i].add(out[i])
        idle.append(mask)
    return bytes(tags), bytes(idle)


def idle_bytes(n, stages, rounds):
    bits = bytearray((len(rounds) * n + 7) // 8)
    seen = [set() for _ in range(n)]
    for r, data in enumerate(rounds):
        for i, j in enumerate(route_round(n, stages, data)):
            if j in seen[i]:
                k = r * n + i
                bits[k // 8] |= 1 << (k % 8)
            seen[i].add(j)
    return bytes(bits)


def byte_rows(data):
    return ["    " + ", ".join(f"0x{b:02x}" for b in data[k:k + 16]) + "," for k in range(0, len(data), 16)]


def compiled_sets(root):
    folder = os.path.join(root, "data", "gsen-sets")
    sets = []
    for name in sorted(os.listdir(folder)):
        if name.startswith("gsen-") and name.endswith(".txt"):
            path = os.path.join(folder, name)
            n, stages, rounds = read_set(path)
            if len(rounds) < on_the_fly_rounds(n):
                sets.append((n, stages, rounds, f"data/gsen-sets/{name}: {read_note(path)}"))
    return sorted(sets)


def header(sets):
    out = ["// Generated by tools/catalogue-header.py from data/gsen-sets/: do not edit.",
           "// The stored sets that need fewer rounds than the on-the-fly families (gsen_catalogue.hpp).",
           "#pragma once", "", "#include <cstdint>", "", '#include "a2a/configuration_table.hpp"',
           '#include "a2a/topology.hpp"', "", "namespace a2a::catalogue {", ""]
    entries = []
    for n, stages, rounds, origin in sets:
        periodic = periodic_form(n, stages, rounds)
        if periodic is not None:
            data, idle, period = periodic[0], periodic[1], period_of(n)
            out.append(f"// GSEN N = {n}: {len(rounds)} rounds (on the fly: {on_the_fly_rounds(n)}), periodic: "
                       f"{period} tags and {period} idle bits a round.")
        else:
            data, idle, period = b"".join(rounds), idle_bytes(n, stages, rounds), 0
            out.append(f"// GSEN N = {n}: {len(rounds)} rounds (on the fly: {on_the_fly_rounds(n)}), "
                       f"{len(rounds[0])} bytes a round.")
        out.append(f"inline constexpr std::uint8_t kStates{n}[] = {{")
        out += byte_rows(data)
        out.append("};")
        out.append(f"inline constexpr std::uint8_t kIdle{n}[] = {{")
        out += byte_rows(idle)
        out.append("};")
        out.append("")
        entries.append(f"    {{Topology::gsen, {n}, {len(rounds)}, {period}, kStates{n}, kIdle{n},\n     "
                       f"{c_string(origin)}}},")
    if not entries:  # an array needs one element: an entry for no network (N = 0)
        entries.append("    {Topology::gsen, 0, 0, 0, {}, {}},")
    out.append("inline constexpr ConfigurationTable kTables[] = {")
    out += entries
    out += ["};", "", "}  // namespace a2a::catalogue", ""]
    return "\n".join(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=os.path.dirname(here))
    p.add_argument("--out")
    p.add_argument("--check")
    p.add_argument("--sizes", action="store_true")
    a = p.parse_args()
    try:
        sets = compiled_sets(a.root)
    except (OSError, ValueError, KeyError) as e:
        print(f"catalogue-header: {e}", file=sys.stderr)
        return 2
    if a.sizes:
        print("| N | stages | rounds (on the fly) | states | idle bits | flash | periodic form | compiled |")
        print("|---|---|---|---|---|---|---|---|")
        folder = os.path.join(a.root, "data", "gsen-sets")
        stored = [read_set(os.path.join(folder, f)) for f in os.listdir(folder)
                  if f.startswith("gsen-") and f.endswith(".txt")]
        for n, stages, rounds in sorted(stored):
            states = len(rounds) * len(rounds[0])
            idle = (len(rounds) * n + 7) // 8
            compiled = "yes" if len(rounds) < on_the_fly_rounds(n) else "no (not fewer rounds)"
            periodic = periodic_form(n, stages, rounds)
            form = "no" if periodic is None else f"P = {period_of(n)}: {len(periodic[0]) + len(periodic[1])} B"
            print(f"| {n} | {stages} | {len(rounds)} ({on_the_fly_rounds(n)}) | {states} B | {idle} B | "
                  f"{states + idle} B | {form} | {compiled} |")
        return 0
    text = header(sets)
    if a.check:
        with open(a.check, encoding="ascii") as f:
            if f.read() != text:
                print(f"catalogue-header: {a.check} is not what data/gsen-sets/ gives: "
                      "run tools/catalogue-header.py", file=sys.stderr)
                return 1
        return 0
    out = a.out or os.path.join(a.root, "firmware", "core", "include", "a2a", "gsen_catalogue_data.hpp")
    with open(out, "w", encoding="ascii") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
