#!/usr/bin/env python3
"""Independent check of the lower bounds a2a search proves by bottleneck ports.

Written from docs/conventions.md and docs/search.md ("Lower bounds") alone, sharing no
code with the C++ search: it runs `a2a_search_main --ports N --known-only`, reads the
ports its "lower bound:" line names, and recomputes the bound from the GSEN's wiring.
Input i follows the output-port bits of a tag (stage 0 the most significant): in front
of every stage t -> (2t + floor(2t / N)) mod N, switch y = t // 2, then t = 2y + bit.
A pair (i, j) crosses a set S of ports c(i, j) = min over its paths of |path & S| times
when it is served (0 when some path avoids S); a round carries at most |S| signals
through S, so R(N) >= ceil(sum of c / |S|). The script requires the tool's numbers
(pairs, crossings, bound) to be the recomputed ones, and the bound to be the expected
value given on the command line (paper 000's theorems or Fig. 14's value).

usage: check_bounds.py SEARCH_MAIN N=BOUND [N=BOUND ...]
"""
import math
import re
import subprocess
import sys

PORT = r"stage (\d+) switch (\d+) port (\d+)"


def paths_of(n):
    """{(i, j): [set of (stage, terminal) a path leaves by]} over all tags."""
    stages = max(1, math.ceil(math.log2(n)))
    found = {}
    for i in range(n):
        for tag in range(2 ** stages):
            t, ports = i, set()
            for s in range(stages):
                t = (2 * t + (2 * t) // n) % n
                t = 2 * (t // 2) + ((tag >> (stages - 1 - s)) & 1)
                ports.add((s, t))
            found.setdefault((i, t), []).append(ports)
    return found


def recompute(n, ports):
    pairs = crossings = 0
    for paths in paths_of(n).values():
        least = min(len(p & ports) for p in paths)
        if least:
            pairs += 1
            crossings += least
    return pairs, crossings, -(-crossings // len(ports))


def check(main, n, expected):
    out = subprocess.run([main, "--ports", str(n), "--known-only"], capture_output=True, text=True, check=True).stdout
    line = next((l for l in out.splitlines() if l.startswith("lower bound:")), "")
    bound = int(re.match(r"lower bound: (\d+) rounds", line).group(1)) if line else None
    ports = {(int(s), 2 * int(y) + int(p)) for s, y, p in re.findall(PORT, line)}
    if not ports:
        return [f"N = {n}: no bottleneck port in {line!r}"]
    pairs, crossings, recomputed = recompute(n, ports)
    problems = []
    if bound != expected:
        problems.append(f"N = {n}: the tool's bound {bound}, expected {expected}")
    if recomputed != bound:
        problems.append(f"N = {n}: the ports {sorted(ports)} give {recomputed}, the tool says {bound}")
    if f"{pairs} pairs" not in line or (len(ports) == 2 and f"{crossings} crossings" not in line):
        problems.append(f"N = {n}: recomputed {pairs} pairs, {crossings} crossings; the tool: {line}")
    print(f"N = {n}: R(N) >= {recomputed} ({pairs} pairs, {crossings} crossings of {len(ports)} port(s))")
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = []
    for spec in argv[2:]:
        n, expected = map(int, spec.split("="))
        problems += check(argv[1], n, expected)
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
