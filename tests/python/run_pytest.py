#!/usr/bin/env python3
"""Runs the Python module's tests (tests/python/test_*.py) with pytest, for CTest.

Exit status 77 (CTest's SKIP_RETURN_CODE: the test shows as skipped, never as
passed) when what the tests need is not there: pytest, NumPy, or a module the
build could not make (--skip REASON, from CMake). A module the build should have
made but did not is a failure, and so is a pytest run that collects no test.

  run_pytest.py --module-dir DIR --tool A2A --root SOURCE [PYTEST ARGS...]
  run_pytest.py --skip REASON
  run_pytest.py --self-test     (a missing numpy or pytest must give 77)
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))


def skip(reason):
    print("SKIPPED: python module tests: " + reason)
    return SKIP


def run(args, pytest_args):
    if args.skip:
        return skip(args.skip)
    for module in ("numpy", "pytest"):
        try:
            __import__(module)
        except ImportError:
            return skip("%s cannot import %s (install python3-%s)" % (sys.executable, module, module))
    import pytest

    if not glob.glob(os.path.join(args.module_dir, "a2a*.so")):
        print("FAILED: no a2a module in %s: build the target a2a_python first" % args.module_dir)
        return 1
    # The tests find the module, the tool and the sources through these.
    os.environ["A2A_PYTHON_MODULE_DIR"] = os.path.abspath(args.module_dir)
    os.environ["A2A_TOOL"] = os.path.abspath(args.tool)
    os.environ["A2A_SOURCE_DIR"] = os.path.abspath(args.root)
    sys.path.insert(0, os.environ["A2A_PYTHON_MODULE_DIR"])
    tests = sorted(glob.glob(os.path.join(HERE, "test_*.py")))
    status = pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", HERE] + tests + pytest_args)
    if status == pytest.ExitCode.NO_TESTS_COLLECTED:
        print("FAILED: pytest collected no test")
        return 1
    return int(status)


def self_test():
    """With numpy or pytest made unimportable, the runner must say SKIPPED and exit 77."""
    failures = 0
    for blocked in ("numpy", "pytest"):
        with tempfile.TemporaryDirectory() as shadow:
            with open(os.path.join(shadow, blocked + ".py"), "w") as f:
                f.write("raise ImportError('%s hidden by the self-test')\n" % blocked)
            env = dict(os.environ, PYTHONPATH=shadow)
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--module-dir", shadow,
                                   "--tool", "a2a", "--root", HERE], env=env, capture_output=True, text=True)
            if proc.returncode != SKIP or "SKIPPED" not in proc.stdout:
                print("self-test: %s hidden gave exit %d:\n%s%s" % (blocked, proc.returncode, proc.stdout,
                                                                      proc.stderr))
                failures += 1
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--skip", "pybind11 missing"],
                          capture_output=True, text=True)
    if proc.returncode != SKIP or "pybind11 missing" not in proc.stdout:
        print("self-test: --skip gave exit %d: %s" % (proc.returncode, proc.stdout))
        failures += 1
    print("self-test: %s" % ("ok" if failures == 0 else "%d failures" % failures))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module-dir")
    parser.add_argument("--tool")
    parser.add_argument("--root")
    parser.add_argument("--skip")
    parser.add_argument("--self-test", action="store_true")
    args, pytest_args = parser.parse_known_args()
    if args.self_test:
        return self_test()
    if not args.skip and not (args.module_dir and args.tool and args.root):
        parser.error("give --module-dir, --tool and --root (or --skip REASON)")
    return run(args, pytest_args)


if __name__ == "__main__":
    sys.exit(main())
