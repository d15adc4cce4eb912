/// The C source of a pool loop with one plan's boosters written into its code (`LoopPlan`):
/// what `CompiledLoop` compiles and loads, so that a long run draws with constants where the
/// engine reads its tables.
///
/// The loop does exactly what the engine does with a chunk's counters (`PoolEngine`'s
/// `generateCounting` with a `ChunkTally`), draw for draw and counter for counter: the pool's
/// digits (the mythic booster's position, each booster's variant combination), each booster's
/// parts in order, then its outcome and the pool's mythics. Same seed, same sheets, same
/// counters.
///
/// Programs of one shape (the same parts, batches of the same lengths) share their code: what
/// differs between them (a sheet, a range, an alias table) is a field of the program's values
/// (`ProgramValue`), filled once a call from a table by program, so that a booster's program
/// takes no branch (war `sealed`'s loop was 1.07 times as fast as the C reference kernel this
/// way with the values read from their tables, 0.93 times with a branch per program).
///
/// The function it defines, `sealed_plan_loop(rng, entries, siteCounts, counters, pairState,
/// pools)`, takes the generator's four words, the engine's card arrays and site counters, the
/// chunk's counters (`counters`: programs, pool mythics, pair differences, outcomes, mythic
/// positions) and `pairState`, the chunk's pools so far and the previous pool's mythics, both
/// updated. Cost: text of O(alias entries + picks × programs) (a value the programs of a shape
/// differ in is a table as long as the plan's programs); a call fills the programs' values first
/// (O(programs × values)).
package enum LoopSource {
  /// The format of the source; part of every compiled loop's cache key.
  static let format = "sealed plan loop 4"

  /// The loop's C source for `plan`, its alias entries as narrow as they fit (`EntryLayout`).
  package static func source(for plan: LoopPlan) -> String {
    source(for: plan, narrowEntries: true)
  }

  /// The loop's C source for `plan`, its alias entries wide whatever they fit when
  /// `narrowEntries` is false (for tests: the same draws either way).
  package static func source(for plan: LoopPlan, narrowEntries: Bool) -> String {
    Writer(plan: plan, layout: EntryLayout(plan: plan, narrowing: narrowEntries)).source()
  }

  /// The generator, digits, picks and alias entries: the same arithmetic as the engine's
  /// `Xoshiro256StarStar`, `PoolEngine.draw`, `digit`, `takeAndCount`, `boundedWithRest` and
  /// `takesOther`. The alias tables' entries take the narrowest of two layouts their values fit
  /// (`EntryLayout`), since a plan's tables must share the first-level cache with its sheets
  /// and counters.
  static func prelude(_ layout: EntryLayout) -> String {
    layout.declarations + commonPrelude + layout.pickCard + pickCoded
  }

  static let commonPrelude = """
    typedef struct { uint64_t threshold; CodedAlternative keep, other; } CodedEntry;
    typedef struct { int32_t offset; uint32_t range; } CodedPick;
    static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static inline uint64_t next(uint64_t *s) {
      uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
      s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
      return result;
    }
    static inline uint64_t draw(uint64_t *s, uint64_t product, uint64_t threshold) {
      uint64_t x = next(s);
      while (x * product < threshold) x = next(s);
      return x;
    }
    static inline uint64_t digit(uint64_t *low, uint64_t range) {
      u128 m = (u128)*low * range;
      *low = (uint64_t)m;
      return (uint64_t)(m >> 64);
    }
    static inline int32_t pick(int32_t *base, uint64_t range, uint64_t *low, uint32_t *counts) {
      uint64_t j = digit(low, range);
      int32_t card = base[j];
      base[j] = base[0];
      base[0] = card;
      counts[card]++;
      return card;
    }
    /// An index in 0..<count and the rest of its number (Lemire's method, as boundedWithRest).
    static inline uint64_t bounded(uint64_t *s, uint64_t count, uint64_t *rest) {
      u128 m = (u128)next(s) * count;
      if ((uint64_t)m < count) {
        uint64_t threshold = (0 - count) % count;
        while ((uint64_t)m < threshold) m = (u128)next(s) * count;
      }
      *rest = (uint64_t)m;
      return (uint64_t)(m >> 64);
    }
    static inline uint64_t takesOther(uint64_t rest, uint64_t threshold) { return 0 - (uint64_t)(rest >= threshold); }
    static inline uint64_t choose(uint64_t keep, uint64_t other, uint64_t mask) { return keep ^ ((keep ^ other) & mask); }

    """

  static let pickCoded = """
    static inline void pickCoded(uint64_t *s, const CodedEntry *table, uint64_t count, const CodedPick *picks, int extras,
                                 int32_t *entries, uint32_t *counts) {
      uint64_t rest, index = bounded(s, count, &rest);
      const CodedEntry *e = table + index;
      uint64_t mask = takesOther(rest, e->threshold);
      uint64_t low = draw(s, choose(e->keep.product, e->other.product, mask), choose(e->keep.threshold, e->other.threshold, mask));
      uint64_t codes = choose(e->keep.codes, e->other.codes, mask);
      for (int i = 0; i < extras; i++) {
        const CodedPick *p = picks + (codes & 0xFF);
        pick(entries + p->offset, p->range, &low, counts);
        codes >>= 8;
      }
    }
    """
}
