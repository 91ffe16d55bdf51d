#!/usr/bin/env bash
# Runs board_uart (see board_uart.cpp) through platform/cortex-m/qemu-serial.sh
# and checks its three boots, and that its time base tracks the host's clock:
# the 4 intervals of 400 ms by a2a_board_micros() must take 1.6 s of host time
# within 25 % (QEMU's virtual clock follows the host's without -icount).
#   board_uart_check.sh <qemu-serial.sh> <machine> <board_uart.elf>
set -euo pipefail
runner=$1 machine=$2 image=$3
status=0
out=$(A2A_QEMU_TIMEOUT=30 "$runner" --timestamps --until 'done' "$machine" "$image") || status=$?
printf '%s\n' "$out"
((status == 0)) || { echo "board_uart_check: QEMU ended with status $status" >&2; exit 1; }
fail() { echo "board_uart_check: $*" >&2; exit 1; }
grep -q 'boot cause=0 boots=1$' <<<"$out" || fail "no power-on boot"
grep -Eq 'a2a: unhandled exception 3 \(HardFault\) at pc 0x[0-9a-f]{8}, lr 0x[0-9a-f]{8}, sp 0x[0-9a-f]{8}: reset$' <<<"$out" ||
  fail "no fault report (with pc, lr and sp)"
grep -q 'boot cause=4 boots=2$' <<<"$out" || fail "the fault did not reset with A2A_RESET_LOCKUP (or word 1 was lost)"
grep -q 'a2a: exit status 0: reset$' <<<"$out" || fail "no exit report"
grep -q 'boot cause=2 boots=3$' <<<"$out" || fail "exit() did not reset with A2A_RESET_SOFTWARE"
t0=$(awk '/ tick 0 /{print $1}' <<<"$out")
t4=$(awk '/ tick 4 /{print $1}' <<<"$out")
[[ -n "$t0" && -n "$t4" ]] || fail "no ticks"
awk -v a="$t0" -v b="$t4" 'BEGIN {
  d = b - a; printf "board_uart_check: 1.6 s by a2a_board_micros() took %.3f s of host time\n", d
  exit !(d > 1.2 && d < 2.0) }' || fail "the time base does not track real time"
