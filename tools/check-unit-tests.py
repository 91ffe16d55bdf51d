#!/usr/bin/env python3
"""Every public header of the library has its own test file.

  check-unit-tests.py ROOT          check the tree at ROOT
  check-unit-tests.py --self-test   plant the three ways to miss and expect each to fail

A public header is one `cmake --install` installs: a2a/... under firmware/<part>/include
or hal/include (the mock, hal/mock/include, is the HAL's testing backend and counts as
HAL). Headers under detail/ and the private parts of another header (marked
`// IWYU pragma: private`) are tested through the header that includes them.

For header a2a/<dirs>/<name>.hpp of layer L the test is tests/L/<name>_test.cpp. It must
 - exist,
 - include the header directly (#include <a2a/...> or "a2a/..."), and
 - be built: named in a CMake file under tests/ (CMakeLists.txt, *.cmake).
Two headers of one layer with one name would need one file: that fails too.
"""
import pathlib
import re
import shutil
import sys
import tempfile

# Include root -> the layer's test folder under tests/.
ROOTS = {
    "firmware/core/include": "core",
    "firmware/config/include": "config",
    "firmware/app/include": "app",
    "hal/include": "hal",
    "hal/mock/include": "hal",
}
PRIVATE = re.compile(r"//\s*IWYU pragma:\s*private")


def public_headers(root):
    for include_root, layer in ROOTS.items():
        base = root / include_root
        for header in sorted(base.glob("a2a/**/*.hpp")):
            relative = header.relative_to(base).as_posix()
            if "/detail/" in relative or PRIVATE.search(header.read_text(encoding="utf-8")):
                continue
            yield relative, layer


def cmake_text(root):
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((root / "tests").rglob("*"))
                     if p.is_file() and (p.name == "CMakeLists.txt" or p.suffix == ".cmake"))


def problems(root):
    found = []
    built = cmake_text(root)
    owner = {}
    count = 0
    for header, layer in public_headers(root):
        count += 1
        test = pathlib.Path("tests") / layer / (pathlib.PurePosixPath(header).stem + "_test.cpp")
        if test in owner:
            found.append(f"{header} and {owner[test]} would share {test}: rename one")
            continue
        owner[test] = header
        path = root / test
        if not path.is_file():
            found.append(f"{header}: no test file {test}")
            continue
        if not re.search(r'#include\s*[<"]' + re.escape(header) + r'[>"]', path.read_text(encoding="utf-8")):
            found.append(f"{test} does not include <{header}> directly")
        if not re.search(r"(^|[\s/\"])" + re.escape(test.name) + r"($|[\s\")])", built, re.MULTILINE):
            found.append(f"{test} is built by no CMake file under tests/")
    if count == 0:
        found.append(f"no public headers under {root}: wrong root?")
    return found, count


def check(root):
    found, count = problems(root)
    for p in found:
        print("check-unit-tests: " + p)
    if found:
        return 1
    print(f"check-unit-tests: each of the {count} public headers has its test file, which includes it and is built")
    return 0


def self_test():
    """Copies the headers, tests and CMake files, checks the copy is clean, then plants each miss."""
    here = pathlib.Path(__file__).resolve().parents[1]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = pathlib.Path(tmp) / "tree"
        for part in ["firmware", "hal", "tests"]:
            shutil.copytree(here / part, base / part, ignore=shutil.ignore_patterns("*.o", "build*"))
        if problems(base)[0]:
            print("check-unit-tests self-test: the copy of the tree is not clean")
            return 1
        cases = {
            "a header without a test file": lambda tree: (
                tree / "firmware/core/include/a2a/planted_unit.hpp").write_text("#pragma once\n"),
            "a test file that does not include its header": lambda tree: (
                tree / "tests/core/digits_test.cpp").write_text('#include "a2a_test.hpp"\n'),
            "a test file no CMake file builds": lambda tree: [
                p.write_text(p.read_text().replace("wiring_test.cpp", "")) for p in (tree / "tests").rglob("*.cmake")],
        }
        for name, plant in cases.items():
            work = pathlib.Path(tmp) / "case"
            shutil.copytree(base, work)
            plant(work)
            if problems(work)[0]:
                print(f"check-unit-tests self-test: caught {name}")
            else:
                print(f"check-unit-tests self-test: MISSED {name}")
                failures += 1
            shutil.rmtree(work)
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    return check(pathlib.Path(sys.argv[1]))


if __name__ == "__main__":
    sys.exit(main())
