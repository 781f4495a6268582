#!/usr/bin/env bash
# Installs the Debian packages SOLAR-C needs, and only those that are missing.
# Runs apt-get directly as root, through sudo otherwise. Safe to run repeatedly.
set -euo pipefail

packages=(
    flex bison libfl-dev                 # grammar/
    libcjson-dev libcurl4-openssl-dev    # solar-translate (LLM client), hardware/*.json
    cmake ninja-build pkg-config gcc clang make
    llvm-14-tools                        # FileCheck, not, lit.py
    mlir-14-tools                        # mlir-opt-14: the external oracle
    python3                              # Debian's /usr/bin/python3 (lit, bench, corpus tools)
    python3-numpy python3-torch          # reference outputs of examples/ (numpy, PyTorch twins)
    libopenblas0-pthread                 # numpy's BLAS (the reference BLAS is 60x slower)
    time                                 # GNU /usr/bin/time for bench/run.sh
    chromium                             # headless: renders the HTML report in its test
)

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps.sh: not a Debian system; install these yourself: ${packages[*]}" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "deps.sh: missing packages and neither root nor sudo: ${missing[*]}" >&2
    exit 1
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
