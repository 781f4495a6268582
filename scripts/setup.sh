#!/usr/bin/env bash
# README command 1: install what is missing, build a Release tree into build/, then the main
# job on an example: import a PyTorch model (validated against PyTorch at small sizes) and
# print its SOL report at the model's own sizes on an H100 SXM.
#   scripts/setup.sh [MODEL.py] [DEVICE]     (default examples/linear_bias_relu.py h100-sxm)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

model=${1:-examples/linear_bias_relu.py}
device=${2:-h100-sxm}

scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
ninja -C build

out=build/setup/$(basename "$model" .py).mlir
mkdir -p build/setup
echo "\$ build/bin/solar-import $model -o $out"
build/bin/solar-import "$model" -o "$out"
# The imported IR takes the model's size constants as index arguments; its header says the
# model's own values (`// sizes.real: ...`), which --bind gives back for the report.
sizes=$(sed -n 's|^// sizes.real:[[:space:]]*||p' "$out" | head -n 1 | tr -d ' ')
echo "\$ build/bin/solar-opt $out ${sizes:+--bind $sizes }--lift-einsum --sol-unfused --sol-fused --sol-cache --hw $device"
build/bin/solar-opt "$out" ${sizes:+--bind "$sizes"} --lift-einsum --sol-unfused --sol-fused \
    --sol-cache --hw "$device"
