"""
The insights' expected values, worked out apart from the shipped code with SciPy, for the fixed figures in
workers/api/src/journal/insights.happy.test.ts and packages/shared/src/insights/statistics.test.ts.
Not run by CI: `python3 scripts/reference/insights.py` prints them. It needs SciPy 1.11 or later (`pip install scipy`;
Debian 12's python3-scipy is 1.10, without ttest_ind's confidence_interval and false_discovery_control); the
figures in the tests came from SciPy 1.17.1.

Each scenario's days are written here as the test writes its entries; a day's mood is the mean of its
entries' moods, a metric's day value the sum of its entries' values. Findings: Welch's t-test and its 95%
interval (ttest_ind(equal_var=False).confidence_interval()), Spearman's rho and its p (spearmanr), the
rho's interval by Fisher's z with Fieller's standard error sqrt(1.06/(n-3)), Benjamini-Hochberg by
false_discovery_control.
"""

import json
import math

import numpy as np
from scipy import stats


def welch(with_days, without_days):
    r = stats.ttest_ind(with_days, without_days, equal_var=False)
    ci = r.confidence_interval(0.95)
    return {
        "days": len(with_days),
        "withMean": float(np.mean(with_days)),
        "withoutMean": float(np.mean(without_days)),
        "difference": float(np.mean(with_days) - np.mean(without_days)),
        "low": float(ci.low),
        "high": float(ci.high),
        "p": float(r.pvalue),
    }


def tag_tests(moods, tagged, name):
    """moods: day -> mood; tagged: set of days with the tag. Both lags."""
    out = []
    days = sorted(moods)
    for lag in (0, 1):
        w = [moods[d] for d in days if (d - lag) in tagged]
        wo = [moods[d] for d in days if (d - lag) not in tagged]
        if len(w) >= 10 and len(wo) >= 10:
            out.append({"name": name, "lag": lag, **welch(w, wo)})
    return out


def spearman(xs, ys):
    r = stats.spearmanr(xs, ys)
    n = len(xs)
    z = math.atanh(r.statistic)
    m = stats.norm.ppf(0.975) * math.sqrt(1.06 / (n - 3))
    return {"days": n, "difference": float(r.statistic), "low": math.tanh(z - m), "high": math.tanh(z + m),
            "p": float(r.pvalue)}


def adjust(tests):
    qs = stats.false_discovery_control([t["p"] for t in tests])
    for t, q in zip(tests, qs):
        t["q"] = float(q)
        t["significant"] = bool(q <= 0.05)
    return tests


# A: 120 days from Monday 2026-01-05 in Pacific/Kiritimati (UTC+14). Mood at local 00:30; #run on even days at
# 23:30 (its own entry); #rare on days 1, 3, 5, 7, 9; @ada on days i % 3 == 0 (on the mood's entry).
def mood_a(i):
    return (5 if i % 4 == 0 else 4) if i % 2 == 0 else (3 if i % 4 == 1 else 2)


moods_a = {i: mood_a(i) for i in range(120)}
a = adjust(
    tag_tests(moods_a, {i for i in range(120) if i % 2 == 0}, "run")
    + tag_tests(moods_a, {i for i in range(120) if i % 3 == 0}, "@ada")
    + tag_tests(moods_a, {1, 3, 5, 7, 9}, "rare")
)
weekdays_a = [float(np.mean([moods_a[i] for i in range(120) if i % 7 == w])) for w in range(7)]


# B: 60 days from 2026-02-16 in America/Los_Angeles (across the clocks' change of 8 March). One entry a day
# at local 23:00 with the mood and, on days i % 5 != 4, km; days i % 10 == 0 have a second entry of 2 km.
def km_b(i):
    if i % 5 == 4:
        return None
    return ((i * 7) % 11) + 1 + (2 if i % 10 == 0 else 0)


def mood_b(i):
    km = km_b(i)
    if km is None or i % 7 == 3:
        return 3
    return min(5, 1 + km // 3)


pairs_b = [(km_b(i), mood_b(i)) for i in range(60) if km_b(i) is not None]
b = adjust([{"name": "km", "lag": 0, **spearman([x for x, _ in pairs_b], [y for _, y in pairs_b])}])


# C: 80 days from 2026-06-01 in Asia/Kolkata (UTC+5:30). #late on days i % 4 == 0 at 23:50 (its own entry);
# the mood at 12:00: the day after #late 1 or 2, the others 3 to 5.
def mood_c(i):
    return {0: 4, 1: 2 if i % 8 == 1 else 1, 2: 3, 3: 5 if i % 3 == 0 else 4}[i % 4]


moods_c = {i: mood_c(i) for i in range(80)}
c = adjust(tag_tests(moods_c, {i for i in range(80) if i % 4 == 0}, "late"))

# The distributions, for the unit tests.
t_cdf = [[t, df, float(stats.t.cdf(t, df))] for t, df in [(2.0, 5), (-1.3, 2.5), (0.5, 118), (3.7, 30.25), (10, 3)]]
t_ppf = [[p, df, float(stats.t.ppf(p, df))] for p, df in [(0.975, 118), (0.975, 1), (0.975, 7.3), (0.9, 40), (0.975, 1000)]]
bh = [float(q) for q in stats.false_discovery_control([0.01, 0.04, 0.03, 0.2, 0.001, 0.049])]

print(json.dumps({"A": a, "weekdaysA": weekdays_a, "B": b, "C": c, "tCdf": t_cdf, "tPpf": t_ppf, "bh": bh},
                 indent=1))

# The unit test's tied pairs (statistics.test.ts).
x = [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10]
y = [2, 1, 3, 3, 4, 3, 5, 4, 5, 5, 4, 5]
print(json.dumps({"tiedPairs": spearman(x, y), "rankdata": stats.rankdata([3, 1, 4, 1, 5, 9, 2, 6, 5]).tolist()}))
