#!/usr/bin/env bash
# Runs one Cortex-M image in QEMU with semihosting and returns its exit status.
#   qemu-run.sh <machine> <image.elf> [args...]
# <machine>: qemu-system-arm -M, a board's A2A_BOARD_QEMU_MACHINE (mps2-an385,
# mps2-an386, mps2-an500, microbit, netduinoplus2). For images with the UART
# console use qemu-serial.sh.
# The guest's console (semihosting) is this script's stdout; the program reads
# its arguments through semihosting SYS_GET_CMDLINE (argv[0] is the image path,
# the arguments are joined with single spaces, so they cannot contain spaces).
# A2A_QEMU_TIMEOUT (seconds, default 300) bounds a hung guest: exit status 124.
# A2A_QEMU_ARGS: extra QEMU options, split at spaces, e.g. "-s -S" to wait for
# arm-none-eabi-gdb on port 1234, or "-icount shift=0" for deterministic time.
set -euo pipefail

if (($# < 2)); then
  echo "usage: $0 <machine> <image.elf> [args...]" >&2
  exit 2
fi
machine=$1
image=$2
shift 2
if [[ ! -f "$image" ]]; then
  echo "qemu-run: no such image: $image" >&2
  exit 2
fi

extra=()
read -r -a extra <<<"${A2A_QEMU_ARGS:-}"
append=()
if (($# > 0)); then
  append=(-append "$*")
fi

status=0
timeout --kill-after=5 "${A2A_QEMU_TIMEOUT:-300}" \
  qemu-system-arm -M "$machine" -nographic -monitor none -serial null \
    -chardev stdio,id=semi \
    -semihosting-config enable=on,target=native,chardev=semi \
    "${extra[@]}" -kernel "$image" "${append[@]}" </dev/null || status=$?
if ((status == 124)); then
  echo "qemu-run: $image did not finish within ${A2A_QEMU_TIMEOUT:-300} s" >&2
fi
exit "$status"
