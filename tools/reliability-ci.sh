#!/usr/bin/env bash
# The reliability job (docs/reliability.md), run by CI after tools/run-tests.sh:
#  1. the host tests under AddressSanitizer + UndefinedBehaviorSanitizer (preset
#     host-asan, clang, no recovery; the exhaustive and slow sweeps and the freestanding
#     symbol checks are left to the plain host run, see CMakePresets.json);
#  2. a fuzz smoke run of every libFuzzer target (preset fuzz), A2A_FUZZ_SECONDS
#     each (default 40), two at a time;
#  3. static analysis of firmware/ and hal/ (clang-tidy, cppcheck).
# Every step runs even after a failure; exits nonzero if any failed.
#   tools/reliability-ci.sh [asan|fuzz|static ...]   only these steps
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

steps=("$@")
if ((${#steps[@]} == 0)); then
  steps=(asan fuzz static)
fi

tools/install-deps.sh --analysis

failed=()
report=()
for step in "${steps[@]}"; do
  start=$SECONDS
  echo "=== reliability: $step"
  case "$step" in
    asan) cmd='cmake --preset host-asan && cmake --build --preset host-asan && ctest --preset host-asan' ;;
    fuzz) cmd="fuzz/run-fuzz.sh ${A2A_FUZZ_SECONDS:-40}" ;;
    static) cmd='tools/static-analysis.sh' ;;
    *) echo "reliability-ci: unknown step '$step' (asan, fuzz, static)" >&2; exit 2 ;;
  esac
  if bash -c "set -euo pipefail; $cmd"; then
    report+=("$step: ok, $((SECONDS - start)) s")
  else
    report+=("$step: FAILED, $((SECONDS - start)) s")
    failed+=("$step")
  fi
done

echo "=== reliability summary"
printf '  %s\n' "${report[@]}"
if ((${#failed[@]} > 0)); then
  echo "=== reliability FAILED: ${failed[*]}"
  exit 1
fi
