/// Which boosters a spec claim counts (its `given:`): every booster, or those of one kind.
package enum KindSelector: Hashable, Sendable, CustomStringConvertible {
  /// Every booster, whatever its kind (`given: any`, and a claim without `given:`).
  case any
  /// The boosters of the kind so named (`booster`, `mythic_booster`, `non_mythic_booster`).
  case kind(String)

  /// The words a spec may write: `any` and the kinds any rules can have.
  package static let words = ["any", "booster", "mythic_booster", "non_mythic_booster"]

  /// The selector a spec's word names; nil for a word not in `words`.
  package init?(word: String) {
    guard Self.words.contains(word) else { return nil }
    self = word == "any" ? .any : .kind(word)
  }

  /// The word as a spec writes it, which reports and messages print.
  package var description: String {
    switch self {
    case .any: "any"
    case .kind(let name): name
    }
  }

  /// The indices into `kinds` (a plan's booster kinds) of the boosters selected: all of them
  /// for `any`, else those of the named kind (none when the rules lack it). Cost: O(kinds).
  package func indices(in kinds: [String]) -> [Int] {
    switch self {
    case .any: Array(kinds.indices)
    case .kind(let name): kinds.indices.filter { kinds[$0] == name }
    }
  }

  /// Whether rules whose booster kinds are `kinds` have the boosters selected.
  package func isAvailable(in kinds: [String]) -> Bool {
    switch self {
    case .any: true
    case .kind(let name): kinds.contains(name)
    }
  }
}
