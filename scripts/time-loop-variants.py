#!/usr/bin/env python3
"""Times war mtgwtf's compiled pool loop beside variants of its C, and war sealed's loop beside one of its own.

    scripts/time-loop-variants.py [SEALED] [ROUNDS] [POOLS]
    # SEALED: .build/release/sealed; ROUNDS: 3; POOLS timed in each run: 1000000

Runs SEALED twice with an empty SEALED_HOME (war mtgwtf and war sealed, 17,000,000 pools on one
thread, about 2 s each) so that it writes and compiles each plan's loop with the C compiler this
script uses (clang, else cc; SEALED_CC names it to SEALED), then builds the variants from war
mtgwtf's source with that compiler (-O3 -march=native) and times each in turn, ROUNDS times, with
scripts/time-compiled-loop.c (the best of seven runs of POOLS pools). docs/speed.md ("A new
generator version for printed boosters, measured") quotes it. It times each loop as SEALED
writes it (written, and war-sealed), then the same loop with each program's values read from its
table by program (tables, and war-sealed-tables), where SEALED's loop reads them through one
struct filled once a call (ProgramValues); the variants below are built on that form, as they
were written against it before the struct. The variants:

- grouped: a new generator version; each block of 64 pools draws its boosters grouped by shape
  (scripts/loop-variants/grouped-shapes.c.part), no branch between boosters with and without a foil;
- joint: a new generator version; each shape's balanced rest chooses its alternative first, then
  one number serves the fixed picks and the rest's picks (the product of their ranges, up to
  2^63.6 for war, with its rejection threshold from a table made once);
- both: the two together;
- per-program: the same draws, a function for each of the four programs (a switch of four cases,
  each program's rows constants) where Sealed's loop has one for each of the two shapes;
- by-program, and war-sealed-by-program for war sealed's loop: a new generator version; each block
  of 64 pools draws its programs, then its boosters program by program, each program's shape
  inlined with the program a constant (its rows, ranges and alias tables folded into the code);
- two-chunks, and war-sealed-two-chunks for war sealed's loop: the same draws (no new version),
  two of the engine's independent chunks drawn at once, booster by booster, each with its own
  stream and sheets;
- folded, and by-program-folded with the draw by program: a new generator version; the rare
  slot's card a digit of the booster's first number (its cards repeated by their whole-number
  weights, 29 or 92 entries), and the foil's an entry and a whole-number threshold of an alias
  table rebuilt from those weights (Vose's, out of the foil sheet's total, 1,122,880), two digits of
  the balanced rest's number: one number fewer for a booster, two for one with a foil, where
  Sealed's loop draws each of those cards by its own number (weights read back from the alias
  tables of Sealed's source);
- uniform-rest: a bound, not a loop Sealed could use (another distribution): the balanced rest
  as 5, or 4, distinct cards uniform over the commons left after each colour's first (a partial
  Fisher-Yates over those 96 entries, their ranges constants, one number), with no alternative
  chosen by an alias table and no pick named by a code; the rules choose each card's colour group
  by weight (ColorBalance), which this does not;
- joint-unrejected, no-pool-counts, constant-rows, neither: bounds, not loops Sealed could use:
  joint without its rejection test (so not uniform: for war about 9% of its numbers would be
  drawn again); without the pools' program, outcome, position and pair counters (one counter a
  pool kept); with every pick counted in its part's row whatever the program (no row read from a
  table); the last two together.

Every edit is made on text it finds exactly where it expects it; when the loop Sealed writes has
changed so that one is not there, the script stops saying the variants need updating.
"""
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
# What the grouped loop takes from war mtgwtf's pool loop, as it is written in its source.
GROUPED_ASSUMES = [
    "low = draw(s, 548758735360000ull, 219184583151616ull);", "low = draw(s, 23425600ull, 5126016ull);",
    "uint64_t d = digit(&low, 4840ull);", "static const int32_t programMythics[4] = {0, 0, 0, 0};",
    "static const int32_t countsOutcome[4] = {1, 1, 1, 1};", "static const int shapeOf[4] = {0, 1, 0, 1};",
]


def fail(message):
    print(f"time-loop-variants: {message}", file=sys.stderr)
    sys.exit(2)


def read(path):
    with open(path) as file:
        return file.read()


def positive(text, name):
    if not text.isdigit() or int(text) < 1:
        fail(f"{name} must be a whole number of at least 1, not {text!r}")
    return int(text)


def loop_sources(sealed, compiler, work):
    """War mtgwtf's and war sealed's loop sources, as SEALED writes them."""
    home = os.path.join(work, "home")
    for rules in ("mtgwtf", "sealed"):
        subprocess.run(
            [sealed, "simulate", "war", "--rules", rules, "--pools", "17000000", "--threads", "1", "--seed", "1",
             "--out", os.path.join(work, "report-" + rules), "--quiet"],
            env=dict(os.environ, SEALED_HOME=home, SEALED_CC=compiler), stdout=subprocess.DEVNULL, check=True)
    folder = os.path.join(home, "cache", "loops")
    if not os.path.isdir(folder):
        fail(f"{sealed} compiled no loop (nothing in {folder})")
    texts = [read(os.path.join(folder, name)) for name in sorted(os.listdir(folder)) if name.endswith(".c")]
    mtgwtf = [text for text in texts if "codedTable0[252]" in text]
    sealed_loops = [text for text in texts if "codedTable0" not in text]
    if len(mtgwtf) != 1 or len(sealed_loops) != 1:
        fail(f"expected one loop source of each plan in {folder}")
    return mtgwtf[0], sealed_loops[0]


def outdated(what, source="war mtgwtf's loop source"):
    fail(f"{source} has no {what}: the variants need updating")


def replaced(text, old, new, source="war mtgwtf's loop source"):
    if text.count(old) != 1:
        outdated(repr(old.strip()), source)
    return text.replace(old, new)


def index(text, what):
    if what not in text:
        outdated(repr(what))
    return text.index(what)


CODED_CALL = r"  pickCoded\(s, (codedTable\d+), (\d+)u, (\w+(?:\[p\])?), (\d+), entries, (counts \+ \w+\[p\])\);\n"
COUNTERS = r"(counts \+ \w+\[p\])"


def in_shape(text, shape, pattern, what):
    """The first match of `pattern` within shape{shape}'s function."""
    start = index(text, f"static inline void shape{shape}(")
    end = text.index("\n}\n", start) + 1
    return re.compile(pattern).search(text, start, end) or outdated(f"{what} in shape{shape}")


def tables_by_program(source, name="war mtgwtf's loop source"):
    """The loop as Sealed wrote it until each program's values were gathered in a struct
    (ProgramValues, filled once a call): the shape functions take the program's number and read
    each value from its table by program (NAME[p], counts + NAME[p], entries + NAME[p]). The
    variants below edit this form, as they were written against it."""
    fills = dict(re.findall(r"^    values\[p\]\.(\w+) = (.+);$", source, re.M))
    start = index(source, "  ProgramValues values[")
    end = source.index("  }\n", start) + len("  }\n")
    text = source[:start] + source[end:]
    text = re.sub(r"q->(\w+)", lambda m: fills.get(m.group(1)) or outdated(f"a value {m.group(1)}", name), text)
    text = text.replace("(const ProgramValues *q, uint64_t *s,", "(int p, uint64_t *s,").replace("(void)q; ", "(void)p; ")
    text, calls = re.subn(r"(shape\d+)\(values \+ p, ", r"\1(p, ", text)
    if not calls or "q->" in text or "values + p" in text:
        outdated("shape calls with the program's values", name)
    return text


def joint(source):
    """Each shape's fixed picks and balanced rest from one number (see the module's doc)."""
    sized = re.search(r"^static const int32_t outcomeStart\[(\d+)\]", source, re.M) or outdated("outcomeStart table")
    programs = int(sized.group(1))
    helpers, text = [], source
    for shape in (0, 1):
        call = in_shape(text, shape, CODED_CALL, "pickCoded call")
        table, count, picks, extras, row = call.groups()
        draw = f"  low = draw(s, s{shape}part0b0product[p], s{shape}part0b0threshold[p]);\n"
        text = replaced(text, draw,
                        f"  uint64_t rest, index = bounded(s, {count}u, &rest);\n"
                        f"  const CodedEntry *e = {table} + index;\n"
                        f"  uint64_t mask = takesOther(rest, e->threshold);\n"
                        f"  low = draw(s, s{shape}part0b0product[p] * choose(e->keep.product, e->other.product, mask),"
                        f" joint{shape}[p][index][mask & 1]);\n"
                        f"  uint64_t codes = choose(e->keep.codes, e->other.codes, mask);\n")
        text = replaced(text, call.group(0), f"  coded({picks}, {extras}, codes, &low, entries, {row});\n")
        helpers.append(
            f"static uint64_t joint{shape}[{programs}][{count}][2];\n"
            f"static void jointInit{shape}(void) {{\n"
            f"  for (int p = 0; p < {programs}; p++)\n"
            f"    for (int i = 0; i < {count}; i++) {{\n"
            f"      uint64_t a = s{shape}part0b0product[p] * {table}[i].keep.product;\n"
            f"      uint64_t b = s{shape}part0b0product[p] * {table}[i].other.product;\n"
            f"      joint{shape}[p][i][0] = a ? (0 - a) % a : 0;\n"
            f"      joint{shape}[p][i][1] = b ? (0 - b) % b : 0;\n"
            f"    }}\n}}\n")
    helpers.append(
        "static inline void coded(const CodedPick *picks, int extras, uint64_t codes, uint64_t *low, int32_t *entries,\n"
        "                         uint32_t *counts) {\n"
        "  for (int i = 0; i < extras; i++) {\n"
        "    const CodedPick *q = picks + (codes & 0xFF);\n"
        "    pick(entries + q->offset, q->range, low, counts);\n"
        "    codes >>= 8;\n  }\n}\n"
        "static int jointReady;\n")
    shapes = index(text, "static inline void shape0(")
    return text[:shapes] + "".join(helpers) + text[shapes:]


def with_joint_init(loop):
    init = "  uint64_t s[4] = {rng"
    return replaced(loop, init, "  if (!jointReady) { jointInit0(); jointInit1(); jointReady = 1; }\n" + init)


def unrejected(text):
    """The joint draws with a threshold of 0: no number is ever drawn again."""
    for shape in (0, 1):
        text = replaced(text, f" joint{shape}[p][index][mask & 1]);", " 0);")
    return text


def uniform_rest(source):
    """The balanced rest as distinct cards uniform over the sheet's entries other than each
    colour's first (see the module's doc): a bound on what choosing an alternative and reading
    coded picks cost, not the rules' draw."""
    table = re.search(r"^static const CodedPick codedPicks0\[96\] = \{(.*)\};$", source, re.M) or outdated("codedPicks0 table")
    picks = [(int(a), int(b)) for a, b in re.findall(r"\{(-?\d+), (\d+)u\}", table.group(1))]
    if len(picks) != 96:
        outdated("96 coded picks")
    # One list of positions serves every program: their coded picks must be one table.
    others = re.findall(r"^static const CodedPick codedPicks\d+\[96\] = \{(.*)\};$", source, re.M)
    if any(other != table.group(1) for other in others):
        outdated("one coded picks table for every program")
    positions = []
    for group in range(6):
        start, size = picks[16 * group]
        positions += range(start + (1 if group < 5 else 0), start + size)
    left = len(positions)
    helper = (f"static const int32_t restEntries[{left}] = {{{', '.join(map(str, positions))}}};\n"
              "static inline void pickRest(uint64_t *s, int32_t *entries, uint32_t *counts, int extras, uint64_t product) {\n"
              "  uint64_t low = draw(s, product, (0 - product) % product);\n"
              "  for (int i = 0; i < extras; i++) {\n"
              f"    uint64_t j = i + digit(&low, {left}u - i);\n"
              "    int32_t *a = entries + restEntries[i], *b = entries + restEntries[j];\n"
              "    int32_t card = *b;\n    *b = *a;\n    *a = card;\n    counts[card]++;\n  }\n}\n")
    text = source
    for shape in (0, 1):
        call = in_shape(text, shape, CODED_CALL, "pickCoded call")
        extras, row = int(call.group(4)), call.group(5)
        product = 1
        for i in range(extras):
            product *= left - i
        text = text.replace(call.group(0), f"  pickRest(s, entries, {row}, {extras}, {product}ull);\n")
    shapes = index(text, "static inline void shape0(")
    return text[:shapes] + helper + text[shapes:]


def alias_words(source, table):
    """The words an alias table of CardEntry draws and their whole-number weights, from its thresholds."""
    found = re.search(rf"^static const CardEntry {table}\[\d+\] = \{{(.*)\}};$", source, re.M) or outdated(f"{table}")
    entries = [tuple(map(int, e)) for e in re.findall(r"\{(\d+)ull, (\d+)u, (\d+)u\}", found.group(1))]
    chance = {}
    for threshold, keep, other in entries:
        kept = Fraction(threshold + (1 if threshold == 2**64 - 1 else 0), 2**64)
        chance[keep] = chance.get(keep, 0) + kept
        chance[other] = chance.get(other, 0) + 1 - kept
    chance = {word: share for word, share in chance.items() if share > Fraction(1, 2**40)}
    least = min(chance.values())
    ratios = {word: (share / least).limit_denominator(4096) for word, share in chance.items()}
    scale = math.lcm(*(ratio.denominator for ratio in ratios.values()))
    weights = {word: int(ratio * scale) for word, ratio in ratios.items()}
    divisor = math.gcd(*weights.values())
    return {word: weight // divisor for word, weight in weights.items()}


def whole_alias(weights):
    """Vose's alias table for whole-number weights: (threshold out of the total, keep, other) for each word."""
    words, total = list(weights), sum(weights.values())
    scaled = {word: weights[word] * len(words) for word in words}
    small = [w for w in words if scaled[w] < total]
    large = [w for w in words if scaled[w] >= total]
    table = {}
    while small and large:
        less, more = small.pop(), large.pop()
        table[less] = (scaled[less], less, more)
        scaled[more] -= total - scaled[less]
        (small if scaled[more] < total else large).append(more)
    for word in small + large:
        table[word] = (total, word, word)
    return [table[word] for word in words], total


def folded(source):
    """The rare slot's card a digit of the booster's first number (its words repeated by weight),
    and the foil's two digits (an entry, then a whole-number threshold) of the balanced rest's
    number: two numbers fewer for a booster with a foil, one for one without (see the module's doc)."""
    sized = re.search(r"^static const int32_t outcomeStart\[(\d+)\]", source, re.M) or outdated("outcomeStart table")
    programs, text, helpers = int(sized.group(1)), source, []
    helpers.append(
        "static inline void rareDigit(const uint32_t *words, uint64_t weight, uint64_t *low, uint32_t *counts, int64_t *outcome) {\n"
        "  uint32_t word = words[digit(low, weight)];\n  counts[word & 1023u]++;\n  *outcome += (int32_t)(word >> 10);\n}\n")
    for shape, part in ((0, 2), (1, 3)):
        call = in_shape(text, shape, rf"  pickCard\(s, s{shape}part{part}table\[p\], s{shape}part{part}count\[p\], "
                        rf"{COUNTERS}, outcome\);\n", "rare pickCard")
        listed = re.search(rf"^static const CardEntry \*const s{shape}part{part}table\[{programs}\] = \{{(.*)\}};$", text, re.M)
        products = re.search(rf"^static const uint64_t s{shape}part0b0product\[{programs}\] = \{{(.*)\}};$", text, re.M)
        if not listed or not products:
            outdated(f"shape{shape}'s rare tables and products")
        tables = [name.strip() for name in listed.group(1).split(",")]
        product = [int(value.strip().rstrip("ul") or 0) for value in products.group(1).split(",")]
        words, weight, fold = [], [], []
        for p, table in enumerate(tables):
            if table == "0":
                words.append("0"); weight.append(0); fold.append(0)
                continue
            weights = alias_words(text, table)
            repeated = [word for word, times in weights.items() for _ in range(times)]
            helpers.append(f"static const uint32_t rare{shape}p{p}[{len(repeated)}] = {{{', '.join(map(str, repeated))}}};\n")
            words.append(f"rare{shape}p{p}"); weight.append(len(repeated)); fold.append(product[p] * len(repeated))
        if max(fold) >= 2**64:
            outdated(f"shape{shape}'s fixed picks and rare in 64 bits")
        helpers.append(
            f"static const uint32_t *const rare{shape}[{programs}] = {{{', '.join(words)}}};\n"
            f"static const uint64_t rare{shape}weight[{programs}] = {{{', '.join(f'{w}u' for w in weight)}}};\n"
            f"static const uint64_t fold{shape}product[{programs}] = {{{', '.join(f'{v}ull' for v in fold)}}};\n"
            f"static const uint64_t fold{shape}threshold[{programs}] = {{{', '.join(f'{(2**64 - v) % v if v else 0}ull' for v in fold)}}};\n")
        text = replaced(text, f"  low = draw(s, s{shape}part0b0product[p], s{shape}part0b0threshold[p]);\n",
                        f"  low = draw(s, fold{shape}product[p], fold{shape}threshold[p]);\n")
        text = text.replace(call.group(0), "")
        coded = index(text, f"  pickCoded(s, codedTable{shape}")
        text = text[:coded] + f"  rareDigit(rare{shape}[p], rare{shape}weight[p], &low, {call.group(1)}, outcome);\n" + text[coded:]
    call = in_shape(text, 1, CODED_CALL + rf"  pickCard\(s, (cardTable\d+), (\d+)u, {COUNTERS}, outcome\);\n",
                    "the balanced rest and the foil")
    coded, count, picks, extras, row, foil, size, foil_row = call.groups()
    entries, total = whole_alias(alias_words(text, foil))
    if len(entries) != int(size):
        outdated(f"{size} foil entries (found {len(entries)})")
    helpers.append(
        f"static const uint32_t foilEntries[{size}][3] = {{{', '.join(f'{{{t}u, {k}u, {o}u}}' for t, k, o in entries)}}};\n"
        f"static uint64_t foilThreshold[{count}][2];\nstatic int foldReady;\n"
        "static void foldInit(void) {\n"
        f"  for (int i = 0; i < {count}; i++) {{\n"
        f"    uint64_t a = (uint64_t){coded}[i].keep.product * {int(size) * total}ull;\n"
        f"    uint64_t b = (uint64_t){coded}[i].other.product * {int(size) * total}ull;\n"
        "    foilThreshold[i][0] = a ? (0 - a) % a : 0;\n    foilThreshold[i][1] = b ? (0 - b) % b : 0;\n  }\n}\n"
        "static inline void pickCodedFoil(uint64_t *s, const CodedPick *picks, uint32_t *counts, uint32_t *foilCounts,\n"
        "                                 int64_t *outcome, int32_t *entries) {\n"
        f"  uint64_t rest, index = bounded(s, {count}u, &rest);\n"
        f"  const CodedEntry *e = {coded} + index;\n"
        "  uint64_t mask = takesOther(rest, e->threshold);\n"
        f"  uint64_t low = draw(s, choose(e->keep.product, e->other.product, mask) * {int(size) * total}ull,"
        " foilThreshold[index][mask & 1]);\n"
        "  uint64_t codes = choose(e->keep.codes, e->other.codes, mask);\n"
        f"  for (int i = 0; i < {extras}; i++) {{\n"
        "    const CodedPick *q = picks + (codes & 0xFF);\n    pick(entries + q->offset, q->range, &low, counts);\n"
        "    codes >>= 8;\n  }\n"
        f"  const uint32_t *f = foilEntries[digit(&low, {size}u)];\n"
        f"  uint32_t word = digit(&low, {total}u) < f[0] ? f[1] : f[2];\n"
        "  foilCounts[word & 1023u]++;\n  *outcome += (int32_t)(word >> 10);\n}\n")
    text = text.replace(call.group(0), f"  pickCodedFoil(s, {picks}, {row}, {foil_row}, outcome, entries);\n")
    shapes = index(text, "static inline void shape0(")
    text = text[:shapes] + "".join(helpers) + text[shapes:]
    return replaced(text, "  uint64_t s[4] = {rng", "  if (!foldReady) { foldInit(); foldReady = 1; }\n  uint64_t s[4] = {rng")


def without_pool_counts(source):
    text = source
    for booster in range(6):
        text = replaced(text, f"      programCounters[{4 * booster} + program]++;\n", "")
    text = replaced(
        text,
        "      outcomeCounters[outcome] += counted;\n      mythics += counted * outcomeMythics[outcome];\n"
        "      positionCounters[b] += counted & (outcomeMythics[outcome] > 0);\n", "      mythics += outcome;\n")
    return replaced(
        text,
        "    poolMythics[mythics]++;\n"
        "    if (done & 1) pairDifferences[mythics > previous ? mythics - previous : previous - mythics]++;\n",
        "    poolMythics[mythics & 7]++;\n")


def with_constant_rows(source):
    shapes = index(source, "static inline void shape0(")
    body, rows = re.subn(r"counts \+ s\dpart(\d)(?:b0p\d)?row\[p\]", lambda m: f"counts + {528 * int(m.group(1))}",
                         source[shapes:])
    if rows != 23:
        outdated(f"23 rows read by program (found {rows})")
    return source[:shapes] + body


def inlined(text, names, source):
    """The named functions always inlined, so that a constant program folds into them."""
    for name in names:
        text = replaced(text, f"static inline void {name}(", f"static inline __attribute__((always_inline)) void {name}(",
                        source)
    return text


def by_program(grouped):
    """The grouped loop with a list of boosters for each program, each run with its program constant."""
    part = "scripts/loop-variants/grouped-shapes.c.part"
    text = replaced(grouped, "  uint16_t list0[BLOCK * 6], list1[BLOCK * 6];\n", "  uint16_t lists[4][BLOCK * 6];\n", part)
    start, end = index(text, "    int n0 = 0, n1 = 0;\n"), index(text, "    for (int pool = 0; pool < n; pool++) {\n      int64_t mythics")
    runs = "".join(
        f"    for (int k = 0; k < listed[{p}]; k++) {{\n"
        f"      int i = lists[{p}][k];\n      int64_t outcome = outcomeStart[{p}];\n"
        f"      shape{p % 2}({p}, s, entries, counts, &outcome);\n      outcomes[i] = outcome;\n    }}\n"
        for p in range(4))
    return (text[:start] + "    int listed[4] = {0, 0, 0, 0};\n"
            "    for (int i = 0; i < n * 6; i++) lists[programs[i]][listed[programs[i]]++] = i;\n" + runs + text[end:])


def war_sealed_by_program(source):
    """War sealed's loop drawing each block of 64 pools' boosters program by program (its pools'
    counts need no booster's outcome, so they stay in the first pass)."""
    name = "war sealed's loop source"
    text = inlined(source, ["shape0"], name)
    text = replaced(text, "  int programs[6];\n  for (int64_t pool = 0; pool < pools; pool++) {\n",
                    "  uint8_t blockPrograms[64 * 6];\n"
                    "  for (int64_t start = 0; start < pools; start += 64) {\n"
                    "  int n = pools - start < 64 ? (int)(pools - start) : 64;\n"
                    "  for (int pool = 0; pool < n; pool++) {\n"
                    "    uint8_t *programs = blockPrograms + pool * 6;\n", name)
    text = replaced(text, "    for (int b = 0; b < 6; b++) {\n      int p = programs[b];\n"
                          "      int64_t outcome = outcomeStart[p];\n      shape0(p, s, entries, counts, &outcome);\n\n    }\n",
                    "", name)
    runs = "".join(f"  for (int k = 0; k < listed[{p}]; k++) {{ int64_t outcome = 0; shape0({p}, s, entries, counts, &outcome); }}\n"
                   for p in range(4))
    return replaced(text, "    done++;\n  }\n  rng[0]",
                    "    done++;\n  }\n  int listed[4] = {0, 0, 0, 0};\n"
                    "  for (int i = 0; i < n * 6; i++) listed[blockPrograms[i]]++;\n" + runs + "  }\n  rng[0]", name)


def two_chunks(source, name="war mtgwtf's loop source"):
    """The pool loop running two chunks at once, booster by booster: the second with a stream and
    sheets of its own (entries 4096 on, copied from the first's), adding into the same counters.
    The engine's chunks are independent (each its own stream and freshly ordered sheets), so this
    would draw the same pools and tallies: no new version. It asks whether the loop waits on its
    chains (two independent chains overlap) or has that many instructions to run."""
    head = "  for (int64_t pool = 0; pool < pools; pool++) {\n"
    start, end = index(source, head), index(source, "  rng[0] = s[0];")
    inner = source[start + len(head):source.rindex("  }\n", start, end)]
    boosters = "    for (int b = 0; b < 6; b++) {\n"
    if inner.count(boosters) != 1 or inner.count("    poolMythics[mythics]++;") != 1:
        outdated("pool loop of one booster loop", name)
    first, rest = inner.split(boosters)
    booster, last = rest.split("    poolMythics[mythics]++;")
    booster = booster[:booster.rindex("    }\n")]
    last = "    poolMythics[mythics]++;" + last

    def second(text):
        text = re.sub(r"\bs\b", "s2", text)
        for old, new in [("low", "low2"), ("mythicPosition", "mythicPosition2"), ("mythics", "mythics2"),
                         ("programs", "programs2"), ("done", "done2"), ("previous", "previous2"),
                         ("entries", "entries2"), ("outcome", "outcome2"), ("positionDigit", "positionDigit2")]:
            text = re.sub(rf"\b{old}\b", new, text)
        return text

    loop = ("  uint64_t s2[4] = {rng[0] ^ 0x9E3779B97F4A7C15ull, rng[1] + 1, rng[2], rng[3]};\n"
            "  int32_t *entries2 = entries + 4096;\n  for (int i = 0; i < 4096; i++) entries2[i] = entries[i];\n"
            "  int64_t done2 = 0, previous2 = 0;\n  int programs2[6];\n"
            "  for (int64_t pool = 0; pool < pools; pool += 2) {\n" + first + second(first) + boosters
            + "      {\n" + booster + "      }\n      {\n" + second(booster) + "      }\n    }\n"
            + last + second(last) + "  }\n")
    return source[:start] + loop + source[end:]


def variants(source):
    """Each variant's C, by name."""
    for assumed in GROUPED_ASSUMES:
        index(source, assumed)
    grouped = read(os.path.join(HERE, "loop-variants", "grouped-shapes.c.part"))
    joined = joint(source)
    fold = folded(source)
    fold_loop = index(fold, "void sealed_plan_loop(")
    loop, joined_loop = index(source, "void sealed_plan_loop("), index(joined, "void sealed_plan_loop(")
    two_way = ("      switch (shapeOf[p]) {\n"
               "        case 0: shape0(p, s, entries, counts, &outcome); break;\n"
               "        case 1: shape1(p, s, entries, counts, &outcome); break;\n      }")
    four_way = ("      switch (p) {\n"
                "        case 0: shape0(0, s, entries, counts, &outcome); break;\n"
                "        case 1: shape1(1, s, entries, counts, &outcome); break;\n"
                "        case 2: shape0(2, s, entries, counts, &outcome); break;\n"
                "        default: shape1(3, s, entries, counts, &outcome); break;\n      }")
    return {
        "tables": source,
        "grouped": source[:loop] + grouped,
        "joint": joined[:joined_loop] + with_joint_init(joined[joined_loop:]),
        "both": joined[:joined_loop] + with_joint_init(grouped),
        "per-program": replaced(source, two_way, four_way),
        "uniform-rest": uniform_rest(source),
        "joint-unrejected": unrejected(joined[:joined_loop]) + with_joint_init(joined[joined_loop:]),
        "no-pool-counts": without_pool_counts(source),
        "constant-rows": with_constant_rows(source),
        "neither": with_constant_rows(without_pool_counts(source)),
        "two-chunks": two_chunks(source),
        "by-program": inlined(source[:loop], ["shape0", "shape1", "pickCoded", "pickCard"], "war mtgwtf's loop source")
        + by_program(grouped),
        "folded": fold,
        "by-program-folded": inlined(fold[:fold_loop], ["shape0", "shape1", "pickCoded", "pickCard", "pickCodedFoil", "rareDigit"],
                                     "war mtgwtf's loop source")
        + replaced(by_program(grouped), "  uint64_t s[4] = {rng", "  if (!foldReady) { foldInit(); foldReady = 1; }\n  uint64_t s[4] = {rng"),
    }


def main():
    arguments = sys.argv[1:]
    if len(arguments) > 3:
        fail("usage: time-loop-variants.py [SEALED] [ROUNDS] [POOLS]")
    sealed = arguments[0] if arguments else os.path.join(HERE, "..", ".build", "release", "sealed")
    rounds = positive(arguments[1], "ROUNDS") if len(arguments) > 1 else 3
    pools = positive(arguments[2], "POOLS") if len(arguments) > 2 else 1000000
    if not os.access(sealed, os.X_OK):
        fail(f"no sealed at {sealed} (swift build -c release)")
    compiler = shutil.which("clang") or shutil.which("cc") or fail("no C compiler (clang or cc) on PATH")
    with tempfile.TemporaryDirectory() as work:
        written, war_sealed_written = loop_sources(sealed, compiler, work)
        mtgwtf, war_sealed = tables_by_program(written), tables_by_program(war_sealed_written, "war sealed's loop source")
        programs = dict({"written": written}, **variants(mtgwtf),
                        **{"war-sealed": war_sealed_written, "war-sealed-tables": war_sealed,
                           "war-sealed-by-program": war_sealed_by_program(war_sealed),
                           "war-sealed-two-chunks": two_chunks(war_sealed, "war sealed's loop source")})
        for name, text in programs.items():
            with open(os.path.join(work, name + ".c"), "w") as file:
                file.write(text)
            subprocess.run([compiler, "-O3", "-march=native", "-shared", "-fPIC", "-o",
                            os.path.join(work, name + ".so"), os.path.join(work, name + ".c")], check=True)
        timer = os.path.join(work, "time")
        subprocess.run([compiler, "-O3", "-o", timer, os.path.join(HERE, "time-compiled-loop.c"), "-ldl"], check=True)
        for round_number in range(1, rounds + 1):
            for name in programs:
                rate = subprocess.run([timer, os.path.join(work, name + ".so"), "528", str(pools)], capture_output=True,
                                      text=True, check=True).stdout.strip()
                print(f"round {round_number}  {name:<21} {rate}", flush=True)


if __name__ == "__main__":
    main()
