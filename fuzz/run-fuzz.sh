#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`, clang) and runs each one for a
# while. The committed corpus (fuzz/corpus/<target>) is only read: libFuzzer writes
# every new input into a scratch directory, build/fuzz/work/<target>, emptied at
# each run, so a run never grows the repository. Exits nonzero if a target
# crashes, leaks, trips a sanitizer or an invariant; the input that did it is kept
# in build/fuzz/artifacts/<target>/ (add it to the corpus once fixed, with a name).
#   fuzz/run-fuzz.sh [SECONDS] [TARGET...]   default: 60 s each, every target
#   A2A_FUZZ_JOBS=N     targets run N at a time (default 2)
#   A2A_FUZZ_MERGE=1    afterwards, write a minimized corpus (libFuzzer -merge=1 of
#                       the committed corpus and the run's new inputs into a fresh
#                       directory) to build/fuzz/merged/<target>, for review; the
#                       committed corpus is left as it is (fuzz/corpus/README.md
#                       says how to replace it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(fuzz_config_block fuzz_parameters fuzz_dump_reader)
fi
jobs=${A2A_FUZZ_JOBS:-2}

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"

run_one() {
  local target=$1 name=${1#fuzz_}
  local work=build/fuzz/work/$name artifacts=build/fuzz/artifacts/$name
  rm -rf "$work" && mkdir -p "$work" "$artifacts"
  # -timeout: one input may take at most 10 s; -rss_limit_mb: no input may need 2 GB.
  if build/fuzz/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=20000 \
       -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "fuzz/corpus/$name" \
       >"build/fuzz/$name.log" 2>&1; then
    echo "fuzz: $target: $(grep -E '^stat::number_of_executed_units' "build/fuzz/$name.log" | awk '{print $2}') runs in ${seconds} s, no crash"
  else
    echo "fuzz: $target FAILED (log build/fuzz/$name.log, input in $artifacts/):"
    grep -E 'ERROR|SUMMARY|runtime error|deadly signal|Test unit written' "build/fuzz/$name.log" | head -20
    return 1
  fi
  if [[ ${A2A_FUZZ_MERGE:-0} == 1 ]]; then
    local merged=build/fuzz/merged/$name
    rm -rf "$merged" && mkdir -p "$merged"
    build/fuzz/fuzz/"$target" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len=20000 \
      "$merged" "fuzz/corpus/$name" "$work" >"build/fuzz/$name.merge.log" 2>&1
    echo "fuzz: $target: minimized corpus of $(find "$merged" -type f | wc -l) inputs in $merged (fuzz/corpus untouched)"
  fi
}

failed=0
pids=()
for target in "${targets[@]}"; do
  run_one "$target" &
  pids+=($!)
  if ((${#pids[@]} >= jobs)); then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1
done
exit $failed
