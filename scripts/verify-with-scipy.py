#!/usr/bin/env python3
"""Recomputes the p-values and intervals of a `sealed check` report with scipy.

Usage: python3 scripts/verify-with-scipy.py reports/war-sealed

Every binomial row of checks.csv is recomputed from its own counts (k = observed * n) with
scipy.stats.binomtest and proportion_ci(method="exact") at the row's ci_level (the Holm level of
its verdict; 1 - alpha in reports written before that column); the mythic booster position row
(named by the rules or by the spec's claim) is recomputed from mythic_position.csv with
scipy.stats.chisquare. The Holm adjustment is recomputed with statsmodels' definition. Prints
the largest relative differences and exits 1 if any exceeds the tolerance. Needs scipy
(pip install scipy). A folder without checks.csv (a `sealed simulate` report) is one line on
standard error and exit status 2.
"""
import csv
import sys
from pathlib import Path

TOLERANCE = 1e-6


def relative(a, b):
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b), 1e-300)


def main(folder):
    folder = Path(folder)
    if not (folder / "checks.csv").is_file():
        if not folder.exists():
            what = "no such folder"
        elif not folder.is_dir():
            what = "not a folder"
        elif (folder / "run.csv").is_file():
            what = "a report folder without checks.csv (sealed simulate writes no checks)"
        else:
            what = "not a report folder (no run.csv, no checks.csv)"
        print(f"verify-with-scipy: {folder}: {what}; expected the folder of a sealed check report", file=sys.stderr)
        return 2
    import scipy
    from scipy import stats

    rows = list(csv.DictReader(open(folder / "checks.csv", newline="")))
    worst = 0.0
    checked = 0
    for row in rows:
        if row["kind"] != "binomial" or not row["p_value"]:
            continue
        n = int(row["n"])
        k = round(float(row["observed"]) * n)
        p = float(row["expected"])
        level = float(row["ci_level"]) if row.get("ci_level") else 1 - float(row["alpha"])
        test = stats.binomtest(k, n, p)
        interval = test.proportion_ci(confidence_level=level, method="exact")
        differences = [
            relative(test.pvalue, float(row["p_value"])),
            relative(interval.low, float(row["ci_low"])),
            relative(interval.high, float(row["ci_high"])),
        ]
        worst = max(worst, *differences)
        checked += 1
        print(f"{row['check']}: p {row['p_value']} scipy {float(test.pvalue)!r}; "
              f"interval [{row['ci_low']}, {row['ci_high']}] "
              f"scipy [{float(interval.low)!r}, {float(interval.high)!r}]")

    position = [r for r in rows if r["check"] == "mythic booster position" or "mythic booster's position" in r["check"]]
    if position:
        table = list(csv.DictReader(open(folder / "mythic_position.csv", newline="")))
        observed = [int(r["pools"]) for r in table]
        total = sum(observed)
        expected = [float(r["expected_proportion"]) * total for r in table]
        result = stats.chisquare(observed, expected)
        worst = max(worst, relative(result.pvalue, float(position[0]["p_value"])))
        checked += 1
        print(f"mythic booster position: p {position[0]['p_value']} scipy {float(result.pvalue)!r}")

    # Holm: min(1, running max of (m - rank) * p), over the rows with a p-value.
    tested = [r for r in rows if r["p_value"]]
    order = sorted(range(len(tested)), key=lambda i: float(tested[i]["p_value"]))
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, float(tested[i]["p_value"]) * (len(tested) - rank))
        worst = max(worst, relative(min(1.0, running), float(tested[i]["p_adjusted"])))
    print(f"Holm over m = {len(tested)} p-values recomputed")

    print(f"{checked} checks recomputed with scipy {scipy.__version__}; "
          f"largest relative difference {worst:.3g}")
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "reports/war-sealed"))
