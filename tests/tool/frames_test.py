#!/usr/bin/env python3
"""a2a frames: the wire of one round, decoded here from the formats docs/switch-backends.md
states (written again here, not taken from the code), must give the round's switch
states as `a2a dump` has them.

    frames_test.py A2A

For each backend and network, rounds 0 .. R are printed one by one; what a round does
not write keeps what an earlier round wrote (the sinks write only what changed), so the
decoded state of every element after round r is compared with the dump's round r.
A frame decoded with its bits in the other order (least significant first) must not
match: the test catches a swapped bit order.
"""
import re
import sys

from tool_test_support import dump_of, expect, failures, run


def element_bits(radix):
    return radix.bit_length() - 1


def chain_states(frame, switches, w, reverse_bits=False):
    """A stage's frame -> its elements' states: the bit sent k-th (byte 0 first, most
    significant bit first) ends at position 8B - 1 - k; element e's bits at e w .. e w + w - 1."""
    nbits = 8 * len(frame)
    states = []
    for e in range(switches):
        state = 0
        for b in range(w):
            position = e * w + b
            k = nbits - 1 - position
            byte, bit = divmod(k, 8)
            mask = (1 << bit) if reverse_bits else (0x80 >> bit)
            if frame[byte] & mask:
                state |= 1 << b
        states.append(state)
    return states


def frames(a2a, backend, options, r):
    code, out, err = run(a2a, "frames", "--fabric", backend, *options, "--round", str(r))
    if code != 0:
        raise RuntimeError("a2a frames %s round %d: %s" % (" ".join(options), r, err))
    return out.splitlines()


def check_spi_chain(a2a, options, dump, reverse_bits=False):
    n, d = dump["stages"], dump["radix"]
    switches, w = dump["ports"] // d, element_bits(d)
    held = {}
    problems = 0
    for r, rnd in enumerate(dump["rounds"]):
        lines = frames(a2a, "spi-chain", options, r)
        for line in lines:
            m = re.fullmatch(r"chain (\d+): ([0-9a-f ]+)", line)
            if m:
                held[int(m.group(1))] = bytes(int(x, 16) for x in m.group(2).split())
        if "latch: 1 pulse" not in lines:
            problems += 1
        for s in range(n):
            if s not in held or chain_states(held[s], switches, w, reverse_bits) != rnd["stages"][s]:
                problems += 1
    return problems


def check_spi_chain_single(a2a, options, dump):
    """One chain through every stage: stage s's elements at positions (s S + e) w; the
    whole chain shifted every round, twice in round 0 (the same frame: the first shift
    loads the chain, whose contents were unknown, the second checks what came back)."""
    n, d = dump["stages"], dump["radix"]
    switches, w = dump["ports"] // d, element_bits(d)
    problems = 0
    for r, rnd in enumerate(dump["rounds"]):
        lines = frames(a2a, "spi-chain-single", options, r)
        chains = [re.fullmatch(r"chain (\d+): ([0-9a-f ]+)", line) for line in lines]
        chains = [m for m in chains if m]
        shifts = 2 if r == 0 else 1
        if (len(chains) != shifts or any(m.group(1) != "0" or m.group(2) != chains[0].group(2) for m in chains)
                or "latch: 1 pulse" not in lines):
            problems += 1
            continue
        frame = bytes(int(x, 16) for x in chains[0].group(2).split())
        states = chain_states(frame, switches * n, w)
        for s in range(n):
            if states[s * switches:(s + 1) * switches] != rnd["stages"][s]:
                problems += 1
    return problems


def check_crosspoint(a2a, backend, options, dump, chip_ports=16):
    """Each output register holds the input it takes; element y in state k (a k-shift)
    sets output y d + j to input y d + (j - k) mod d, all within the chip."""
    n, N, d = dump["stages"], dump["ports"], dump["radix"]
    chips = (N + chip_ports - 1) // chip_ports
    registers = {}
    problems = 0
    for r, rnd in enumerate(dump["rounds"]):
        for line in frames(a2a, backend, options, r):
            if backend == "crosspoint-spi":
                m = re.fullmatch(r"chip (\d+): ([0-9a-f]{2}) ([0-9a-f]{2})", line)  # a write, not a read
                if m and int(m.group(2), 16) < 0x80:
                    registers[(int(m.group(1)), int(m.group(2), 16))] = int(m.group(3), 16)
            else:
                m = re.fullmatch(r"0x([0-9a-f]{2}) write: ([0-9a-f]{2}) ([0-9a-f]{2})", line)
                if m:
                    registers[(int(m.group(1), 16) - 0x20, int(m.group(2), 16))] = int(m.group(3), 16)
        for s in range(n):
            for y in range(N // d):
                k = rnd["stages"][s][y]
                for j in range(d):
                    output = y * d + j
                    want = (y * d + (j - k) % d) % chip_ports
                    if registers.get((s * chips + output // chip_ports, output % chip_ports)) != want:
                        problems += 1
    return problems


def part_of(line, backend):
    """The part a real part's transfer goes to, and the transfer's bytes (or None)."""
    if backend == "adn4604-spi":
        m = re.fullmatch(r"part (\d+): ((?:[0-9a-f]{2} ?)+?)( -> .*)?", line)
        return (int(m.group(1)), [int(b, 16) for b in m.group(2).split()]) if m else None
    m = re.fullmatch(r"mux (\d+), 0x([0-9a-f]{2}) write: ((?:[0-9a-f]{2} ?)+)", line)
    if not m:
        return None
    base = 0x48 if backend == "adn4604-i2c" else 0x40
    return (int(m.group(1)) * 4 + int(m.group(2), 16) - base, [0x00] + [int(b, 16) for b in m.group(3).split()])


def check_parts(a2a, backend, options, dump):
    """ADN4604: a burst to 0x90 or 0x98 fills map 0 or 1 (output 2b's input in bits 3:0 of
    byte b, 2b + 1's in 7:4), 0x81 selects the map the update applies, and the update
    (0x80 = 01, or the round's pulse) makes it live. VSC3316: page 0 register o holds
    output o's input; 0x75 written 1 then 0 commits it. Parts of 16 outputs."""
    n, N, d = dump["stages"], dump["ports"], dump["radix"]
    parts = (N + 15) // 16
    maps, select, live, page = {}, {}, {}, {}
    problems = 0
    for r, rnd in enumerate(dump["rounds"]):
        updated = set()
        for line in frames(a2a, backend, options, r):
            got = part_of(line, backend)
            if not got or got[1][0] != 0x00:  # not a part's write
                continue
            part, (_, reg, *data) = got
            if backend == "vsc3316":
                if reg < 0x50:
                    page.setdefault(part, [0] * 16)[reg] = data[0]
                elif reg == 0x75 and data[0] == 0:
                    live[part] = list(page[part])
                continue
            if reg in (0x90, 0x98):
                maps.setdefault(part, [[0] * 8, [0] * 8])[(reg - 0x90) // 8] = list(data)
            elif reg == 0x81:
                select[part] = data[0]
            elif reg == 0x80 and data[0] == 1:
                updated.add(part)
        if backend == "adn4604-i2c":  # one UPDATE pulse for every part
            updated = set(maps)
        for part in updated:
            m = maps[part][select.get(part, 0)]
            live[part] = [(m[o // 2] >> (4 * (o % 2))) & 0xF for o in range(16)]
        for s in range(n):
            for y in range(N // d):
                k = rnd["stages"][s][y]
                for j in range(d):
                    output = y * d + j
                    want = (y * d + (j - k) % d) % 16
                    if live.get(s * parts + output // 16, [None] * 16)[output % 16] != want:
                        problems += 1
    return problems


def check_gpio(a2a, options, dump):
    n, d = dump["stages"], dump["radix"]
    switches, w = dump["ports"] // d, element_bits(d)
    words = {}
    problems = 0
    for r, rnd in enumerate(dump["rounds"]):
        for line in frames(a2a, "gpio", options, r):
            m = re.fullmatch(r"lines (\d+)\.\.\d+: 0x([0-9a-f]{8})", line)
            if m:
                words[int(m.group(1)) // 32] = int(m.group(2), 16)
        for s in range(n):
            for e in range(switches):
                first = (s * switches + e) * w
                state = sum(((words.get((first + b) // 32, 0) >> ((first + b) % 32)) & 1) << b for b in range(w))
                if state != rnd["stages"][s][e]:
                    problems += 1
    return problems


def main():
    a2a = sys.argv[1]
    networks = [["--topology", "omega", "--ports", "16"],
                ["--topology", "baseline", "--ports", "32", "--order", "gray"],
                ["--topology", "omega", "--ports", "64", "--radix", "4"],
                ["--topology", "gsen", "--ports", "18", "--schedule", "alternating"]]
    for options in networks:
        dump = dump_of(a2a, *options)
        what = " ".join(options)
        expect(check_spi_chain(a2a, options, dump) == 0, "spi-chain frames decode to every round's states: " + what)
        expect(check_spi_chain_single(a2a, options, dump) == 0,
               "spi-chain-single frames decode to every round's states: " + what)
        expect(check_crosspoint(a2a, "crosspoint-spi", options, dump) == 0,
               "crosspoint-spi writes decode to every round's states: " + what)
        expect(check_crosspoint(a2a, "crosspoint-i2c", options, dump) == 0,
               "crosspoint-i2c writes decode to every round's states: " + what)
        expect(check_gpio(a2a, options, dump) == 0, "gpio words decode to every round's states: " + what)
        for backend in ("adn4604-spi", "adn4604-i2c", "vsc3316"):
            if 16 % dump["radix"] == 0:
                expect(check_parts(a2a, backend, options, dump) == 0,
                       backend + " transfers decode to every round's states: " + what)
    # Alternating states differ from switch to switch (a stage word's are all alike).
    alternating = ["--topology", "gsen", "--ports", "18", "--schedule", "alternating"]
    expect(check_spi_chain(a2a, alternating, dump_of(a2a, *alternating), reverse_bits=True) != 0,
           "a frame read least significant bit first does not decode (the bit order is checked)")
    # The documented example: omega N = 16, round 3 (docs/switch-backends.md).
    lines = frames(a2a, "spi-chain", ["--topology", "omega", "--ports", "16"], 3)
    expect(lines[0].startswith("round 3 of 16:") and lines[-1] == "latch: 1 pulse", "the example's first and last line")
    code, _, err = run(a2a, "frames", "--fabric", "spi", "--topology", "omega", "--ports", "16", "--round", "0")
    expect(code == 2 and "crosspoint-i2c, adn4604-spi, adn4604-i2c, vsc3316 or gpio, got 'spi'" in err,
           "an unknown backend is named")
    code, _, err = run(a2a, "frames", "--fabric", "gpio", "--topology", "omega", "--ports", "16", "--round", "16")
    expect(code == 2 and "beyond the schedule's 16 rounds" in err, "a round past the schedule is refused")
    code, _, err = run(a2a, "frames", "--fabric", "spi-chain", "--topology", "omega", "--ports", "27", "--radix", "3",
                       "--round", "0")
    expect(code == 2 and "refuses this network" in err, "d = 3 has no bit encoding: refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
