#!/usr/bin/env python3
"""One version: project(a2a VERSION ...) in the top CMakeLists.txt, the one place it is
written, must be what every face says: the controller's banner, `a2a --version`,
the Python module's __version__, the C API's a2a_version() and the CMake package.

  version_test.py --root R --device D --tool T --c-program P --package-version F
                  [--python PY --python-path DIR]
"""
import argparse
import os
import re
import subprocess
import sys


def project_version(root):
    text = open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8").read()
    m = re.search(r"project\(a2a\s+VERSION\s+([0-9]+\.[0-9]+\.[0-9]+)", text)
    if not m:
        sys.exit("version_test: no project(a2a VERSION x.y.z) in CMakeLists.txt")
    return m.group(1)


def run(cmd, stdin="", env=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60, env=env).stdout


def main():
    p = argparse.ArgumentParser()
    for name in ("--root", "--device", "--tool", "--c-program", "--package-version"):
        p.add_argument(name, required=True)
    p.add_argument("--python")
    p.add_argument("--python-path")
    a = p.parse_args()
    want = project_version(a.root)
    seen = {}
    banner = run([a.device], "").splitlines()
    m = re.match(r"a2a controller (\S+) \(register map \d+\) on ", banner[0] if banner else "")
    seen["banner"] = m.group(1) if m else f"no banner: {banner[:1]}"
    seen["a2a --version"] = run([a.tool, "--version"]).strip().removeprefix("a2a ")
    seen["a2a_version()"] = run([a.c_program]).strip()
    m = re.search(r'set\(PACKAGE_VERSION "([^"]+)"\)', open(a.package_version, encoding="utf-8").read())
    seen["CMake package"] = m.group(1) if m else "no PACKAGE_VERSION"
    if a.python:
        env = dict(os.environ, PYTHONPATH=a.python_path)
        seen["a2a.__version__"] = run([a.python, "-c", "import a2a; print(a2a.__version__)"], env=env).strip()
    wrong = {k: v for k, v in seen.items() if v != want}
    for k, v in seen.items():
        print(f"{k}: {v}")
    if wrong:
        print(f"version_test: project() says {want}, but: {wrong}")
        return 1
    print(f"version_test: all {len(seen)} say {want}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
