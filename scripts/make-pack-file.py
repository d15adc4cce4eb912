#!/usr/bin/env python3
"""Writes a pack file of about SIZE MB (uncompressed) for measuring how fast `sealed audit` and
SealedPackFiles read one, and how much memory they take.

FORMAT is one of:
  17lands  17lands' draft layout: 282 cards, pool_ and pack_card_ columns for each, 3 packs of
           14 picks a draft (one row in 14 is an opened pack), about 1.2 kB a row;
  csv      booster,set,collector_number,name,foil: 15-card boosters, one row per card;
  text     the pasted list: `Booster N` blocks of `1 Name (WAR) NUMBER` lines.
The card names are made up (`Card Number 17`, plus one with a comma); the content is seeded, so
the same arguments write the same file. Add --gzip to compress it (level 1).

usage: scripts/make-pack-file.py FORMAT OUT [SIZE_MB=300] [--gzip]
"""
import gzip
import random
import sys

arguments = [a for a in sys.argv[1:] if a != "--gzip"]
if len(arguments) < 2 or arguments[0] not in ("17lands", "csv", "text"):
    sys.exit(__doc__)
kind, out = arguments[0], arguments[1]
target = int(arguments[2]) * 1_000_000 if len(arguments) > 2 else 300_000_000
random.seed(1)
names = [f"Card Number {i}" for i in range(280)] + ["Ob Nixilis, the Hate-Twisted", "Island"]


def quoted(field):
    return '"' + field + '"' if "," in field else field


handle = gzip.open(out, "wt", compresslevel=1) if "--gzip" in sys.argv else open(out, "w")
with handle as f:
    size = 0
    if kind == "17lands":
        header = ("expansion,event_type,draft_id,draft_time,rank,pack_number,pick_number,pick,"
                  "pick_maindeck_rate,pick_sideboard_in_rate,"
                  + ",".join(quoted("pool_" + n) for n in names) + ","
                  + ",".join(quoted("pack_card_" + n) for n in names) + "\n")
        f.write(header)
        size += len(header)
        draft = 0
        while size < target:
            for pack in range(3):
                cards = random.sample(range(len(names)), 14)
                pool = [0] * len(names)
                for pick in range(14):
                    counts = [0] * len(names)
                    for card in cards[pick:]:
                        counts[card] += 1
                    row = (f"WAR,PremierDraft,{draft:032x},2019-05-02 10:00:00,gold,{pack},{pick},"
                           f"{quoted(names[cards[pick]])},0.5,0.1,"
                           + ",".join(map(str, pool)) + "," + ",".join(map(str, counts)) + "\n")
                    pool[cards[pick]] += 1
                    f.write(row)
                    size += len(row)
            draft += 1
    elif kind == "csv":
        f.write("booster,set,collector_number,name,foil\n")
        booster = 0
        while size < target:
            rows = "".join(
                f"b{booster},war,{card + 1},{quoted(names[card])},{'true' if index == 0 else ''}\n"
                for index, card in enumerate(random.sample(range(len(names)), 15)))
            f.write(rows)
            size += len(rows)
            booster += 1
    else:
        booster = 0
        while size < target:
            block = (f"Booster {booster + 1}\n"
                     + "".join(f"1 {names[c]} (WAR) {c + 1}\n" for c in random.sample(range(len(names)), 15))
                     + "\n")
            f.write(block)
            size += len(block)
            booster += 1
