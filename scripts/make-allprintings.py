#!/usr/bin/env python3
"""Writes a large AllPrintings-shaped MTGJSON file for measuring `sealed cards import` and
`sealed rules import`: the real set files in Tests/Fixtures/mtgjson (ZNR, NEO, BRO) repeated
under new set codes (ZNR001, NEO001, BRO001, ZNR002, ...) until the file reaches the size asked
for, as {"meta": ..., "data": {"ZNR001": {...}, ...}}, one set at a time (the script holds one
set, not the file).

  scripts/make-allprintings.py OUT.json [--megabytes 500] [--gzip]

With --gzip, OUT is written gzipped (level 6, as MTGJSON ships AllPrintings.json.gz).
"""
import argparse
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "Fixtures", "mtgjson")


def load(code):
    with gzip.open(os.path.join(FIXTURES, code + ".json.gz"), "rt", encoding="utf-8") as f:
        return json.load(f)["data"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--megabytes", type=float, default=500)
    parser.add_argument("--gzip", action="store_true")
    args = parser.parse_args()
    limit = int(args.megabytes * 1_000_000)
    sets = {code: json.dumps(load(code), ensure_ascii=False, sort_keys=True) for code in ("ZNR", "NEO", "BRO")}
    out = gzip.open(args.out, "wb", compresslevel=6) if args.gzip else open(args.out, "wb")
    written = 0

    def write(text):
        data = text.encode("utf-8")
        out.write(data)
        return len(data)

    written += write('{"meta": {"date": "2022-11-26", "version": "5.2.0+synthetic"}, "data": {')
    count = 0
    round_ = 0
    while written < limit:
        round_ += 1
        for code, text in sets.items():
            new = f"{code}{round_:03d}"
            # The set's own code and every card's setCode follow the new code.
            body = text.replace(f'"setCode": "{code}"', f'"setCode": "{new}"').replace(f'"code": "{code}"', f'"code": "{new}"')
            written += write(("" if count == 0 else ", ") + json.dumps(new) + ": " + body)
            count += 1
            if written >= limit:
                break
    written += write("}}")
    out.close()
    print(f"{args.out}: {count} sets, {written / 1e6:.0f} MB of JSON{' (gzipped)' if args.gzip else ''}", file=sys.stderr)


if __name__ == "__main__":
    main()
