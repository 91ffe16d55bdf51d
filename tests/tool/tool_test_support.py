"""What the tool's test scripts share: running a2a, dumps, expectations, a case loop."""
import json
import os
import subprocess
import sys

failures = []


def expect(condition, what):
    """Prints ok/FAIL for one check and keeps the failures (the script exits 1 on any)."""
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def run(a2a, *arguments):
    done = subprocess.run([a2a, *arguments], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def dump_of(a2a, *options):
    code, out, err = run(a2a, "dump", "--format", "json", *options)
    if code != 0:
        raise RuntimeError("a2a dump %s failed: %s" % (" ".join(options), err))
    return json.loads(out)


def write(work, name, dump):
    path = os.path.join(work, name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(dump, f)
    return path


def run_cases(argv, usage, run_case):
    """argv = [script, A2A_BINARY, CASE...]: run_case(a2a, case) returns its problems.
    Prints each case's problems (at most 20) and OK or FAILED; returns the exit status."""
    if len(argv) < 3:
        print(usage, file=sys.stderr)
        return 2
    status = 0
    for case in argv[2:]:
        problems = run_case(argv[1], case)
        if problems:
            status = 1
            for p in problems[:20]:
                print("%s: %s" % (case, p))
            print("%s: FAILED" % case)
        else:
            print("%s: OK" % case)
    return status
