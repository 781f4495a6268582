#!/usr/bin/env bash
# Validates whole networks with solar-run and times it: the IR of a PyTorch model (from
# solar-import) run at batch 2 on the inputs and weights PyTorch used, its output compared with
# PyTorch's under the repo's tolerance rule (f32: rtol 1e-4, atol 1e-5 times max(1, max|ref|),
# lib/Exec/tolerance.h; --precision=wide, as solar-translate and solar-import validate).
#   vgg16     KernelBench level 3 problem 11 (VGG-16, 224x224 images: a literal), batch 2
#   resnet50  examples/resnet50.py (ResNet-50, 224x224), batch 2
#
#   bench/exec/networks.sh [--only vgg16|resnet50] [--precision wide|exact] [--runs N]
#
# Per network: solar-import (--no-validate; cached in build/bench/exec/networks/, redone when
# the model or the importer's Python changes), then the reference (python/solar_reference.py: PyTorch's
# forward on seeded inputs, its inputs, weights and output as .npy files), then solar-run with
# --input for every argument and --compare for the output:
#   cold      the first run: the C engine compiles the program (an empty cache), all cores
#   warm      the program cached, all cores (the default --threads), best of N (default 2),
#             and the CPU time it used (user + sys: over its wall time, the cores it kept busy)
#   1 thread  --threads 1, best of N: the cores speed-up is its time over warm's
# The verdict: reference + cold under 60 s (the time a first validation takes). The header
# prints the load average: the machine is shared, so the times depend on what else runs.
# KernelBench is found at $SOLAR_KERNELBENCH, else ../shared/kernelbench beside the repository.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
ONLY=""
PRECISION=wide
RUNS=2
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
        --only) [ $# -ge 2 ] || { echo "networks: --only needs a name" >&2; exit 2; }
                ONLY=$2; shift 2 ;;
        --precision) [ $# -ge 2 ] || { echo "networks: --precision needs wide or exact" >&2; exit 2; }
                     PRECISION=$2; shift 2 ;;
        --runs) [ $# -ge 2 ] || { echo "networks: --runs needs a number" >&2; exit 2; }
                RUNS=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "networks: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case $PRECISION in wide|exact) ;; *) echo "networks: --precision wide or exact, not '$PRECISION'" >&2; exit 2 ;; esac
case $ONLY in ""|vgg16|resnet50) ;; *) echo "networks: --only vgg16 or resnet50, not '$ONLY'" >&2; exit 2 ;; esac
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "networks: --runs wants a positive integer, not '$RUNS'" >&2; exit 2; }

KB=${SOLAR_KERNELBENCH:-$(cd .. && pwd)/shared/kernelbench}
if [ ! -f build/build.ninja ]; then
    echo "networks: configuring build/ (Release)" >&2
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
ninja -C build solar-run solar-import >/dev/null || { echo "networks: building failed" >&2; exit 1; }

exec "$PY" - "$KB" "$ONLY" "$PRECISION" "$RUNS" <<'PYEOF'
import glob, json, os, re, resource, shutil, subprocess, sys, tempfile, time

sys.stdout.reconfigure(line_buffering=True)

kb, only, precision, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
out = "build/bench/exec/networks"
os.makedirs(out, exist_ok=True)
NETS = [("vgg16", os.path.join(kb, "level3", "11_VGG16.py")),
        ("resnet50", "examples/resnet50.py")]
SIZES = "batch_size=2"
LIMIT = 60.0

class Result:
    pass

# Wall time, and the CPU time (user + sys) the process used, from its rusage.
def run(cmd, env=None):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out, err = p.communicate()
    t = time.perf_counter() - t0
    r = Result()
    r.stdout, r.stderr, r.returncode = out, err, p.returncode
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    r.cpu = ru.ru_utime + ru.ru_stime - run.cpu_before
    run.cpu_before = ru.ru_utime + ru.ru_stime
    return t, r
run.cpu_before = 0.0

def fail(what, r):
    sys.exit(f"networks: {what} failed (exit {r.returncode}):\n{(r.stdout + r.stderr)[-3000:]}")

def newer(a, *bs):
    return not os.path.exists(a) or any(os.path.getmtime(b) > os.path.getmtime(a) for b in bs)

# The IR's @forward signature: index arguments (bound from the reference's sizes) and memrefs
# (the reference's inputs in order, then the outputs).
def signature(ir_path):
    text = open(ir_path).read()
    m = re.search(r"func\.func @forward\((.*?)\)\s*\{", text, re.S)
    args = re.findall(r"%(\w+): (index|memref<[^>]*>)", m.group(1))
    return [n for n, t in args if t == "index"], [n for n, t in args if t != "index"]

load = os.getloadavg()[0]
print(f"solar-run validating networks at batch 2 (224x224, f32, --precision={precision}); "
      f"load average {load:.1f}, {os.cpu_count()} CPUs")
print(f"{'network':<9} {'reference s':>11} {'cold s':>7} {'(compile s)':>11} {'warm s':>7} "
      f"{'(cpu s)':>7} {'1 thread s':>10} {'speed-up':>8}  validated")
verdicts = []
for name, model in NETS:
    if only and name != only:
        continue
    if not os.path.exists(model):
        print(f"{name:<9} skipped: {model} not found")
        continue
    ir = os.path.join(out, f"{name}.mlir")
    if newer(ir, model, *glob.glob("python/solar_import/*.py")):
        print(f"networks: importing {model}")
        _, r = run(["build/bin/solar-import", model, "-o", ir, "--no-validate"])
        if r.returncode != 0:
            fail(f"solar-import {model}", r)
    ref = os.path.join(out, f"{name}-reference")
    shutil.rmtree(ref, ignore_errors=True)
    t_ref, r = run([sys.executable, "python/solar_reference.py", model, "--out", ref, "--sizes", SIZES])
    if r.returncode != 0:
        fail("the reference", r)
    sizes = json.load(open(os.path.join(ref, "sizes.json")))
    idx, mems = signature(ir)
    n_in = len(sizes["inputs"])
    cmd = ["build/bin/solar-run", ir, "--precision=" + precision, "--max-steps", "0",
           "--rtol", "1e-4", "--atol", "1e-5", "--stats"]
    if idx:
        cmd += ["--bind", ",".join(f"{n}={sizes['sizes'][n]}" for n in idx)]
    for k, a in enumerate(mems[:n_in]):
        cmd += ["--input", f"{a}={os.path.join(ref, f'in{k}.npy')}"]
    for j, a in enumerate(mems[n_in:]):
        cmd += ["--compare", f"{a}={os.path.join(ref, f'out{j}.npy')}"]
    with tempfile.TemporaryDirectory() as fresh:
        t_cold, r = run(cmd, dict(os.environ, SOLAR_CACHE_DIR=fresh))
    if r.returncode != 0:
        fail(f"solar-run {name}", r)
    m = re.search(r"C engine: ([0-9.]+) s compiling", r.stderr)
    t_compile = float(m.group(1)) if m else float("nan")
    verdict = r.stdout.strip().splitlines()[-1]
    warm_env = dict(os.environ, SOLAR_CACHE_DIR=os.path.abspath(os.path.join(out, "cache")))
    run(cmd, warm_env)  # fills the bench's own cache
    t_warm = t_one = float("inf")
    cpu_warm = 0.0
    for _ in range(runs):
        t, r = run(cmd, warm_env)
        if r.returncode != 0:
            fail(f"solar-run {name}", r)
        if t < t_warm:
            t_warm, cpu_warm = t, r.cpu
        t, r = run(cmd + ["--threads", "1"], warm_env)
        if r.returncode != 0:
            fail(f"solar-run --threads 1 {name}", r)
        t_one = min(t_one, t)
    total = t_ref + t_cold
    verdicts.append((name, total))
    print(f"{name:<9} {t_ref:>11.1f} {t_cold:>7.1f} {t_compile:>11.1f} {t_warm:>7.1f} "
          f"{cpu_warm:>7.1f} {t_one:>10.1f} {t_one / t_warm:>7.2f}x  {verdict}")
for name, total in verdicts:
    ok = "meets" if total < LIMIT else "MISSES"
    print(f"{name}: reference + first solar-run {total:.1f} s; {ok} the target (validated in "
          f"under {LIMIT:g} s)")
PYEOF
