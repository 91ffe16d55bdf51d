#!/usr/bin/env python3
"""What a C program pays in a2a text for the families it chose (docs/c-api.md).

For each choice: a2a configured and built with a product's own Cortex-M4F toolchain
file at -Os (cortex-m4.cmake) and the choice's A2A_FAMILIES / A2A_TOPOLOGIES /
A2A_STATUS_TEXTS, then one_family.c (omega 16, the Latin square, one round's sends,
a2a_strerror) compiled and linked against liba2a.a with --gc-sections; the a2a text
is the sum of the input sections the link map takes from liba2a.a (.text, .rodata).

  capi_size.py --source A2A --work DIR [--check]   (--check: the one-family choices
                                                    within their limits, else exit 1)
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (label, cmake options, limit in bytes or None): the choices docs/c-api.md tabulates.
CHOICES = [
    ("every family and topology (the default)", [], None),
    ("every family; omega", ["-DA2A_TOPOLOGIES=omega"], None),
    ("latin-square; every topology", ["-DA2A_FAMILIES=latin-square"], None),
    ("latin-square, omega", ["-DA2A_FAMILIES=latin-square", "-DA2A_TOPOLOGIES=omega"], None),
    ("latin-square, omega; the C API's texts",
     ["-DA2A_FAMILIES=latin-square", "-DA2A_TOPOLOGIES=omega", "-DA2A_STATUS_TEXTS=capi"], 8192),
    ("latin-square, omega; codes only",
     ["-DA2A_FAMILIES=latin-square", "-DA2A_TOPOLOGIES=omega", "-DA2A_STATUS_TEXTS=off"], 8192),
]


def run(cmd, cwd=None):
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        sys.exit(f"capi_size: {' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}")
    return done.stdout


# One input section of the map: " .text.name  0xADDR  0xSIZE file", the name
# alone on its line when it is long.
SECTION = re.compile(r"^ (\.(?:text|rodata)[^\s]*)\s*(?:\n\s+)?0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S+)", re.M)


def a2a_text(map_file):
    """Bytes of .text and .rodata the link took from liba2a.a, and the five largest."""
    text = map_file.read_text()
    start = text.find("Linker script and memory map")
    sections = []
    for m in SECTION.finditer(text, start):
        if "liba2a.a(" in m.group(3) and int(m.group(2), 16) > 0:
            sections.append((int(m.group(2), 16), m.group(1)))
    sections.sort(reverse=True)
    return sum(s for s, _ in sections), sections[:5]


def measure(source, work, options):
    build = work / "a2a"
    run(["cmake", "-G", "Ninja", f"-DCMAKE_TOOLCHAIN_FILE={HERE / 'cortex-m4.cmake'}", *options,
         "-S", str(source), "-B", str(build)])
    run(["cmake", "--build", str(build), "--target", "a2a_capi"])
    lib = next(build.rglob("liba2a.a"))
    include = source / "firmware" / "capi" / "include"
    elf = work / "one_family.elf"
    map_file = work / "one_family.map"
    run(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-Os",
         "-ffunction-sections", "-fdata-sections", "-Wall", "-Wextra", "-Werror", "-std=c99", f"-I{include}",
         str(HERE / "one_family.c"), str(lib), "--specs=nano.specs", "--specs=nosys.specs",
         "-Wl,--gc-sections", f"-Wl,-Map={map_file}", "-o", str(elf)])
    return a2a_text(map_file)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    failures = []
    print("| a2a built with | CMake options | a2a text (bytes) | KiB |")
    print("| --- | --- | ---: | ---: |")
    for i, (label, options, limit) in enumerate(CHOICES):
        size, largest = measure(args.source.resolve(), args.work.resolve() / f"choice-{i}", options)
        shown = " ".join(f"`{o}`" for o in options) or "(none)"
        print(f"| {label} | {shown} | {size} | {size / 1024:.1f} |", flush=True)
        print(f"capi_size: {label}: largest " + ", ".join(f"{n} {s}" for s, n in largest[:3]), file=sys.stderr)
        if limit is not None and size > limit:
            failures.append(f"{label}: {size} bytes of a2a text, more than {limit}")
    for f in failures:
        print(f"capi_size: {f}", file=sys.stderr)
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
