#!/usr/bin/env bash
# Times solar-run (the executor) against the same naive loop nests written in C and compiled
# with `cc -O2`, on three kernels (bench/exec/*.mlir and their peers bench/exec/*.c):
#   matmul   256x256x256 f32, i/j/k, k an iter_args reduction initialised from C
#   conv2d   NCHW [1,32,34,34] * FCHW [32,32,3,3], stride 1, no padding; n,f,p,q, r,s, c innermost
#   softmax  row softmax over [512, 1024]: max, exp+sum, normalise
#
#   bench/exec/run.sh [--runs N]     # timing table (best of N runs each, N=7 by default)
#   bench/exec/run.sh --check        # solar-run (both engines) and the C peers agree
#
# solar-run is $SOLAR_RUN, else build/bin/solar-run, built here with cmake + ninja (Release, as
# scripts/setup.sh does) when build/ is missing, brought up to date otherwise. The peers are
# compiled with `${CC:-cc} -O2` into build/bench/exec/.
#
# Columns: the C engine (`--engine=c`, its compiled program cached under build/bench/exec/cache,
# filled by a first untimed round) on all cores and on one (`--threads 1`), then the
# interpreter (`--engine=interp`, batched innermost loops), each with its ratio to the peer.
# The target: the C engine within 1.5x of cc -O2 (TARGET below). A last line gives what the
# first run of each kernel pays once to compile it (a fresh cache, `--stats`).
#
# Timing: the wall time of whole processes, measured from Python around the process, runs
# interleaved (peer, then each solar-run mode, per kernel, per round). The peer's time covers
# its deterministic input fill, the loop nest and a checksum print; solar-run's covers parsing,
# verification, compilation to bytecode, generating C and finding it in the cache, reading the
# peer's inputs (--input, .npy files written once before the rounds) and the run (no --out-dir). Absolute times are noise; read the ratios (solar-run /
# peer). Results are bit-identical in every mode: cc -O2 (GCC 12) vectorises the peers across
# independent outputs (matmul over j, softmax's normalise pass) and so does the C engine, each
# output still accumulating in source order; the header prints the load average: on a busy
# machine the peers' few milliseconds swing by 2-5x, so prefer a quiet machine or a larger --runs.
#
# --check: each peer writes its inputs and its output as raw floats; Python/numpy turns the inputs
# into .npy files, solar-run runs on them (--input, --out-dir, C engine on 1 and 2 threads, the
# batched interpreter and --no-batch), and its output is compared with the peer's: bit-identical,
# or within rtol 1e-5 / atol 1e-6 for softmax (libm expf against solar-run's exp, which rounds
# exp in float the same way but the peer's expf may differ in the last bit). Exit status 1 when a
# kernel disagrees.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
CC=${CC:-cc}
RUNS=7
MODE=time
KERNELS=(matmul conv2d softmax)

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
        --runs) [ $# -ge 2 ] || { echo "bench: --runs needs a number" >&2; exit 2; }
                RUNS=$2; shift 2 ;;
        --runs=*) RUNS=${1#--runs=}; shift ;;
        --check) MODE=check; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench: --runs wants a positive integer, not '$RUNS'" >&2; exit 2; }

for tool in "$PY" "$CC"; do
    command -v "$tool" >/dev/null || { echo "bench: $tool not found (scripts/deps.sh installs it)" >&2; exit 1; }
done

if [ -z "${SOLAR_RUN:-}" ]; then
    SOLAR_RUN=build/bin/solar-run
    if [ ! -f build/build.ninja ]; then
        echo "bench: configuring build/ (Release)" >&2
        cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    fi
    ninja -C build solar-run >/dev/null || { echo "bench: building solar-run failed" >&2; exit 1; }
    if ! grep -q '^CMAKE_BUILD_TYPE:[A-Z]*=Release$' build/CMakeCache.txt; then
        echo "bench: warning: build/ is not a Release build; timings will be off" >&2
    fi
fi
[ -x "$SOLAR_RUN" ] || { echo "bench: $SOLAR_RUN not found or not executable" >&2; exit 1; }

out=build/bench/exec
mkdir -p "$out"
export SOLAR_CACHE_DIR=$PWD/$out/cache
for k in "${KERNELS[@]}"; do
    if [ ! -x "$out/$k" ] || [ "bench/exec/$k.c" -nt "$out/$k" ] || [ bench/exec/peer.h -nt "$out/$k" ]; then
        "$CC" -O2 -o "$out/$k" "bench/exec/$k.c" -lm
    fi
done

if [ "$MODE" = check ]; then
    exec "$PY" - "$SOLAR_RUN" "$out" "${KERNELS[@]}" <<'PYEOF'
import os, shutil, subprocess, sys
import numpy as np

solar, out, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
# kernel -> (arguments in order with shapes, the argument it writes)
ARGS = {
    "matmul": ([("A", (256, 256)), ("B", (256, 256)), ("C", (256, 256))], "C"),
    "conv2d": ([("in", (1, 32, 34, 34)), ("w", (32, 32, 3, 3)), ("out", (1, 32, 32, 32))], "out"),
    "softmax": ([("X", (512, 1024)), ("Y", (512, 1024))], "Y"),
}
EXACT = {"matmul", "conv2d"}  # same order of f32 operations, no transcendental: bit-identical
failed = False
for k in kernels:
    args, written = ARGS[k]
    d = os.path.join(out, "check", k)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    subprocess.run([os.path.join(out, k), d], check=True, stdout=subprocess.DEVNULL)
    inputs = []
    for name, shape in args:
        a = np.fromfile(os.path.join(d, f"in_{name}.f32"), dtype="<f4").reshape(shape)
        np.save(os.path.join(d, f"{name}.npy"), a)
        inputs += ["--input", f"{name}={os.path.join(d, name + '.npy')}"]
    ref = np.fromfile(os.path.join(d, f"{written}.f32"), dtype="<f4").reshape(dict(args)[written])
    for mode in (["--engine=c"], ["--engine=c", "--threads", "2"], ["--engine=interp"],
                 ["--engine=interp", "--no-batch"]):
        od = os.path.join(d, "solar" + "".join(mode).replace("-", "_").replace("=", "_"))
        os.makedirs(od)
        r = subprocess.run([solar, f"bench/exec/{k}.mlir", *inputs, "--out-dir", od, *mode],
                           capture_output=True, text=True)
        label = f"{k} (solar-run {' '.join(mode)})"
        if r.returncode != 0:
            print(f"check: {label}: solar-run failed (exit {r.returncode}):\n{r.stderr.strip()}")
            failed = True
            continue
        got = np.load(os.path.join(od, f"{written}.npy"))
        diff = np.abs(got.astype(np.float64) - ref.astype(np.float64))
        same = int(np.sum(got.view(np.uint32) == ref.view(np.uint32)))
        if k in EXACT:
            ok = same == ref.size
        else:
            ok = bool(np.allclose(got, ref, rtol=1e-5, atol=1e-6))
        failed |= not ok
        print(f"check: {label:<46} {'OK ' if ok else 'BAD'} {same}/{ref.size} bit-identical, "
              f"max |diff| {diff.max():.3g}, max rel {np.max(diff / np.maximum(np.abs(ref), 1e-30)):.3g}"
              f"{'' if k in EXACT else ' (tolerance rtol 1e-5, atol 1e-6)'}")
print("check: solar-run agrees with the C peers" if not failed else "check: MISMATCH")
sys.exit(1 if failed else 0)
PYEOF
fi

exec "$PY" - "$SOLAR_RUN" "$out" "$RUNS" "$CC" "${KERNELS[@]}" <<'PYEOF'
import os, re, shutil, subprocess, sys, tempfile, time

solar, out, runs, cc, kernels = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
TARGET = 1.5
MODES = [("c", ["--engine=c"]), ("c1", ["--engine=c", "--threads", "1"]),
         ("interp", ["--engine=interp"])]
cmds = {}
for k in kernels:
    cmds[(k, "peer")] = [os.path.join(out, k)]
    for name, flags in MODES:
        cmds[(k, name)] = [solar, f"bench/exec/{k}.mlir", *flags]

def run_once(cmd, env=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed (exit {r.returncode}):\n"
                 + r.stderr.decode(errors="replace")[:2000])
    return t, r.stdout, r.stderr

# What a first run pays to compile (a fresh cache, so the compiler runs), before the timed rounds.
# The peers' own inputs as .npy files: solar-run times the same nests on the same data (and reads
# it, as a validation does, instead of drawing seeded normals).
ARGS = {
    "matmul": [("A", (256, 256)), ("B", (256, 256)), ("C", (256, 256))],
    "conv2d": [("in", (1, 32, 34, 34)), ("w", (32, 32, 3, 3)), ("out", (1, 32, 32, 32))],
    "softmax": [("X", (512, 1024)), ("Y", (512, 1024))],
}
import numpy as np
inputs = {}
for k in kernels:
    d = os.path.join(out, "inputs", k)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    subprocess.run([os.path.join(out, k), d], check=True, stdout=subprocess.DEVNULL)
    inputs[k] = []
    for name, shape in ARGS[k]:
        a = np.fromfile(os.path.join(d, f"in_{name}.f32"), dtype="<f4").reshape(shape)
        np.save(os.path.join(d, f"{name}.npy"), a)
        inputs[k] += ["--input", f"{name}={os.path.join(d, name + '.npy')}"]
for key in list(cmds):
    if key[1] != "peer":
        cmds[key] += inputs[key[0]]

compile_s = {}
with tempfile.TemporaryDirectory() as fresh:
    env = dict(os.environ, SOLAR_CACHE_DIR=fresh)
    for k in kernels:
        _, _, err = run_once([solar, f"bench/exec/{k}.mlir", "--engine=c", "--stats", *inputs[k]], env)
        m = re.search(rb"C engine: ([0-9.]+) s compiling", err)
        compile_s[k] = float(m.group(1)) if m else float("nan")

best = {key: float("inf") for key in cmds}
checksums = {}
for key, cmd in cmds.items():  # one warm-up round (page cache, the compiled-program cache), not counted
    _, so, _ = run_once(cmd)
    if key[1] == "peer":
        checksums[key[0]] = so.decode().strip()
for _ in range(runs):
    for key, cmd in cmds.items():
        t, _, _ = run_once(cmd)
        best[key] = min(best[key], t)

load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
print(f"solar-run ({solar}) against the same loop nests in C ({cc} -O2), "
      f"wall time of the whole process, best of {runs} (load average {load:.1f}, {os.cpu_count()} CPUs)")
print(f"{'kernel':<9} {'peer ms':>8} {'C engine ms':>12} {'ratio':>6}   {'--threads 1':>11} {'ratio':>6}"
      f"   {'interpreter':>11} {'ratio':>6}")
worst = None
for k in kernels:
    p = best[(k, "peer")]
    cols = []
    for name, _ in MODES:
        s = best[(k, name)]
        cols.append((s * 1e3, s / p))
    r = cols[0][1]
    if worst is None or r > worst[1]:
        worst = (k, r)
    print(f"{k:<9} {p * 1e3:>8.1f} {cols[0][0]:>12.1f} {cols[0][1]:>5.2f}x   {cols[1][0]:>11.1f} "
          f"{cols[1][1]:>5.2f}x   {cols[2][0]:>11.1f} {cols[2][1]:>5.2f}x")
for k in kernels:
    print(f"  peer: {checksums[k]}")
print("first run only (compiling, then cached): " +
      ", ".join(f"{k} {compile_s[k]:.2f} s" for k in kernels))
k, r = worst
verdict = "meets" if r <= TARGET else "MISSES"
print(f"worst C engine ratio: {r:.2f}x ({k}); {verdict} the target (solar-run within {TARGET:g}x of cc -O2)")
PYEOF
