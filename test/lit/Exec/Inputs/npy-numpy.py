"""numpy as the oracle for solar-run's .npy files (see ../npy-numpy.test).

  npy-numpy.py write DIR        writes the inputs of Inputs/copy-npy.mlir (every dtype, format
                                versions 1.0, 2.0 and 3.0) and a few files solar-run must reject
  npy-numpy.py check IN OUT     checks that OUT/out_NAME.npy equals IN/NAME.npy in dtype, shape
                                and values, printing one line per output; exit 1 on a mismatch
"""
import sys

import numpy as np

BF16 = np.dtype([("bf16", "<u2")])  # how solar-run writes bf16 (numpy has no bf16 dtype)


def bf16_bits(values):
    """float32 -> bf16 bits, rounded to nearest even (no NaNs here)."""
    u = np.asarray(values, np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def inputs():
    bf16 = np.zeros((2, 3), BF16)
    bf16["bf16"] = bf16_bits([[1.0, -2.5, 0.0], [-0.0, 3.0e38, np.inf]])
    return {
        # name: (array, format version)
        "f16": (np.array([[1.5, -2.0, 65504.0], [0.099975586, -0.0, -np.inf]], np.float16), (1, 0)),
        "bf16": (bf16, (1, 0)),
        "f32": ((np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 11.5) / 8, (2, 0)),
        "f64": (np.array(-1.0e-300), (1, 0)),
        "i1": (np.array([True, False, True, True, False]), (1, 0)),
        "i8": (np.array([[-128, 127, 0], [1, -1, 42]], np.int8), (1, 0)),
        "i32": (np.array([[2**31 - 1, -(2**31), 0], [7, -7, 123456789]], np.int32), (3, 0)),
        "i64": (np.array([2**63 - 1, -(2**63), 1], np.int64), (1, 0)),
        # '<u2' files: raw bits of a bf16 and of an f16 argument
        "raw_bf16": (bf16_bits([1.0, -2.0, 0.5, 256.0]), (1, 0)),
        "raw_f16": (np.array([1.0, -2.0, 0.5, 65504.0], np.float16).view(np.uint16), (1, 0)),
    }


# What each output must be, given its input: raw '<u2' inputs come back as their argument's type.
def expected(name, a):
    if name == "raw_bf16":
        return a.astype("<u2").view(BF16).reshape(a.shape)
    if name == "raw_f16":
        return a.view(np.float16)
    return a


def write(d):
    for name, (a, version) in inputs().items():
        with open(f"{d}/{name}.npy", "wb") as f:
            np.lib.format.write_array(f, a, version=version)
    # Files to reject.
    np.save(f"{d}/big-endian.npy", np.zeros((2, 3, 4), ">f4"))
    np.save(f"{d}/fortran.npy", np.asfortranarray(np.zeros((2, 3, 4), np.float32)))
    with open(f"{d}/f32.npy", "rb") as f:
        data = f.read()
    with open(f"{d}/truncated.npy", "wb") as f:
        f.write(data[:-1])
    with open(f"{d}/longer.npy", "wb") as f:
        f.write(data + b"\0")


def same(a, b):
    """Equal dtype, shape, and values bit for bit (NaNs are not used)."""
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def check(din, dout):
    ok = True
    for name, (a, _) in inputs().items():
        want = expected(name, a)
        got = np.load(f"{dout}/out_{name}.npy")
        good = same(got, want)
        ok = ok and good
        print(f"out_{name}: {got.dtype.descr if got.dtype.names else got.dtype.str} {got.shape}"
              f" {'equal' if good else 'DIFFERENT'}")
        if not good:
            print(f"  want {want.dtype} {want!r}\n  got  {got.dtype} {got!r}")
    return ok


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        sys.exit(0 if check(sys.argv[2], sys.argv[3]) else 1)
