#!/usr/bin/env python3
"""Runs a command and reports its exit status on one line with its stderr, so a
CTest PASS_REGULAR_EXPRESSION can require both the status and the message
(a regular expression alone would ignore the exit status).

usage: expect_exit.py COMMAND [ARGS...]
prints "exit status <code>: <stderr, newlines as ' | '>" and, for a crash
(killed by a signal), "CRASHED by signal <n>"; stdout is printed after it.
"""
import subprocess
import sys

done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
if done.returncode < 0:
    print("CRASHED by signal %d" % -done.returncode)
else:
    print("exit status %d: %s" % (done.returncode, done.stderr.strip().replace("\n", " | ")))
print(done.stdout)
sys.exit(0)
