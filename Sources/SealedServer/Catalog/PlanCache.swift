import Synchronization
import SealedSupport
import SealedCards
import SealedRules
import SealedJobs

/// The plans the app opens pools of, loaded through the run layer (`PlanSource`, as every
/// command loads its plan) from the card data the server was started with, and kept: a plan
/// is compiled once per set and rule set, and each pool opened through an `OpenJob` of it.
/// Safe to use from several tasks.
final class PlanCache: Sendable {
  /// The card data given by `--cards` (nil: `$SEALED_CARDS`, the user's sets and the shipped data).
  let cards: String?
  /// Where that card data is, for the Choose screen's listings.
  let location: CardDataLocation
  private let plans = Mutex([String: LoadedPlan]())
  /// Plans kept at most; the oldest is dropped first (a plan of a big product is a few MB).
  static let capacity = 24
  private let order = Mutex([String]())

  /// Card data from `cards` (`--cards`), else `$SEALED_CARDS`, the user's sets and the shipped
  /// data; throws when there is none.
  init(cards: String?) throws(DataError) {
    self.cards = cards
    location = try CardDataLocation.resolve(option: cards)
  }

  /// Where the plan of `rules` for `set` comes from, as `--rules` and `--cards` name it.
  func source(set: String, rules: String) -> PlanSource {
    PlanSource(set: set.lowercased(), rules: rules, cards: cards)
  }

  /// The plan of `rules` (a built-in rule set or a shipped product's code) for `set`, or a
  /// one-line refusal (unknown set, unknown rules, rules that do not fit the set). Cost: the
  /// first time, reading the set's cards and compiling; then a lookup.
  func plan(set: String, rules: String) throws(APIError) -> LoadedPlan {
    let set = set.lowercased()
    guard Self.isCode(set), Self.isCode(rules) else {
      throw APIError.badRequest("set \"\(set)\" and rules \"\(rules)\": expected codes such as war and sealed (letters, digits, '-')")
    }
    let key = "\(set)|\(rules)"
    if let loaded = plans.withLock({ $0[key] }) { return loaded }
    let loaded = try APIError.refusing { try source(set: set, rules: rules).load() }
    plans.withLock { $0[key] = loaded }
    let dropped = order.withLock { order -> String? in
      order.append(key)
      return order.count > Self.capacity ? order.removeFirst() : nil
    }
    if let dropped { plans.withLock { _ = $0.removeValue(forKey: dropped) } }
    return loaded
  }

  /// The opening of `set` under `rules` from `seed`: the run layer's `OpenJob` over the kept
  /// plan, refused (422) when the plan draws cards the data has no names for, since the app
  /// shows every card by name.
  func opening(set: String, rules: String, seed: SeedText) throws(APIError) -> OpenJob {
    let job = OpenJob(loaded: try plan(set: set, rules: rules), seed: seed.value)
    do {
      try job.requireCardData(for: "a pool is shown by card names")
    } catch {
      throw APIError.unprocessable(error.description)
    }
    return job
  }

  /// Whether `text` can be a set, rule set or product code (never a path: the app opens no
  /// rule file by name).
  static func isCode(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40
      && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
  }
}
