"""The upper confidence limit of a binomial error rate, as C4.5's error-based pruning uses it.

Quinlan, *C4.5: Programs for Machine Learning* (1993), ch. 4: a node that misclassifies E of its
N training rows is credited with the error rate U_CF(E, N), the p at which seeing at most E
errors in N trials has probability CF:

    P(X ≤ E | N, p) = Σ_{i ≤ E} C(N, i) pⁱ (1 − p)^{N−i} = I_{1−p}(N − E, E + 1) = CF.

The regularised incomplete beta I_x(a, b) extends the binomial CDF to fractional E and N
(weighted rows); at integer values it is the sum above exactly. We solve for p by Newton's
method kept inside a bracket, compiled (numba): a pruned tree of tens of thousands of leaves
needs as many limits.
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
from ..jit import njit

_MAX_STEPS = 60           # at most: halving alone narrows [0, 1] below 1e-18 in as many
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
    """p with I_{1−p}(N − E, E + 1) = CF, once per distinct (E, N) pair."""
    if errors.size == 0:
        return errors.copy()
    pairs, inverse = np.unique(np.stack([errors, n]), axis=1, return_inverse=True)
    limits = np.empty(pairs.shape[1])
    _solve_pairs(np.ascontiguousarray(pairs[0]), np.ascontiguousarray(pairs[1]), cf, limits)
    return limits[inverse.ravel()]


@njit(cache=True)
def _solve_pairs(errors, n, cf, out):
    """For each pair the root p of I_{1−p}(N − E, E + 1) = CF, which falls as p rises (1 where
    E ≥ N: every row may be an error): Newton's steps, the slope being the beta density
    −(1 − p)^{a−1} p^{b−1} / B(a, b), kept inside a bracket [low, high] that each value
    narrows, and a halving of the bracket whenever a step would leave it; a handful of
    evaluations of I where halving alone takes sixty."""
    for i in range(len(errors)):
        a, b = n[i] - errors[i], errors[i] + 1.0
        if a <= 0.0:
            out[i] = 1.0
            continue
        log_beta = math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
        low, high = 0.0, 1.0
        p = b / (a + b)                               # (E + 1) / (N + 1): near the root
        for _ in range(_MAX_STEPS):
            excess = _betainc(a, b, 1.0 - p, log_beta) - cf
            if excess > 0.0:
                low = p
            else:
                high = p
            slope = -math.exp((a - 1.0) * math.log1p(-p) + (b - 1.0) * math.log(p) - log_beta)
            step = p - excess / slope if slope < 0.0 else -1.0
            if not low < step < high:
                step = (low + high) / 2
            if abs(step - p) <= 1e-15 * p or high - low <= 1e-15 * high:
                p = step
                break
            p = step
        out[i] = p


@njit(cache=True)
def _betainc(a, b, x, log_beta):
    """Regularised incomplete beta I_x(a, b) by its continued fraction (modified Lentz),
    using I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly."""
    swap = x > (a + 1) / (a + b + 2)
    if swap:
        a, b, x = b, a, 1.0 - x
    if x <= 0.0:
        value = 0.0
    else:
        value = np.exp(a * np.log(x) + b * np.log1p(-x) - log_beta) / a \
            * _continued_fraction(a, b, x)
    return 1.0 - value if swap else value


@njit(cache=True)
def _continued_fraction(a, b, x):
    """The continued fraction of I_x(a, b) (Press et al., *Numerical Recipes*, §6.4), until a
    term changes it by less than 1e-15."""
    c = 1.0
    d = 1.0 / _guard(1 - (a + b) * x / (a + 1))
    h = d
    for m in range(1, _CF_ITERATIONS):
        aa = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
        d, c = 1.0 / _guard(1 + aa * d), _guard(1 + aa / c)
        h *= d * c
        aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
        d, c = 1.0 / _guard(1 + aa * d), _guard(1 + aa / c)
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h


@njit(cache=True)
def _guard(value):
    return _TINY if abs(value) < _TINY else value
