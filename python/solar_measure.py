#!/usr/bin/python3
"""Times a KernelBench-style PyTorch model the way KernelBench does, for solar-validate.

    solar_measure.py MODEL.py [--sizes N=4,M=8] [--device cpu|cuda] [--trials N] [--warmup N]
                     [--budget S] [--warm] [--seed S]

The model is loaded exactly as solar_reference.py loads it (its load_model_module and
parse_sizes: module-level int constants overridden by --sizes, tuple constants as NAME_0,
NAME_1, ...), built as `Model(*get_init_inputs())` with the inputs of `get_inputs()`, moved to
the device, and `model(*inputs)` is timed under torch.no_grad():

  1. --warmup untimed runs (default 3), then one more under torch.profiler, which lists the
     aten ops the model runs (solar-validate names the ones that fuse several nodes of the IR
     into one kernel, e.g. aten::addmm adds the bias inside the GEMM);
  2. up to --trials timed runs (default 100), each on cold caches: before every trial a buffer
     of twice the last-level cache is written (the highest cache level in
     /sys/devices/system/cpu/cpu0/cache/index*/; on CUDA twice the L2, as Triton's do_bench
     does), so the data starts in DRAM as the SOL bounds assume. --warm skips the flush.
     The trials stop early once the loop (flushes included) has run --budget seconds
     (default 10), after at least 5 trials;
  3. CPU: time.perf_counter_ns around each call, torch.set_num_threads(os.cpu_count());
     CUDA: a pair of CUDA events around each call, synchronised after it.

Prints one JSON object on stdout: model, device, device_name, threads, sizes (every module-level
int constant, after --sizes), cold, flush_bytes, llc_bytes, llc_level, warmup,
trials_requested, trials, budget_s, budget_hit, min_s, median_s, mean_s, max_s, aten_ops
([{"name", "count"}] in the order they first ran), input_shapes (the shape of each memref
argument the kernel takes from the twin, in solar_reference.py's in0.npy, in1.npy order: the
forward inputs, then the state_dict entries; null for a non-tensor), torch_version.

Exit status: 0 on success, 2 on bad usage (flags, --sizes names that are not constants of the
model, an unavailable device, a JAX model), 1 when the model fails (errors on stderr as
`solar_measure.py: error: ...`, like solar_reference.py).
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import solar_reference as ref  # noqa: E402  (the loader, --sizes parsing and errors)

PROG = "solar_measure.py"
MIN_TRIALS = 5


def last_level_cache():
    """(bytes, level) of the highest cache level of cpu0 in sysfs, or (None, None)."""
    base = "/sys/devices/system/cpu/cpu0/cache"
    best = (None, None)
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return best
    for n in names:
        if not n.startswith("index"):
            continue
        try:
            with open(os.path.join(base, n, "level")) as f:
                level = int(f.read().strip())
            with open(os.path.join(base, n, "size")) as f:
                text = f.read().strip()
        except (OSError, ValueError):
            continue
        mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
        digits = text[:-1] if mult != 1 else text
        try:
            size = int(digits) * mult
        except ValueError:
            continue
        if best[1] is None or level > best[1] or (level == best[1] and size > best[0]):
            best = (size, level)
    return best


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "cpu"


def build(model_path, sizes, seed, torch):
    """Model(*get_init_inputs()) and get_inputs(), at the sizes, with solar_reference's loader."""
    mod, constants = ref.load_model_module(model_path, sizes)
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not callable(getattr(mod, name, None)):
            raise ref.ModelError("%s: the module defines no %s (KernelBench layout: class Model, "
                                 "get_inputs(), get_init_inputs())" % (model_path, name))
    torch.manual_seed(seed)

    call = ref.model_caller(model_path)

    init_inputs = call("get_init_inputs()", mod.get_init_inputs)
    if not isinstance(init_inputs, (list, tuple)):
        raise ref.ModelError("%s: get_init_inputs() returned a %s, not a list"
                             % (model_path, type(init_inputs).__name__))
    model = call("Model(*get_init_inputs())", mod.Model, *init_inputs)
    if not isinstance(model, torch.nn.Module):
        raise ref.ModelError("%s: Model(...) is a %s, not a torch.nn.Module"
                             % (model_path, type(model).__name__))
    inputs = call("get_inputs()", mod.get_inputs)
    if not isinstance(inputs, (list, tuple)):
        raise ref.ModelError("%s: get_inputs() returned a %s, not a list"
                             % (model_path, type(inputs).__name__))
    return model, list(inputs), constants, call


def _trials(torch, model, inputs, flush, cuda, sync, trials, budget_s, times):
    """Appends the seconds of up to `trials` timed runs to times; True when the budget stopped
    them early."""
    start = time.perf_counter()
    for k in range(trials):
        if flush is not None:
            flush.fill_(k & 0xFF)
        sync()
        if cuda:
            t0 = torch.cuda.Event(enable_timing=True)
            t1 = torch.cuda.Event(enable_timing=True)
            t0.record()
            model(*inputs)
            t1.record()
            torch.cuda.synchronize()
            times.append(t0.elapsed_time(t1) * 1e-3)
        else:
            t0 = time.perf_counter_ns()
            model(*inputs)
            t1 = time.perf_counter_ns()
            times.append((t1 - t0) * 1e-9)
        if len(times) >= MIN_TRIALS and time.perf_counter() - start > budget_s \
                and len(times) < trials:
            return True
    return False


def measure(model_path, sizes=None, device="cpu", trials=100, warmup=3, budget_s=10.0,
            warm=False, seed=0):
    """The JSON dictionary described in the module comment. Raises ref.HarnessError."""
    if ref.read_framework(model_path)[0] == "jax":
        raise ref.UsageError("%s imports JAX; solar-validate times PyTorch twins only" % model_path)
    if trials < 1 or warmup < 0 or budget_s <= 0:
        raise ref.UsageError("--trials must be >= 1, --warmup >= 0 and --budget > 0")
    _, torch = ref._import_numpy_torch()
    cuda = device.startswith("cuda")
    if device != "cpu" and not (cuda and torch.cuda.is_available()):
        raise ref.UsageError("--device %s is not available here (torch.cuda.is_available() is "
                             "false); use --device cpu" % device)
    threads = os.cpu_count() or 1
    torch.set_num_threads(threads)

    model, inputs, constants, call = build(model_path, sizes, seed, torch)
    # The shapes of the kernel's memref arguments in solar_reference.py's order (in0.npy,
    # in1.npy, ...): the forward inputs, then the state_dict entries but num_batches_tracked.
    # solar-validate sizes a `?` memref with them when nothing in the IR does.
    state = [v for k, v in model.state_dict(keep_vars=True).items()
             if k.rsplit(".", 1)[-1] != "num_batches_tracked"]
    input_shapes = [list(t.shape) if isinstance(t, torch.Tensor) else None
                    for t in list(inputs) + state]
    model = model.to(device)
    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]

    if cuda:
        props = torch.cuda.get_device_properties(torch.device(device))
        llc, level = getattr(props, "L2_cache_size", 0) or 256 << 20, 2
        name = props.name
    else:
        llc, level = last_level_cache()
        if not llc:
            llc, level = 256 << 20, None
        name = cpu_name()
    flush_bytes = 0 if warm else 2 * llc
    flush = torch.empty(flush_bytes, dtype=torch.uint8, device=device) if flush_bytes else None

    def sync():
        if cuda:
            torch.cuda.synchronize()

    with torch.no_grad():
        for _ in range(warmup):
            call("forward", model, *inputs)
        sync()
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CPU]) as prof:
            call("forward", model, *inputs)
            sync()
        ops = {}
        for ev in prof.events():
            if ev.name.startswith("aten::"):
                ops[ev.name] = ops.get(ev.name, 0) + 1

        times = []
        try:
            hit = _trials(torch, model, inputs, flush, cuda, sync, trials, budget_s, times)
        except ref.HarnessError:
            raise
        except BaseException as e:
            raise ref.ModelError("%s: forward failed during the timed trials:\n%s"
                                 % (model_path, ref._format_exc(e, model_path)))

    return {
        "model": os.path.abspath(model_path),
        "device": device,
        "device_name": name,
        "threads": threads if not cuda else torch.get_num_threads(),
        "sizes": constants,
        "cold": not warm,
        "flush_bytes": flush_bytes,
        "llc_bytes": llc,
        "llc_level": level,
        "warmup": warmup,
        "trials_requested": trials,
        "trials": len(times),
        "budget_s": budget_s,
        "budget_hit": hit,
        "min_s": min(times),
        "median_s": statistics.median(times),
        "mean_s": statistics.fmean(times),
        "max_s": max(times),
        "aten_ops": [{"name": n, "count": c} for n, c in ops.items()],
        "input_shapes": input_shapes,
        "torch_version": torch.__version__,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog=PROG, description="Time a KernelBench-style PyTorch model (warm-up runs, then timed "
                               "trials on cold caches); prints JSON.")
    ap.add_argument("model", metavar="MODEL.py")
    ap.add_argument("--sizes", action="append", default=[], metavar="N=4,M=8",
                    help="override module-level int constants")
    ap.add_argument("--device", default="cpu", help="cpu (default) or cuda")
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--budget", type=float, default=10.0, metavar="S",
                    help="stop the trials after S seconds (at least 5 trials; default 10)")
    ap.add_argument("--warm", action="store_true", help="do not flush the caches before trials")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    # Whatever the model prints goes to stderr: stdout carries the JSON answer only.
    real_stdout, sys.stdout = sys.stdout, sys.stderr
    try:
        sizes = ref.parse_sizes(args.sizes)
        out = measure(args.model, sizes, args.device, args.trials, args.warmup, args.budget,
                      args.warm, args.seed)
    except ref.HarnessError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return e.exit_code
    except MemoryError:
        print("%s: error: out of memory (the model at these sizes, or the buffer that flushes "
              "the caches; --warm skips it)" % PROG, file=sys.stderr)
        return 1
    finally:
        sys.stdout = real_stdout
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
