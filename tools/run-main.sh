#!/usr/bin/env bash
# The main job: builds the controller firmware for the default board (Cortex-M3,
# QEMU mps2-an385) and runs it under QEMU on the default fabric (a 16-port omega
# network from its configuration block). Arguments are key=value overrides passed
# to the firmware's command line, e.g.  tools/run-main.sh topology=gsen ports=10
# Build output goes to stderr so stdout carries only the firmware's console.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tools/install-deps.sh --target >&2
cmake --preset arm-m3 >&2
cmake --build --preset arm-m3 --target a2a_controller >&2
exec platform/cortex-m/qemu-run.sh mps2-an385 build/arm-m3/firmware/app/a2a_controller.elf "$@"
