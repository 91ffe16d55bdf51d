#!/bin/sh
# hal_register_svd_schema: generate the SVD into the build directory and validate it
# against the CMSIS-SVD schema. Exits 77 (CTest SKIP_RETURN_CODE: reported as
# skipped, never as passed) when xmllint or the schema is missing.
#   register_svd_schema.sh <a2a_register_export> <CMSIS-SVD.xsd> <out-dir>
set -eu
exporter=$1 schema=$2 out=$3
if ! command -v xmllint >/dev/null 2>&1; then
  echo "SKIP: xmllint not installed (Debian: libxml2-utils, tools/install-deps.sh)"; exit 77
fi
if [ ! -f "$schema" ]; then
  echo "SKIP: no CMSIS-SVD schema at $schema"; exit 77
fi
mkdir -p "$out"
# The controller image's block, the smallest and the largest capacity.
"$exporter" svd > "$out/a2a-fabric.svd"
"$exporter" svd 2 1 0 > "$out/a2a-fabric-2x1.svd"
"$exporter" svd 65536 16 0 > "$out/a2a-fabric-65536x16.svd"
for f in "$out/a2a-fabric.svd" "$out/a2a-fabric-2x1.svd" "$out/a2a-fabric-65536x16.svd"; do
  xmllint --noout --schema "$schema" "$f"
done
