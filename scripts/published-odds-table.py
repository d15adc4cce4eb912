#!/usr/bin/env python3
"""Prints docs/published-odds.md's table of one product from a `sealed check` report folder:
a row per claim of the spec, with the figure as published and how it reads (from the spec's
YAML), the data's exact share and the verdict on it (the claim's `exact` row of checks.csv),
and what the simulation observed and the engine's verdict against that share (its `(engine)`
row), or the simulated verdict where the data decides nothing exactly. Every number is the
number in checks.csv, formatted.

usage: scripts/published-odds-table.py REPORT_DIR SPEC.yaml
  (REPORT_DIR from: sealed check SET --rules CODE --spec CODE --pools 200000 --seed 1 --out REPORT_DIR)
"""
import csv
import sys
from fractions import Fraction

import yaml


def percent(value):
    return f"{float(value) * 100:.4f}%"


def reading(odds):
    """The figure as published and the range it accepts, in the words of docs/specs.md."""
    figure = str(odds["in"])
    if "approximate" in odds or "rounded" in odds or "truncated" in odds or "within" in odds:
        kind = next(k for k in ("approximate", "rounded", "truncated", "within") if k in odds)
        stated = share(figure)
        if kind == "within":
            margin = share(str(odds["within"]))
            low, high, words = stated - margin, stated + margin, f"within {odds['within']}"
        else:
            digits = figure.rstrip("%").strip()
            decimals = len(digits.split(".")[1]) if "." in digits else 0
            unit = Fraction(1, 10 ** decimals) / (100 if figure.endswith("%") else 1)
            low, high = {"approximate": (stated - unit, stated + unit), "rounded": (stated - unit / 2, stated + unit / 2),
                         "truncated": (stated, stated + unit)}[kind]
            words = kind
        low, high = max(low, 0), min(high, 1)
        return f"{figure}, {words}: {short(low)} to {short(high)}"
    return figure


def share(text):
    text = text.strip()
    if text.endswith("%"):
        return Fraction(text[:-1].strip()) / 100
    if "/" in text:
        numerator, denominator = text.split("/")
        return Fraction(numerator.strip()) / Fraction(denominator.strip())
    return Fraction(text)


def short(value):
    return f"{float(value) * 100:.10g}%"


def checked(row):
    return f"{int(row['n']):,} checked"


def verdict(row, exact=False):
    word = {"pass": "pass", "fail": "**FAIL**", "not_tested": "not tested"}[row["verdict"]]
    if row["verdict"] == "not_tested":
        return "not tested (cards lack data)" if "lack card data" in row["detail"] else "not tested"
    if exact:
        return f"{word} (exact)"
    if row["kind"] == "invariant":
        return word
    p = float(row["p_adjusted"]) if row["p_adjusted"] else None
    return f"{word} (p {p:.2g})" if p is not None and p != 0 and p != 1 else f"{word} (p {int(p) if p is not None else '?'})"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[-1].strip())
    folder, spec_path = sys.argv[1], sys.argv[2]
    for path, what in ((f"{folder}/checks.csv", "a sealed check report folder"), (spec_path, "a spec file")):
        try:
            open(path).close()
        except OSError as error:
            sys.exit(f"published-odds-table: {path}: {error.strerror.lower()}; expected {what}")
    spec = yaml.safe_load(open(spec_path))
    rows = {row["check"]: row for row in csv.DictReader(open(f"{folder}/checks.csv"))}
    print("| claim | published, read as | the data, exactly | data vs the figure | observed | engine vs the data |")
    print("| --- | --- | --- | --- | --- | --- |")
    for claim in spec["claims"]:
        name = claim["name"]
        row = rows.get(name)
        if row is None:
            print(f"| {name} | | | | | (no row: {name}) |")
            continue
        published = reading(claim["odds"]) if "odds" in claim else next(iter(claim.get("invariant", {"": ""}).values()), "")
        if "invariant" in claim and "booster_size" in claim["invariant"]:
            published = f"{claim['invariant']['booster_size']} cards"
        engine = rows.get(name + " (engine)")
        if row["kind"] == "exact":
            exact = row["exact_share"]
            data = percent(row["observed"]) + (f" ({exact})" if "/" in exact else "")
            if engine is None or engine["verdict"] == "not_tested":
                observed, engine_verdict = "", "not tested" if engine is not None else ""
            elif engine["kind"] == "invariant":
                observed, engine_verdict = checked(engine), verdict(engine)
            else:
                observed, engine_verdict = percent(engine["observed"]), verdict(engine)
            print(f"| {name} | {published} | {data} | {verdict(row, exact=True)} | {observed} | {engine_verdict} |")
        elif row["kind"] == "invariant":
            print(f"| {name} | {published} | | | {checked(row)} | {verdict(row)} |")
        elif row["verdict"] == "not_tested":
            print(f"| {name} | {published} | needs card data | | | {verdict(row)} |")
        else:
            print(f"| {name} | {published} | not exact | {verdict(row)} (simulated) | {percent(row['observed'])} | |")


if __name__ == "__main__":
    main()
