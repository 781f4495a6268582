"""The import: pick sizes, trace several times, fit, emit; see README.md for the design.

import_model(path, small=None, entry_sizes="real", log=None) -> module text.

1. The module-level int constants (tuples as NAME_K) with their real values.
2. A base assignment of small values: a constant <= 8 keeps its value (`--small` overrides
   any); a larger one gets a value in [3, 12] dividing it where one does, distinct from the
   others where it can; if the model rejects that, each gets its largest divisor <= 16, then
   <= 32, 64, 128 (a dilated kernel needs a wide enough input), then the real values.
3. Phase 1: a trace at the base, then for each constant one trace with it changed (to b+1,
   b+2, 2b or b-1, the first that traces). A constant whose change alters the traced program
   (an op, a float argument: a `dim`, a stride, a scale 1/sqrt(d)) or breaks the trace is
   fixed: baked in at its real value (--entry-sizes small: at its small value).
4. Phase 2: traces at the base (fixed constants at their baked value), at each single change
   of a varied constant, and at one or two assignments changing several at once; fit.py fits
   every integer of the graph as a Sym of the varied constants. A slot that fits nothing fixes
   the constants it depends on; an emitter that needs a constant where the fit found a
   symbol (ctx.int) does too; phase 2 repeats until it goes through.
5. The varied constants are the index arguments of @forward, in definition order.
"""

import os

from .errors import ImportFault, NeedFixed, located
from . import trace as tr
from . import fit
from .emit import emit_module, unsupported


class TorchFrontend:
    """How a PyTorch model is traced, flattened into fit slots and written. Another framework
    supplies the same names (python/solar_import/jax/driver.py: JaxFrontend) and reuses the
    size choice, the fitting loop and the header below."""
    traced_with = "aten graph traced with torch.fx make_fx"
    fit_at_real_sizes = False   # get_inputs() at real sizes may allocate gigabytes
    trace_model = staticmethod(tr.trace_model)
    flatten = staticmethod(fit.flatten)
    unsupported = staticmethod(unsupported)
    first_difference = staticmethod(fit.first_difference)
    slot_locals = staticmethod(fit.slot_locals)
    describe_slot = staticmethod(fit.describe_slot)
    emit_module = staticmethod(emit_module)


class Importer:
    def __init__(self, path, small=None, entry_sizes="real", log=None, frontend=TorchFrontend):
        self.fe = frontend
        self.path = path
        self.small_override = dict(small or {})
        self.entry_sizes = entry_sizes
        self.log = log or (lambda msg: None)
        self.cache = {}

    def trace(self, sizes):
        key = tuple(sorted(sizes.items()))
        if key not in self.cache:
            try:
                t = self.fe.trace_model(self.path, sizes)
                self.cache[key] = (t, self.fe.flatten(t), None)
            except ImportFault as e:
                self.cache[key] = (None, None, e)
        return self.cache[key]

    def run(self):
        path = self.path
        real = tr.module_constants(path)
        for n in self.small_override:
            if n not in real:
                raise ImportFault(located(path, None, "--small %s: no module-level int constant "
                                          "named '%s' (constants: %s)"
                                          % (n, n, ", ".join(real) or "none")))
        names = list(real)
        settable = tr.settable_constants(path)
        # Constants the harness cannot set (tuple unpacking) keep their values: fixed.
        unsettable = {}
        for n in names:
            root = n if n in settable else (n.rsplit("_", 1)[0] if "_" in n else n)
            if n not in settable and root not in settable:
                unsettable[n] = "assigned by tuple unpacking or chained assignment, which " \
                                "the reference harness cannot set"
        names = [n for n in names if n not in unsettable]
        real_all = real
        real = {n: v for n, v in real.items() if n not in unsettable}
        base = None
        first_err = None
        choices = [self._distinct(real), self._safe(real)] + [
            self._safe(real, cap) for cap in (32, 64, 128)] + [dict(real)]
        for choice in choices:
            choice.update(self.small_override)
            t, flat, err = self.trace(choice)
            if t is not None:
                base = choice
                break
            first_err = first_err or err
        if base is None:
            raise first_err
        t0, flat0, _ = self.trace(base)
        msgs = self.fe.unsupported(t0, path)
        if msgs:
            raise ImportFault(msgs)

        # Phase 1: which constants only change sizes.
        fixed, pert = {}, {}
        self.unsettable = unsettable
        self.real_all = real_all
        for n in names:
            ok = None
            why = None
            for v in self._candidates(base[n]):
                s = dict(base)
                s[n] = v
                t, flat, err = self.trace(s)
                if t is None:
                    why = why or "the model fails at %s=%d" % (n, v)
                    continue
                if flat[0] != flat0[0]:
                    diff = self.fe.first_difference(flat0[0], flat[0], t0)
                    why = "changing it changes the traced program (%s)" % diff
                    break
                ok = v
                break
            if ok is None:
                fixed[n] = why or "cannot be changed"
            else:
                pert[n] = ok
        self.log("phase 1: varied %s; fixed %s" % (
            ", ".join("%s=%d->%d" % (n, base[n], pert[n]) for n in pert) or "none",
            ", ".join(fixed) or "none"))

        while True:
            varied = [n for n in names if n not in fixed]
            env0 = {n: (base[n] if n in varied or self.entry_sizes == "small" else real[n])
                    for n in names}
            t0, flat0, err = self.trace(env0)
            if t0 is None:
                # The fixed constants at their baked values may reject small values of the
                # others (out_channels a multiple of a fixed group count): fix the first
                # varied constant whose real value makes the model trace.
                found = None
                for n in sorted(varied, key=lambda c: real[c]):
                    e = dict(env0)
                    e[n] = real[n] if self.entry_sizes != "small" else base[n]
                    if e[n] != env0[n] and self.trace(e)[0] is not None:
                        found = n
                        break
                if found is None:
                    raise err
                fixed[found] = "the model fails at small values of it once %s %s fixed" % (
                    ", ".join(c for c in real if c in fixed and c != found),
                    "is" if len(fixed) == 1 else "are")
                self.log("base trace failed: fixing %s" % found)
                continue
            traces, envs = [t0], [env0]
            bad = None
            for n in varied:
                e = dict(env0)
                e[n] = pert[n]
                t, flat, err = self.trace(e)
                if t is None or flat[0] != flat0[0]:
                    bad = n
                    break
                traces.append(t)
                envs.append(e)
            if bad is not None:
                fixed[bad] = "changing it at the chosen sizes changes the traced program"
                continue
            if varied:
                for combo, scale in self._combos(varied):
                    e = dict(env0)
                    for n in combo:
                        e[n] = (env0[n] + scale * (pert[n] - env0[n]) if scale is not None
                                else 2 * env0[n] + 1)
                    if min(e[n] for n in combo) < 1:
                        continue
                    t, flat, err = self.trace(e)
                    if t is not None and flat[0] == flat0[0]:
                        traces.append(t)
                        envs.append(e)
                if self.fe.fit_at_real_sizes:
                    # The real sizes too, so a form that fits the small traces by accident
                    # (embed_dim floordiv num_heads is none of fit.py's forms) is caught
                    # where the file is analysed, not silently wrong there.
                    e = dict(env0)
                    e.update({n: real[n] for n in varied})
                    t, flat, err = self.trace(e)
                    if t is not None and flat[0] == flat0[0] and e not in envs:
                        traces.append(t)
                        envs.append(e)
                if len(traces) == len(varied) + 1 and len(varied) > 1:
                    self.log("warning: no trace changing several constants at once; the fit "
                             "is not cross-checked")
            vectors = list(zip(*[self.trace(e)[1][1] for e in envs]))
            try:
                syms = fit.fit_slots(vectors, envs, varied, self.fe.slot_locals(t0))
            except fit.FitFailed as e:
                # Fix one constant at a time, the smallest first (a group count or a head
                # count rather than the channels it divides), then refit.
                n = min(sorted(e.constants), key=lambda c: (real[c], -names.index(c)))
                where = self.fe.describe_slot(t0, e.slot)
                if where.startswith("an argument"):
                    fixed[n] = "changing it changes %s, which is not a size" % where
                else:
                    fixed[n] = "%s depending on it is not an affine, product or floordiv " \
                               "form of the sizes" % where
                self.log("fit failed on %s: fixing %s" % (e.what, n))
                continue
            header = self._header(real, varied, fixed, base, env0)
            try:
                text, work = self.fe.emit_module(t0, syms, {"index_args": varied}, path, header)
            except NeedFixed as e:
                deps = e.constants & set(varied)
                if not deps:
                    raise ImportFault(located(path, None, "internal: %s" % e.why))
                for n in deps:
                    fixed[n] = e.why
                self.log("emitter: fixing %s (%s)" % (", ".join(sorted(deps)), e.why))
                continue
            self.work = work
            self.varied = varied
            self.base = {n: env0[n] for n in varied}
            return text

    def _header(self, real, varied, fixed, base, env0):
        name = os.path.basename(self.path)
        lines = ["// Imported by solar-import from %s (%s)." % (name, self.fe.traced_with)]
        small = ["%s=%d" % (n, base[n]) for n in varied]
        if self.entry_sizes == "small":
            small += ["%s=%d" % (n, env0[n]) for n in real if n in fixed]
        lines.append("// sizes.small: " + ", ".join(small))
        lines.append("// sizes.real: " + ", ".join("%s=%d" % (n, real[n]) for n in varied))
        if fixed or self.unsettable:
            at = "small" if self.entry_sizes == "small" else "real"
            items = ["%s=%d (%s)" % (n, env0[n], fixed[n]) for n in real if n in fixed]
            items += ["%s=%d (%s)" % (n, self.real_all[n], why)
                      for n, why in self.unsettable.items()]
            lines.append("// sizes.fixed: " + "; ".join(items)
                         + "; baked in at their %s values" % at)
        return lines

    @staticmethod
    def _candidates(v):
        # +7 first: a change that no stride up to 6 hides in a floordiv.
        out = [v + 7, v + 1, 2 * v, v + 2, v + 3]
        if v > 2:
            out.append(v - 1)
        return out

    @staticmethod
    def _combos(varied):
        combos = [(list(varied), 1), (list(varied), 2)]
        if len(varied) > 2:
            combos.append((varied[::2], 1))
            combos.append((varied[1::2], 2))
        # scale None: every constant at 2b + 1, off the lattice b + k * (pert - b) of the
        # others, which a floordiv can be linear on (ResNet's ((image + 1) floordiv 2 + 1)
        # floordiv 2 is (2 * image - 8) / 7 at image 32, 39 and 46).
        combos.append((list(varied), None))
        return combos

    @staticmethod
    def _distinct(real):
        used = set(v for v in real.values() if v <= 8)
        out = {}
        for n, v in real.items():
            if v <= 8:
                out[n] = v
                continue
            divs = [d for d in range(12, 2, -1) if v % d == 0]
            prefs = divs + [d for d in range(12, 2, -1) if d not in divs]
            pick = next((d for d in prefs if d not in used), prefs[0])
            used.add(pick)
            out[n] = pick
        return out

    @staticmethod
    def _safe(real, cap=16):
        """Each constant above cap gets its largest divisor <= cap (else cap)."""
        out = {}
        for n, v in real.items():
            if v <= cap:
                out[n] = v
                continue
            divs = [d for d in range(cap, 1, -1) if v % d == 0]
            out[n] = divs[0] if divs else cap
        return out


# Validation budget: estimated loop iterations of the imported function at sizes.small.
# solar-run does about 1e7 to 1e8 a second; above this, the varied sizes are halved (to no
# less than 2; sizes given with --small are kept) and the model is imported again.
WORK_BUDGET = 3e7


def import_model(path, small=None, entry_sizes="real", log=None, frontend=TorchFrontend):
    log = log or (lambda m: None)
    small = dict(small or {})
    imp = Importer(path, small, entry_sizes, log, frontend)
    text = imp.run()
    for _ in range(4):
        if imp.work <= WORK_BUDGET:
            break
        shrunk = dict(small)
        for n in imp.varied:
            if n not in small and imp.base[n] > 2:
                shrunk[n] = max(2, imp.base[n] // 2)
        if shrunk == small or all(shrunk.get(n) == imp.base.get(n) for n in shrunk):
            break
        log("estimated validation work %.3g iterations at %s: shrinking to %s" % (
            imp.work, imp.base, shrunk))
        try:
            imp2 = Importer(path, shrunk, entry_sizes, log, frontend)
            text2 = imp2.run()
        except ImportFault:
            break
        if imp2.work >= imp.work:
            break
        imp, text, small = imp2, text2, shrunk
    return text
