#!/usr/bin/env bash
# Runs one Cortex-M image in QEMU with its console UART (the machine's first
# serial port) on this script's stdout, for images built with
# a2a_cortex_m_image(<target> CONSOLE uart), which use no semihosting.
#   qemu-serial.sh [options] <machine> <image.elf>
# Options:
#   --until <regex>   stop QEMU at the first output line matching <regex>
#                     (bash =~); exit status 0. Without it QEMU runs until the
#                     guest resets with --no-reboot, or until the timeout.
#   --no-reboot       a guest reset (exit(), abort(), a fault, the watchdog)
#                     ends QEMU (status 0) instead of restarting the image
#   --timestamps      prefix every line with the host's time in seconds
#                     (EPOCHREALTIME), for checks of the board's time base
# A2A_QEMU_TIMEOUT (seconds, default 60): a hung guest ends with status 124.
# A2A_QEMU_ARGS: extra QEMU options, split at spaces.
set -euo pipefail

until_regex=""
timestamps=0
reboot=()
while (($# > 0)); do
  case $1 in
    --until) until_regex=$2; shift 2 ;;
    --no-reboot) reboot=(-no-reboot); shift ;;
    --timestamps) timestamps=1; shift ;;
    *) break ;;
  esac
done
if (($# != 2)); then
  echo "usage: $0 [--until <regex>] [--no-reboot] [--timestamps] <machine> <image.elf>" >&2
  exit 2
fi
machine=$1
image=$2
if [[ ! -f "$image" ]]; then
  echo "qemu-serial: no such image: $image" >&2
  exit 2
fi
extra=()
read -r -a extra <<<"${A2A_QEMU_ARGS:-}"

# -serial stdio needs -display none (not -nographic, which claims stdio for
# the monitor). stdin is /dev/null: the guest reads no input here.
coproc QEMU {
  exec timeout --kill-after=5 "${A2A_QEMU_TIMEOUT:-60}" \
    qemu-system-arm -M "$machine" -display none -monitor none -serial stdio \
      "${reboot[@]}" "${extra[@]}" -kernel "$image" </dev/null 2>&1
}
qemu_pid=$QEMU_PID
stopped=0
while IFS= read -r -u "${QEMU[0]}" line || [[ -n "$line" ]]; do
  if ((timestamps)); then
    printf '%s %s\n' "$EPOCHREALTIME" "$line"
  else
    printf '%s\n' "$line"
  fi
  if [[ -n "$until_regex" && "$line" =~ $until_regex ]]; then
    stopped=1
    kill "$qemu_pid" 2>/dev/null || true
    break
  fi
done
status=0
wait "$qemu_pid" 2>/dev/null || status=$?
if ((stopped)); then
  exit 0
fi
if ((status == 124)); then
  echo "qemu-serial: $image did not finish within ${A2A_QEMU_TIMEOUT:-60} s" >&2
fi
exit "$status"
