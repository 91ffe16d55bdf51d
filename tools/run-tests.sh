#!/usr/bin/env bash
# Configures, builds and tests the host preset; exits with ctest's status.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tools/install-deps.sh
cmake --preset host
cmake --build --preset host

status=0
ctest --preset host || status=$?
exit "$status"
