#!/usr/bin/env python3
"""An independent booster generator: opens boosters of one product of mtg.wtf's compiled
booster data (the JSON Sealed ships, or any such file) with Python's own random numbers, and
writes them as the CSV `sealed audit` reads: `booster,set,collector_number,foil`.

It is written from the compiled JSON alone, as a simulator's author would write one, and
shares no code with Sealed: a booster takes a variant of `boosters` in proportion to its
`weight`; each sheet the variant names gives `count` cards drawn in proportion to their
weights, distinct within the draw (drawn successively without replacement), unless the sheet
says `allow_duplicates`; a `fixed` sheet gives each of its cards as many times as its weight.
A key `set:number:foil` is the foil printing of `set:number`. Colour-balanced sheets
(`balance_colors`) need card colours, which the JSON does not have: such a product is refused.

`--scale KEY=FACTOR` plants a mistake, for tests and for seeing an audit fail: every card whose
key (`dsk:290`, or `dsk:290:foil`) or whose set and number range (`dsk:289-367`) matches has
its weight multiplied by FACTOR on every sheet. `--sheet-scale SHEET=FACTOR` multiplies the
weight of every variant that draws from SHEET, so its boosters come more (or less) often (every
card of one sheet scaled alike would change none of its draws). A pattern that matches no card,
a sheet the product does not have, or one that every variant draws from (scaling changes
nothing then) is an error (exit 2): a mistake planted nowhere would let an audit pass.

usage: scripts/generate-boosters.py PRODUCT [--boosters N] [--seed S] [--data FILE]
                                             [--scale KEY=FACTOR]... [--sheet-scale SHEET=FACTOR]...
                                             [--out FILE]
  PRODUCT  a product code of the data (dsk-play)
  N        boosters to write (default 2000)
  S        the seed of Python's random.Random (default 1)
  FILE     the compiled data, plain or gzipped (default: the copy shipped in
           Sources/SealedData/Resources/boosters/)
The CSV goes to standard output unless --out names a file.
"""
import argparse
import bisect
import gzip
import json
import os
import random
import re
import sys

SHIPPED = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "SealedData", "Resources", "boosters",
    "sealed_basic_data_2025-07.json.gz")


def fail(message):
    print(f"generate-boosters: {message}", file=sys.stderr)
    sys.exit(2)


def load(path, code):
    with open(path, "rb") as raw:
        data = raw.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    products = json.loads(data)
    for product in products:
        if product["code"] == code:
            return product
    sys.exit(f"generate-boosters: no product {code} in {path}")


def scaled(key, weight, scales, matched):
    """The card's weight after the planted mistakes; the patterns that match are added to `matched`."""
    factor = 1.0
    set_code, number = key.split(":")[0], key.split(":")[1]
    foil = key.endswith(":foil")
    for pattern, by in scales:
        if pattern == key:
            factor *= by
            matched.add(pattern)
            continue
        match = re.fullmatch(r"([a-z0-9]+):(\d+)-(\d+)(:foil)?", pattern)
        leading = re.match(r"\d+", number)
        if (match and leading and match.group(1) == set_code and bool(match.group(4)) == foil
                and int(match.group(2)) <= int(leading.group()) <= int(match.group(3))):
            factor *= by
            matched.add(pattern)
    return weight * factor


class Sheet:
    def __init__(self, name, sheet, scales, matched):
        if sheet.get("balance_colors"):
            sys.exit(f"generate-boosters: sheet {name} is colour-balanced; the JSON has no colours to balance by")
        self.name = name
        self.fixed = bool(sheet.get("fixed"))
        self.duplicates = bool(sheet.get("allow_duplicates"))
        self.keys = list(sheet["cards"])
        self.weights = [scaled(k, w, scales, matched) for k, w in sheet["cards"].items()]

    def draw(self, count, rng):
        if self.fixed:
            return [k for k, w in zip(self.keys, self.weights) for _ in range(int(w))]
        if self.duplicates:
            return rng.choices(self.keys, weights=self.weights, k=count)
        keys, weights, drawn = list(self.keys), list(self.weights), []
        for _ in range(count):
            index = pick(weights, rng)
            drawn.append(keys.pop(index))
            weights.pop(index)
        return drawn


def pick(weights, rng):
    """An index drawn in proportion to the weights."""
    totals, total = [], 0.0
    for weight in weights:
        total += weight
        totals.append(total)
    return min(bisect.bisect_right(totals, rng.random() * total), len(weights) - 1)


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("product")
    parser.add_argument("--boosters", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", default=SHIPPED)
    parser.add_argument("--scale", action="append", default=[])
    parser.add_argument("--sheet-scale", action="append", default=[])
    parser.add_argument("--out")
    args = parser.parse_args()
    def pair(text, option, example):
        key, _, factor = text.rpartition("=")
        try:
            if key:
                return key, float(factor)
        except ValueError:
            pass
        parser.error(f"{option} {text}: expected KEY=FACTOR, like {option} {example}")

    scales = [(p.lower(), f) for p, f in (pair(s, "--scale", "dsk:290=2") for s in args.scale)]
    sheet_scales = dict(pair(s, "--sheet-scale", "rare=1.5") for s in args.sheet_scale)
    product = load(args.data, args.product)
    matched = set()
    sheets = {name: Sheet(name, sheet, scales, matched) for name, sheet in product["sheets"].items()}
    for pattern, _ in scales:
        if pattern not in matched:
            fail(f"--scale {pattern}: no card of {args.product} matches it (a key like dsk:290 or dsk:290:foil, or a range like dsk:289-367)")
    variants = product["boosters"]
    for sheet in sheet_scales:
        drawing = [v for v in variants if sheet in v["sheets"]]
        if not drawing:
            fail(f"--sheet-scale {sheet}: no variant of {args.product} draws from a sheet of that name ({', '.join(sorted(sheets))})")
        if len(drawing) == len(variants):
            fail(f"--sheet-scale {sheet}: every variant of {args.product} draws from it, so scaling them changes nothing")
    variant_weights = [v["weight"] for v in variants]
    for index, variant in enumerate(variants):
        for sheet, by in sheet_scales.items():
            if sheet in variant["sheets"]:
                variant_weights[index] *= by
    rng = random.Random(args.seed)
    out = open(args.out, "w", newline="") if args.out else sys.stdout
    try:
        out.write("booster,set,collector_number,foil\n")
        for booster in range(1, args.boosters + 1):
            variant = variants[pick(variant_weights, rng)]
            for name, count in variant["sheets"].items():
                for key in sheets[name].draw(count, rng):
                    parts = key.split(":")
                    foil = "true" if len(parts) > 2 and parts[2] == "foil" else "false"
                    out.write(f"{booster},{parts[0]},{parts[1]},{foil}\n")
    except BrokenPipeError:
        sys.stderr.close()  # the reader stopped early (head): not an error of the generator
    finally:
        if args.out:
            out.close()


if __name__ == "__main__":
    main()
