import Foundation
import SealedSupport
import SealedCards
import SealedRules

/// Where a run's plan comes from: a set, a rule set (a built-in's name, a shipped product's
/// code or a YAML file's path), the card data (`--cards`, else the default places) and a
/// booster range override. Every job compiles its plan through it.
package struct PlanSource: Sendable {
  package var set: String
  /// `--rules` as given; `sealed` when none was.
  package var rules: String
  /// `--cards`: a card file or folder; nil for `$SEALED_CARDS`, the fetched and shipped sets.
  package var cards: String?
  /// `--booster-max`: boosters draw from collector numbers 1...N (nil: the set's own range).
  package var boosterMax: Int?
  /// `--data`: the booster data release a product's code is looked up in (`shipped`, a
  /// release's name, a file; nil: the release in use, `BoosterRelease.resolve`).
  package var data: String?

  package init(set: String, rules: String = "sealed", cards: String? = nil, boosterMax: Int? = nil, data: String? = nil) {
    self.set = set
    self.rules = rules
    self.cards = cards
    self.boosterMax = boosterMax
    self.data = data
  }

  /// An unknown rule set that names a product of the data shipped with Sealed, while an
  /// installed release is in use (one of another set's products, fetched from an MTGJSON set
  /// file): the error says how to use the shipped one. Cost: reading the shipped data's
  /// products, on this error path only.
  static func shippedProductHint(_ error: DataError, rules: String, release: BoosterRelease?) -> DataError {
    guard let release, !release.isShipped, error.message.hasPrefix("unknown rule set"),
      let shipped = try? BoosterRelease.shipped().read(), shipped.products.contains(where: { $0.code == rules.lowercased() })
    else { return error }
    return DataError(error.message + "; \(rules) is a product of the data shipped with Sealed: add --data shipped", at: error.location)
  }

  /// Loads the rules and the cards and compiles them for the set (with a spec's counting
  /// lanes, when given). The set keeps all its cards: boosters see only the booster range, but
  /// a saved pool also keeps the set's basic lands. Cost: reading the rules and the set's card
  /// file, and compiling the plan.
  package func load(spec: SpecDefinition? = nil) throws(DataError) -> LoadedPlan {
    let release = RuleSetLoader.namesProduct(rules) ? try BoosterRelease.resolve(data) : nil
    // A mistyped --data is named even where these rules do not read it (it was passed over),
    // and a file given is read (a folder, a truncated file or a text file passed, exit 0).
    if release == nil, let data {
      let given = try BoosterRelease.resolve(data)
      if given.kind == .file { _ = try given.read() }
    }
    let definition: RuleSetDefinition
    do {
      definition = try RuleSetLoader.load(rules, release: release)
    } catch {
      throw Self.shippedProductHint(error, rules: rules, release: release)
    }
    let code = set.lowercased()
    if let boosterMax, definition.appliesTo?.contains(code) ?? true, !definition.needsBoosterRange(for: code) {
      // Rules that list every card by key draw from no booster range: the option was ignored
      // (a pool of war-draft with --booster-max 100 held war #259).
      throw DataError(
        "--booster-max \(boosterMax): the rules \(definition.name) list their cards one by one and draw from no booster range of \(code); leave --booster-max out (it is for rules that filter a set's cards, such as sealed and retail)")
    }
    let cardSet = try loadSet(for: definition)
    let plan: BoosterPlan
    do {
      plan = try PlanCompiler.compile(definition, for: cardSet, spec: spec)
    } catch {
      throw hinted(error, rules: definition, spec: spec)
    }
    return LoadedPlan(rules: definition, set: cardSet, plan: plan, release: release)
  }

  /// `--cards PATH` for the command line that reproduces a run (see `reproducingCards(option:)`).
  package var reproducingCards: [String] { Self.reproducingCards(option: cards) }

  /// `--cards PATH` for the command line that reproduces a run: the path `--cards` gave, else
  /// `SEALED_CARDS`'s (a command run without it would read other card data), as given; nothing
  /// for the default places (`tallies.json`'s card fingerprint names their data).
  package static func reproducingCards(
    option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String] {
    if let option { return ["--cards", option] }
    if let variable = environment[CardDataLocation.environmentVariable], !variable.isEmpty { return ["--cards", variable] }
    return []
  }

  /// The set, with the other sets whose cards `rules` list by number for it.
  package func loadSet(for rules: RuleSetDefinition) throws(DataError) -> CardSet {
    try Self.loadSet(set, for: rules, cards: cards, boosterMax: boosterMax)
  }

  /// The set `code` for `rules`, from `cards` (nil: the default places), drawing from
  /// collector numbers 1...`boosterMax` when given. A set the card data lacks is empty, and the
  /// cards the rules list of it are known by their keys alone, unless the rules need its
  /// booster range: then it is a one-line error that says how to get it.
  package static func loadSet(_ code: String, for rules: RuleSetDefinition, cards: String?, boosterMax: Int?) throws(DataError) -> CardSet {
    try CardSetLoader(location: CardDataLocation.resolve(option: cards)).cardSet(code, for: rules, boosterMax: boosterMax)
  }
}

/// A rule set, a set's cards and the plan compiled from them.
package struct LoadedPlan: Sendable {
  package let rules: RuleSetDefinition
  package let set: CardSet
  package let plan: BoosterPlan
  /// The booster data release the product named by `--rules` came from; nil for a built-in or
  /// a rule file.
  package var release: BoosterRelease? = nil

  /// `--data REFERENCE` for the command line that reproduces a run: a product's release pinned,
  /// so that a later fetch does not change what the command runs.
  package var reproducingData: [String] { release.map { ["--data", $0.reference] } ?? [] }
}
