#!/usr/bin/env bash
# gpu-check: measure a real NVIDIA GPU (an H200 by default) against its device model and the
# SOL bounds, in one prepared run of a few minutes (at most 8: the build stops after 150 s,
# the measurements after 300 s).
#
#   scripts/gpu-check.sh [--dry-run] [--out DIR] [--hw FILE] [--build-only] [--reps N]
#                        [--build-dir DIR]
#   scripts/gpu-check.sh --update-bounds [--solar-opt PATH]
#
# 1. builds gpu/*.cu with nvcc (PATH, then /usr/local/cuda/bin) into DIR/gpu-check (--build-dir,
#    default build/gpu-check):
#    sm_90 code plus compute_90 PTX (later GPUs JIT it), cudart static, cuBLAS static when the
#    toolkit has libcublas_static.a, else the toolkit's shared cuBLAS (rpath set); a binary
#    newer than its sources, built by this machine's nvcc, is reused, and a prebuilt one
#    travels with the tree (carry build/gpu-check) to a machine without nvcc;
# 2. runs it (HBM/L2/shared-memory bandwidth, FP32 FMA and cuBLAS GEMM rates, timed kernels)
#    into DIR/measurements.csv (default build/gpu-check/);
# 3. writes DIR/gpu-check.md (the table README quotes) and DIR/gpu-check.csv with
#    scripts/gpu-check-report.py: every rate against the model figure it must not exceed
#    (gpu/kernels.json, --hw, default hardware/h200.json), every kernel time against the bounds
#    solar-opt gave for it (gpu/bounds.json, so no solar-opt is needed on the GPU machine).
# --dry-run: no CUDA call (no GPU needed; builds if nvcc exists, else skips the binary):
#    synthetic values exercise the report and the table. --build-only: step 1 only.
# --update-bounds: recomputes gpu/bounds.json with solar-opt (default build/bin/solar-opt)
#    after the device model or the bounds change; a lit test checks it is current.
# Exit status: 0 all checks pass, 3 a violation, 1 a step failed, 2 bad usage.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

out=$ROOT/build/gpu-check dry=0 build_only=0 update=0 hw="" reps=10 solar_opt=$ROOT/build/bin/solar-opt
bdir=$ROOT/build/gpu-check
while [ $# -gt 0 ]; do
    case $1 in
        --dry-run) dry=1; shift ;;
        --build-only) build_only=1; shift ;;
        --update-bounds) update=1; shift ;;
        --out) out=${2:?--out needs a folder}; shift 2 ;;
        --build-dir) bdir=${2:?--build-dir needs a folder}; shift 2 ;;
        --hw) hw=${2:?--hw needs a device file}; shift 2 ;;
        --reps) reps=${2:?--reps needs a number}; shift 2 ;;
        --solar-opt) solar_opt=${2:?--solar-opt needs a path}; shift 2 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "gpu-check.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case $reps in ''|*[!0-9]*|0) echo "gpu-check.sh: --reps needs a positive number" >&2; exit 2 ;; esac
hwargs=()
[ -z "$hw" ] || hwargs=(--hw "$hw")

if [ "$update" = 1 ]; then
    [ -x "$solar_opt" ] || { echo "gpu-check.sh: no solar-opt at $solar_opt (build first)" >&2; exit 1; }
    exec "$PY" scripts/gpu-check-report.py --update-bounds --solar-opt "$solar_opt" "${hwargs[@]}"
fi

mkdir -p "$out" "$bdir"
bin=$(cd "$bdir" && pwd)/gpu-check
units=(gpu/gpu_check.cu gpu/bench_memory.cu gpu/bench_compute.cu gpu/bench_kernels.cu)
sources=(gpu/check.h "${units[@]}")

find_nvcc() {
    command -v nvcc 2>/dev/null && return 0
    local c
    for c in /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc; do
        [ -x "$c" ] && { echo "$c"; return 0; }
    done
    return 1
}

# Rebuilt when a source is newer, or when this machine's nvcc is not the one that built it
# (a binary from another toolkit may need a newer driver than this machine has).
stale() {
    [ -x "$bin" ] || return 0
    local s
    for s in "${sources[@]}"; do [ "$s" -nt "$bin" ] && return 0; done
    [ -n "${1:-}" ] && ! "$1" --version 2>/dev/null | cmp -s - "$bin.nvcc" && return 0
    return 1
}

nvcc=$(find_nvcc || true)
if stale "$nvcc"; then
    if [ -n "$nvcc" ]; then
        cuda=$(dirname "$(dirname "$nvcc")")
        libdir=$cuda/lib64
        [ -d "$libdir" ] || libdir=$cuda/targets/x86_64-linux/lib
        if [ -e "$libdir/libcublas_static.a" ]; then
            blas=(-lcublas_static -lcublasLt_static -lculibos)
        else
            blas=(-lcublas "-Xlinker" "-rpath=$libdir")
        fi
        echo "gpu-check.sh: building $bin with $nvcc"
        timeout 150 "$nvcc" -O2 -std=c++17 -cudart static \
            -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90 \
            -Xcompiler -Wall,-Wextra -o "$bin.tmp" "${units[@]}" -L"$libdir" "${blas[@]}" ||
            { echo "gpu-check.sh: nvcc failed" >&2; exit 1; }
        mv "$bin.tmp" "$bin"
        "$nvcc" --version > "$bin.nvcc" 2>/dev/null || true
    elif [ "$dry" = 0 ] || [ "$build_only" = 1 ]; then
        echo "gpu-check.sh: no nvcc and no up-to-date $bin: cannot build" >&2
        exit 1
    fi
fi
[ "$build_only" = 1 ] && { echo "gpu-check.sh: built $bin"; exit 0; }

m=$out/measurements.csv
if [ "$dry" = 1 ] && [ ! -x "$bin" ]; then
    # No binary here: the rows it would print, all without values.
    "$PY" - "$m" <<'EOF'
import json, sys
k = json.load(open("gpu/kernels.json"))
with open(sys.argv[1], "w") as f:
    f.write("# dry run without a gpu-check binary (no nvcc here)\n")
    for rid in k["rates"]:
        unit = "OP/s" if rid.endswith("i8_rate") else "B/s" if rid.split("_")[0] in ("hbm", "l2", "smem") else "FLOP/s"
        f.write("%s,rate,dry-run,%s,%s\n" % (rid, unit, rid))
    for rid in k["kernels"]:
        f.write("%s,time,dry-run,s,%s\n" % (rid, rid))
EOF
else
    flags=(--reps "$reps")
    [ "$dry" = 1 ] && flags+=(--dry-run)
    status=0
    timeout 300 "$bin" "${flags[@]}" > "$m" || status=$?
    [ "$status" = 0 ] || echo "gpu-check.sh: gpu-check exited $status (the table marks what is missing)" >&2
    [ "$status" = 124 ] && echo "gpu-check.sh: gpu-check ran past 300 s and was stopped" >&2
fi
report=(--measurements "$m" --out-dir "$out")
[ "$dry" = 1 ] && report+=(--dry-run)
rstatus=0
"$PY" scripts/gpu-check-report.py "${report[@]}" "${hwargs[@]}" || rstatus=$?
# A violation (3) or a report error decides; else a failed measurement run is a failure.
[ "$rstatus" != 0 ] && exit "$rstatus"
[ "${status:-0}" = 0 ] || exit 1
