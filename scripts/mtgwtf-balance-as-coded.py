#!/usr/bin/env python3
"""Each card's expected copies a booster from a colour-balanced draw, exactly (fractions): under
Sealed's rules (docs/rules.md, colour balancing) and under mtg.wtf's code as it is written
(search-engine/lib/color_balanced_card_sheet.rb in taw/magic-search-engine, read 2026-12-07).

    scripts/mtgwtf-balance-as-coded.py [COUNT SIZE_W SIZE_U SIZE_B SIZE_R SIZE_G SIZE_OTHER]
    # default: war's draft booster, 10 commons of 101 (19 of each colour, 6 others)

Both draw one card of each colour first, then COUNT - 5 "mixed" cards, each from a group chosen
with weight COUNT * N_g - N for a colour and COUNT * N_other for the others (N_g the group's
cards, N the sheet's), on a uniform sheet. They differ in two ways:

- Sealed's rules keep the group drawn and take a card of it the booster does not hold yet (a
  group that has run out is chosen again): every card keeps COUNT / N copies a booster.
- mtg.wtf's `random_card_custom_weight` draws `rand(den)` and subtracts the weights in turn,
  stopping at the first result `<= 0`: the first group (W) gets one value of `den` more than its
  weight, the last (the others) one fewer. And a card already in the booster (`seen_names`) is
  drawn again with `redo`, the group included, so a group whose cards the booster already holds
  is chosen less often than its weight says.

Prints, per group, the expected copies of each of its cards a booster under the rules, under
mtg.wtf's code, and with the weights as intended but the redo kept (the redo alone), to six
places. Cost: one pass over the reachable counts of cards taken per group (C(COUNT, 5) states
at most), exact fractions.
"""
import sys
from fractions import Fraction
from functools import lru_cache

GROUPS = ["W", "U", "B", "R", "G", "other"]


def fail(message):
    print(f"mtgwtf-balance-as-coded: {message}", file=sys.stderr)
    sys.exit(2)


def arguments():
    values = sys.argv[1:] or ["10", "19", "19", "19", "19", "19", "6"]
    if len(values) != 7 or not all(value.isdigit() for value in values):
        fail("usage: mtgwtf-balance-as-coded.py [COUNT SIZE_W SIZE_U SIZE_B SIZE_R SIZE_G SIZE_OTHER] (whole numbers)")
    count, sizes = int(values[0]), [int(value) for value in values[1:]]
    if count <= 5 or min(sizes[:5]) < 1 or count > sum(sizes):
        fail("COUNT must be above 5 and at most the sheet's cards, each colour at least one card")
    weights = [count * size - sum(sizes) for size in sizes[:5]] + [count * sizes[5]]
    if min(weights) < 0:
        fail(f"a colour of fewer than N / COUNT cards cannot be balanced (weights {weights})")
    return count, sizes, weights


def as_coded_chances(weights):
    """The groups' chances under mtg.wtf's `rand(den)`, `random_number -= w`, `break if <= 0`:
    group i takes the values r with cum(i - 1) < r <= cum(i), r in 0..den - 1, group 0 from 0."""
    den, low, chances = sum(weights), 0, []
    for weight in weights:
        high = min(low + weight if not chances else low + weight - 1, den - 1)
        chances.append(Fraction(max(high - low + 1, 0), den))
        low = high + 1
    assert sum(chances) == 1
    return chances


def expected_copies(sizes, count, chances, redo_group):
    """Each group's expected copies of a card a booster: one of each colour first, then the mixed
    cards. redo_group: a card already held draws its group again (mtg.wtf); else the group stays
    and the card is one it does not hold (Sealed's rules)."""

    @lru_cache(maxsize=None)
    def mixed(held, left):
        if left == 0:
            return (Fraction(0),) * 6
        if redo_group:
            # A group's chance times the chance its card is new, renormalised over the redraws.
            tries = [chances[g] * Fraction(sizes[g] - held[g], sizes[g]) if sizes[g] else Fraction(0) for g in range(6)]
        else:
            tries = [chances[g] if held[g] < sizes[g] else Fraction(0) for g in range(6)]
        total = sum(tries)
        result = [Fraction(0)] * 6
        for group in range(6):
            if tries[group] == 0:
                continue
            after = list(held)
            after[group] += 1
            rest = mixed(tuple(after), left - 1)
            for other in range(6):
                result[other] += tries[group] / total * (rest[other] + (1 if other == group else 0))
        return tuple(result)

    taken = mixed((1, 1, 1, 1, 1, 0), count - 5)
    return [(taken[g] + (1 if g < 5 else 0)) / sizes[g] if sizes[g] else Fraction(0) for g in range(6)]


def main():
    count, sizes, weights = arguments()
    intended = [Fraction(weight, sum(weights)) for weight in weights]
    coded = as_coded_chances(weights)
    rules = expected_copies(sizes, count, intended, redo_group=False)
    mtgwtf = expected_copies(sizes, count, coded, redo_group=True)
    redo = expected_copies(sizes, count, intended, redo_group=True)
    print(f"{count} of {sum(sizes)} cards: {', '.join(f'{s} {g}' for s, g in zip(sizes, GROUPS))}")
    print(f"mixed cards' group weights: {', '.join(map(str, weights))} of {sum(weights)}; "
          f"as mtg.wtf's code chooses: {', '.join(str(c.numerator * sum(weights) // c.denominator) for c in coded)}")
    print(f"{'group':<6} {'rules':>9} {'mtg.wtf':>9} {'redo':>9}  expected copies of a card a booster")
    for group in range(6):
        print(f"{GROUPS[group]:<6} {float(rules[group]):9.6f} {float(mtgwtf[group]):9.6f} {float(redo[group]):9.6f}")


if __name__ == "__main__":
    main()
