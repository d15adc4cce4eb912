import Synchronization
import SealedSupport
import SealedCards
import SealedRules

/// Compiles the plans the app opens pools of, from the card data the server was started with,
/// and keeps them: a set's cards are read once (`CardSetLoader`), and a plan once per set and
/// rule set. Safe to use from several tasks.
final class PlanSource: Sendable {
  /// A compiled plan with the set it was compiled for.
  struct Loaded: Sendable {
    var plan: BoosterPlan
    var set: CardSet
  }

  let location: CardDataLocation
  let loader: CardSetLoader
  private let plans = Mutex([String: Loaded]())
  /// Plans kept at most; the oldest is dropped first (a plan of a big product is a few MB).
  static let capacity = 24
  private let order = Mutex([String]())

  /// Card data from `cards` (`--cards`), else `$SEALED_CARDS`, the user's sets and the shipped
  /// data; throws when there is none.
  init(cards: String?) throws(DataError) {
    location = try CardDataLocation.resolve(option: cards)
    loader = CardSetLoader(location: location)
  }

  /// The plan of `rules` (a built-in rule set or a shipped product's code) for `set`, or a
  /// one-line refusal (unknown set, unknown rules, rules that do not fit the set). Cost: the
  /// first time, reading the set's cards and compiling; then a lookup.
  func plan(set: String, rules: String) throws(APIError) -> Loaded {
    let set = set.lowercased()
    guard Self.isCode(set), Self.isCode(rules) else {
      throw APIError.badRequest("set \"\(set)\" and rules \"\(rules)\": expected codes such as war and sealed (letters, digits, '-')")
    }
    let key = "\(set)|\(rules)"
    if let loaded = plans.withLock({ $0[key] }) { return loaded }
    let loaded = try APIError.refusing { () throws -> Loaded in
      let definition = try RuleSetLoader.load(rules)
      let cardSet = try loader.cardSet(set, for: definition)
      return Loaded(plan: try PlanCompiler.compile(definition, for: cardSet), set: cardSet)
    }
    plans.withLock { $0[key] = loaded }
    let dropped = order.withLock { order -> String? in
      order.append(key)
      return order.count > Self.capacity ? order.removeFirst() : nil
    }
    if let dropped { plans.withLock { _ = $0.removeValue(forKey: dropped) } }
    return loaded
  }

  /// Whether `text` can be a set, rule set or product code (never a path: the app opens no
  /// rule file by name).
  static func isCode(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40
      && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
  }
}
