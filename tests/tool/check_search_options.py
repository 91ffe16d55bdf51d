#!/usr/bin/env python3
"""The tool's `a2a search` and the standalone driver a2a_search_main take the same
options (search_command.cpp forwards each one to the driver's parse_arguments):
every option the driver's --help lists (a line of its own), the tool's --help lists,
and the reverse.
A forwarding list that misses one (as --periodic and --sample once were) would let
the driver's documented command lines fail in the tool with "unknown option".

usage: check_search_options.py A2A_TOOL A2A_SEARCH_MAIN
"""
import re
import subprocess
import sys

OPTION = re.compile(r"^\s+(--[a-z][a-z-]*)", re.MULTILINE)  # an option's own line


def options(command):
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        sys.exit("%s: exit status %d: %s" % (" ".join(command), done.returncode, done.stderr.strip()))
    return set(OPTION.findall(done.stdout)) - {"--help"}


def main():
    tool, driver = sys.argv[1], sys.argv[2]
    in_tool = options([tool, "search", "--help"])
    in_driver = options([driver, "--help"])
    for must in ("--ports", "--lns", "--periodic", "--sample"):  # the check sees the options at all
        if must not in in_driver:
            sys.exit("the driver's --help does not name %s: the option pattern is wrong" % must)
    missing = sorted(in_driver - in_tool)
    extra = sorted(in_tool - in_driver)
    if missing or extra:
        sys.exit("a2a search and a2a_search_main differ: only the driver has %s; only the tool has %s"
                 % (missing or "none", extra or "none"))
    print("a2a search and a2a_search_main: the same %d options" % len(in_driver))


if __name__ == "__main__":
    main()
