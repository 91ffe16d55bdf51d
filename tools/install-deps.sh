#!/usr/bin/env bash
# Installs the host build dependencies that are missing (Debian/Ubuntu, apt).
# Idempotent: does nothing, not even apt-get update, when all are present.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(cmake ninja-build g++ doctest-dev nlohmann-json3-dev python3)

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
