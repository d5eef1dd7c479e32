"""Small statistics for simulation results: Wilson intervals, distribution summaries, two tests.

>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
>>> round(two_proportion_z(60, 100, 40, 100).p, 4)
0.0047
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal
ALPHA = 0.05


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default), of sorted values."""
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distribution(values: Sequence[float]) -> dict:
    """mean, sd, median, p10, p90, min, max and n of some numbers (None for each when there are none)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "median": None, "p10": None, "p90": None, "min": None, "max": None}
    ordered = sorted(values)
    mean = math.fsum(ordered) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "median": quantile(ordered, 0.5), "p10": quantile(ordered, 0.1),
            "p90": quantile(ordered, 0.9), "min": ordered[0], "max": ordered[-1]}


def mean_interval(values: Sequence[float], z: float = Z95) -> dict:
    """The mean of some numbers and its 95% interval (normal approximation: mean ± z·sd/√n);
    the interval is the mean itself for one value, None for none."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    mean = math.fsum(values) / n
    half = z * math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "ci95": [mean - half, mean + half]}


@dataclass(frozen=True)
class TestResult:
    test: str
    statistic: float
    p: float

    @property
    def significant(self) -> bool:
        return self.p < ALPHA


def normal_two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_z(x1: int, n1: int, x2: int, n2: int) -> TestResult:
    """Two-sided two-proportion z-test with the pooled proportion."""
    pooled = (x1 + x2) / (n1 + n2)
    variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    difference = x2 / n2 - x1 / n1
    if variance == 0:
        return TestResult("two-proportion z-test", 0.0, 1.0)  # both all-or-nothing and equal
    z = difference / math.sqrt(variance)
    return TestResult("two-proportion z-test", z, normal_two_sided_p(z))


def welch_t(a: Sequence[float], b: Sequence[float]) -> TestResult:
    """Two-sided Welch's t-test for the means of two samples (unequal variances)."""
    n1, n2 = len(a), len(b)
    if n1 < 2 or n2 < 2:
        return TestResult("Welch's t-test", math.nan, math.nan)
    m1, m2 = math.fsum(a) / n1, math.fsum(b) / n2
    v1 = math.fsum((x - m1) ** 2 for x in a) / (n1 - 1)
    v2 = math.fsum((x - m2) ** 2 for x in b) / (n2 - 1)
    se2 = v1 / n1 + v2 / n2
    if se2 == 0:  # both samples constant: the means differ or they do not, with certainty
        return TestResult("Welch's t-test", 0.0 if m1 == m2 else math.copysign(math.inf, m2 - m1),
                          1.0 if m1 == m2 else 0.0)
    t = (m2 - m1) / math.sqrt(se2)
    df = se2 * se2 / ((v1 / n1) ** 2 / (n1 - 1) + (v2 / n2) ** 2 / (n2 - 1))
    return TestResult("Welch's t-test", t, t_distribution_two_sided_p(t, df))


def t_distribution_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for the t distribution with df degrees of freedom: I_{df/(df+t²)}(df/2, 1/2)."""
    if math.isinf(t):
        return 0.0
    return regularized_beta(df / (df + t * t), df / 2, 0.5)


def regularized_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast only below this point
        return 1.0 - regularized_beta(1 - x, b, a)
    return math.exp(log_front) * _beta_fraction(x, a, b) / a


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for numerator in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                          -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for the chi-square distribution with df degrees of freedom: Q(df/2, x/2)."""
    if x <= 0:
        return 1.0
    return regularized_gamma_q(df / 2, x / 2)


def regularized_gamma_q(a: float, x: float) -> float:
    """The upper regularized gamma function Q(a, x): a series below a + 1, Lentz's continued
    fraction above (Numerical Recipes §6.2)."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        for n in range(1, 1000):
            term *= x / (a + n)
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > tiny else tiny
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h
