#!/usr/bin/env python3
"""The reference values of Tests/SealedStatsTests/ExactBinomialPowerTests.swift, by brute force
with scipy (1.17.1): the rejection region of scipy.stats.binomtest's two-sided test found k by
k, its power from binom.cdf and binom.sf, and the plan's trials (the smallest n from which the
power stays at or above the target, up to three times the normal approximation's size and
20 more, or twice that, and so on) by computing
the power at every n. Prints, per case, the normal approximation, that answer and the first n
whose power reaches the target; then regions and powers at given sizes.

    python3 scripts/exact-binomial-power.py
"""
import math
from scipy.stats import binom, binomtest, norm
def region(n, p0, a):
    mode = min(n, math.floor((n + 1) * p0))
    lo = -1
    for k in range(0, mode + 1):
        if binomtest(k, n, p0).pvalue <= a: lo = k
        else: break
    up = n + 1
    for k in range(n, mode - 1, -1):
        if binomtest(k, n, p0).pvalue <= a: up = k
        else: break
    return lo, up
def power(n, p0, p1, a):
    lo, up = region(n, p0, a)
    return (binom.cdf(lo, n, p1) if lo >= 0 else 0) + (binom.sf(up - 1, n, p1) if up <= n else 0)
def normal(p0, p1, a, pw):
    num = norm.isf(a / 2) * math.sqrt(p0 * (1 - p0)) + norm.ppf(pw) * math.sqrt(p1 * (1 - p1))
    return max(1, math.ceil((num / (p1 - p0)) ** 2))
def trials(p0, p1, a, pw):
    n0 = normal(p0, p1, a, pw)
    top = 3 * n0 + 20
    while power(top, p0, p1, a) < pw: top *= 2
    n = top
    while n > 1 and power(n - 1, p0, p1, a) >= pw: n -= 1
    first = next(m for m in range(1, top + 1) if power(m, p0, p1, a) >= pw)
    return n0, n, first
for case in [(0.0248, 0.0748, 0.001, 0.8), (0.3, 0.2, 0.01, 0.9), (0.05, 0.15, 0.0025, 0.8)]:
    print(case, trials(*case))
for n, p0, p1, a in [(222, 0.0248, 0.0748, 0.001), (60, 0.3, 0.2, 0.01), (137, 0.05, 0.15, 0.0025)]:
    print(n, p0, p1, a, region(n, p0, a), repr(power(n, p0, p1, a)))
