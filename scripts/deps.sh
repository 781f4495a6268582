#!/usr/bin/env bash
# Installs what SOLAR-C needs, and only what is missing; safe to run repeatedly.
#  1. The Debian packages below (apt-get as root, through sudo otherwise).
#  2. The project venv .venv/ (Debian's python3, --system-site-packages so Debian's numpy and
#     torch stay the ones imported) with python/requirements.txt (JAX and Flax, which Debian
#     lacks) from PyPI. It is rebuilt only when requirements.txt changed since the last
#     install (.venv/requirements.sha256); SOLAR_NO_VENV=1 skips it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(
    flex bison libfl-dev                 # grammar/
    libcjson-dev libcurl4-openssl-dev    # solar-translate (LLM client), hardware/*.json
    cmake ninja-build pkg-config gcc clang make
    llvm-14-tools                        # FileCheck, not, lit.py
    mlir-14-tools                        # mlir-opt-14: the external oracle
    python3                              # Debian's /usr/bin/python3 (lit, bench, corpus tools)
    python3-venv                         # the project venv .venv/ (JAX and Flax from PyPI)
    python3-numpy python3-torch          # reference outputs of examples/ (numpy, PyTorch twins)
    libopenblas0-pthread                 # numpy's BLAS (the reference BLAS is 60x slower)
    time                                 # GNU /usr/bin/time for bench/run.sh
    chromium                             # headless: renders the HTML report in its test
)

install_debian_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "deps.sh: not a Debian system; install these yourself: ${packages[*]}" >&2
        return 0
    fi
    local missing=() p as_root
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0

    if [ "$(id -u)" -eq 0 ]; then
        as_root=()
    elif command -v sudo >/dev/null 2>&1; then
        as_root=(sudo)
    else
        echo "deps.sh: missing packages and neither root nor sudo: ${missing[*]}" >&2
        return 1
    fi

    echo "deps.sh: installing ${missing[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# What the venv must import, with numpy and torch still Debian's (a numpy 2 in the venv would
# shadow Debian's and break torch 1.13, which is compiled against numpy 1.x).
venv_check='
import numpy, torch, jax, jax.numpy as jnp, flax.linen, einops
for m in (numpy, torch):
    assert m.__file__.startswith("/usr/lib/python3/"), "not from Debian: " + m.__file__
jax.make_jaxpr(lambda x: jnp.tanh(x) @ x.T)(jnp.ones((2, 3)))
torch.tanh(torch.ones(2, 3)).numpy()
'

install_venv() {
    local venv=.venv req=python/requirements.txt
    local stamp=$venv/requirements.sha256 want
    want=$({ cat "$req"; /usr/bin/python3 --version; } | sha256sum | cut -d' ' -f1)
    if [ -x "$venv/bin/python3" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
        return 0
    fi
    echo "deps.sh: building the project venv $venv (python/requirements.txt from PyPI)"
    rm -rf "$venv"
    /usr/bin/python3 -m venv --system-site-packages "$venv"
    if ! "$venv/bin/python3" -m pip install -q --no-deps --only-binary=:all: \
        --disable-pip-version-check --no-input -r "$req"; then
        echo "deps.sh: pip could not install $req into $venv (is PyPI reachable?)" >&2
        rm -rf "$venv"
        return 1
    fi
    if ! "$venv/bin/python3" -c "$venv_check"; then
        echo "deps.sh: the venv $venv does not import numpy, torch, jax, flax and einops together" >&2
        rm -rf "$venv"
        return 1
    fi
    echo "$want" >"$stamp"
}

install_debian_packages
[ "${SOLAR_NO_VENV:-0}" = 1 ] || install_venv
