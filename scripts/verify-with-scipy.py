#!/usr/bin/env python3
"""Recomputes the p-values and intervals of a `sealed check` report with scipy.

Usage: python3 scripts/verify-with-scipy.py reports/war-sealed

Every binomial row of checks.csv is recomputed from its own counts (k = observed * n) with
scipy.stats.binomtest and proportion_ci(method="exact") at the row's confidence (ci_level, the
Holm level of its verdict; 1 - alpha in reports that have no such column); the mythic
booster position row is recomputed from mythic_position.csv with scipy.stats.chisquare. Prints
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
        what = "a report folder" if (folder / "run.csv").is_file() else "no report folder"
        print(f"verify-with-scipy: {folder}: {what} without checks.csv; expected the folder of a "
              "sealed check report (sealed simulate writes no checks)", file=sys.stderr)
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
        alpha = float(row["alpha"])
        test = stats.binomtest(k, n, p)
        level = float(row["ci_level"]) if row.get("ci_level") else 1 - alpha
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

    position = [r for r in rows if r["check"] == "mythic booster position"]
    if position:
        table = list(csv.DictReader(open(folder / "mythic_position.csv", newline="")))
        observed = [int(r["pools"]) for r in table]
        total = sum(observed)
        expected = [float(r["expected_proportion"]) * total for r in table]
        result = stats.chisquare(observed, expected)
        worst = max(worst, relative(result.pvalue, float(position[0]["p_value"])))
        checked += 1
        print(f"mythic booster position: p {position[0]['p_value']} scipy {float(result.pvalue)!r}")

    print(f"{checked} checks recomputed with scipy {scipy.__version__}; "
          f"largest relative difference {worst:.3g}")
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "reports/war-sealed"))
