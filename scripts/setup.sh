#!/usr/bin/env bash
# README command 1: install dependencies, build a Release solar-opt into build/, run an example.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
ninja -C build
build/bin/solar-opt examples/matmul.mlir --bind M=1024,N=1024,K=1024
build/bin/solar-run examples/matmul.mlir --bind M=2,N=3,K=4 --print --seed 7
