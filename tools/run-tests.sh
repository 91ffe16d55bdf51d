#!/usr/bin/env bash
# Configures, builds and tests the host preset and the Cortex-M presets (in
# QEMU); exits nonzero if any configure, build or test fails. Every preset runs
# even after a failure, so one run reports all of them.
#   A2A_TARGET_PRESETS   Cortex-M presets to run (default: all five boards)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

presets=(host ${A2A_TARGET_PRESETS-arm-m3 arm-m4f arm-m7 arm-m0plus arm-m4-stm32})

tools/install-deps.sh --target

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
total_passed=0
total_failed=0
for preset in "${presets[@]}"; do
  start=$SECONDS
  echo "=== $preset: configure, build, test"
  if ! cmake --preset "$preset" || ! cmake --build --preset "$preset"; then
    failed+=("$preset (configure/build)")
    continue
  fi
  if ! ctest --preset "$preset" 2>&1 | tee "$log"; then
    failed+=("$preset")
  fi
  # "100% tests passed, 0 tests failed out of 18": add up over the presets.
  if summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log"); then
    read -r nfailed ntotal < <(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1 \2/' <<<"$summary")
    total_passed=$((total_passed + ntotal - nfailed))
    total_failed=$((total_failed + nfailed))
  fi
  echo "=== $preset: $((SECONDS - start)) s"
done

echo "=== presets run: ${presets[*]}"
if ((${#failed[@]} > 0)); then
  echo "=== FAILED: ${failed[*]}"
fi
echo "total: $total_passed passed, $total_failed failed"
if ((${#failed[@]} > 0)); then
  exit 1
fi
