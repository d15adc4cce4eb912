#!/usr/bin/env python3
"""Times war mtgwtf's compiled pool loop beside variants of its C, and war sealed's loop.

    scripts/time-loop-variants.py [SEALED] [ROUNDS] [POOLS]
    # SEALED: .build/release/sealed; ROUNDS: 3; POOLS timed in each run: 1,000,000

Runs SEALED twice with an empty SEALED_HOME (war mtgwtf and war sealed, 17,000,000 pools on one
thread, about 2 s each) so that it writes and compiles each plan's loop, then builds the variants
from war mtgwtf's source with the same compiler and flags (clang, else cc; -O3 -march=native) and
times each in turn, ROUNDS times, with scripts/time-compiled-loop.c (the best of seven runs of
POOLS pools). docs/speed.md ("A new generator version for printed boosters, measured") quotes
it. The variants:

- grouped: a new generator version; each block of 64 pools draws its boosters grouped by shape
  (scripts/loop-variants/grouped-shapes.c.part), no branch between boosters with and without a foil;
- joint: a new generator version; the balanced rest's picks from the booster's first number
  (scripts/loop-variants/joint-number.c.part);
- both: the two together;
- per-program: the same draws, a function for each of the four programs (a switch of four cases,
  each program's rows constants) where Sealed's loop has one for each of the two shapes;
- no-pool-counts, constant-rows, neither: bounds, not loops Sealed could use: without the pools'
  program, outcome, position, mythic and pair counters; with every pick counted in its part's row
  whatever the program (no row read from a table); both.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    sys.exit(f"time-loop-variants: {message}")


def loop_sources(sealed, work):
    """War mtgwtf's and war sealed's loop sources, as SEALED writes them."""
    home = os.path.join(work, "home")
    for rules in ("mtgwtf", "sealed"):
        subprocess.run(
            [sealed, "simulate", "war", "--rules", rules, "--pools", "17000000", "--threads", "1", "--seed", "1",
             "--out", os.path.join(work, "report-" + rules), "--quiet"],
            env=dict(os.environ, SEALED_HOME=home), stdout=subprocess.DEVNULL, check=True)
    folder = os.path.join(home, "cache", "loops")
    texts = [open(os.path.join(folder, name)).read() for name in sorted(os.listdir(folder)) if name.endswith(".c")]
    mtgwtf = [text for text in texts if "codedTable0[252]" in text]
    sealed_loops = [text for text in texts if "codedTable0" not in text]
    if len(mtgwtf) != 1 or len(sealed_loops) != 1:
        fail(f"expected one loop source of each plan in {folder}")
    return mtgwtf[0], sealed_loops[0]


def replaced(text, old, new):
    if text.count(old) != 1:
        fail(f"war mtgwtf's loop source does not hold {old.strip()!r} once: the variants need updating")
    return text.replace(old, new)


def part(name):
    return open(os.path.join(HERE, "loop-variants", name)).read()


def variants(source):
    """Each variant's C, by name."""
    shapes = source.index("static inline void shape0(")
    loop = source.index("void sealed_plan_loop(")
    init = "  uint64_t s[4] = {rng"
    with_init = lambda text: replaced(text, init, "  if (!jointReady) jointInit();\n" + init)
    grouped, joint = part("grouped-shapes.c.part"), part("joint-number.c.part")
    two_way = ("      switch (shapeOf[p]) {\n"
               "        case 0: shape0(p, s, entries, counts, &outcome); break;\n"
               "        case 1: shape1(p, s, entries, counts, &outcome); break;\n      }")
    four_way = ("      switch (p) {\n"
                "        case 0: shape0(0, s, entries, counts, &outcome); break;\n"
                "        case 1: shape1(1, s, entries, counts, &outcome); break;\n"
                "        case 2: shape0(2, s, entries, counts, &outcome); break;\n"
                "        default: shape1(3, s, entries, counts, &outcome); break;\n      }")
    no_counts = source
    for booster in range(6):
        no_counts = replaced(no_counts, f"      programCounters[{4 * booster} + program]++;\n", "")
    no_counts = replaced(
        no_counts,
        "      outcomeCounters[outcome] += counted;\n      mythics += counted * outcomeMythics[outcome];\n"
        "      positionCounters[b] += counted & (outcomeMythics[outcome] > 0);\n", "      mythics += outcome;\n")
    no_counts = replaced(
        no_counts,
        "    poolMythics[mythics]++;\n"
        "    if (done & 1) pairDifferences[mythics > previous ? mythics - previous : previous - mythics]++;\n",
        "    poolMythics[mythics & 7]++;\n")
    constant_rows = lambda text: text[:shapes] + re.sub(
        r"counts \+ s\dpart(\d)(?:b0p\d)?row\[p\]", lambda m: f"counts + {528 * int(m.group(1))}", text[shapes:])
    return {
        "unchanged": source,
        "grouped": source[:loop] + grouped,
        "joint": source[:shapes] + joint + with_init(source[loop:]),
        "both": source[:shapes] + joint + with_init(grouped),
        "per-program": replaced(source, two_way, four_way),
        "no-pool-counts": no_counts,
        "constant-rows": constant_rows(source),
        "neither": constant_rows(no_counts),
    }


def main():
    sealed = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "release", "sealed")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    pools = sys.argv[3] if len(sys.argv) > 3 else "1000000"
    if not os.access(sealed, os.X_OK):
        fail(f"no sealed at {sealed} (swift build -c release)")
    compiler = shutil.which("clang") or shutil.which("cc") or fail("no C compiler")
    with tempfile.TemporaryDirectory() as work:
        mtgwtf, war_sealed = loop_sources(sealed, work)
        programs = dict(variants(mtgwtf), **{"war-sealed": war_sealed})
        for name, text in programs.items():
            with open(os.path.join(work, name + ".c"), "w") as file:
                file.write(text)
            subprocess.run([compiler, "-O3", "-march=native", "-shared", "-fPIC", "-o",
                            os.path.join(work, name + ".so"), os.path.join(work, name + ".c")], check=True)
        timer = os.path.join(work, "time")
        subprocess.run([compiler, "-O3", "-o", timer, os.path.join(HERE, "time-compiled-loop.c"), "-ldl"], check=True)
        for round_number in range(1, rounds + 1):
            for name in programs:
                rate = subprocess.run([timer, os.path.join(work, name + ".so"), "528", pools], capture_output=True,
                                      text=True, check=True).stdout.strip()
                print(f"round {round_number}  {name:<15} {rate}", flush=True)


if __name__ == "__main__":
    main()
