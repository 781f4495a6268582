#!/usr/bin/python3
"""Import and validate every PyTorch model of a folder (or the files given) with solar-import.

    scripts/import-sweep.py DIR_OR_FILE... [--solar-run PATH] [--timeout S] [--list FILE]
                            [--keep DIR] [-q]

For each MODEL.py: `python3 -m solar_import MODEL.py -o NAME.mlir` (PYTHONPATH=python), then
test/lit/Utils/check_example.py on a temporary NAME.mlir + NAME.py pair, which runs solar-run at the
file's `// sizes.small:` and compares every output with PyTorch. Prints one row per model
(validated / imported but failing validation / refused, with the first line of the reason)
and a summary line `N files: V validated, F failed validation, R refused`. --list FILE
restricts a folder to the basenames listed in FILE (one a line, `#` comments). Exit status:
0 when every imported file validates, 1 otherwise (a refusal is not a failure).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UTILS = os.path.join(REPO, "test", "lit", "Utils")  # the validation oracle (check_example.py)
PY = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def models(paths, listed):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(os.listdir(p), key=_natural):
                if f.endswith(".py") and not f.startswith("_"):
                    if listed is None or f in listed or f[:-3] in listed:
                        out.append(os.path.join(p, f))
        else:
            out.append(p)
    return out


def _natural(f):
    head = f.split("_", 1)[0]
    return (int(head), f) if head.isdigit() else (10 ** 9, f)


def _load_checker():
    import importlib.util
    sys.path.insert(0, UTILS)  # check_example imports its shared module, common.py
    spec = importlib.util.spec_from_file_location(
        "check_example", os.path.join(UTILS, "check_example.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def one_inprocess(path, work, solar_run, checker):
    """Import and check in this process (torch is imported once for the whole sweep)."""
    import contextlib
    import io
    from solar_import.driver import import_model
    from solar_import.errors import ImportFault
    name = os.path.splitext(os.path.basename(path))[0]
    safe = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    t0 = time.time()
    try:
        text = import_model(path).text
    except ImportFault as e:
        lines = e.messages
        reason = "; ".join(ln.split("error: ", 1)[-1] for ln in lines[:3])
        if len(lines) > 3:
            reason += " (+%d more)" % (len(lines) - 3)
        return "refused", reason, time.time() - t0
    except Exception as e:  # an importer bug
        return "refused", "internal error: %s: %s" % (type(e).__name__, e), time.time() - t0
    with open(os.path.join(work, safe + ".mlir"), "w") as f:
        f.write(text)
    shutil.copy(path, os.path.join(work, safe + ".py"))
    buf = io.StringIO()
    argv = [os.path.join(work, safe)] + (["--solar-run", solar_run] if solar_run else [])
    with contextlib.redirect_stdout(buf):
        try:
            rc = checker.main(argv)
        except SystemExit as e:
            rc = e.code
    text = buf.getvalue().strip().splitlines()
    if rc == 0:
        return "validated", "", time.time() - t0
    fail = [ln for ln in text if ln.startswith("FAIL")]
    return "failed", (fail[-1] if fail else (text[-1] if text else "exit %s" % rc)), \
        time.time() - t0


def one(path, work, solar_run, timeout):
    name = os.path.splitext(os.path.basename(path))[0]
    safe = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    mlir = os.path.join(work, safe + ".mlir")
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
    t0 = time.time()
    try:
        p = subprocess.run([PY, "-m", "solar_import", path, "-o", mlir], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "refused", "import timed out after %ds" % timeout, time.time() - t0
    if p.returncode != 0:
        lines = p.stdout.decode("utf-8", "replace").strip().splitlines()
        reason = "; ".join(ln.split("error: ", 1)[-1] for ln in lines[:3]) or "exit %d" % p.returncode
        if len(lines) > 3:
            reason += " (+%d more)" % (len(lines) - 3)
        return "refused", reason, time.time() - t0
    shutil.copy(path, os.path.join(work, safe + ".py"))
    cmd = [PY, os.path.join(UTILS, "check_example.py"), os.path.join(work, safe)]
    if solar_run:
        cmd += ["--solar-run", solar_run]
    try:
        c = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "failed", "validation timed out after %ds" % timeout, time.time() - t0
    text = c.stdout.decode("utf-8", "replace").strip().splitlines()
    if c.returncode == 0:
        return "validated", "", time.time() - t0
    fail = [ln for ln in text if ln.startswith("FAIL")]
    return "failed", (fail[-1] if fail else (text[-1] if text else "exit %d" % c.returncode)), \
        time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--solar-run", default=None)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--list", default=None)
    ap.add_argument("--keep", default=None, help="keep the imported files in DIR")
    ap.add_argument("-q", action="store_true", help="print only failures and the summary")
    ap.add_argument("--subprocess", action="store_true",
                    help="run `python3 -m solar_import` and check_example.py as commands (with "
                         "--timeout) instead of in this process")
    args = ap.parse_args()
    listed = None
    if args.list:
        with open(args.list) as f:
            listed = set(ln.split("#")[0].strip() for ln in f if ln.split("#")[0].strip())
    solar_run = args.solar_run
    if solar_run is None:
        for cand in (os.path.join(REPO, "build", "gcc", "bin", "solar-run"),
                     os.path.join(REPO, "build", "bin", "solar-run")):
            if os.access(cand, os.X_OK):
                solar_run = cand
                break
    work = args.keep or tempfile.mkdtemp(prefix="import-sweep-")
    os.makedirs(work, exist_ok=True)
    counts = {"validated": 0, "failed": 0, "refused": 0}
    try:
        files = models(args.paths, listed)
        checker = None
        if not args.subprocess:
            sys.path.insert(0, os.path.join(REPO, "python"))
            checker = _load_checker()
        for path in files:
            if args.subprocess:
                status, reason, secs = one(path, work, solar_run, args.timeout)
            else:
                status, reason, secs = one_inprocess(path, work, solar_run, checker)
            counts[status] += 1
            if not args.q or status == "failed":
                print("%-10s %6.1fs  %s%s" % (status, secs, os.path.basename(path),
                                             ("  -- " + reason) if reason else ""))
                sys.stdout.flush()
        print("%d files: %d validated, %d failed validation, %d refused"
              % (len(files), counts["validated"], counts["failed"], counts["refused"]))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
