#!/bin/sh
# The installed tree serves C and Python users (docs/c-api.md, docs/python.md):
#   installed_test.sh PREFIX C_SOURCE WORK_DIR VERSION [PYTHON]
# builds C_SOURCE with `cc $(pkg-config --cflags --libs a2a)` from PREFIX's a2a.pc
# and runs it, then (with PYTHON) imports the module installed under PREFIX as the
# user's site-packages; both must print VERSION. PREFIX comes from package_install.
set -eu
prefix=$1 source=$2 work=$3 version=$4 python=${5:-}
mkdir -p "$work"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export PKG_CONFIG_PATH
[ "$(pkg-config --modversion a2a)" = "$version" ] || { echo "a2a.pc says $(pkg-config --modversion a2a), not $version"; exit 1; }
# shellcheck disable=SC2046  # pkg-config's words are separate arguments
cc -std=c99 -Wall -Wextra -Werror "$source" $(pkg-config --cflags --libs a2a) -o "$work/c_consumer"
out=$("$work/c_consumer")
echo "$out"
case $out in "a2a $version: "*) ;; *) echo "the C program did not print a2a $version"; exit 1 ;; esac
if [ -n "$python" ]; then
  # The prefix as the user base: its lib/python3.X/site-packages is on sys.path.
  out=$(cd "$work" && PYTHONUSERBASE="$prefix" "$python" -c 'import a2a; print(a2a.__version__, a2a.__file__)')
  echo "python: $out"
  case $out in "$version $prefix/"*) ;; *) echo "python3 did not import the installed module $version"; exit 1 ;; esac
fi
echo "installed tree: C via pkg-config and Python import give $version"
