#!/usr/bin/env bash
# Builds and runs the benchmarks behind docs/PERFORMANCE.md and prints their
# figures as Markdown (progress goes to stderr).
#   bench/run-benchmarks.sh [host] [target] [report] [slices] [backends] [store] [check] [planning] [console] [faults]
#   (default: the first three)
#     host    Google Benchmark: exchange throughput against the table baseline
#             and the verifier against its per-message replay (figure 5; the
#             ratios end its output), the controller step and port send on the host
#     report  switch toggles (figure 4), rounds against the lower bounds
#             (figure 6), state sizes: counts computed at switch level
#     target  Cortex-M3 instruction counts under QEMU with the TCG plugin
#             (figures 1 and 2, sizes, stack), Cortex-M0+ flash/.data/.bss of
#             the core at -Os (figure 3), and the same counts on the Cortex-M0+;
#             then the look-ahead mode on every board (the slot interrupt, the
#             producer, the shortest slot) and the table `a2a budget` reads,
#             bench/results/slot-budget.json, written from these counts; then
#             planning around faults as the controller image plans, per board at
#             its capacity, against a quarter of the watchdog period, and a
#             resumed round against a fresh one (bench_planning); before it the
#             round loop's slices per board at its capacity (bench_runner, and a
#             round of the table family's largest stored set within it) and
#             the runner's slices with planning and diagnosis (bench_slices)
#     slices  only the last two (part of target): a few minutes
#     backends  the switch backends per round on the Cortex-M3 (part of target,
#             bench_backends): each sink's latch, its bytes on the wire and their
#             time at 20 MHz SPI / 400 kHz I2C, the chains' frames against memcpy
#     store   the configuration store (part of target, bench_store): a boot's load, a
#             save's and an erase's passes through the MPS2's and the micro:bit's flash
#     check   a clean round's outputs checked (part of target, bench_check) on every
#             board: ROUND_CHECK's one read at N = 16 and at capacity, and port by port
#     console  the console's transmit ring (part of target, bench_console) on the MPS2 AN385,
#             the micro:bit and the netduinoplus2: the room query of every poll(), a
#             trace line queued and sent through the board's UART (seconds)
#     faults  a fault's standstill on every board at its capacity (part of target,
#             bench_stall): the steps from the one that met a switch marked faulty to the
#             next round under way, and any wait for the completion, in the first, a middle
#             and the last round of every binary topology and with the board's most faults,
#             against 1 ms at the board's clock (a minute)
#     planning  planning around faults, locating hidden ones and resumed rounds on every
#             board (the last part of target, bench_planning): half an hour
# Build directories: ${A2A_BENCH_BUILD:-build/bench}-{host,m3,m0plus,m4f,m7,stm32,nd2},
# each configured from the presets (host, arm-m3, arm-m0plus, arm-m4f, arm-m7,
# arm-m4-stm32, arm-m3-stm32).
# Needs: tools/install-deps.sh --target (adds libbenchmark-dev, QEMU, arm GCC).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

base=${A2A_BENCH_BUILD:-build/bench}
parts=("$@")
if ((${#parts[@]} == 0)); then parts=(host report target); fi
for part in "${parts[@]}"; do
  case "$part" in
    host|report|target|slices|backends|store|check|planning|console|faults) ;;
    *) echo "run-benchmarks: unknown part '$part' (host, report, target, slices, backends, store, check, planning, console, faults)" >&2; exit 2 ;;
  esac
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# build <preset> <dir> <targets...>: configure if needed, build only what is asked.
build() {
  local preset=$1 dir=$2
  shift 2
  echo "run-benchmarks: building ${*} in $dir" >&2
  cmake --preset "$preset" -B "$dir" >"$scratch/configure.log" 2>&1 || { cat "$scratch/configure.log" >&2; exit 1; }
  cmake --build "$dir" --target "$@" >"$scratch/build.log" 2>&1 || { cat "$scratch/build.log" >&2; exit 1; }
}

plugin=
# run <machine> <image> <name>: console to <name>.out, plugin lines to <name>.log
# bench_planning runs for minutes under QEMU on a 2-core machine (its locating part
# alone took over 5 on one): a bound of 30 minutes per image unless given.
run() {
  A2A_QEMU_TIMEOUT=${A2A_QEMU_TIMEOUT:-1800} A2A_QEMU_ARGS="-plugin $plugin -d plugin -D $scratch/$3.log" \
    platform/cortex-m/qemu-run.sh "$1" "$2" >"$scratch/$3.out"
}
# The instruction-count plugin (built by the host compiler in the arm-m3 bench directory).
plugin_built() {
  build arm-m3 "$base-m3" a2a_icount_plugin
  plugin="$base-m3/bench/target/libicount.so"
  [[ $plugin == /* ]] || plugin="$(pwd)/$plugin"  # QEMU runs in this directory too, but say it whole
}
# on_every_board <target> <name>: builds <target> in each board's directory (from its
# preset) and runs it with the plugin; board_args: collect.py's --board OUT:LOG list.
on_every_board() {
  local target=$1 name=$2 entry dir machine preset
  board_args=()
  for entry in m3:mps2-an385 m4f:mps2-an386 m7:mps2-an500 stm32:netduinoplus2 nd2:netduino2 m0plus:microbit; do
    IFS=: read -r dir machine <<<"$entry"
    preset="arm-$dir"
    [[ $dir == stm32 ]] && preset=arm-m4-stm32
    [[ $dir == nd2 ]] && preset=arm-m3-stm32
    build "$preset" "$base-$dir" "$target"
    echo "run-benchmarks: $target on $machine" >&2
    run "$machine" "$base-$dir/bench/target/$target.elf" "$name-$machine"
    board_args+=(--board "$scratch/$name-$machine.out:$scratch/$name-$machine.log")
  done
}
# The runner's slices: the round loop's (docs/PERFORMANCE.md, "The round loop's slices"),
# then with planning and diagnosis ("The runner's slices").
runner_slices() {
  on_every_board bench_runner runner
  python3 bench/target/collect.py runner "${board_args[@]}"
  python3 bench/target/collect.py table "${board_args[@]}"
  on_every_board bench_slices slices
  python3 bench/target/collect.py slices "${board_args[@]}"
}

# A fault's standstill (docs/PERFORMANCE.md, "A fault's standstill"): every board.
fault_standstill() {
  on_every_board bench_stall stall
  python3 bench/target/collect.py stall "${board_args[@]}"
}

# The switch backends per round (docs/PERFORMANCE.md, "Switch backends"): the Cortex-M3.
switch_backends() {
  build arm-m3 "$base-m3" bench_backends
  echo "run-benchmarks: bench_backends on Cortex-M3 (QEMU mps2-an385)" >&2
  run mps2-an385 "$base-m3/bench/target/bench_backends.elf" backends
  python3 bench/target/collect.py backends --console "$scratch/backends.out" --plugin "$scratch/backends.log" --strict
}

# The console's transmit ring (docs/PERFORMANCE.md, "The console's transmit ring"): a
# row per board, from the image's lines and the plugin's groups (room, line).
console_ring() {
  local entry dir preset machine
  echo "| board | ring bytes | room query (every poll) | trace line queued and sent | bytes | per byte |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for entry in m3:arm-m3:mps2-an385 m0plus:arm-m0plus:microbit stm32:arm-m4-stm32:netduinoplus2; do
    IFS=: read -r dir preset machine <<<"$entry"
    build "$preset" "$base-$dir" bench_console
    echo "run-benchmarks: bench_console on $machine" >&2
    run "$machine" "$base-$dir/bench/target/bench_console.elf" "console-$machine"
    python3 - "$scratch/console-$machine.out" "$scratch/console-$machine.log" <<'PY'
import re, sys
out, log = (open(f).read() for f in sys.argv[1:3])
head = re.search(r"board name=(\S+) ring=(\d+) line=(\d+)", out)
groups = [int(m) for m in re.findall(r"a2a-icount intervals=\d+ min=\d+ max=(\d+)", log)]
if not head or len(groups) != 3 or "lost=0" not in out:
    sys.exit("run-benchmarks: bench_console: unexpected output")
name, ring, line = head.group(1), int(head.group(2)), int(head.group(3))
print(f"| {name} | {ring} | {groups[1]} | {groups[2]} | {line} | {groups[2] / line:.1f} |")
PY
  done
}

# The configuration store (docs/PERFORMANCE.md, "The configuration store"): the boards
# whose store QEMU models (the MPS2's SSRAM, the micro:bit's NVMC).
config_store() {
  local entry dir machine preset
  board_args=()
  for entry in m3:mps2-an385 m0plus:microbit; do
    IFS=: read -r dir machine <<<"$entry"
    build "arm-$dir" "$base-$dir" bench_store
    echo "run-benchmarks: bench_store on $machine" >&2
    run "$machine" "$base-$dir/bench/target/bench_store.elf" "store-$machine"
    board_args+=(--board "$scratch/store-$machine.out:$scratch/store-$machine.log")
  done
  python3 bench/target/collect.py store "${board_args[@]}"
}

# Planning around faults on the device and resumed rounds (docs/PERFORMANCE.md, "Planning
# around faults on the device"), and locating hidden faults, on every board.
device_planning() {
  on_every_board bench_planning plan
  python3 bench/target/collect.py planning "${board_args[@]}"
}

# A clean round's outputs checked (docs/PERFORMANCE.md, "Checking the outputs after every
# round"): ROUND_CHECK and port by port, on every board.
round_check() {
  on_every_board bench_check check
  python3 bench/target/collect.py check --strict "${board_args[@]}"
}

for part in "${parts[@]}"; do
  case "$part" in
    check)
      plugin_built
      round_check
      ;;
    planning)
      plugin_built
      device_planning
      ;;
    store)
      plugin_built
      config_store
      ;;
    slices)
      plugin_built
      runner_slices
      ;;
    backends)
      plugin_built
      switch_backends
      ;;
    console)
      plugin_built
      console_ring
      ;;
    faults)
      plugin_built
      fault_standstill
      ;;
    host)
      build host "$base-host" a2a_bench
      echo "run-benchmarks: a2a_bench (about a minute)" >&2
      echo '```'
      "$base-host/bench/host/a2a_bench"
      echo '```'
      ;;
    report)
      build host "$base-host" a2a_bench_report
      "$base-host/bench/host/a2a_bench_report"
      ;;
    target)
      plugin_built
      build arm-m3 "$base-m3" bench_rounds
      echo "run-benchmarks: bench_rounds on Cortex-M3 (QEMU mps2-an385)" >&2
      run mps2-an385 "$base-m3/bench/target/bench_rounds.elf" m3
      python3 bench/target/collect.py icount --console "$scratch/m3.out" --plugin "$scratch/m3.log" --core Cortex-M3 --targets
      build arm-m0plus "$base-m0plus" bench_rounds flash_probe_none flash_probe_latin flash_probe_alternating
      maps="$base-m0plus/bench/target"
      python3 bench/target/collect.py flash --core "Cortex-M0+" --none "$maps/flash_probe_none.elf.map" \
        --family "latin-square=$maps/flash_probe_latin.elf.map" \
        --family "alternating=$maps/flash_probe_alternating.elf.map"
      echo "run-benchmarks: bench_rounds on Cortex-M0+ (QEMU microbit)" >&2
      run microbit "$base-m0plus/bench/target/bench_rounds.elf" m0
      python3 bench/target/collect.py icount --console "$scratch/m0.out" --plugin "$scratch/m0.log" --core "Cortex-M0+"
      # The look-ahead mode (docs/PERFORMANCE.md, "Look-ahead mode"): bench_lookahead
      # on every board, bench_rounds (the direct loop's HAL count) on every core. The
      # plugin starts each interrupt's count at the board's handler, a2a_board_slot_irq.
      lookahead() {  # <machine> <build dir> <name>
        local image="$2/bench/target/bench_lookahead.elf" entry
        entry=$(arm-none-eabi-nm "$image" | awk '$3 == "a2a_board_slot_irq" { print $1 }')
        [[ -n $entry ]] || { echo "run-benchmarks: no a2a_board_slot_irq in $image" >&2; exit 1; }
        echo "run-benchmarks: bench_lookahead on $1" >&2
        A2A_QEMU_ARGS="-plugin $plugin,entry=0x$entry -d plugin -D $scratch/$3.log" \
          platform/cortex-m/qemu-run.sh "$1" "$image" >"$scratch/$3.out"
        boards+=(--board "$scratch/$3.out:$scratch/$3.log")
      }
      boards=()
      build arm-m3 "$base-m3" bench_lookahead
      lookahead mps2-an385 "$base-m3" la-an385
      build arm-m0plus "$base-m0plus" bench_lookahead
      lookahead microbit "$base-m0plus" la-microbit
      for core in m4f:mps2-an386:cortex-m4 m7:mps2-an500:cortex-m7; do
        IFS=: read -r dir machine cpu <<<"$core"
        build "arm-$dir" "$base-$dir" bench_rounds bench_lookahead
        echo "run-benchmarks: bench_rounds on $cpu (QEMU $machine)" >&2
        run "$machine" "$base-$dir/bench/target/bench_rounds.elf" "rounds-$dir"
        lookahead "$machine" "$base-$dir" "la-$machine"
      done
      build arm-m4-stm32 "$base-stm32" bench_lookahead
      lookahead netduinoplus2 "$base-stm32" la-netduinoplus2
      build arm-m3-stm32 "$base-nd2" bench_lookahead
      lookahead netduino2 "$base-nd2" la-netduino2
      mkdir -p bench/results
      python3 bench/target/collect.py lookahead "${boards[@]}" \
        --rounds "cortex-m3=$scratch/m3.out:$scratch/m3.log" --rounds "cortex-m0plus=$scratch/m0.out:$scratch/m0.log" \
        --rounds "cortex-m4=$scratch/rounds-m4f.out:$scratch/rounds-m4f.log" \
        --rounds "cortex-m7=$scratch/rounds-m7.out:$scratch/rounds-m7.log" \
        --json bench/results/slot-budget.json
      runner_slices
      round_check
      switch_backends
      console_ring
      fault_standstill
      config_store
      device_planning
      ;;
  esac
done
