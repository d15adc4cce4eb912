#!/usr/bin/env python3
"""Writes a Scryfall-style bulk-data file of about SIZE MB for measuring `sealed cards import`.

The cards are the full War of the Spark objects shipped with Sealed
(Sources/SealedData/Resources/cards/full/war.json, every field Scryfall returns, about 3.4 kB a
card), copied into as many made-up sets (x001, x002, ...) as it takes, interleaved card by card
as in Scryfall's own bulk files (which are not grouped by set), one card per line.

usage: scripts/make-bulk-file.py OUT.json [SIZE_MB=200]
"""
import json
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
size = int(sys.argv[2]) * 1_000_000 if len(sys.argv) > 2 else 200_000_000
with open(os.path.join(root, "Sources/SealedData/Resources/cards/full/war.json")) as f:
    cards = json.load(f)
per_set = sum(len(json.dumps(c)) + 2 for c in cards)
sets = max(1, round(size / per_set))
with open(out, "w") as f:
    f.write("[\n")
    first = True
    for card in cards:
        for n in range(1, sets + 1):
            copy = dict(card)
            copy["set"] = f"x{n:03d}"
            copy["set_name"] = f"Test Set {n}"
            f.write(("" if first else ",\n") + json.dumps(copy, ensure_ascii=False))
            first = False
    f.write("\n]\n")
print(f"{out}: {sets} sets of {len(cards)} cards, {os.path.getsize(out) / 1e6:.0f} MB")
