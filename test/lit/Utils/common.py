"""What the Python test oracles in test/lit/Utils share (lit runs them as %utils/NAME.py):

  - REPO, Fail (a check did not pass; the message ends up on a FAIL line), Usage (exit 2);
  - run(cmd, what): a tool run with its output, or Fail naming the tool and its last lines;
  - find_tool: an explicit path, else PATH, else the build tree;
  - sizes(text, which) / parse_sizes(...): the `// sizes.small: N=4, D=8` header lines;
  - the tolerance rule of lib/Exec/tolerance.h (solar-run --compare and solar-translate use
    the C one, test/unit/tolerance.c pins it): for floats
        |got - ref| <= atol * max(1, max|ref|) + rtol * |ref|
    with max|ref| over the finite reference elements, NaN equal to NaN, an infinity only to
    the same infinity, any other NaN or infinity out of tolerance; integers exactly.

The oracles import this as `import common` (Python puts a script's folder first on sys.path);
none writes __pycache__ into the source tree.
"""

import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True

UTILS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(UTILS)))
PYTHON_DIR = os.path.join(REPO, "python")  # the reference harness (solar_reference.py)

# Element type -> (rtol, atol): sol_tolerance_default in lib/Exec/tolerance.c.
DEFAULT_TOL = {
    "f32": (1e-4, 1e-5),
    "f64": (1e-7, 1e-10),
    "f16": (5e-3, 5e-3),
    "bf16": (3e-2, 3e-2),
}
FLOAT_ELEMS = frozenset(DEFAULT_TOL)


class Fail(Exception):
    """The check did not pass; the message ends up on the FAIL line."""


class Usage(Exception):
    """Bad usage (exit 2), such as a tool that does not exist."""


def short(text, n=6):
    """The last n non-empty lines of text, joined by ' | '."""
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return " | ".join(lines[-n:])


def run(cmd, what, timeout=None):
    """Runs cmd; returns (stdout, stderr) as text, or raises Fail saying what failed and how."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Fail("%s timed out after %g s" % (what, timeout))
    except OSError as e:
        raise Fail("cannot run %s: %s" % (cmd[0], e.strerror or e))
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode != 0:
        how = "killed by signal %d" % -p.returncode if p.returncode < 0 else \
            "exit %d" % p.returncode
        msg = short(err or out)
        raise Fail("%s failed (%s)%s" % (what, how, ": " + msg if msg else ""))
    return out, err


def find_tool(explicit, names, build_rel, flag=None):
    """explicit (a path, or a name on PATH) when given, else the first of names on PATH, else
    REPO/build_rel; raises Usage when there is none. flag names the option in the message."""
    if explicit:
        path = shutil.which(explicit) if os.sep not in explicit else explicit
        if not path or not os.access(path, os.X_OK):
            raise Usage("%s%s: not found or not executable" % (flag + " " if flag else "",
                                                                explicit))
        return path
    for name in names:
        p = shutil.which(name)
        if p:
            return p
    if build_rel:
        cand = os.path.join(REPO, build_rel)
        if os.access(cand, os.X_OK):
            return cand
    if not build_rel:
        raise Usage("%s is not on PATH; pass %s" % (names[0], flag + " PATH" if flag else "its path"))
    raise Usage("%s is not on PATH and %s does not exist; pass %s"
                % (names[0], os.path.join(REPO, build_rel), flag + " PATH" if flag else "its path"))


# ------------------------------------------------------------------------- `// sizes.` lines

_SIZES_RE = r"^[ \t]*//[ \t]*sizes\.%s:(.*)$"


def sizes(text, which="small"):
    """The text after `// sizes.WHICH:` (the first such line), or None without one."""
    m = re.search(_SIZES_RE % re.escape(which), text, re.M)
    return m.group(1) if m else None


def parse_sizes(text, which, path):
    """The `// sizes.WHICH:` line as {NAME: int}; raises Fail without one or when malformed."""
    line = sizes(text, which)
    if line is None:
        raise Fail("%s has no `// sizes.%s:` line" % (path, which))
    out = {}
    for item in line.split(","):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(-?\d+)", item)
        if not m:
            raise Fail("%s: `// sizes.%s:` line: expected NAME=INT, got '%s'"
                       % (path, which, item))
        out[m.group(1)] = int(m.group(2))
    return out


def sizes_bind(path, which="small"):
    """The `// sizes.WHICH:` line of the file as a --bind value ('N=4,D=8', '' for an empty
    line), or None when the file has none."""
    with open(path) as f:
        line = sizes(f.read(), which)
    if line is None:
        return None
    return ",".join(re.sub(r"\s+", "", x) for x in line.split(",") if x.strip())


# ------------------------------------------------------------------------- the tolerance rule


def bf16_to_float32(np, a):
    """A bf16 array (the structured dtype [('bf16', '<u2')] solar-run writes) as float32."""
    bits = a["bf16"].astype(np.uint32) << 16
    return bits.reshape(-1).view(np.float32).reshape(a.shape)


def to_float64(np, a):
    if a.dtype.names == ("bf16",):
        return bf16_to_float32(np, a).astype(np.float64)
    return a.astype(np.float64)


def tolerance_excess(np, got, ref, rtol, atol):
    """The float rule over whole arrays (float64, same shape): returns (diff, excess, scale)
    with diff = |got - ref| under the NaN/infinity rules, excess > 0 where out of tolerance,
    and scale = max(1, max finite |ref|)."""
    both_nan = np.isnan(got) & np.isnan(ref)
    inf = np.isinf(got) | np.isinf(ref)
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.abs(got - ref)
        diff = np.where(both_nan | (inf & (got == ref)), 0.0, diff)
        diff = np.where(np.isnan(diff) | (inf & (got != ref)), np.inf, diff)
        absref = np.abs(np.where(np.isfinite(ref), ref, 0.0))
        scale = max(1.0, float(absref.max()) if absref.size else 1.0)
        excess = diff - (atol * scale + rtol * absref)
        # An infinite difference is out of tolerance even when the band overflows too.
        excess = np.where(np.isinf(diff), np.inf, excess)
    return diff, excess, scale


def within_tolerance(np, got, ref, elem, rtol=None, atol=None):
    """True when array got matches ref by the rule (tolerances default by element type)."""
    if got.shape != ref.shape:
        return False
    if elem not in FLOAT_ELEMS:
        return bool(np.array_equal(got, ref))
    r, a = DEFAULT_TOL[elem]
    _, excess, _ = tolerance_excess(np, to_float64(np, got), to_float64(np, ref),
                                    r if rtol is None else rtol, a if atol is None else atol)
    return not bool((excess > 0).any())
