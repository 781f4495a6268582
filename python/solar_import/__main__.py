"""The command line: python3 -m solar_import MODEL.py -o OUT.mlir [...].

    --small N=V,...      validation sizes of some constants (the importer picks the rest)
    --entry-sizes real|small
    --reference DIR      also write the program's reference outputs at sizes.small into DIR
    --reference-second DIR   and at sizes.second (when there is one) into DIR
    -v                   log the fitting steps

The reference directories are what solar_reference.py writes (the same function, run in this
process, where torch is already imported): solar-import validates against them.

Exit 0: OUT written. Exit 1: the model is at fault or uses unsupported ops; every message on
stderr is `MODEL.py:LINE: error: ...`, and OUT is not written. Exit 2: bad usage.
"""

import argparse
import os
import sys
import tempfile

PROG = "solar-import"
_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _here not in sys.path:
    sys.path.insert(0, _here)

import solar_reference  # noqa: E402


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print("%s: error: %s" % (PROG, message), file=sys.stderr)
        sys.exit(2)


def _sizes_text(sizes):
    return ",".join("%s=%d" % kv for kv in sizes.items())


def write_references(path, imported, first_dir, second_dir, log):
    """The program's outputs at imported.small into first_dir and, when there is a second set
    and second_dir, at imported.second (a failure there is logged: validation then uses the
    first set only). Raises ImportFault when the program fails at the validation sizes."""
    from .errors import ImportFault, located
    try:
        solar_reference.run_reference(path, first_dir, sizes=imported.small)
    except solar_reference.HarnessError as e:
        raise ImportFault(located(path, None, "the program fails at the validation sizes %s: %s"
                                  % (_sizes_text(imported.small), e)))
    if second_dir and imported.second:
        try:
            solar_reference.run_reference(path, second_dir, sizes=imported.second)
        except solar_reference.HarnessError as e:
            log("no second validation set (the program fails at %s: %s)"
                % (_sizes_text(imported.second), e))


def _write_atomically(out, text):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(out)), prefix=".solar-import-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, out)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def _internal_error(path, e):
    import traceback
    tb = traceback.extract_tb(e.__traceback__)
    where = tb[-1] if tb else None
    return "%s: error: internal error in solar-import: %s: %s%s" % (
        path, type(e).__name__, e,
        " (at %s:%d)" % (os.path.basename(where.filename), where.lineno) if where else "")


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
    ap.add_argument("--reference", metavar="DIR",
                    help="write the program's reference outputs at sizes.small into DIR")
    ap.add_argument("--reference-second", metavar="DIR",
                    help="and at sizes.second into DIR")
    ap.add_argument("-v", action="store_true", dest="verbose", help="log the fitting steps")
    args = ap.parse_args(argv)
    try:
        small = solar_reference.parse_sizes(args.small)
    except solar_reference.UsageError as e:
        print("%s: error: %s" % (PROG, str(e).replace("--sizes", "--small")), file=sys.stderr)
        return 2
    bad = [n for n, v in small.items() if v < 1]
    if bad:
        print("%s: error: --small %s=%d: sizes must be positive" % (PROG, bad[0], small[bad[0]]),
              file=sys.stderr)
        return 2
    if not os.path.isfile(args.model):
        print("%s: error: %s: no such file" % (PROG, args.model), file=sys.stderr)
        return 2

    from .errors import ImportFault, UsageFault
    from .driver import import_model
    if solar_reference.read_framework(args.model)[0] == "jax":  # it imports jax or flax
        from .jax.driver import import_model

    log = (lambda m: print("%s: %s" % (PROG, m), file=sys.stderr)) if args.verbose else \
        (lambda m: None)
    try:
        imported = import_model(args.model, small, args.entry_sizes, log)
        if args.reference:
            write_references(args.model, imported, args.reference, args.reference_second, log)
    except UsageFault as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    except ImportFault as e:
        for m in e.messages:
            print(m, file=sys.stderr)
        return 1
    except Exception as e:  # an importer bug: still located at the file, never a bare trace
        if args.verbose:  # for the bug report: where in the importer
            import traceback
            traceback.print_exc()
        print(_internal_error(args.model, e), file=sys.stderr)
        return 1
    try:
        _write_atomically(args.out, imported.text)
    except OSError as e:
        print("%s: error: -o %s: %s" % (PROG, args.out, e.strerror or e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
