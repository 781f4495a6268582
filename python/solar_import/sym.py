"""Symbolic sizes: integer polynomials over the model's size constants.

A `Sym` is a polynomial with integer coefficients whose atoms are size-constant names
(`"batch_size"`) or `FloorDiv` atoms (a Sym divided by a positive integer, rounded down), so a
shape like `C * ((H - 3) floordiv 2 + 1)` is one Sym. Monomials of degree > 1 (`C * H`) are not
affine; the IR builder materialises them as `arith.muli` of index values at function top level
(a valid symbol). `Sym.const(4)` is a plain integer; `int(s)` works only on constants.
"""

from fractions import Fraction


class FloorDiv:
    """floor(num / den) for a Sym num and an int den > 1; an atom of a Sym."""

    __slots__ = ("num", "den", "key")

    def __init__(self, num, den):
        self.num, self.den = num, den
        self.key = "(%s) floordiv %d" % (num.key, den)

    def __eq__(self, o):
        return isinstance(o, FloorDiv) and o.key == self.key

    def __hash__(self):
        return hash(self.key)

    def __lt__(self, o):
        return _atom_key(self) < _atom_key(o)

    def eval(self, env):
        return self.num.eval(env) // self.den


def _atom_key(a):
    return a if isinstance(a, str) else "~" + a.key


class Sym:
    """terms: {monomial (sorted tuple of atoms, () for the constant): nonzero int}."""

    __slots__ = ("terms", "key")

    def __init__(self, terms=None):
        t = {}
        for m, c in (terms or {}).items():
            if c:
                t[m] = t.get(m, 0) + c
        self.terms = {m: c for m, c in t.items() if c}
        self.key = self._key()

    @staticmethod
    def const(v):
        return Sym({(): int(v)})

    @staticmethod
    def atom(a):
        return Sym({(a,): 1})

    @staticmethod
    def lift(v):
        return v if isinstance(v, Sym) else Sym.const(v)

    def _key(self):
        parts = []
        for m in sorted(self.terms, key=lambda m: (len(m), [_atom_key(a) for a in m])):
            c = self.terms[m]
            parts.append("%d%s" % (c, "".join("*" + _atom_key(a) for a in m)))
        return "+".join(parts) or "0"

    # -- queries
    def is_const(self):
        return all(m == () for m in self.terms)

    def value(self):
        """The constant's int; for a symbolic size, NeedFixed: an emitter wanted a number
        (a hardtanh bound, a scale) where the fit found a size, so the driver bakes in the
        constants it depends on and emits again."""
        if not self.is_const():
            from .errors import NeedFixed
            raise NeedFixed(self.constants(), "a number of the program depends on %s" % self)
        return self.terms.get((), 0)

    def __int__(self):
        return self.value()

    def __index__(self):
        return self.value()

    def constants(self):
        """The size-constant names this Sym depends on (through FloorDiv atoms too)."""
        out = set()
        for m in self.terms:
            for a in m:
                if isinstance(a, str):
                    out.add(a)
                else:
                    out |= a.num.constants()
        return out

    def is_affine(self):
        """Degree <= 1 in its atoms (FloorDiv atoms count as atoms)."""
        return all(len(m) <= 1 for m in self.terms)

    def eval(self, env):
        total = 0
        for m, c in self.terms.items():
            p = c
            for a in m:
                p *= env[a] if isinstance(a, str) else a.eval(env)
            total += p
        return total

    # -- arithmetic
    def __add__(self, o):
        o = Sym.lift(o)
        t = dict(self.terms)
        for m, c in o.terms.items():
            t[m] = t.get(m, 0) + c
        return Sym(t)

    __radd__ = __add__

    def __neg__(self):
        return Sym({m: -c for m, c in self.terms.items()})

    def __sub__(self, o):
        return self + (-Sym.lift(o))

    def __rsub__(self, o):
        return Sym.lift(o) - self

    def __mul__(self, o):
        o = Sym.lift(o)
        t = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in o.terms.items():
                m = tuple(sorted(m1 + m2, key=_atom_key))
                t[m] = t.get(m, 0) + c1 * c2
        return Sym(t)

    __rmul__ = __mul__

    def floordiv(self, d):
        """self floordiv d for an int d > 0: exact when every coefficient divides, else an atom."""
        d = int(d)
        if d == 1:
            return self
        if all(c % d == 0 for c in self.terms.values()):
            return Sym({m: c // d for m, c in self.terms.items()})
        if self.is_const():
            return Sym.const(self.value() // d)
        # Keep the constant's multiple of d outside: (x + 2d + r) // d = (x + r) // d + 2.
        c0 = self.terms.get((), 0)
        out = c0 // d
        rest = self - out * d
        return Sym.atom(FloorDiv(rest, d)) + out

    def div_exact(self, d):
        """self / d when d (an int or a single-monomial Sym) divides every term, else None."""
        d = Sym.lift(d)
        if len(d.terms) != 1:
            return Sym.const(1) if d == self else None
        (dm, dc), = d.terms.items()
        out = {}
        for m, c in self.terms.items():
            if c % dc != 0:
                return None
            rest = list(m)
            for a in dm:
                if a in rest:
                    rest.remove(a)
                else:
                    return None
            out[tuple(rest)] = c // dc
        return Sym(out)

    def ceildiv(self, d):
        return (self + (int(d) - 1)).floordiv(d)

    def __eq__(self, o):
        if isinstance(o, int):
            o = Sym.const(o)
        return isinstance(o, Sym) and o.key == self.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return "Sym(%s)" % self

    def __str__(self):
        if not self.terms:
            return "0"
        parts = []
        for m in sorted(self.terms, key=lambda m: (-len(m), [_atom_key(a) for a in m])):
            c = self.terms[m]
            names = ["(%s floordiv %d)" % (a.num, a.den) if isinstance(a, FloorDiv) else a
                     for a in m]
            if not names:
                body = str(abs(c))
            elif abs(c) == 1:
                body = "*".join(names)
            else:
                body = "%d*%s" % (abs(c), "*".join(names))
            parts.append(("- " if c < 0 else "+ ") + body)
        s = " ".join(parts)
        return s[2:] if s.startswith("+ ") else "-" + s[2:]


def fit_linear(values, envs, names):
    """The Sym sum_i a_i * name_i + c (a_i, c rationals; a rational result is written as a
    FloorDiv by the common denominator) that gives values[k] at envs[k] for every k, or None.
    envs[0] is the base assignment; the solution uses the traces that vary one name from it
    and is then checked on all of them."""
    base_v, base = values[0], envs[0]
    coeffs = {}
    for n in names:
        for v, e in zip(values, envs):
            diff = [m for m in names if e[m] != base[m]]
            if diff == [n]:
                coeffs[n] = Fraction(v - base_v, e[n] - base[n])
                break
        else:
            coeffs[n] = Fraction(0)
    c0 = Fraction(base_v) - sum(coeffs[n] * base[n] for n in names)
    for v, e in zip(values, envs):
        if c0 + sum(coeffs[n] * e[n] for n in names) != v:
            return None
    den = 1
    for f in list(coeffs.values()) + [c0]:
        den = den * f.denominator // _gcd(den, f.denominator)
    num = Sym({(): int(c0 * den)})
    for n in names:
        if coeffs[n]:
            num = num + Sym({(n,): int(coeffs[n] * den)})
    if den == 1:
        return num
    s = Sym.atom(FloorDiv(num, den))
    return s if all(s.eval(e) == v for v, e in zip(values, envs)) else None


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a
