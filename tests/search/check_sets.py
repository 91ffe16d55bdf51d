#!/usr/bin/env python3
"""Independent switch-level checker for the stored configuration sets (data/gsen-sets/).

Written from docs/conventions.md and docs/search.md alone, sharing no code with the
C++ search or core: it decodes each round's bits (bit k = s * N/2 + y is switch y of
stage s, bit k of the bytes LSB first, 1 = cross), routes every input through the
GSEN's wiring (in front of every stage t -> (2t + floor(2t / N)) mod N, switch y
reads terminals 2y and 2y + 1 on ports 0 and 1, a crossed switch swaps them) and
requires:
  - every round is a permutation (no two inputs on one output),
  - every ordered pair (i, j), i = j included, is served by some round,
  - no round can be left out (else the stored set is not the best one we have),
  - the rounds are at most paper 000's Fig. 14 value for N,
  - the folder holds a set for every even N <= 128 whose Fig. 14 value is above N
    or only an upper bound, and none for another N.

usage: check_sets.py FOLDER            exit 0 when every set passes
       check_sets.py --self-test FOLDER   damaged copies must all be rejected
"""
import math
import os
import sys

# Paper 000, Fig. 14: R(N) for the N = 0 (mod 4) that are not powers of two. The
# paper proves R(N) = 2^n (Theorem 5.4) except R(20) = 24 (Theorem 5.5) and gives
# only upper bounds for these seven.
PAPER_BOUNDS = {20: 24, 36: 40, 44: 48, 68: 72, 72: 96, 76: 88, 84: 96, 92: 112}
OPEN = {36, 44, 68, 72, 76, 84, 92}


def stages_of(n):
    return max(1, math.ceil(math.log2(n)))


def fig14(n):
    """Fig. 14's value for N (an upper bound for the entries in OPEN)."""
    if n % 4 == 2:
        return n
    return PAPER_BOUNDS.get(n, 2 ** stages_of(n))


def catalogue_ns():
    """Every even N <= 128 whose Fig. 14 value is above N or only a bound."""
    return [n for n in range(4, 129, 2) if fig14(n) > n or n in OPEN]


def theorem_5_4_holds(n):
    """Paper 000's Theorem 5.4: R(N) = 2^n for N = 0 (mod 2^k), not (mod 2^(k+1)), k >= 2,
    and 2^(n-1) + 2^(n-k) <= N <= 2^n."""
    stages, k = stages_of(n), (n & -n).bit_length() - 1
    return k >= 2 and 2 ** (stages - 1) + 2 ** (stages - k) <= n <= 2 ** stages


def beyond_ns():
    """The N above Fig. 14 (130 .. 256) whose R(N) is open: N = 0 (mod 4), not 2^n,
    Theorem 5.4 not holding. Each has a stored set below 2^n rounds (docs/search.md)."""
    return [n for n in range(132, 257, 4) if n & (n - 1) and not theorem_5_4_holds(n)]


def parse(text):
    lines = text.splitlines()
    if not lines or lines[0] != "a2a-config-set 1":
        raise ValueError("first line must be 'a2a-config-set 1'")
    head, rounds = {}, []
    for number, line in enumerate(lines[1:], start=2):
        key, _, value = line.partition(" ")
        if key == "round":
            rounds.append(value)
        elif key in ("topology", "ports", "stages", "rounds", "note"):
            head[key] = value
        elif key:
            raise ValueError(f"line {number}: unknown line {key!r}")
    for key in ("topology", "ports", "stages", "rounds"):
        if key not in head:
            raise ValueError(f"missing {key!r} line")
    if head["topology"] != "gsen":
        raise ValueError(f"topology {head['topology']!r}: this checker knows only gsen")
    n, stages = int(head["ports"]), int(head["stages"])
    if n < 4 or n % 2 or stages != stages_of(n):
        raise ValueError(f"ports {n}, stages {stages}: not a GSEN (n must be ceil(log2 N))")
    if int(head["rounds"]) != len(rounds):
        raise ValueError(f"rounds {head['rounds']} but {len(rounds)} round lines")
    width = n // 2
    bits = stages * width
    configs = []
    for r, hexa in enumerate(rounds):
        if len(hexa) != 2 * ((bits + 7) // 8):
            raise ValueError(f"round {r}: {len(hexa)} hex digits for {bits} switches")
        data = bytes.fromhex(hexa)
        states = [(data[k // 8] >> (k % 8)) & 1 for k in range(8 * len(data))]
        if any(states[bits:]):
            raise ValueError(f"round {r}: bits past the last switch are set")
        configs.append([states[s * width:(s + 1) * width] for s in range(stages)])
    return n, stages, configs


def route_round(n, stages, config):
    """out[i] = the output input i reaches through the switches set to `config`."""
    out = []
    for i in range(n):
        t = i
        for s in range(stages):
            t = (2 * t + (2 * t) // n) % n  # the GSEN shuffle in front of stage s
            y, port = divmod(t, 2)
            t = 2 * y + (port ^ config[s][y])
        out.append(t)
    return out


def problems_of(n, stages, configs):
    problems = []
    served = {}
    for r, config in enumerate(configs):
        outs = route_round(n, stages, config)
        if len(set(outs)) != n:
            problems.append(f"round {r} is not a permutation")
        for i, j in enumerate(outs):
            served.setdefault((i, j), []).append(r)
    missing = [(i, j) for i in range(n) for j in range(n) if (i, j) not in served]
    if missing:
        problems.append(f"{len(missing)} pairs never served, first {missing[0]}")
    else:
        needed = {rs[0] for rs in served.values() if len(rs) == 1}
        spare = [r for r in range(len(configs)) if r not in needed]
        # A round none of whose pairs is served only by it may still be needed with
        # others; test each one by leaving it out.
        for r in spare:
            rest = configs[:r] + configs[r + 1:]
            pairs = set()
            for config in rest:
                pairs.update(enumerate(route_round(n, stages, config)))
            if len(pairs) == n * n:
                problems.append(f"round {r} can be left out")
                break
    if n in beyond_ns() and len(configs) >= 2 ** stages_of(n):
        problems.append(f"{len(configs)} rounds, not below the 2^n = {2 ** stages_of(n)} computed on the fly")
    elif len(configs) > fig14(n):
        problems.append(f"{len(configs)} rounds, above Fig. 14's {fig14(n)}")
    return problems


def check_folder(folder):
    failures = 0
    found = set()
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        path = os.path.join(folder, name)
        try:
            n, stages, configs = parse(open(path).read())
            problems = problems_of(n, stages, configs)
            if name != f"gsen-{n}.txt":
                problems.append(f"file name should be gsen-{n}.txt")
        except ValueError as e:
            problems = [str(e)]
            n, configs = None, []
        found.add(n)
        if problems:
            failures += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            versus = f"on the fly: {2 ** stages_of(n)}" if n in beyond_ns() else f"Fig. 14: {fig14(n)}"
            print(f"ok   {name}: N = {n}, {len(configs)} rounds ({versus}), every pair served")
    for n in catalogue_ns():
        if n not in found:
            failures += 1
            print(f"FAIL no set for N = {n} (Fig. 14: {fig14(n)})")
    for n in beyond_ns():
        if n not in found:
            failures += 1
            print(f"FAIL no set for N = {n} (above Fig. 14, R(N) open below 2^n)")
    for n in sorted(x for x in found if x is not None and x not in catalogue_ns() and x not in beyond_ns()):
        failures += 1
        print(f"FAIL N = {n} is not a catalogue entry")
    return failures


def self_test(folder):
    """Damaged copies of every set must be rejected."""
    bad = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        text = open(os.path.join(folder, name)).read()
        n, stages, configs = parse(text)
        damaged = {
            "last round dropped": configs[:-1],
            "first round repeated over the second": [configs[0], configs[0]] + configs[2:],
        }
        for what, copy in damaged.items():
            if not problems_of(n, stages, copy):
                bad += 1
                print(f"SELF-TEST FAIL {name}: {what} was accepted")
        lines = text.splitlines()
        header_damage = [l.replace("stages ", "stages 1", 1) if l.startswith("stages ") else l for l in lines]
        try:
            parse("\n".join(header_damage))
            bad += 1
            print(f"SELF-TEST FAIL {name}: a wrong stage count was accepted")
        except ValueError:
            pass
    print(f"self-test: {'ok' if bad == 0 else str(bad) + ' damaged copies accepted'}")
    return bad


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--self-test"]:
        sys.exit(1 if self_test(args[1]) else 0)
    if len(args) != 1:
        sys.exit(__doc__)
    sys.exit(1 if check_folder(args[0]) else 0)
