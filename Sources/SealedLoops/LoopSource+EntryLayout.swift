/// How a loop's alias tables lay out their entries (see `LoopSource`).
extension LoopSource {
  /// The narrowest layout a plan's alias entries fit: a card entry's two words (a card and what
  /// it adds to the outcome) in 32 bits each where they fit, else 64; a coded alternative's
  /// product and threshold in 32 bits each where every product fits, else 64. War `mtgwtf`'s
  /// tables (its foil table written once, `Writer`) shrink from 39 KiB to 24 KiB this way,
  /// leaving more of a 32 KiB first-level data cache to the sheets and counters; the draws are
  /// the same. Cost: one pass over the plan's entries.
  struct EntryLayout: Equatable {
    /// Bits of a narrow card word given to the card (the rest to the outcome's step); nil when
    /// the words are 64 bits wide.
    let cardBits: Int?
    /// Whether a coded alternative's product and threshold are 32 bits wide.
    let narrowCodedRanges: Bool

    /// The layout of `plan`'s entries; the wide one whatever they fit unless `narrowing` (false
    /// is for tests: both layouts draw the same).
    init(plan: LoopPlan, narrowing: Bool = true) {
      let words = plan.cardTables.joined().flatMap { [$0.keep, $0.other] }
      let largestCard = words.map { $0 & 0xFFFF_FFFF }.max() ?? 0
      let largestStep = words.map { $0 >> 32 }.max() ?? 0
      let bits = max(1, UInt64.bitWidth - largestCard.leadingZeroBitCount)
      cardBits = narrowing && bits < 32 && largestStep < (1 << (32 - bits)) ? bits : nil
      narrowCodedRanges = narrowing && plan.codedTables.joined().allSatisfy { $0.keep.product <= UInt32.max && $0.other.product <= UInt32.max }
    }

    /// A card entry's words as the layout writes them.
    func cardWord(_ word: UInt64) -> String {
      guard let cardBits else { return "\(word)ull" }
      return "\((word >> 32) << cardBits | word & 0xFFFF_FFFF)u"
    }

    /// A coded alternative's product or threshold as the layout writes it.
    func codedRange(_ value: UInt64) -> String { narrowCodedRanges ? "\(value)u" : "\(value)ull" }

    /// The entry types.
    var declarations: String {
      let word = cardBits == nil ? "uint64_t" : "uint32_t"
      let range = narrowCodedRanges ? "uint32_t" : "uint64_t"
      return """
        // Written by Sealed from a booster plan (SealedLoops, LoopSource.swift); compiled and loaded at run time.
        #include <stdint.h>
        typedef unsigned __int128 u128;
        typedef struct { uint64_t threshold; \(word) keep, other; } CardEntry;
        typedef struct { \(range) product, threshold; uint64_t codes; } CodedAlternative;

        """
    }

    /// A card by its alias table: counted at its site, its step added to the outcome.
    var pickCard: String {
      let (card, step) =
        cardBits.map { ("word & \((1 << $0) - 1)u", "word >> \($0)") } ?? ("(int32_t)word", "(int32_t)(word >> 32)")
      return """
        static inline void pickCard(uint64_t *s, const CardEntry *table, uint64_t count, uint32_t *counts, int64_t *outcome) {
          uint64_t rest, index = bounded(s, count, &rest);
          const CardEntry *e = table + index;
          uint64_t word = choose(e->keep, e->other, takesOther(rest, e->threshold));
          counts[\(card)]++;
          *outcome += (int32_t)(\(step));
        }

        """
    }
  }
}
