#!/usr/bin/env python3
"""Digests of everything a fixed corpus of sealed commands prints and writes.

A restructuring must change no output. This script runs one build of `sealed` over a fixed
corpus (open, simulate, a sharded simulate and its merge, check, a sharded check, its merge and
the check of its tallies, check-products, audit of each pack file format and of unknown cards,
audit --plan, report, rules import from mtg.wtf's data and from MTGJSON files, the commands' help,
sets and cards listings, a saved pool, deck edits, a hand, both exports, and bad input), in a
fresh temporary folder with its own library and HOME, and prints one line per command and per
file it wrote: `sha256  what`. Run times, speeds, thread counts, dates and the temporary,
repository and build folders' paths are masked first, so two builds that behave alike give identical digests.

    scripts/output-digests.py .build/release/sealed > before.txt     # the old code
    scripts/output-digests.py .build/release/sealed > after.txt      # the new code
    diff before.txt after.txt && echo identical

    scripts/output-digests.py .build/release/sealed --show 'check war'  # the masked text itself

Exit status: 0 when every command ran (a command's own exit status is part of its digest).
"""

import hashlib
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (label, arguments). Files are written under the temporary folder, named by the command.
CORPUS = [
    ("sets", ["sets", "--format", "csv"]),
    ("sets some", ["sets", "war", "afr", "--format", "json"]),
    ("cards list", ["cards", "list", "war", "mkm", "--format", "csv"]),
    ("open war", ["open", "war", "--seed", "1"]),
    ("open dom json", ["open", "dom", "--seed", "2", "--format", "json"]),
    ("open war retail", ["open", "war", "--rules", "retail", "--seed", "3"]),
    ("open grn mtgwtf", ["open", "grn", "--rules", "mtgwtf", "--seed", "4"]),
    ("open mkm play refused", ["open", "mkm", "--rules", "mkm-play", "--seed", "5"]),
    ("open csv", ["open", "war", "--format", "csv", "--pools", "40", "--seed", "6", "--out", "packs.csv"]),
    ("open list", ["open", "dom", "--format", "list", "--pools", "3", "--seed", "7", "--out", "packs.txt"]),
    ("open 17lands", ["open", "war", "--format", "17lands", "--pools", "2", "--seed", "8", "--out", "packs17.csv"]),
    ("simulate war", ["simulate", "war", "--pools", "3000", "--seed", "1", "--out", "sim-war"]),
    ("simulate dom retail", ["simulate", "dom", "--rules", "retail", "--pools", "2000", "--seed", "2", "--out", "sim-dom"]),
    ("simulate shard 1", ["simulate", "war", "--pools", "10000", "--seed", "9", "--shard", "1/2", "--out", "shard1"]),
    ("simulate shard 2", ["simulate", "war", "--pools", "10000", "--seed", "9", "--shard", "2/2", "--out", "shard2"]),
    ("merge", ["merge", "shard1", "shard2", "--out", "merged"]),
    ("check war", ["check", "war", "--pools", "3000", "--seed", "1", "--out", "chk-war"]),
    ("check rna retail", ["check", "rna", "--rules", "retail", "--pools", "2000", "--seed", "3", "--out", "chk-rna"]),
    ("check m19 lethe", ["check", "dom", "--rules", "retail-lethe", "--pools", "1500", "--seed", "4", "--compare", "none", "--out", "chk-dom"]),
    ("check mkm play", ["check", "mkm", "--rules", "mkm-play", "--pools", "1000", "--seed", "5", "--out", "chk-mkm"]),
    ("check plan", ["check", "war", "--rules", "retail", "--plan"]),
    ("audit csv", ["audit", "war", "--packs", "packs.csv", "--seed", "1", "--out", "aud-war"]),
    ("audit list", ["audit", "dom", "--packs", "packs.txt", "--seed", "2", "--out", "aud-dom"]),
    ("report", ["report", "chk-war"]),
    ("rules import", ["rules", "import", "--product", "war-draft"]),
    ("rules import play", ["rules", "import", "--product", "mkm-play", "--out", "mkm-play.yaml"]),
    ("open save", ["open", "war", "--seed", "11", "--save", "alice"]),
    ("decks", ["decks"]),
    ("deck show", ["deck", "show", "alice"]),
    ("deck add", ["deck", "add", "alice", "Island", "--count", "8"]),
    ("deck new", ["deck", "new", "bob", "--pool", "alice"]),
    ("hand", ["hand", "alice", "--seed", "3"]),
    ("hand json", ["hand", "alice", "--seed", "4", "--draws", "3", "--format", "json"]),
    ("decks json", ["decks", "--format", "json"]),
    ("decks csv", ["decks", "--format", "csv"]),
    ("export arena", ["export", "arena", "alice", "--out", "alice.txt"]),
    ("export tts", ["export", "tts", "alice", "--out", "alice-tts.json"]),
    ("check shard 1", ["check", "war", "--pools", "10000", "--seed", "9", "--shard", "1/2", "--out", "cshard1"]),
    ("check shard 2", ["check", "war", "--pools", "10000", "--seed", "9", "--shard", "2/2", "--out", "cshard2"]),
    ("merge checked", ["merge", "cshard1", "cshard2", "--out", "cmerged"]),
    ("check tallies", ["check", "war", "--tallies", "cmerged", "--out", "chk-tallies"]),
    ("check tallies of a shard", ["check", "war", "--tallies", "cshard1", "--out", "chk-shard"]),
    ("check-products", ["check-products", "--products", "war-draft,dom-draft,mkm-play", "--pools", "300", "--seed", "2", "--out", "products"]),
    ("audit 17lands", ["audit", "war", "--packs", "packs17.csv", "--seed", "3", "--resamples", "199", "--out", "aud-17"]),
    ("audit plan", ["audit", "war", "--plan"]),
    ("audit unknown cards", ["audit", "war", "--packs", "typos.csv", "--out", "aud-typos"]),
    ("rules import list", ["rules", "import", "--list"]),
    ("rules import mtgjson list", ["rules", "import", os.path.join(REPO, "Tests/Fixtures/mtgjson/NEO.json.gz"), "--list"]),
    ("rules import mtgjson", ["rules", "import", os.path.join(REPO, "Tests/Fixtures/mtgjson/ZNR.json.gz"), "--product", "znr-default"]),
    ("help", ["--help"]),
    ("help simulate", ["simulate", "--help"]),
    ("help check", ["check", "--help"]),
    ("help check-products", ["check-products", "--help"]),
    ("help audit", ["audit", "--help"]),
    ("help open", ["open", "--help"]),
    ("help rules import", ["rules", "import", "--help"]),
    ("help merge", ["merge", "--help"]),
    ("help report", ["report", "--help"]),
    ("help deck", ["deck", "--help"]),
    ("bad pools", ["check", "war", "--pools", "0"]),
    ("bad set", ["open", "nosuchset"]),
    ("bad product", ["rules", "import", "--product", "nosuch"]),
    ("bad rules", ["simulate", "war", "--rules", "realistic", "--pools", "10"]),
]

MASKS = [
    (re.compile(r"\d+(\.\d+)?(k|M)? boosters/s"), "<speed>"),
    (re.compile(r"\d+(\.\d+)? ?(s|ms|µs|seconds|thread-seconds)\b"), "<time>"),
    (re.compile(r"on \d+ thread\(s\)"), "on <n> thread(s)"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?"), "<date>"),
    (re.compile(r"\bon \d{4}-\d{2}-\d{2}\b"), "on <date>"),
    # run.csv's rows and tallies.json's keys that hold times and the machine's thread count (and
    # the record's own digest, which covers them).
    (re.compile(r"(?m)^([a-z_]*(seconds|per_second|threads)[a-z_]*),.*$"), r"\1,<masked>"),
    (re.compile(r'"(elapsedSeconds|threads|sha256)" ?: ?("[^"]*"|[0-9.e+-]+)'), r'"\1": <masked>'),
    # check-products' seconds per product, in summary.csv and in its table.
    (re.compile(r"(?m)^((?:[^,\n]*,){3}(?:pass|fail|refused),(?:[^,\n]*,){4})\d+\.\d+,"), r"\1<time>,"),
    (re.compile(r"(?m)^(\S+ +\S+ +\S+ +(?:pass|fail|refused) +\d+ +\d+ +\d+ +)\d+\.\d+"), r"\1<time>"),
    # The folder SwiftPM copies the shipped data into is part of the build's path, named after the
    # module that holds it (sealed_SealedCore.resources before the split by stage, now
    # sealed_SealedData.resources).
    (re.compile(r"sealed_\w+\.resources"), "<resources>"),
    # A listing cache entry's key digests the build's own ID (docs/speed.md, the listing cache):
    # it differs from build to build however alike they behave.
    (re.compile(r'(cache/listings/|"key":")[0-9a-f]{64}'), r"\1<key>"),
]


# The folder of the build under test: the shipped data's path beside the executable names it.
BINARY_FOLDER = None


def mask(text, tmp):
    if BINARY_FOLDER:
        text = text.replace(BINARY_FOLDER, "<BIN>")
    text = text.replace(tmp, "<TMP>").replace(REPO, "<REPO>")
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def snapshot(root):
    files = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                files[os.path.relpath(path, root)] = handle.read()
    return files


def masked_file(name, data, tmp):
    if name.endswith((".png", ".gz")):
        return data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    return mask(text, tmp).encode("utf-8")


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    sealed = os.path.abspath(args[0])
    global BINARY_FOLDER
    BINARY_FOLDER = os.path.dirname(os.path.realpath(sealed))
    show = args[args.index("--show") + 1] if "--show" in args else None
    with tempfile.TemporaryDirectory(prefix="sealed-digests-") as tmp:
        work = os.path.join(tmp, "work")
        os.makedirs(work)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SEALED_", "XDG_"))}
        env.update(HOME=os.path.join(tmp, "home"), SEALED_HOME=os.path.join(tmp, "library"), NO_COLOR="1", COLUMNS="100")
        # Input a command of the corpus reads that no earlier command writes: a pack file naming
        # cards the data lacks (a number past the set's, a misspelt name).
        with open(os.path.join(work, "typos.csv"), "w") as handle:
            handle.write("booster,set,collector_number,name\n1,war,999,\n1,war,,Ob Nixilis the Hate-Twisted\n1,war,1,\n")
        before = {}
        for label, arguments in CORPUS:
            result = subprocess.run([sealed, *arguments], cwd=work, env=env, capture_output=True, timeout=600)
            out = mask(result.stdout.decode("utf-8", "replace"), tmp)
            err = mask(result.stderr.decode("utf-8", "replace"), tmp)
            print(f"{digest(out.encode())}  {label}: stdout")
            print(f"{digest(err.encode())}  {label}: stderr")
            print(f"{digest(str(result.returncode).encode())}  {label}: exit {result.returncode}")
            if show == label:
                sys.stderr.write(f"--- {label}: stdout\n{out}--- stderr\n{err}")
            after = snapshot(tmp)
            for name in sorted(after):
                if name in before and before[name] == after[name]:
                    continue
                data = masked_file(name, after[name], tmp)
                name = mask(name, tmp)
                print(f"{digest(data)}  {label}: file {name}")
                if show == label and not name.endswith((".png", ".gz")):
                    sys.stderr.write(f"--- file {name}\n{data.decode('utf-8', 'replace')}")
            before = after


if __name__ == "__main__":
    main()
