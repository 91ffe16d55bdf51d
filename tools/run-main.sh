#!/usr/bin/env bash
# Builds and runs the host demo program; arguments are passed to it.
# Build output goes to stderr so stdout carries only the demo's output.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tools/install-deps.sh >&2
cmake --preset host >&2
cmake --build --preset host --target a2a_demo >&2
exec build/host/platform/host/a2a_demo "$@"
