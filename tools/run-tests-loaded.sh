#!/usr/bin/env bash
# Runs the README's test command (tools/run-tests.sh) on a loaded machine: Debian's
# stress-ng keeps every core busy beside it (stress-ng --cpu $(nproc)), as a developer's
# other builds would. Twice in a row by default; exits nonzero at the first run that
# fails. Not part of CI (it takes two to three times the idle run, twice); run it before
# a change to firmware/, the boards or the device sessions lands (docs/testing.md,
# "On a loaded machine").
#   A2A_LOADED_RUNS     runs in a row (default 2)
#   A2A_STRESS_CPUS     stress-ng workers (default: nproc)
#   A2A_TARGET_PRESETS  passed on to run-tests.sh (a subset of the boards)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v stress-ng >/dev/null 2>&1; then
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends stress-ng
fi

runs=${A2A_LOADED_RUNS:-2}
cpus=${A2A_STRESS_CPUS:-$(nproc)}
stress_pid=""
stop_stress() { [[ -n "$stress_pid" ]] && kill "$stress_pid" 2>/dev/null && wait "$stress_pid" 2>/dev/null; stress_pid=""; }
trap stop_stress EXIT

for ((run = 1; run <= runs; ++run)); do
  echo "=== loaded run $run/$runs: stress-ng --cpu $cpus beside tools/run-tests.sh"
  stress-ng --cpu "$cpus" --timeout 6h --quiet &
  stress_pid=$!
  start=$SECONDS
  status=0
  tools/run-tests.sh || status=$?
  stop_stress
  echo "=== loaded run $run/$runs: exit $status after $((SECONDS - start)) s"
  if ((status != 0)); then
    echo "=== loaded runs: FAILED in run $run"
    exit "$status"
  fi
done
echo "=== loaded runs: $runs of $runs passed"
