import SealedSupport

/// A spec: claims about what packs should look like, tested against a rule set's simulation
/// by `sealed check`. See the README's "Specs" section for the file format.
public struct SpecDefinition: Sendable {
  package var name: String
  package var description: String
  /// Where it came from: a file path, or `built-in:NAME`.
  package var source: String
  /// The significance level for claims without their own; nil means the command's default.
  package var alpha: Double?
  package var claims: [SpecClaim]
  /// The file's text, kept in a run's `tallies.json` so a merged run is checked against the
  /// same claims.
  package var text: String = ""
  /// Whether an odds claim naming a slot or sheet the rules lack, or a card place beyond a
  /// slot's size, fails as a claim that cannot hold (the rest of the run checked) rather than
  /// stopping the compile with an error at the claim: true where the spec states the maker's
  /// figures for booster data that may have changed under it (`sealed check-products`), false
  /// where its author is checking it (`sealed check --spec`: a typo is an error at its line).
  package var misfitClaimsFail = false

  /// The claims that apply to a set.
  package func claims(for set: String) -> [SpecClaim] {
    claims.filter { $0.applies(to: set) }
  }
}

/// One claim of a spec.
package struct SpecClaim: Sendable {
  /// What a claim states, and the test that checks it.
  package enum Kind: Sendable {
    /// The share of boosters of a kind holding at least one matching card (binomial test).
    case proportion(cards: CardFilter, given: KindSelector, expected: Double)
    /// Every booster of a kind holds exactly `count` matching cards (exact invariant).
    case perBooster(cards: CardFilter, given: KindSelector, count: Int)
    /// No card appears twice in a booster (exact invariant).
    case noDuplicates
    /// Every booster holds exactly this many cards (exact invariant).
    case boosterSize(Int)
    /// Every pool holds exactly this many mythics (exact invariant).
    case mythicsPerPool(Int)
    /// Mythics per pool follow these probabilities, for 0, 1, 2, ... (chi-square).
    case mythicsPerPoolDistribution([Double])
    /// The mythic booster's position follows these weights, or is uniform when nil (chi-square).
    case mythicPosition([Double]?)
    /// Every matching card is equally frequent (chi-square).
    case uniform(cards: CardFilter)
    /// A maker's odds about the rules' sheets, slots and rarities (binomial, or an exact
    /// invariant at 0 or 1); a published share rounded to its digits holds anywhere within
    /// the shares `reading` accepts (exact: the figure alone).
    case odds(OddsClaim, reading: FigureReading)
  }

  package var name: String
  package var kind: Kind
  /// Sets the claim is about; nil means every set.
  package var sets: [String]?
  /// Sets the claim is not about.
  package var exceptSets: [String]
  /// The claim's own significance level, if it has one.
  package var alpha: Double?
  /// Where the claim is written, for messages.
  package var location: String

  /// Whether this claim and `other` can both be about one set (claims of one name are one claim's
  /// versions only for sets apart: the built-in "commons equally likely" for grn and rna).
  package func overlaps(_ other: SpecClaim) -> Bool {
    guard let candidates = sets ?? other.sets else { return true }
    return candidates.contains { applies(to: $0) && other.applies(to: $0) }
  }

  /// Whether the claim is about `set`: listed in `sets` (or `sets` is nil) and not in `exceptSets`.
  package func applies(to set: String) -> Bool {
    (sets?.contains(set) ?? true) && !exceptSets.contains(set)
  }

  /// The cards and booster kind the claim counts per booster, when it counts any.
  package var countedCards: (cards: CardFilter, given: KindSelector)? {
    switch kind {
    case .proportion(let cards, let given, _), .perBooster(let cards, let given, _): (cards, given)
    default: nil
    }
  }
}
