"""A float64 run of a PyTorch program on the inputs and state of one of its reference
directories: how far the float32 program itself is from what it computes.

    solar_reference.py MODEL.py --out DIR --float64-of REFDIR

REFDIR is what run_reference wrote (sizes.json with its "inputs", "outputs", "state" lists);
DIR gets the same files with every float32 array as float64: in*.npy (REFDIR's values,
widened exactly), out*.npy and state*.npy (the program's outputs and updated state, computed
in float64), and sizes.json ("float64_of": REFDIR).

The run repeats run_reference's set-up (the seed, get_init_inputs(), Model(...), get_inputs(),
so attributes the constructor draws without registering them come out the same), then loads
REFDIR's inputs and state entries, converts the model with .double(), makes float64 the default
dtype (tensors forward creates) and runs forward. A program that still computes in a narrower
float (an explicit .float(), a float16 parameter, a dtype= argument) has no float64 run: every
aten op is watched, and the first one that returns a float16, bfloat16 or float32 tensor is
a ModelError naming it. solar-translate's and solar-import's validation
(lib/Translate/rescue.h) compare the IR, its f32 made f64, with these files when the float32
comparison fails by rounding alone.
"""

import json
import os
import random

import solar_reference as ref


def _narrow_float_watch(torch):
    """A dispatch mode recording the first aten op that returns a float tensor narrower than
    float64 (None on a torch without dispatch modes: then only the outputs are checked)."""
    try:
        from torch.utils._python_dispatch import TorchDispatchMode
    except ImportError:
        return None
    narrow = (torch.float16, torch.bfloat16, torch.float32)

    class Watch(TorchDispatchMode):
        first = None

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if Watch.first is None:
                for t in out if isinstance(out, (tuple, list)) else [out]:
                    if isinstance(t, torch.Tensor) and t.dtype in narrow:
                        Watch.first = "%s returned a %s tensor" % (func, t.dtype)
                        break
            return out

    return Watch


def _load(np, torch, ref_dir, entry):
    a = np.load(os.path.join(ref_dir, entry["file"]), allow_pickle=False)
    if a.dtype.names is not None:
        raise ref.ModelError("%s is bfloat16: the program does not run in float64" % entry["name"])
    return torch.from_numpy(a)


def _build(np, torch, model_path, manifest, call):
    """Model and forward inputs as run_reference builds them at the manifest's sizes and seed."""
    mod, _ = ref.load_model_module(model_path, manifest["sizes"])
    seed = int(manifest.get("seed", 0))
    random.seed(seed)
    np.random.seed(seed % (2 ** 32))
    torch.manual_seed(seed)
    model = call("Model(*get_init_inputs())", mod.Model, *call("get_init_inputs()",
                                                                mod.get_init_inputs))
    return model, list(call("get_inputs()", mod.get_inputs))


def _restore(np, torch, model_path, ref_dir, manifest, model, inputs):
    """REFDIR's forward inputs into inputs (a Python number stays one) and its parameters and
    buffers into model, by name."""
    entries = manifest["inputs"]
    n_in = sum(1 for e in entries if e.get("role") == "input")
    if n_in != len(inputs):
        raise ref.ModelError("%s: %s has %d forward inputs, get_inputs() gives %d"
                             % (model_path, ref_dir, n_in, len(inputs)))
    state = model.state_dict(keep_vars=True)
    for k, e in enumerate(entries):
        t = _load(np, torch, ref_dir, e)
        if k < n_in:
            if not ref.is_scalar_input(inputs[k]):
                inputs[k] = t
            continue
        v = state.get(e["name"])
        if v is None or tuple(v.shape) != tuple(t.shape):
            raise ref.ModelError("%s: state entry %s of %s is not the model's"
                                 % (model_path, e["name"], ref_dir))
        with torch.no_grad():
            v.copy_(t.to(v.dtype))


def _widen(np, a):
    return a.astype(np.float64) if a.dtype == np.float32 else a


def run_float64(model_path, out_dir, ref_dir):
    """Writes DIR as the module docstring says; returns its sizes.json dictionary. Raises
    UsageError (REFDIR unreadable) or ModelError (the program fails or is not float64)."""
    np, torch = ref._import_numpy_torch()
    try:
        with open(os.path.join(ref_dir, "sizes.json")) as f:
            manifest = json.load(f)
        manifest["inputs"], manifest["outputs"], manifest["state"]
    except (OSError, ValueError, KeyError) as e:
        raise ref.UsageError("--float64-of %s: not a reference directory of the harness (%s)"
                             % (ref_dir, e))

    call = ref.model_caller(model_path, " in float64")

    model, inputs = _build(np, torch, model_path, manifest, call)
    _restore(np, torch, model_path, ref_dir, manifest, model, inputs)
    model.double()
    inputs = [x.double() if isinstance(x, torch.Tensor) and x.dtype == torch.float32 else x
              for x in inputs]
    watch = _narrow_float_watch(torch)
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        with torch.no_grad():
            if watch is None:
                out = call("forward", model, *inputs)
            else:
                with watch():
                    out = call("forward", model, *inputs)
    finally:
        torch.set_default_dtype(old)
    outputs = ref._flatten_outputs(out, model_path)
    changed = {e["name"]: inputs[e["in_index"]] for e in manifest["state"]
               if e["in_index"] < len(inputs)}  # forward inputs it updated in place
    if watch is not None and watch.first:
        raise ref.ModelError("%s: the program does not run in float64: %s"
                             % (model_path, watch.first))
    if len(outputs) != len(manifest["outputs"]):
        raise ref.ModelError("%s: forward returned %d tensors in float64, %d in float32"
                             % (model_path, len(outputs), len(manifest["outputs"])))
    return _write(np, model_path, out_dir, ref_dir, manifest, model, outputs, changed)


def _write(np, model_path, out_dir, ref_dir, manifest, model, outputs, changed):
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise ref.UsageError("--out %s: cannot create directory: %s" % (out_dir, e.strerror or e))
    ref._clear_outputs(out_dir)

    def save(entry, a):
        a = _widen(np, a)
        if entry["dtype"] == "float32" and a.dtype != np.float64:
            raise ref.ModelError("%s: %s is %s in the float64 run"
                                 % (model_path, entry["name"], a.dtype))
        np.save(os.path.join(out_dir, entry["file"]), a, allow_pickle=False)
        return dict(entry, dtype=str(a.dtype) if a.dtype.names is None else entry["dtype"])

    state = dict(model.state_dict(), **changed)
    inputs = [save(e, np.load(os.path.join(ref_dir, e["file"]), allow_pickle=False))
              for e in manifest["inputs"]]
    outs = [save(e, ref.tensor_to_numpy(o)) for e, o in zip(manifest["outputs"], outputs)]
    new = [save(e, ref.tensor_to_numpy(state[e["name"]])) for e in manifest["state"]]
    m = dict(manifest, inputs=inputs, outputs=outs, state=new, float64_of=os.path.abspath(ref_dir))
    with open(os.path.join(out_dir, "sizes.json"), "w") as f:
        f.write(ref.format_manifest(m))
    return m
