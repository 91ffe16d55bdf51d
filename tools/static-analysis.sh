#!/usr/bin/env bash
# Static analysis of the firmware (firmware/) and the HAL (hal/): clang-tidy with
# the repository's .clang-tidy and cppcheck with tools/cppcheck-suppressions.txt.
# Exits nonzero on any finding. Analyses whatever is in those folders when it
# runs (new files included, nothing to register):
#  - every header, through a generated translation unit that includes only it
#    (so each header must also be self-contained);
#  - every .cpp and the controller image's main, with the image's default
#    build-time configuration; it instantiates the whole controller (driver,
#    round loop, every schedule family), so the path-sensitive checks
#    (clang-analyzer-*) see real code, not just uninstantiated templates.
#  - function size (readability-function-size, thresholds in .clang-tidy: 80 lines,
#    90 statements as clang counts them, every nested statement included) over every
#    function of firmware/, hal/ and platform/: the host sources through the host
#    build's compile_commands.json, every header through its own unit, the board
#    support and the image with the image's configuration.
#  - the one formatting standard (tools/check-format.sh: .clang-format, 120 columns).
#   tools/static-analysis.sh              all four
#   tools/static-analysis.sh tidy|cppcheck|size|format   one of them
#   A2A_JOBS=N   clang-tidy processes in parallel (default 2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
what=${1:-all}
jobs=${A2A_JOBS:-2}
work=build/static-analysis
rm -rf "$work" && mkdir -p "$work/tu"

if [[ $what == format ]]; then exec tools/check-format.sh; fi
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [[ -z $tidy && $what != cppcheck ]]; then
  echo "static-analysis: clang-tidy not found (tools/install-deps.sh --analysis)" >&2; exit 2
fi
if ! command -v cppcheck >/dev/null && [[ $what != tidy ]]; then
  echo "static-analysis: cppcheck not found (tools/install-deps.sh --analysis)" >&2; exit 2
fi

# The host build's configuration: a2a/version.hpp and the tool's generated headers
# are written when it is configured (nothing needs building), and its
# compile_commands.json names the host sources' flags for the size pass.
host=build/host
if [[ ! -f $host/compile_commands.json ]]; then
  cmake --preset host >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 2; }
fi

# Include roots: the library, the HAL, the firmware app, and the board headers
# the board entry point needs (MMIO bus, console); the generated version header.
includes=(-I "$root/$host/generated/include")
while IFS= read -r dir; do includes+=(-I "$root/$dir"); done < <(
  find firmware hal platform/mmio platform/cortex-m -type d -name include 2>/dev/null | sort)
defines=(-DA2A_FW_TOPOLOGY='"omega"' -DA2A_FW_PORTS=16U -DA2A_FW_RADIX=2U -DA2A_FW_SCHEDULE='"auto"'
         -DA2A_FW_ORDER='"natural"' -DA2A_FW_MAX_PORTS=256U -DA2A_FW_PLAN_SLOTS=3U -DA2A_FW_PLAN_FAULTS=4U -DA2A_FW_WATCHDOG_MS=2000U)
flags=("${includes[@]}" "${defines[@]}")

# A header's own unit includes just it; a private part of another header (marked
# `// IWYU pragma: private, include "a2a/..."`, e.g. Device's commands) is analysed
# through the header it belongs to.
unit_header() {
  local owner
  owner=$(sed -n 's/^\/\/ IWYU pragma: private, include "\(.*\)"$/\1/p' "$1" | head -1)
  if [[ -n $owner ]]; then printf '#include <%s>\n' "$owner"; else printf '#include "%s/%s"\n' "$root" "$1"; fi
}

units=()
while IFS= read -r header; do
  tu="$work/tu/$(tr '/.' '__' <<<"$header").cpp"
  unit_header "$header" >"$tu"
  units+=("$tu")
done < <(find firmware hal -name '*.hpp' -o -name '*.h' | sort)
while IFS= read -r source; do units+=("$root/$source"); done < <(find firmware hal -name '*.cpp' | sort)
# The controller image's main: it instantiates the whole device over the board.
units+=("$root/platform/cortex-m/controller/main.cpp")
echo "static-analysis: ${#units[@]} translation units (every header and source of firmware/ and hal/, the image's main)"

status=0
if [[ $what == all ]]; then
  tools/check-format.sh || status=1
fi
if [[ $what == all || $what == tidy ]]; then
  start=$SECONDS
  # One log per unit; findings are counted only where they are: firmware/ or hal/.
  # sh -c gets: $0 clang-tidy, $1 the unit, $2 the log folder, then the compiler flags.
  printf '%s\n' "${units[@]}" | xargs -P "$jobs" -I{} sh -c \
    'tidy=$0 unit=$1 logs=$2; shift 2; "$tidy" --quiet "$unit" -- -std=c++20 "$@" > "$logs/$(basename "$unit").log" 2>&1 || true' \
    "$tidy" {} "$work" "${flags[@]}"
  findings=$(cat "$work"/*.log | grep -E "^$root/(firmware|hal)/[^:]+:[0-9]+:[0-9]+: (warning|error):" | sort -u || true)
  errors=$(cat "$work"/*.log | grep -E "error: .*\[clang-diagnostic-error\]" | sort -u || true)
  if [[ -n $findings || -n $errors ]]; then
    echo "clang-tidy: findings:"
    printf '%s\n' "$findings" "$errors" | sed "s#^$root/##" | sed '/^$/d'
    status=1
  else
    echo "clang-tidy: clean ($((SECONDS - start)) s, $($tidy --version | grep -o 'version [0-9.]*'))"
  fi
fi

if [[ $what == all || $what == size ]]; then
  start=$SECONDS
  # Every folder that declares headers, the tool's, the generated ones, the drivers'.
  size_includes=(-I "$root/$host/generated/include" -I "$root/$host/platform/host/tool/generated"
                 -I "$root/platform/host/tool" -I "$root/platform/cortex-m")
  while IFS= read -r dir; do size_includes+=(-I "$root/$dir"); done < <(
    { find firmware hal platform -type d -name include; find platform/cortex-m/drivers -mindepth 1 -maxdepth 1 -type d; } | sort)
  mkdir -p "$work/size"
  size_units=()
  while IFS= read -r header; do
    tu="$work/size/$(tr '/.' '__' <<<"$header").cpp"
    unit_header "$header" >"$tu"
    size_units+=("$tu")
  done < <(
    # firmware/ and hal/ headers: their own units in the tidy pass check function size
    # too (readability-*); here, when the size pass runs alone. platform/host's headers
    # are parsed through the host sources.
    if [[ $what == size ]]; then find firmware hal -name '*.hpp'; fi
    find platform -name '*.hpp' -not -path 'platform/host/*' | sort)
  # The board support and the image's sources (C++ here; their C is checked as C below).
  while IFS= read -r source; do size_units+=("$root/$source"); done < <(
    find platform/cortex-m platform/emulated -name '*.cpp' | sort)
  c_units=()
  while IFS= read -r source; do c_units+=("$root/$source"); done < <(find platform/cortex-m -name '*.c' | sort)
  host_units=()
  while IFS= read -r source; do host_units+=("$source"); done < <(
    python3 -c 'import json, sys; print("\n".join(sorted({e["file"] for e in json.load(open(sys.argv[1]))
      if "/platform/" in e["file"] or "/firmware/" in e["file"]})))' "$host/compile_commands.json")
  # g++'s own warning options in the host's compile commands are not clang's.
  size=(--quiet --checks=-*,readability-function-size --header-filter="^$root/(firmware|hal|platform)/"
        --extra-arg=-Wno-unknown-warning-option)
  size_flags=("${size_includes[@]}" "${defines[@]}" -DA2A_BOARD_EMULATED_FABRIC -DA2A_FW_SLOT_TIMER)
  {
    printf '%s\n' "${host_units[@]}" | xargs -P "$jobs" -I{} "$tidy" "${size[@]}" -p "$host" {} 2>&1 || true
    printf '%s\n' "${size_units[@]}" | xargs -P "$jobs" -I{} "$tidy" "${size[@]}" {} -- -std=c++20 "${size_flags[@]}" 2>&1 || true
    # The board's C as the board compiles it: Cortex-M registers in its inline assembly.
    printf '%s\n' "${c_units[@]}" | xargs -P "$jobs" -I{} "$tidy" "${size[@]}" {} -- -std=c11 --target=armv7m-none-eabi \
      -mthumb -ffreestanding -isystem /usr/lib/arm-none-eabi/include "${size_flags[@]}" -DA2A_BOARD_CPU_HZ=25000000U 2>&1 || true
  } >"$work/size.log"
  findings=$(grep -A2 -E "^$root/(firmware|hal|platform)/[^:]+:[0-9]+:[0-9]+: warning: .*readability-function-size" "$work/size.log" |
             grep -E "(warning|note):" | sed "s#^$root/##" | sort -u || true)
  errors=$(grep -E "error: " "$work/size.log" | sort -u || true)
  units_checked=$(( ${#host_units[@]} + ${#size_units[@]} + ${#c_units[@]} ))
  if [[ -n $findings || -n $errors ]]; then
    echo "function size: over the thresholds (or a unit that did not parse):"
    printf '%s\n' "$findings" "$errors" | sed "s#$root/##" | sed '/^$/d'
    status=1
  else
    echo "function size: every function of firmware/, hal/ and platform/ within 80 lines and 90 statements ($units_checked units, $((SECONDS - start)) s)"
  fi
fi

if [[ $what == all || $what == cppcheck ]]; then
  start=$SECONDS
  if cppcheck --language=c++ --std=c++20 --enable=warning,style,performance,portability --inline-suppr -q \
       --suppressions-list=tools/cppcheck-suppressions.txt --error-exitcode=1 -j "$jobs" \
       --template='{file}:{line}:{column}: {severity}: {message} [{id}]' "${flags[@]}" "${units[@]}" \
       >"$work/cppcheck.log" 2>&1; then
    echo "cppcheck: clean ($((SECONDS - start)) s, $(cppcheck --version))"
  else
    echo "cppcheck: findings:"
    sed "s#$root/##" "$work/cppcheck.log" | sort -u
    status=1
  fi
fi
exit $status
