#!/bin/sh
# A stand-in for cadical in the driver's tests, chosen by FAKE_SOLVER_MODE:
# "timeout" answers nothing and exits 0, as cadical 1.5 does when its -t limit ends
# the search; anything else exits 1 with no answer (a broken solver).
if [ "$1" = "--version" ]; then echo "fake"; exit 0; fi
case "${FAKE_SOLVER_MODE:-timeout}" in
  timeout) exit 0 ;;
  *) echo "c something went wrong"; exit 1 ;;
esac
