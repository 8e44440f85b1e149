"""The upper confidence limit of a binomial error rate, as C4.5's error-based pruning uses it.

Quinlan, *C4.5: Programs for Machine Learning* (1993), ch. 4: a node that misclassifies E of its
N training rows is credited with the error rate U_CF(E, N), the p at which seeing at most E
errors in N trials has probability CF:

    P(X ≤ E | N, p) = Σ_{i ≤ E} C(N, i) pⁱ (1 − p)^{N−i} = I_{1−p}(N − E, E + 1) = CF.

The regularised incomplete beta I_x(a, b) extends the binomial CDF to fractional E and N
(weighted rows); at integer values it is the sum above exactly. We solve for p by bisection.
C4.5's special cases (Quinlan's program, ``AddErrs``):

    E = 0:       U = 1 − CF^{1/N}                            (the equation solved in closed form)
    0 < E < 1:   U = U(0, N) + E · (U(1, N) − U(0, N))        (interpolation for fractional errors)
    N = 0:       U = 0                                       (an empty leaf predicts no errors)

Quinlan's worked example (ch. 4) prints U₂₅%(0, 6) = 0.206 and U₂₅%(1, 16) = 0.157; the second
comes from the normal approximation in his program, the exact limit is 0.1596:

>>> round(float(upper_error_rate(0, 6)), 3), round(float(upper_error_rate(1, 16)), 4)
(0.206, 0.1596)
"""

from __future__ import annotations

import math

import numpy as np

_BISECTIONS = 60          # halves [0, 1] below 1e-18
_CF_ITERATIONS = 10_000   # the continued fraction needs O(√max(a, b)) terms
_TINY = 1e-300


def upper_error_rate(errors, n, cf: float = 0.25) -> np.ndarray:
    """U_CF(E, N) for arrays of errors E and (weighted) row counts N, elementwise."""
    if not 0 < cf < 1:
        raise ValueError("the confidence factor cf must be between 0 and 1")
    errors, n = np.broadcast_arrays(np.asarray(errors, float), np.asarray(n, float))
    out = np.zeros(errors.shape)
    has_rows = n > 0
    u0 = np.where(has_rows, 1 - cf ** (1 / np.where(has_rows, n, 1.0)), 0.0)
    fractional = has_rows & (errors > 0) & (errors < 1)
    whole = has_rows & (errors >= 1)
    out[has_rows] = u0[has_rows]
    one = np.ones(int(fractional.sum()))
    out[fractional] = u0[fractional] + errors[fractional] * (
        _solve(one, n[fractional], cf) - u0[fractional])
    out[whole] = _solve(errors[whole], n[whole], cf)
    return out


def _solve(errors: np.ndarray, n: np.ndarray, cf: float) -> np.ndarray:
    """p with I_{1−p}(N − E, E + 1) = CF by bisection, once per distinct (E, N) pair."""
    if errors.size == 0:
        return errors.copy()
    pairs, inverse = np.unique(np.stack([errors, n]), axis=1, return_inverse=True)
    e, total = pairs
    a, b = total - e, e + 1
    solvable = a > 0
    a, b = np.where(solvable, a, 1.0), np.where(solvable, b, 1.0)
    log_beta = np.array([math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)
                         for x, y in zip(a, b)])
    low, high = np.zeros(len(e)), np.ones(len(e))
    for _ in range(_BISECTIONS):
        p = (low + high) / 2
        above = _betainc(a, b, 1 - p, log_beta) > cf     # CDF falls as p rises
        low, high = np.where(above, p, low), np.where(above, high, p)
    return np.where(solvable, (low + high) / 2, 1.0)[inverse.ravel()]


def _betainc(a, b, x, log_beta) -> np.ndarray:
    """Regularised incomplete beta I_x(a, b) by its continued fraction (modified Lentz),
    using I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly."""
    swap = x > (a + 1) / (a + b + 2)
    a2, b2, x2 = np.where(swap, b, a), np.where(swap, a, b), np.where(swap, 1 - x, x)
    with np.errstate(divide="ignore"):
        front = np.exp(a2 * np.log(x2) + b2 * np.log1p(-x2) - log_beta) / a2
    value = front * _continued_fraction(a2, b2, x2)
    return np.where(swap, 1 - value, value)


def _continued_fraction(a, b, x) -> np.ndarray:
    """The continued fraction of I_x(a, b) (Press et al., *Numerical Recipes*, §6.4), run
    elementwise until every element has converged; converged elements leave the arrays."""
    result = np.ones(len(a))
    active = np.arange(len(a))
    c = np.ones(len(a))
    d = _guard(1 - (a + b) * x / (a + 1)) ** -1
    h = d.copy()
    for m in range(1, _CF_ITERATIONS):
        aa = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
        d, c = _guard(1 + aa * d) ** -1, _guard(1 + aa / c)
        h = h * d * c
        aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
        d, c = _guard(1 + aa * d) ** -1, _guard(1 + aa / c)
        delta = d * c
        h = h * delta
        done = np.abs(delta - 1) < 1e-15
        if done.any():
            result[active[done]] = h[done]
            keep = ~done
            active, a, b, x, c, d, h = (v[keep] for v in (active, a, b, x, c, d, h))
            if not active.size:
                break
    result[active] = h
    return result


def _guard(values: np.ndarray) -> np.ndarray:
    return np.where(np.abs(values) < _TINY, _TINY, values)
