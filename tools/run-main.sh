#!/usr/bin/env bash
# The main job: builds the controller image for the default board (Cortex-M3,
# QEMU mps2-an385), boots it in QEMU with its UART as the console (no
# semihosting, no debugger: as a flashed board runs it), sends it `run` on the
# serial line and stops QEMU when the reply has ended. The fabric is the
# emulated one behind the register block; the image's configuration block holds
# a 16-port omega network.
#   tools/run-main.sh                         the default exchange
#   tools/run-main.sh topology=gsen ports=10  `set topology=gsen ports=10` first
#   tools/run-main.sh --inject 2:5 7 ports=32 a switch fails in round 7: the image re-plans
#   tools/run-main.sh --inject 2:5 7 stuck=1 hidden ports=32
#                                             it sticks cross, unmarked: the image finds it from the outputs
# Exit status 0 when every reply ended with `ok`. Build output goes to stderr.
# A2A_MAIN_DEVICE='PROGRAM ARGS' (the docs test, tests/docs) skips the build and
# QEMU and runs the same steps against PROGRAM, a host stand-in for the device.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

steps=(boot)
inject=()
while (($# > 0)); do
  case "$1" in
    --inject)
      if (($# < 2)); then echo "run-main: --inject needs STAGE:SWITCH [ROUND] [dead|stuck=K] [hidden]" >&2; exit 2; fi
      inject=("$2")
      shift 2
      while (($# > 0)) && [[ $1 =~ ^([0-9]+|dead|stuck=[0-9]+|hidden)$ ]]; do inject+=("$1"); shift; done
      ;;
    *) break ;;
  esac
done
if (($# > 0)); then steps+=("> set $*" ok); fi
if ((${#inject[@]} > 0)); then steps+=("> inject ${inject[*]}" ok); fi
steps+=("> run" ok)

args=()
for step in "${steps[@]}"; do args+=("--step=$step"); done
if [[ -n ${A2A_MAIN_DEVICE:-} ]]; then
  exec python3 tests/device/console_session.py --live --device-command "$A2A_MAIN_DEVICE" "${args[@]}"
fi

tools/install-deps.sh --target >&2
cmake --preset arm-m3 >&2
cmake --build --preset arm-m3 --target a2a_controller >&2
exec python3 tests/device/console_session.py --live --machine mps2-an385 \
  --image build/arm-m3/platform/cortex-m/controller/a2a_controller.elf "${args[@]}"
