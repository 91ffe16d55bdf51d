#!/usr/bin/env python3
"""Every installed header compiles alone under a product's strict warnings.

usage: headers_strict.py <c++ compiler> <include dir>... -- <flag>...

Each public header of the install's include folders (those given) is compiled by itself
(`#include <a2a/...>`, -fsyntax-only, -Werror) with the flags given: a product that
builds with -Wcast-align -Wconversion -Wshadow -Wpedantic must see no warning from
a2a. A header marked `IWYU pragma: private` is a part of another (its includer names
it) and is compiled through that one. Exit 0: every header clean; 1: each failure
printed with its first lines.
"""
import concurrent.futures
import os
import pathlib
import subprocess
import sys


def main(argv):
    if "--" not in argv or len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    compiler, dirs, flags = argv[1], [pathlib.Path(d) for d in argv[2:split]], argv[split + 1:]
    includes = [arg for d in dirs for arg in ("-I", str(d))]
    headers = []
    for d in dirs:
        for path in sorted(d.rglob("*")):
            if path.suffix not in (".hpp", ".h") or "IWYU pragma: private" in path.read_text(errors="replace"):
                continue
            headers.append(path.relative_to(d).as_posix())
    if not headers:
        print("headers_strict: no headers found", file=sys.stderr)
        return 2

    def compile_one(header):
        command = [compiler, "-std=c++20", "-fsyntax-only", "-x", "c++", "-", "-Wall", "-Wextra", "-Werror"]
        done = subprocess.run(command + flags + includes, input=f"#include <{header}>\n", capture_output=True, text=True)
        return header, done.returncode, done.stderr

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for header, code, errors in pool.map(compile_one, headers):
            if code != 0:
                failed += 1
                print(f"{header}: not clean under {' '.join(flags)}")
                print("\n".join(errors.splitlines()[:8]))
    print(f"headers_strict: {len(headers)} headers, {failed} not clean ({' '.join(flags)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
