"""The import: pick sizes, trace several times, fit, emit; see README.md for the design.

import_model(path, small=None, entry_sizes="real", log=None, frontend=TorchFrontend)
    -> Imported (text, sizes).

The framework is a front end (TorchFrontend below; jax/driver.py: JaxFrontend): how a program
is traced at given sizes, flattened into a structure and integer slots, checked for
unsupported operations and written; the steps below are the same for every framework.

1. The size constants (trace.size_constants: int literals and constant expressions, tuples as
   NAME_K) with their real values; constants computed from them follow them.
2. A base assignment of small values: a constant <= 8 keeps its value (`--small` overrides
   any); a larger one gets a value in [3, 12] dividing it where one does, distinct from the
   others where it can; if the model rejects that, constants with equal real values get
   equal values; then each gets its largest divisor <= 16, 32, 64, 128; then the real values.
3. Phase 1: for each constant one trace with it changed (b+7, b+1, 2b, ...: the first that
   traces). A constant whose change alters the traced program (an op, a float argument: a
   `dim`, a stride, a scale 1/sqrt(d)) is fixed: baked in at its real value (--entry-sizes
   small: its small value). Constants that break the model when changed alone but not when
   changed together with the others of the same value (`batch_size` and `input_shape[0]`
   broadcast against each other) are tied: one index argument each, always equal.
4. Phase 2: traces at the base (fixed constants at their baked value), at each single change,
   at two to four assignments changing several at once and at the real sizes; fit.py fits
   every integer of the graph as a Sym of the varied constants, checked on every trace (so the
   IR is exact at the real sizes it is analysed at). A slot that fits nothing fixes the
   constants it depends on; an emitter that needs a constant where the fit found a symbol
   (ctx.int) does too; phase 2 repeats until it goes through.
5. The validation sizes: the base, halved while the estimated loop iterations exceed
   WORK_BUDGET (keeping MIN_BATCH_STAT_SAMPLES per BatchNorm channel), and a second set with every varied constant changed; each is traced and must
   give the fitted shapes. The varied constants are the index arguments, in definition order.
"""

import os

from .errors import ImportFault, NeedFixed, located
from . import trace as tr
from . import fit
from .emit import emit_module, unsupported
from .ir import work_at

# Validation budget: estimated loop iterations of the imported function at sizes.small.
# solar-run does about 1e7 to 1e8 a second; above this the varied sizes are halved (not
# below 1; sizes given with --small are kept).
WORK_BUDGET = 3e7

# A training-mode BatchNorm divides by its batch's standard deviation: over a handful of
# samples per channel it amplifies rounding without bound at depth (ResNet-101 at batch 2 and
# 1x1 spatial extent: a change of 1e-15 in its input moves its output by 14, so no run, not
# even in float64, measures what it computes). Shrinking keeps at least this many samples per
# channel, or as many as the base sizes have.
MIN_BATCH_STAT_SAMPLES = 8


class Imported:
    """text: the module (header included); small, second, real: {index argument: value};
    work: estimated loop iterations at small."""

    def __init__(self, text, small, second, real, work):
        self.text, self.small, self.second, self.real, self.work = \
            text, small, second, real, work


class TorchFrontend:
    """How a PyTorch model is traced, flattened into fit slots and written. Another framework
    supplies the same names (jax/driver.py: JaxFrontend) and reuses the size choice, the
    fitting loop, the validation sizes and the header below.

    trace_model(path, sizes, real_ok) -> a trace with .sizes (every module constant there);
    real_ok=False: fail rather than build the model for real (a trace that is not free).
    flatten(trace) -> (structure, slots); slot_locals, slot_divisors(trace) -> per slot;
    describe_slot(trace, s), first_difference(a, b, trace) -> text for messages;
    unsupported(trace, path) -> located messages; emit_module(trace, syms, plan, path) ->
    (body, work terms: ir.work_at). fit_at_real_sizes: the fit is also checked on a trace at
    the real sizes (fake tensors make it as cheap as a small one)."""
    traced_with = "aten graph traced with torch.fx make_fx"
    fit_at_real_sizes = True
    size_constants = staticmethod(tr.size_constants)
    module_constants = staticmethod(tr.module_constants)
    trace_model = staticmethod(tr.trace_model)
    flatten = staticmethod(fit.flatten)
    unsupported = staticmethod(unsupported)
    first_difference = staticmethod(fit.first_difference)
    slot_locals = staticmethod(fit.slot_locals)
    slot_divisors = staticmethod(fit.slot_divisors)
    describe_slot = staticmethod(fit.describe_slot)
    emit_module = staticmethod(emit_module)
    batch_stat_samples = staticmethod(tr.batch_stat_samples)


class Importer:
    def __init__(self, path, small=None, entry_sizes="real", log=None, frontend=TorchFrontend):
        self.fe = frontend
        self.path = path
        self.small_override = dict(small or {})
        self.entry_sizes = entry_sizes
        self.log = log or (lambda msg: None)
        self.cache = {}
        self.ties = {}  # tied constant -> the constant it always equals (its representative)

    # -- traces
    def env(self, base, **changes):
        """base with changes applied, tied constants following their representatives."""
        e = dict(base)
        e.update(changes)
        for m, rep in self.ties.items():
            e[m] = e[rep]
        return e

    def trace(self, sizes, real_ok=True):
        """(Trace, (structure, slots), None) or (None, None, ImportFault), cached."""
        key = tuple(sorted(sizes.items()))
        if key not in self.cache:
            try:
                t = self.fe.trace_model(self.path, sizes, real_ok)
                self.cache[key] = (t, self.fe.flatten(t), None)
            except ImportFault as e:
                self.cache[key] = (None, None, e)
        return self.cache[key]

    def same_program(self, sizes, structure, real_ok=True):
        t, flat, _ = self.trace(sizes, real_ok)
        return t is not None and flat[0] == structure

    # -- the import
    def run(self):
        path = self.path
        real = self.fe.size_constants(path)
        for n in self.small_override:
            if n not in real:
                raise ImportFault(located(path, None, "--small %s: no module-level size constant "
                                          "named '%s' (size constants: %s)"
                                          % (n, n, ", ".join(real) or "none")))
        self.real = real
        self.module_consts = self.fe.module_constants(path)  # derived ones too, at real values
        self.names = names = list(real)
        base = self._base(real)
        t0, flat0, _ = self.trace(base)
        msgs = self.fe.unsupported(t0, path)
        if msgs:
            raise ImportFault(msgs)
        fixed, pert = self._phase1(base, flat0[0], t0)
        self.log("phase 1: varied %s; tied %s; fixed %s" % (
            ", ".join("%s=%d->%d" % (n, base[n], pert[n]) for n in pert) or "none",
            ", ".join("%s=%s" % kv for kv in self.ties.items()) or "none",
            ", ".join(fixed) or "none"))
        while True:
            varied = [n for n in names if n not in fixed and n not in self.ties]
            baked = {n: (base[n] if self.entry_sizes == "small" else real[n]) for n in fixed}
            env0 = self.env(base, **baked)
            t0, flat0, err = self.trace(env0)
            if t0 is None:
                self._fix_for_base(env0, varied, fixed, baked, real, err)
                continue
            envs = self._phase2_envs(env0, varied, pert, flat0[0])
            if isinstance(envs, str):
                fixed[envs] = "changing it at the chosen sizes changes the traced program"
                continue
            if self.fe.fit_at_real_sizes and self.entry_sizes != "small" and varied:
                at_real = self._real_check(env0, varied, fixed, flat0[0])
                if at_real is False:
                    continue
                if at_real is not None:
                    envs.append(at_real)
            vectors = list(zip(*[self.trace(e)[1][1] for e in envs]))
            try:
                syms = fit.fit_slots(vectors, envs, varied, self.fe.slot_locals(t0),
                                     self.fe.slot_divisors(t0))
            except fit.FitFailed as e:
                self._fix_for_fit(e, t0, fixed)
                continue
            index_args = self._index_args(t0, envs, fixed)
            try:
                body, terms = self.fe.emit_module(t0, syms, {"index_args": index_args}, path)
            except NeedFixed as e:
                deps = e.constants & set(varied)
                if not deps:
                    raise ImportFault(located(path, None, "internal: %s" % e.why))
                for n in deps:
                    fixed[n] = e.why
                self.log("emitter: fixing %s (%s)" % (", ".join(sorted(deps)), e.why))
                continue
            return self._finish(body, terms, syms, env0, varied, index_args, fixed)

    def _base(self, real):
        first_err = None
        for choice in [self._distinct(real), self._distinct(real, by_value=True), self._descended(),
                       self._safe(real)] + [self._safe(real, cap) for cap in (32, 64, 128)] + \
                [dict(real)]:
            if choice is None:
                continue
            choice.update(self.small_override)
            t, _, err = self.trace(choice)
            if t is not None:
                return choice
            first_err = first_err or err
        raise first_err

    def _descended(self):
        """From the real values (which work), each constant in turn lowered to the smallest
        divisor of its real value the model accepts with the others as they stand, one no
        other constant has where it can (64 channels in 16 groups: 32, not 16, whose
        one-channel groups PyTorch normalises with visible rounding); None when the real
        values fail."""
        choice = dict(self.real, **self.small_override)
        if self.trace(choice)[0] is None:
            return None
        for n in self.real:
            if n in self.small_override or self.real[n] <= 8:
                continue
            taken = set(v for m, v in choice.items() if m != n)
            divisors = [d for d in range(3, self.real[n]) if self.real[n] % d == 0]
            for d in sorted(divisors, key=lambda d: (d in taken, d))[:8]:
                if self.trace(dict(choice, **{n: d}))[0] is not None:
                    choice[n] = d
                    break
        return choice

    def _phase1(self, base, structure, t0):
        """(fixed {name: why}, pert {name: changed value}); sets self.ties."""
        fixed, pert, failing = {}, {}, {}
        for n in self.names:
            why = None
            for v in self._candidates(base[n]):
                t, flat, err = self.trace(dict(base, **{n: v}))
                if t is None:
                    why = why or "the model fails at %s=%d" % (n, v)
                    continue
                if flat[0] != structure:
                    why = "changing it changes the traced program (%s)" % self.fe.first_difference(
                        structure, flat[0], t0)
                    break
                pert[n] = v
                break
            else:
                failing[n] = why or "cannot be changed"
                continue
            if n not in pert:
                fixed[n] = why
        # Constants that only work when changed together: equal real and base values.
        groups = {}
        for n in failing:
            groups.setdefault((self.real[n], base[n]), []).append(n)
        for members in groups.values():
            rep = members[0]
            if len(members) > 1:
                for v in self._candidates(base[rep]):
                    if self.same_program(dict(base, **{m: v for m in members}), structure):
                        pert[rep] = v
                        for m in members[1:]:
                            self.ties[m] = rep
                        break
            if rep not in pert:
                for m in members:
                    fixed[m] = failing[m]
        return fixed, pert

    def _phase2_envs(self, env0, varied, pert, structure):
        """The envs of the fit: env0, one per varied constant changed alone, and several
        changing many at once; or the name of a constant whose change alters the program."""
        envs = [env0]
        for n in varied:
            e = self.env(env0, **{n: pert[n]})
            if not self.same_program(e, structure):
                return n
            envs.append(e)
        for combo, scale in self._combos(varied):
            e = self.env(env0, **{n: (env0[n] + scale * (pert[n] - env0[n]) if scale is not None
                                      else 2 * env0[n] + 1) for n in combo})
            if min(e[n] for n in combo) >= 1 and self.same_program(e, structure):
                envs.append(e)
        if len(envs) == len(varied) + 1 and len(varied) > 1:
            self.log("warning: no trace changing several constants at once; the fit is not "
                     "cross-checked")
        return envs

    def _real_check(self, env0, varied, fixed, structure):
        """The env of the real sizes when the program traced there is the small one (the fit
        must then hold there too); None when it cannot be traced without building the model
        for real; False after fixing a constant whose real value changes the program."""
        e = self.env(env0, **{n: self.real[n] for n in varied})
        t, flat, err = self.trace(e, real_ok=False)
        if t is None:
            self.log("no trace at the real sizes (%s)" % err)
            return None
        if flat[0] == structure:
            return e
        for n in sorted(varied, key=lambda c: -self.real[c]):
            if not self.same_program(self.env(env0, **{n: self.real[n]}), structure, False):
                fixed[n] = "the program traced at its real value differs from the one at " \
                           "small values (%s)" % self.fe.first_difference(structure, flat[0], t)
                self.log("real sizes: fixing %s" % n)
                return False
        for n in varied:
            fixed[n] = "the program traced at the real sizes differs from the one at small " \
                       "sizes (%s)" % self.fe.first_difference(structure, flat[0], t)
        return False

    def _fix_for_base(self, env0, varied, fixed, baked, real, err):
        """The fixed constants at their baked values may reject small values of the others
        (out_channels a multiple of a fixed group count): fix the first varied constant whose
        baked value makes the model trace."""
        for n in sorted(varied, key=lambda c: real[c]):
            v = real[n] if self.entry_sizes != "small" else env0[n]
            if v != env0[n] and self.trace(self.env(env0, **{n: v}))[0] is not None:
                fixed[n] = "the model fails at small values of it once %s %s fixed" % (
                    ", ".join(c for c in real if c in fixed), "is" if len(fixed) == 1 else "are")
                self.log("base trace failed: fixing %s" % n)
                return
        raise err

    def _fix_for_fit(self, e, t0, fixed):
        """Fixes one constant a slot depends on, the smallest first (a group count or a head
        count rather than the channels it divides)."""
        n = min(sorted(e.constants), key=lambda c: (self.real[c], -self.names.index(c)))
        where = self.fe.describe_slot(t0, e.slot)
        if where.startswith("an argument"):
            fixed[n] = "changing it changes %s, which is not a size" % where
        else:
            fixed[n] = "%s depending on it is not an affine, product or floordiv form of the " \
                       "sizes" % where
        self.log("fit failed on %s: fixing %s" % (e.what, n))

    def _index_args(self, t0, envs, fixed):
        """The size constants that are not fixed, and the constants computed from them that
        change with them (`bias_shape = (out_channels, 1, 1)`: bias_shape_0), in definition
        order: every module-level int constant the validation changes is an index argument
        (solar-translate's convention), though the IR's shapes use the size constants."""
        out = []
        for n, v in t0.sizes.items():
            if n in self.real:
                if n not in fixed:
                    out.append(n)
            elif any(self.trace(e)[0].sizes.get(n) != v for e in envs[1:]):
                out.append(n)
        return out

    # -- the validation sizes and the header
    def _fits(self, env, syms, structure):
        t, flat, _ = self.trace(env)
        return t is not None and flat[0] == structure and fit.check_slots(syms, flat[1], env)

    def _finish(self, body, terms, syms, env0, varied, index_args, fixed):
        structure = self.trace(env0)[1][0]
        free = [n for n in varied if n not in self.small_override]
        small = self._shrunk(env0, free, terms, syms, structure)
        second = self._second(small, varied, syms, structure, terms) if varied else None
        work = work_at(terms, small)
        shown = index_args + ([n for n in self.names if n in fixed]
                              if self.entry_sizes == "small" else [])
        real = self.module_consts

        def pick(env, names=shown):  # every constant's value there, derived ones included
            consts = self.trace(env)[0].sizes
            return {n: consts[n] for n in names}
        small, second = pick(small), pick(second) if second else None
        real = {n: real[n] for n in index_args}
        header = self._header(fixed, small, second, real)
        return Imported("\n".join(header) + "\n" + body, small, second, real, work)

    def _enough_samples(self, e, base):
        """e leaves every training-mode BatchNorm MIN_BATCH_STAT_SAMPLES samples per channel,
        or as many as base does (the frontend's batch_stat_samples; True without one)."""
        count = getattr(self.fe, "batch_stat_samples", None)
        if count is None:
            return True
        t0, t = self.trace(base)[0], self.trace(e)[0]
        if t0 is None or t is None or count(t0) is None:
            return True
        return count(t) >= min(MIN_BATCH_STAT_SAMPLES, count(t0))

    def _shrunk(self, env, free, terms, syms, structure):
        """env with the free constants halved while the estimated work is above WORK_BUDGET:
        the largest first, to 2, then to 1 (batch 1 where the batch can shrink). The plan is
        made on the estimate alone and its end traced (it must give the fitted shapes and
        leave BatchNorms their samples, _enough_samples); when the model rejects it (a group
        count must divide a channel count) or the samples run short, each halving is traced
        in turn and only the ones it rejects are skipped."""
        if work_at(terms, env) <= WORK_BUDGET:
            return env
        e = env
        for floor in (2, 1):
            while work_at(terms, e) > WORK_BUDGET:
                big = [n for n in sorted(free, key=lambda c: -e[c]) if e[n] > floor]
                if not big:
                    break
                e = self.env(e, **{big[0]: max(floor, e[big[0]] // 2)})
        if e != env and self._fits(e, syms, structure) and self._enough_samples(e, env):
            self.log("estimated validation work %.3g iterations: shrinking %s" % (
                work_at(terms, env), ", ".join("%s %d -> %d" % (n, env[n], e[n])
                                               for n in free if e[n] != env[n])))
            return e
        work, start = work_at(terms, env), env
        for floor in (2, 1):
            progress = True
            while work > WORK_BUDGET and progress:
                progress = False
                for n in sorted(free, key=lambda c: -env[c]):
                    if env[n] <= floor:
                        continue
                    e = self.env(env, **{n: max(floor, env[n] // 2)})
                    if self._fits(e, syms, structure) and self._enough_samples(e, start):
                        self.log("estimated validation work %.3g iterations: %s %d -> %d" % (
                            work, n, env[n], e[n]))
                        env, work, progress = e, work_at(terms, e), True
                        if work <= WORK_BUDGET:
                            break
        return env

    def _second(self, small, varied, syms, structure, terms):
        """A second validation set: every varied constant changed (+1, +2, ...) where the
        model accepts it and the fit holds, at no more than 1.5 times the first set's work
        (or WORK_BUDGET); None when none can change."""
        cap = max(WORK_BUDGET, 1.5 * work_at(terms, small))
        for k in (1, 2, 3):
            e = self.env(small, **{n: small[n] + k for n in varied})
            if work_at(terms, e) <= cap and self._fits(e, syms, structure):
                return e
        e = dict(small)
        for n in varied:
            for v in (small[n] + 1, small[n] + 2, 2 * small[n], small[n] - 1, small[n] + 3):
                c = self.env(e, **{n: v})
                if v >= 1 and work_at(terms, c) <= cap and self._fits(c, syms, structure):
                    e = c
                    break
        return e if e != small else None

    def _header(self, fixed, small, second, real):
        name = os.path.basename(self.path)
        text = lambda env: ", ".join("%s=%d" % kv for kv in env.items())  # noqa: E731
        lines = ["// Imported by solar-import from %s (%s)." % (name, self.fe.traced_with),
                 "// sizes.small: " + text(small)]
        if second is not None:
            lines.append("// sizes.second: " + text(second))
        lines.append("// sizes.real: " + text(real))
        if self.ties:
            lines.append("// sizes.tied: " + ", ".join(
                "%s = %s" % kv for kv in self.ties.items()) + " (the model needs them equal)")
        if fixed:
            at = "small" if self.entry_sizes == "small" else "real"
            baked = self.module_consts if at == "real" else small
            lines.append("// sizes.fixed: " + "; ".join(
                "%s=%d (%s)" % (n, baked[n], fixed[n]) for n in self.names if n in fixed)
                + "; baked in at their %s values" % at)
        return lines

    # -- size choices
    @staticmethod
    def _candidates(v):
        # +7 first: a change that no stride up to 6 hides in a floordiv.
        out = [v + 7, v + 1, 2 * v, v + 2, v + 3]
        if v > 2:
            out.append(v - 1)
        return out

    @staticmethod
    def _combos(varied):
        """Assignments changing several constants at once (the trace at the real sizes adds a
        far one): all at the changed values, and all at 2b + 1 (scale None), off the lattice
        b + k * (pert - b), which a floordiv can be linear on (ResNet's ((image + 1) floordiv
        2 + 1) floordiv 2 is (2 * image - 8) / 7 at image 32, 39 and 46)."""
        return [(list(varied), 1), (list(varied), None)]

    @staticmethod
    def _distinct(real, by_value=False):
        """Each constant above 8 gets a value in [3, 12] dividing it where one does and
        distinct from the others' (by_value: constants with equal real values get equal
        values, distinct from the rest)."""
        used = set(v for v in real.values() if v <= 8)
        out, given = {}, {}
        for n, v in real.items():
            if v <= 8:
                out[n] = v
                continue
            if by_value and v in given:
                out[n] = given[v]
                continue
            divs = [d for d in range(12, 2, -1) if v % d == 0]
            prefs = divs + [d for d in range(12, 2, -1) if d not in divs]
            pick = next((d for d in prefs if d not in used), prefs[0])
            used.add(pick)
            out[n] = given[v] = pick
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


def import_model(path, small=None, entry_sizes="real", log=None, frontend=TorchFrontend):
    return Importer(path, small, entry_sizes, log, frontend).run()
