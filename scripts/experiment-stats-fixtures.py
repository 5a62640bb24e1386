#!/usr/bin/env python3
"""Independent reference values for src/features/experiments/statistics (issue 35).

Run once with SciPy (python3 scripts/experiment-stats-fixtures.py); writes
src/features/experiments/statistics/fixtures.json, which statistics.test.ts compares against.
Methods deliberately differ from the TypeScript ones where possible:
- Wilson interval: scipy.stats.binomtest(...).proportion_ci(method='wilson')
- chance to beat control: Evan Miller's closed form (sum of Beta functions, integer parameters)
- expected loss: a 2-D integral with scipy.integrate.dblquad (no size-biased Beta trick)
- sample-ratio check: scipy.stats.chisquare
"""
import json
import math
import os

from scipy import integrate, special, stats

CASES = [
    ((40, 4), (360, 90)),
    ((40, 4), (360, 36)),
    ((100, 10), (100, 15)),
    ((1000, 50), (1000, 62)),
    ((20, 0), (180, 3)),
    ((500, 120), (4500, 1000)),
    ((10, 10), (10, 9)),
    ((3000, 90), (3000, 70)),
]
SRM = [([600, 400], [50, 50]), ([510, 490], [50, 50]), ([95, 905], [10, 90]), ([130, 870], [10, 90]), ([340, 330, 330], [1, 1, 1])]


def chance_to_beat(ca, cb):
    """P(p_B > p_A), Beta(1+x, 1+n-x) posteriors: Evan Miller's formula, in log space."""
    a_a, b_a = 1 + ca[1], 1 + ca[0] - ca[1]
    a_b, b_b = 1 + cb[1], 1 + cb[0] - cb[1]
    total = 0.0
    for i in range(a_b):
        total += math.exp(
            special.betaln(a_a + i, b_a + b_b) - math.log(b_b + i) - special.betaln(1 + i, b_b) - special.betaln(a_a, b_a)
        )
    return total


def expected_loss(ca, cb):
    """E[max(p_A - p_B, 0)] by dblquad over the posteriors' support."""
    A = stats.beta(1 + ca[1], 1 + ca[0] - ca[1])
    B = stats.beta(1 + cb[1], 1 + cb[0] - cb[1])
    lo = min(A.ppf(1e-12), B.ppf(1e-12))
    hi = max(A.ppf(1 - 1e-12), B.ppf(1 - 1e-12))
    # outer variable b in [lo, hi], inner a in [b, hi]
    val, _ = integrate.dblquad(lambda a, b: (a - b) * A.pdf(a) * B.pdf(b), lo, hi, lambda b: b, lambda b: hi, epsabs=1e-12, epsrel=1e-9)
    return val


def sequential(ca, cb, alpha=0.05, tuning=1000):
    nc, xc = ca
    nt, xt = cb
    diff = xt / nt - xc / nc
    pc = (xc + 1) / (nc + 2)
    pt = (xt + 1) / (nt + 2)
    var = pc * (1 - pc) / nc + pt * (1 - pt) / nt
    n = nc + nt
    rho2 = (-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / tuning
    half = math.sqrt(n * var) * math.sqrt(2 * (n * rho2 + 1) / (n * n * rho2) * math.log(math.sqrt(n * rho2 + 1) / alpha))
    return [diff - half, diff + half]


out = {"scipy": __import__("scipy").__version__, "arms": [], "comparisons": [], "srm": []}
seen = set()
for c, t in CASES:
    for n, x in (c, t):
        if (n, x) in seen:
            continue
        seen.add((n, x))
        ci = stats.binomtest(x, n).proportion_ci(confidence_level=0.95, method="wilson")
        post = stats.beta(1 + x, 1 + n - x)
        out["arms"].append({"units": n, "conversions": x, "wilson": [ci.low, ci.high], "credible": [post.ppf(0.025), post.ppf(0.975)]})
    A = stats.beta(1 + c[1], 1 + c[0] - c[1])
    B = stats.beta(1 + t[1], 1 + t[0] - t[1])
    diff = B.mean() - A.mean()
    sd = math.sqrt(A.var() + B.var())
    z = stats.norm.ppf(0.975)
    out["comparisons"].append(
        {
            "control": {"units": c[0], "conversions": c[1]},
            "treatment": {"units": t[0], "conversions": t[1]},
            "chanceToBeatControl": chance_to_beat(c, t),
            "expectedLossTreatment": expected_loss(c, t),
            "expectedLossControl": expected_loss(t, c),
            "lift": [diff - z * sd, diff + z * sd],
            "sequential": sequential(c, t),
        }
    )
for observed, weights in SRM:
    total = sum(observed)
    expected = [total * w / sum(weights) for w in weights]
    chi, p = stats.chisquare(observed, expected)
    out["srm"].append({"observed": observed, "weights": weights, "chiSquare": chi, "pValue": p})

path = os.path.join(os.path.dirname(__file__), "..", "src", "features", "experiments", "statistics", "fixtures.json")
with open(path, "w") as f:
    json.dump(out, f, indent=2)
    f.write("\n")
print("wrote", os.path.normpath(path))
