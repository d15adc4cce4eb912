#!/usr/bin/env python3
"""Makes the card data shipped with Sealed beyond the nine Scryfall sets, and the summaries of
all shipped sets that `sealed sets` reads.

    scripts/make-field-cards.py [SOURCE] [--set-names BOOSTERS] [--sealed PATH]

With SOURCE, a folder of Scryfall-shaped set files (`<set>.json`, JSON arrays of card objects)
and the `index.csv` that describes them (set, cards, sources, without_type_line,
without_colors; one row per set the field's booster data names, 0 cards where no data exists),
it writes into Sources/SealedData/Resources/cards/field/:

- `<set>.json.gz`: each set file, one card per line, gzipped (level 9, no name or time in the
  header, so the same input gives the same bytes); with --set-names, a card without `set_name`
  gets the name that mtg.wtf's compiled booster data (BOOSTERS, a JSON array of products with
  `set_code` and `set_name`) gives its set, where it names one (without --set-names, the names
  of the earlier field/sets.jsonl are kept);
- `index.csv`: the sources' index, copied as it is.

Then, with or without SOURCE, it makes the indexes from the shipped files themselves:

- `field/sets.jsonl`: one line per row of field/index.csv, sorted by set: the set's summary
  exactly as `sealed sets --cards FIELD --format json` prints it from the gzipped files (zero
  cards for a set without data), then index.csv's sources, without_type_line, without_colors;
- `cards/sets.jsonl`: the same for the nine Scryfall sets in cards/ (sources "Scryfall; 2019",
  the counts made from the files).

`sealed sets` reads these instead of reading every set, and the tests check that they still
agree with the data and with index.csv: after a change to the data or to what `sealed sets`
reports, run this script (without SOURCE it needs nothing outside the repository). --sealed
names the `sealed` executable to run (default: .build/release/sealed when it exists, else
`swift run sealed`); build it first, so that it carries the change.
"""

import argparse
import csv
import gzip
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CARDS = os.path.join(ROOT, "Sources", "SealedData", "Resources", "cards")
FIELD = os.path.join(CARDS, "field")
INDEX = "sets.jsonl"
NINE_SOURCES = "Scryfall; 2019"
SUMMARY_KEYS = [
    "code", "name", "cards", "booster_max", "commons", "uncommons", "rares", "mythics",
    "basic_lands", "warnings",
]


def fail(message):
    sys.exit(f"make-field-cards: {message}")


def read_index(folder):
    path = os.path.join(folder, "index.csv")
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for number, row in enumerate(rows, start=2):
        if set(row) != {"set", "cards", "sources", "without_type_line", "without_colors"}:
            fail(f"{path}:{number}: expected columns set,cards,sources,without_type_line,without_colors")
    return path, rows


def read_set_names(path):
    if path is None:
        return {}
    with open(path, encoding="utf-8") as handle:
        products = json.load(handle)
    names = {}
    for product in products:
        names.setdefault(product["set_code"].lower(), product["set_name"])
    return names


def with_set_name(data, name):
    """The set file's cards, one a line, each given `set_name` after `set` if it has none."""
    lines = []
    for card in json.loads(data):
        if name is not None and "set_name" not in card:
            named = {}
            for key, value in card.items():
                named[key] = value
                if key == "set":
                    named["set_name"] = name
            card = named
        lines.append(json.dumps(card, ensure_ascii=False, separators=(",", ":")))
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def pack(source, rows, names):
    for row in rows:
        code = row["set"]
        path = os.path.join(source, f"{code}.json")
        if int(row["cards"]) == 0:
            if os.path.exists(path):
                fail(f"{path}: index.csv says set {code} has no cards")
            continue
        with open(path, "rb") as handle:
            data = handle.read()
        if len(json.loads(data)) != int(row["cards"]):
            fail(f"{path}: {len(json.loads(data))} cards, index.csv says {row['cards']}")
        packed = gzip.compress(with_set_name(data, names.get(code)), compresslevel=9, mtime=0)
        target = os.path.join(FIELD, f"{code}.json.gz")
        if not os.path.exists(target) or open(target, "rb").read() != packed:
            with open(target, "wb") as handle:
                handle.write(packed)


def summaries(sealed, folder):
    command = sealed + ["sets", "--cards", folder, "--format", "json"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        fail(f"{' '.join(command)} failed: {result.stderr.strip()}")
    return {row["code"]: row for row in json.loads(result.stdout)}


def line(summary, sources, without_type_line, without_colors):
    record = {key: summary[key] for key in SUMMARY_KEYS}
    record.update(sources=sources, without_type_line=without_type_line, without_colors=without_colors)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def write_lines(folder, lines):
    with open(os.path.join(folder, INDEX), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def existing_names(folder):
    """The set names an earlier index gives (other than the upper-case code used for no name)."""
    path = os.path.join(folder, INDEX)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as handle:
        records = [json.loads(text) for text in handle if text.strip()]
    return {r["code"]: r["name"] for r in records if r["name"] != r["code"].upper()}


def index_field(sealed, names):
    _, rows = read_index(FIELD)
    by_code = summaries(sealed, FIELD)
    stray = set(by_code) - {row["set"] for row in rows}
    if stray:
        fail(f"sets with files but no row in index.csv: {', '.join(sorted(stray))}")
    lines = []
    for row in sorted(rows, key=lambda row: row["set"]):
        code = row["set"]
        summary = by_code.get(code)
        if summary is None:
            if int(row["cards"]) != 0:
                fail(f"set {code}: index.csv says {row['cards']} cards, but there is no {code}.json.gz")
            summary = {key: None for key in SUMMARY_KEYS}
            summary.update(code=code, name=names.get(code, code.upper()), cards=0, basic_lands=0, warnings=[])
        elif summary["cards"] != int(row["cards"]):
            fail(f"set {code}: sealed sets counts {summary['cards']} cards, index.csv {row['cards']}")
        lines.append(line(summary, row["sources"], int(row["without_type_line"]), int(row["without_colors"])))
    write_lines(FIELD, lines)
    return len(by_code), len(rows) - len(by_code)


def untyped_and_colourless(path):
    """Cards with no type line, and with no colours, anywhere (card or faces)."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    cards = data["data"] if isinstance(data, dict) else data
    faces = lambda card: card.get("card_faces") or []
    untyped = sum(1 for c in cards if not c.get("type_line") and not any(f.get("type_line") for f in faces(c)))
    colourless = sum(1 for c in cards if "colors" not in c and not any("colors" in f for f in faces(c)))
    return untyped, colourless


def index_nine(sealed):
    lines = []
    for code, summary in sorted(summaries(sealed, CARDS).items()):
        untyped, colourless = untyped_and_colourless(os.path.join(CARDS, f"{code}.json"))
        lines.append(line(summary, NINE_SOURCES, untyped, colourless))
    write_lines(CARDS, lines)
    return len(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", help="folder of <set>.json files with index.csv")
    parser.add_argument("--set-names", help="mtg.wtf's compiled booster data, for set names")
    parser.add_argument("--sealed", help="the sealed executable")
    arguments = parser.parse_args()
    if arguments.sealed:
        sealed = [arguments.sealed]
    elif os.path.exists(os.path.join(ROOT, ".build", "release", "sealed")):
        sealed = [os.path.join(ROOT, ".build", "release", "sealed")]
    else:
        sealed = ["swift", "run", "sealed"]

    # Names given now, else those of the earlier index, so that a run without --set-names
    # keeps them.
    names = {**existing_names(FIELD), **read_set_names(arguments.set_names)}
    if arguments.source:
        index_path, rows = read_index(arguments.source)
        os.makedirs(FIELD, exist_ok=True)
        pack(arguments.source, rows, names)
        with open(index_path, "rb") as handle, open(os.path.join(FIELD, "index.csv"), "wb") as out:
            out.write(handle.read())
    with_data, without = index_field(sealed, names)
    nine = index_nine(sealed)
    print(f"field: {with_data} sets with cards, {without} without; cards: {nine} sets; indexes written")


if __name__ == "__main__":
    main()
