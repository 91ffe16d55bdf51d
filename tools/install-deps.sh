#!/usr/bin/env bash
# Installs the build dependencies that are missing (Debian/Ubuntu, apt).
#   tools/install-deps.sh            host build: compilers, CMake, Ninja, doctest, ...
#   tools/install-deps.sh --target   the Cortex-M cross build as well: arm-none-eabi
#                                    GCC, newlib, libstdc++ and qemu-system-arm
#   tools/install-deps.sh --target-only   only the Cortex-M packages
#   tools/install-deps.sh --analysis      the reliability job: clang 14 with its
#                                    sanitizer and libFuzzer runtimes, clang-tidy, clang-format, cppcheck
# Idempotent: does nothing, not even apt-get update, when all are present.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

host_packages=(cmake ninja-build g++ doctest-dev nlohmann-json3-dev python3 libbenchmark-dev
               libxml2-utils  # xmllint: hal_register_svd_schema checks the SVD against the CMSIS-SVD schema
               libcli11-dev   # the tool's command line (platform/host/tool)
               python3-pybind11 python3-numpy python3-pytest  # the Python module (platform/host/python)
               cadical  # a2a search runs the solver program (platform/host/search)
               coinor-cbc  # a2a search --periodic P --solver cbc: the cover as an integer program
               sigrok-cli  # tool_frames_vcd decodes a2a frames --vcd with sigrok's SPI and I2C decoders
               pkg-config)  # package_installed_c_python builds a C program against the installed a2a.pc
# newlib (not picolibc): the images use only its string functions; startup,
# console and exit are our own (platform/cortex-m). libstdc++ brings the C++
# headers (<array>, <span>, ...) for arm-none-eabi.
target_packages=(gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi
                 libstdc++-arm-none-eabi-newlib qemu-system-arm)
# tools/reliability-ci.sh: sanitizer build, fuzz targets (libclang-rt-14-dev has
# the ASan/UBSan and libFuzzer runtimes), static analysis.
analysis_packages=(clang-14 libclang-rt-14-dev clang-tidy-14 clang-format-14 cppcheck)

packages=("${host_packages[@]}")
for arg in "$@"; do
  case "$arg" in
    --target) packages=("${host_packages[@]}" "${target_packages[@]}") ;;
    --target-only) packages=("${target_packages[@]}") ;;
    --analysis) packages=("${host_packages[@]}" "${analysis_packages[@]}") ;;
    -h|--help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-deps: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

missing=()
for pkg in "${packages[@]}"; do
  # "dpkg -s" also succeeds for removed packages with leftover config files,
  # so check the status line.
  if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all dependencies present (${packages[*]})"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  sudo=(sudo)
fi

echo "install-deps: apt-get update"
"${sudo[@]}" apt-get update -qq
echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
