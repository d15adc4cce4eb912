#!/usr/bin/env python3
"""Prints, for each odds claim of a spec, the share mtg.wtf's compiled data gives it exactly,
as a fraction, computed from the product's JSON weights alone (and the shipped card data for
rarities): the "data's exact share" column of docs/specs.md, made without Sealed's code.

  sheet claims   the weight of the variants that draw the sheet, over all variants' weight;
  slot claims    for a slot of one card: per variant, the weight of the group's cards on the
                 sheet that fills the slot (its own, or the sheet a variant puts there instead)
                 over that sheet's total, averaged over the variants that fill it (weighted);
  cards claims   1 - sum over variants of P(variant) x product over its draws of P(no card of
                 the group), for groups whose cards only one-card draws give (else "n/a").

A card's rarity comes from the shipped card data (Sources/SealedData/Resources/cards/field);
a key the data lacks makes a rarity claim "needs card data". Foil copies are the keys ending
in `:foil`.

usage: scripts/exact-odds.py PRODUCT SPEC.yaml [--data FILE]
"""
import argparse
import gzip
import json
import os
import re
import sys
from fractions import Fraction

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SHIPPED = os.path.join(ROOT, "Sources", "SealedData", "Resources", "boosters", "sealed_basic_data_2025-07.json.gz")
CARDS = os.path.join(ROOT, "Sources", "SealedData", "Resources", "cards", "field")
_rarities = {}


def rarity(key):
    """The card data's rarity of a key (set:number[:foil]), or None without data."""
    set_code, number = key.split(":")[0], key.split(":")[1]
    if set_code not in _rarities:
        path = os.path.join(CARDS, set_code + ".json.gz")
        _rarities[set_code] = {}
        if os.path.exists(path):
            for card in json.load(gzip.open(path)):
                _rarities[set_code][card["collector_number"]] = card["rarity"]
    known = _rarities[set_code]
    if number in known:
        return known[number]
    if number[-1:].isalpha() and number[:-1] in known:  # mtg.wtf's 65a is the data's 65
        return known[number[:-1]]
    return None


def ranges(value):
    out = []
    for piece in str(value).split(","):
        bounds = [int(b) for b in piece.strip().split("-")]
        out.append((bounds[0], bounds[-1]))
    return out


def member(key, group, sheet_name=None):
    """True, False or None (its rarity decides and the card data lacks it)."""
    parts = key.split(":")
    if "sheet" in group and sheet_name != group["sheet"]:
        return False
    if "foil" in group and group["foil"] != (len(parts) > 2):
        return False
    if "set" in group:
        sets = group["set"] if isinstance(group["set"], list) else [group["set"]]
        if parts[0] not in [s.lower() for s in sets]:
            return False
    if "numbers" in group:
        leading = re.match(r"\d+", parts[1])
        numbers = group["numbers"] if isinstance(group["numbers"], list) else [group["numbers"]]
        allowed = [r for n in numbers for r in ranges(n)]
        if not leading or not any(lo <= int(leading.group()) <= hi for lo, hi in allowed):
            return False
    if "rarity" in group:
        wanted = group["rarity"] if isinstance(group["rarity"], list) else [group["rarity"]]
        found = rarity(key)
        return None if found is None else found in wanted
    return True


def sheet_share(product, sheet, group):
    cards = product["sheets"][sheet]["cards"]
    total = sum(cards.values())
    matched = Fraction(0)
    for key, weight in cards.items():
        verdict = member(key, group, sheet)
        if verdict is None:
            return None
        if verdict:
            matched += weight
    return matched / total


def slot_sheet(product, slot, variant):
    """The sheet that fills a one-card slot in a variant: the slot's own, or the sheet put in
    its place, learnt from a variant that differs from the first by that one sheet."""
    if variant["sheets"].get(slot):
        return slot
    first = product["boosters"][0]["sheets"]
    if slot not in first:
        return None
    for other in product["boosters"]:
        missing = [s for s in first if not other["sheets"].get(s)]
        extra = [s for s in other["sheets"] if s not in first]
        if missing == [slot] and len(extra) == 1 and extra[0] in variant["sheets"]:
            return extra[0]
    return None


def exact(product, odds):
    variants = product["boosters"]
    total = sum(v["weight"] for v in variants)
    if "sheet" in odds:
        return Fraction(sum(v["weight"] for v in variants if odds["sheet"] in v["sheets"]), total)
    if "slot" in odds:
        if odds.get("card") not in (None, 1, "1"):
            return "n/a"
        weight, share = 0, Fraction(0)
        for v in variants:
            sheet = slot_sheet(product, odds["slot"], v)
            if sheet is None:
                continue
            if v["sheets"][sheet] != 1:
                return "n/a"
            part = sheet_share(product, sheet, odds["gives"])
            if part is None:
                return "needs card data"
            weight += v["weight"]
            share += v["weight"] * part
        return share / weight
    group = odds["cards"]
    none = Fraction(0)
    for v in variants:
        p = Fraction(1)
        for sheet, count in v["sheets"].items():
            part = sheet_share(product, sheet, group)
            if part is None:
                return "needs card data"
            if part and count != 1:
                return "n/a"
            p *= 1 - part
        none += Fraction(v["weight"], total) * p
    return 1 - none


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("product")
    parser.add_argument("spec")
    parser.add_argument("--data", default=SHIPPED)
    args = parser.parse_args()
    raw = open(args.data, "rb").read()
    products = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    product = next((p for p in products if p["code"] == args.product), None)
    if product is None:
        parser.error(f"no product {args.product!r} in {args.data}; expected a code such as otj-play (sealed rules import --list)")
    spec = yaml.safe_load(open(args.spec))
    for claim in spec["claims"]:
        odds = claim.get("odds")
        if odds is None:
            continue
        value = exact(product, odds)
        shown = value if isinstance(value, str) else f"{value.numerator}/{value.denominator} = {float(value) * 100:.4f}%"
        print(f"{claim['name']}\t{odds['in']}\t{shown}")


if __name__ == "__main__":
    main()
