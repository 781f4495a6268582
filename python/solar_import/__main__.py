"""The command line: python3 -m solar_import MODEL.py -o OUT.mlir [...].

Exit 0: OUT written. Exit 1: the model is at fault or uses unsupported ops; every message on
stderr is `MODEL.py:LINE: error: ...`, and OUT is not written. Exit 2: bad usage.
"""

import argparse
import os
import sys
import tempfile

PROG = "solar-import"


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print("%s: error: %s" % (PROG, message), file=sys.stderr)
        sys.exit(2)


def parse_small(text):
    out = {}
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        name, eq, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name.isidentifier():
            raise ValueError("--small: expected NAME=INT, got '%s'" % item)
        try:
            v = int(value, 0)
        except ValueError:
            raise ValueError("--small: value of '%s' is not an integer: '%s'" % (name, value))
        if v < 1:
            raise ValueError("--small: %s=%d: sizes must be positive" % (name, v))
        out[name] = v
    return out


def main(argv=None):
    ap = _Parser(prog=PROG, description="Import a KernelBench-layout PyTorch model, or a JAX "
                                        "or Flax program, into the SOLAR-C affine dialect.")
    ap.add_argument("model", metavar="MODEL.py")
    ap.add_argument("-o", dest="out", metavar="OUT.mlir", required=True)
    ap.add_argument("--small", metavar="N=V,...", action="append", default=[],
                    help="small values of size constants (the validation sizes)")
    ap.add_argument("--entry-sizes", choices=["real", "small"], default="real",
                    help="values of the sizes that cannot be symbolic: real (default: the "
                         "module's own, so the file analyses at real sizes) or small")
    ap.add_argument("-v", action="store_true", dest="verbose", help="log the fitting steps")
    args = ap.parse_args(argv)
    try:
        small = {}
        for t in args.small:
            small.update(parse_small(t))
    except ValueError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    if not os.path.isfile(args.model):
        print("%s: error: %s: no such file" % (PROG, args.model), file=sys.stderr)
        return 2

    from .errors import ImportFault, UsageFault
    from .driver import import_model
    from .trace import solar_reference
    if solar_reference.read_framework(args.model)[0] == "jax":  # it imports jax or flax
        from .jax.driver import import_model

    log = (lambda m: print("%s: %s" % (PROG, m), file=sys.stderr)) if args.verbose else None
    try:
        text = import_model(args.model, small, args.entry_sizes, log)
    except UsageFault as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    except ImportFault as e:
        for m in e.messages:
            print(m, file=sys.stderr)
        return 1
    except Exception as e:  # an importer bug: still located at the file, never a bare trace
        import traceback
        tb = traceback.extract_tb(e.__traceback__)
        where = tb[-1] if tb else None
        print("%s: error: internal error in solar-import: %s: %s%s" % (
            args.model, type(e).__name__, e,
            " (at %s:%d)" % (os.path.basename(where.filename), where.lineno) if where else ""),
            file=sys.stderr)
        return 1
    out_dir = os.path.dirname(os.path.abspath(args.out))
    try:
        fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=".solar-import-")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, args.out)
    except OSError as e:
        print("%s: error: -o %s: %s" % (PROG, args.out, e.strerror or e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
