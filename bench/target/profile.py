#!/usr/bin/env python3
"""Names where a bracket's instructions go: reads the icount plugin's profile=<file>
(bench/target/icount_plugin.c) and the image's symbols (arm-none-eabi-nm), and prints
per function the instructions counted in each flush's brackets, the largest first.
  bench/target/profile.py <image.elf> <profile file> [--flush K] [--top T]
"""
import argparse
import bisect
import collections
import subprocess
import sys


def symbols(elf):
    out = subprocess.run(["arm-none-eabi-nm", "-C", "--defined-only", "-n", elf], capture_output=True, text=True,
                         check=True).stdout
    starts, names = [], []
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            starts.append(int(parts[0], 16) & ~1)
            names.append(parts[2])
    return starts, names


def short(name, width=140):
    """A demangled name without its template arguments (the function's own name kept)."""
    out, depth = [], 0
    for c in name:
        if c == "<":
            depth += 1
            if depth == 1:
                out.append("<>")
        elif c == ">":
            depth -= 1
        elif depth == 0:
            out.append(c)
    text = "".join(out)
    return text if len(text) <= width else text[: width - 3] + "..."


def flushes(path):
    current = collections.Counter()
    with open(path) as f:
        for line in f:
            if line.strip() == "flush":
                yield current
                current = collections.Counter()
            else:
                address, count = line.split()
                current[int(address, 16)] += int(count)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("elf")
    parser.add_argument("profile")
    parser.add_argument("--flush", type=int, help="only the K-th flush (from 0); default: all summed")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    starts, names = symbols(args.elf)
    total = collections.Counter()
    for k, counts in enumerate(flushes(args.profile)):
        if args.flush is None or k == args.flush:
            total.update(counts)
    by_function = collections.Counter()
    for address, count in total.items():
        i = bisect.bisect_right(starts, address) - 1
        by_function[names[i] if i >= 0 else "?"] += count
    all_counted = sum(by_function.values())
    print(f"{all_counted} instructions")
    for name, count in by_function.most_common(args.top):
        print(f"{count:10d} {100.0 * count / max(all_counted, 1):5.1f}%  {short(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
