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
  /// The highest collector number of each set asked for (`highestNumber`).
  private let highest = Mutex([String: Int?]())
  /// Plans kept at most; the oldest is dropped first (a plan of a big product is a few MB).
  static let capacity = 24
  private let order = Mutex([String]())

  /// Card data from `cards` (`--cards`), else `$SEALED_CARDS`, the user's sets and the shipped
  /// data; throws when there is none.
  init(cards: String?) throws(DataError) {
    self.cards = cards
    location = try CardDataLocation.resolve(option: cards)
  }

  /// Where the plan of `rules` for `set` comes from, as `--rules`, `--cards` and
  /// `--booster-max` name it.
  func source(set: String, rules: String, boosterMax: Int? = nil) -> PlanSource {
    // Codes in any case, as on the command line (the app names no rule file by path).
    PlanSource(set: set.lowercased(), rules: rules.lowercased(), cards: cards, boosterMax: boosterMax)
  }

  /// The plan of `rules` (a built-in rule set or the code of a product of the release in use)
  /// for `set`, boosters drawing from collector numbers 1...`boosterMax` when given, or a
  /// one-line refusal
  /// (unknown set, unknown rules, rules that do not fit the set, a booster range the set needs).
  /// Cost: the first time, reading the set's cards and compiling; then a lookup.
  func plan(set: String, rules: String, boosterMax: Int? = nil) throws(APIError) -> LoadedPlan {
    let set = set.lowercased()
    let rules = rules.lowercased()
    guard Self.isCode(set), Self.isCode(rules) else {
      throw APIError.badRequest("set \"\(set)\" and rules \"\(rules)\": expected codes such as war and sealed (letters, digits, '-')")
    }
    let key = "\(set)|\(rules)|\(boosterMax.map(String.init) ?? "")"
    if let loaded = plans.withLock({ $0[key] }) { return loaded }
    let loaded = try APIError.refusing { try source(set: set, rules: rules, boosterMax: boosterMax).load() }
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
  func opening(set: String, rules: String, boosterMax: Int? = nil, seed: SeedText) throws(APIError) -> OpenJob {
    let job = OpenJob(loaded: try plan(set: set, rules: rules, boosterMax: boosterMax), seed: seed.value)
    do {
      try job.requireCardData(for: "a pool is shown by card names")
    } catch {
      throw APIError.unprocessable(error.description)
    }
    return job
  }

  /// The highest collector number of `set` in the card data (nil: none), for the booster range
  /// of a set whose data has no basic lands. Cost: the first time, reading the set's file.
  func highestNumber(of set: String) -> Int? {
    let set = set.lowercased()
    if let known = highest.withLock({ $0[set] }) { return known }
    let cards = (try? CardSetLoader(location: location).cards(ofSet: set)) ?? []
    let number = cards.compactMap(\.collectorNumber.leadingInteger).max()
    highest.withLock { $0[set] = number }
    return number
  }

  /// Drops every kept plan and collector number, so that the next ones are made from the card
  /// data and the release of booster data as they are now (after a fetch).
  func forget() {
    plans.withLock { $0.removeAll() }
    order.withLock { $0.removeAll() }
    highest.withLock { $0.removeAll() }
  }

  /// Whether `text` can be a set, rule set or product code (never a path: the app opens no
  /// rule file by name).
  static func isCode(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40
      && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
  }
}
