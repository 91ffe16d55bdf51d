#!/usr/bin/env bash
# Configures, builds and tests the host preset and the Cortex-M presets (in
# QEMU); exits nonzero if any configure, build or test fails. Every preset runs
# even after a failure, so one run reports all of them.
#   A2A_TARGET_PRESETS   Cortex-M presets to run (default: all five boards)
#   A2A_SMOKE_PRESETS    board presets of which only the controller image is built
#                        and one console session run (firmware_default), to keep
#                        every board building at a small cost (default:
#                        arm-m3-stm32, the netduino2; none when A2A_TARGET_PRESETS
#                        is set)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

presets=(host ${A2A_TARGET_PRESETS-arm-m3 arm-m4f arm-m7 arm-m0plus arm-m4-stm32})
if [[ -v A2A_TARGET_PRESETS ]]; then
  smoke=(${A2A_SMOKE_PRESETS-})
else
  smoke=(${A2A_SMOKE_PRESETS-arm-m3-stm32})
fi

tools/install-deps.sh --target

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
total_passed=0
total_failed=0
# run_preset <preset> [<build target> <ctest regex>]: configure, build, test; the
# test summary is added to the totals.
run_preset() {
  local preset=$1 start=$SECONDS build_args=() test_args=()
  if (($# > 1)); then
    build_args=(--target "$2")
    test_args=(-R "$3")
    echo "=== $preset: configure, build $2, test $3"
  else
    echo "=== $preset: configure, build, test"
  fi
  if ! cmake --preset "$preset" || ! cmake --build --preset "$preset" "${build_args[@]}"; then
    failed+=("$preset (configure/build)")
    return
  fi
  if ! ctest --preset "$preset" "${test_args[@]}" 2>&1 | tee "$log"; then
    failed+=("$preset")
  fi
  # "100% tests passed, 0 tests failed out of 18": add up over the presets.
  if summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log"); then
    read -r nfailed ntotal < <(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1 \2/' <<<"$summary")
    total_passed=$((total_passed + ntotal - nfailed))
    total_failed=$((total_failed + nfailed))
  fi
  echo "=== $preset: $((SECONDS - start)) s"
}

for preset in "${presets[@]}"; do
  run_preset "$preset"
done
for preset in "${smoke[@]}"; do
  run_preset "$preset" a2a_controller '^firmware_default$'
done

echo "=== presets run: ${presets[*]}${smoke[*]:+ (controller image and one session: ${smoke[*]})}"
if ((${#failed[@]} > 0)); then
  echo "=== FAILED: ${failed[*]}"
fi
echo "total: $total_passed passed, $total_failed failed"
if ((${#failed[@]} > 0)); then
  exit 1
fi
