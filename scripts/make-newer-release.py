#!/usr/bin/env python3
"""Writes a "newer release" of mtg.wtf's compiled booster data for the tests and the docs of
`sealed rules fetch`: the data shipped with Sealed (mtg.wtf's of July 2025) with one product
changed and one added, each as mtg.wtf's newer booster definitions have it (the public
repository taw/magic-search-engine, data/boosters/, commit 4f146ee):

- otj-play changed: its `the_list` sheet weighs The Big Score against the Special Guests
  118 : 10 (otj/play.yaml: `chance: 118` for the 30 Big Score cards, `chance: 10` for the 10
  Special Guests), which as per-card weights is 59 for each Big Score card and 15 for each
  Special Guest (total 1920). A Special Guest is then in 1/5 x 150/1920 = 1/64 of boosters, as
  WotC publishes (docs/published-odds.md, finding 1).
- otj-play-arena added: Outlaws of Thunder Junction's Arena Play Booster as otj/play-arena.yaml
  lays it out: otj-play's land, common, uncommon and breaking_news sheets and the new the_list;
  the List in 1 of 5 boosters; no foil (the traditional foil slot a second non-foil slot,
  `foil_replacement`); `rare_mythic`, the wildcard and `foil_replacement` drawing the main
  set's rares and mythics (collector numbers up to 271) 2 : 1 by card, with the chances
  654 : 260 : 83 (wildcard) and 587 : 324 : 89 (foil_replacement) of common, uncommon and
  rare-or-mythic, made whole by the least common multiple. Rarities come from the otj card
  data shipped with Sealed (Sources/SealedData/Resources/cards/field/otj.json.gz).

It is a fixture built from those public sources, not a copy of any file mtg.wtf published.
The output is gzipped without a time stamp, so the same input gives the same bytes.

Usage: scripts/make-newer-release.py [OUT] (default Tests/Fixtures/mtgwtf/sealed_basic_data_newer.json.gz)
"""
import gzip
import io
import json
import os
import sys
from fractions import Fraction
from math import lcm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIPPED = os.path.join(ROOT, "Sources/SealedData/Resources/boosters/sealed_basic_data_2025-07.json.gz")
OTJ_CARDS = os.path.join(ROOT, "Sources/SealedData/Resources/cards/field/otj.json.gz")
DEFAULT_OUT = os.path.join(ROOT, "Tests/Fixtures/mtgwtf/sealed_basic_data_newer.json.gz")


def new_the_list(sheet):
    """The Big Score 118 : Special Guests 10, as whole per-card weights."""
    big = [key for key in sheet["cards"] if key.startswith("big:")]
    spg = [key for key in sheet["cards"] if key.startswith("spg:")]
    assert len(big) == 30 and len(spg) == 10, (len(big), len(spg))
    per_card = {"big": Fraction(118, len(big)), "spg": Fraction(10, len(spg))}
    scale = lcm(*(value.denominator for value in per_card.values()))
    cards = {key: int(per_card[key.split(":")[0]] * scale) for key in sorted(sheet["cards"])}
    return {"cards": cards, "total_weight": sum(cards.values())}


def groups_sheet(groups, foil):
    """A sheet drawing group g with chance c, its cards evenly by per-card weight within it."""
    per_card = {}
    for chance, cards in groups:
        total = sum(cards.values())
        for key, weight in cards.items():
            per_card[key] = Fraction(chance) * Fraction(weight, total)
    scale = lcm(*(value.denominator for value in per_card.values()))
    weights = {key: int(value * scale) for key, value in sorted(per_card.items())}
    sheet = {"cards": weights, "total_weight": sum(weights.values())}
    if foil is not None:
        sheet["foil"] = foil
    return sheet


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    with gzip.open(SHIPPED, "rt", encoding="utf-8") as handle:
        products = json.load(handle)
    with gzip.open(OTJ_CARDS, "rt", encoding="utf-8") as handle:
        rarity = {card["collector_number"]: card["rarity"] for card in json.load(handle)}

    index = next(i for i, product in enumerate(products) if product["code"] == "otj-play")
    play = products[index]
    play["sheets"]["the_list"] = new_the_list(play["sheets"]["the_list"])

    main_rares = {}
    for key in play["sheets"]["rare_mythic_with_showcase"]["cards"]:
        number = key.split(":")[1]
        if int(number) <= 271:
            assert rarity[number] in ("rare", "mythic"), (key, rarity[number])
            main_rares[key] = 2 if rarity[number] == "rare" else 1
    common = dict.fromkeys(play["sheets"]["common"]["cards"], 1)
    uncommon = dict.fromkeys(play["sheets"]["uncommon"]["cards"], 1)
    rare_mythic = {"cards": dict(sorted(main_rares.items())), "total_weight": sum(main_rares.values())}
    slots = {"land": 1, "uncommon": 3, "rare_mythic": 1, "breaking_news": 1, "wildcard": 1, "foil_replacement": 1}
    arena = {
        "name": "Outlaws of Thunder Junction Arena Play Booster",
        "code": "otj-play-arena",
        "set_code": play["set_code"],
        "set_name": play["set_name"],
        "boosters": [
            {"sheets": {**slots, "common": 6}, "weight": 4},
            {"sheets": {**slots, "common": 5, "the_list": 1}, "weight": 1},
        ],
        "sheets": {
            "land": play["sheets"]["land"],
            "common": play["sheets"]["common"],
            "uncommon": play["sheets"]["uncommon"],
            "breaking_news": play["sheets"]["breaking_news"],
            "the_list": play["sheets"]["the_list"],
            "rare_mythic": rare_mythic,
            "wildcard": groups_sheet([(654, common), (260, uncommon), (83, main_rares)], None),
            "foil_replacement": groups_sheet([(587, common), (324, uncommon), (89, main_rares)], False),
        },
        "source_set_codes": play["source_set_codes"],
    }
    products.insert(index + 1, arena)

    text = json.dumps(products, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0) as handle:
        handle.write(text)
    with open(out, "wb") as handle:
        handle.write(buffer.getvalue())
    print(f"{out}: {len(products)} products ({len(buffer.getvalue())} bytes gzipped)")


if __name__ == "__main__":
    main()
