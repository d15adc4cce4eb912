/// Reads a spec file (YAML) into a `SpecDefinition`; problems are one-line `DataError`s at
/// `file:line:column`.
enum SpecParser {
  static func parse(_ text: String, source: String) throws(DataError) -> SpecDefinition {
    let root = try YAMLValue.parse(text, file: source)
    let fields = try root.fields(allowed: ["name", "description", "alpha", "claims"], required: ["name", "claims"])
    var claims: [SpecClaim] = []
    var locations: [String] = []
    for item in try fields["claims"]!.sequence() {
      let claim = try parseClaim(item)
      // Findings and baselines tell claims by name: two of one name for one set were paired wrongly.
      if let first = claims.indices.first(where: { claims[$0].name == claim.name && claims[$0].overlaps(claim) }) {
        throw item.error("claim \"\(claim.name)\" again (first at \(locations[first])); expected each claim's name once for a set, as findings and baselines tell claims by name")
      }
      locations.append(item.location)
      claims.append(claim)
    }
    guard !claims.isEmpty else { throw fields["claims"]!.error("expected at least one claim") }
    return SpecDefinition(
      name: try fields["name"]!.string(), description: try fields["description"]?.string() ?? "",
      source: source, alpha: try fields["alpha"].map(alpha), claims: claims, text: text)
  }

  static func alpha(_ value: YAMLValue) throws(DataError) -> Double {
    let number = try value.double()
    guard number > 0 && number < 1 else {
      throw value.error("expected a significance level between 0 and 1, found \(number)")
    }
    return number
  }

  private static let kindKeys = ["proportion", "distribution", "invariant", "odds"]

  private static func parseClaim(_ value: YAMLValue) throws(DataError) -> SpecClaim {
    let fields = try value.fields(allowed: ["name", "sets", "except_sets", "alpha"] + kindKeys, required: ["name"])
    let given = kindKeys.filter { fields[$0] != nil }
    guard given.count == 1 else {
      throw value.error("a claim needs exactly one of proportion, distribution, invariant or odds")
    }
    let kind: SpecClaim.Kind
    switch given[0] {
    case "proportion": kind = try parseProportion(fields["proportion"]!)
    case "distribution": kind = try parseDistribution(fields["distribution"]!)
    case "odds":
      let (odds, reading) = try OddsClaim.parse(fields["odds"]!)
      kind = .odds(odds, reading: reading)
    default: kind = try parseInvariant(fields["invariant"]!)
    }
    return SpecClaim(
      name: try fields["name"]!.string(), kind: kind,
      sets: try fields["sets"]?.strings().map { $0.lowercased() },
      exceptSets: try fields["except_sets"]?.strings().map { $0.lowercased() } ?? [],
      alpha: try fields["alpha"].map(alpha), location: value.location)
  }

  private static func parseProportion(_ value: YAMLValue) throws(DataError) -> SpecClaim.Kind {
    let fields = try value.fields(allowed: ["cards", "given", "expected"], required: ["cards", "expected"])
    let expected = try fields["expected"]!.double()
    guard (0...1).contains(expected) else {
      throw fields["expected"]!.error("expected a proportion between 0 and 1, found \(expected)")
    }
    return .proportion(
      cards: try filter(fields["cards"]!), given: try kind(fields["given"]), expected: expected)
  }

  private static func parseDistribution(_ value: YAMLValue) throws(DataError) -> SpecClaim.Kind {
    let fields = try value.fields(allowed: ["mythics_per_pool", "mythic_position", "uniform"])
    guard fields.entries.count == 1 else {
      throw value.error("a distribution claim needs exactly one of mythics_per_pool, mythic_position or uniform")
    }
    if let mythics = fields["mythics_per_pool"] {
      let inner = try mythics.fields(allowed: ["binomial", "probabilities"])
      if let binomial = inner["binomial"] {
        let b = try binomial.fields(allowed: ["boosters", "p"], required: ["boosters", "p"])
        let n = try b["boosters"]!.int()
        let p = try b["p"]!.double()
        guard n >= 1, (0...1).contains(p) else {
          throw binomial.error("expected boosters >= 1 and p between 0 and 1")
        }
        return .mythicsPerPoolDistribution((0...n).map { k in binomialCoefficient(n, k) * pow(p, Double(k)) * pow(1 - p, Double(n - k)) })
      }
      guard let list = inner["probabilities"] else {
        throw mythics.error("expected binomial: { boosters, p } or probabilities: [...]")
      }
      var probabilities: [Double] = []
      for item in try list.sequence() {
        let p = try item.double()
        guard (0...1).contains(p) else { throw item.error("expected a probability between 0 and 1, found \(p)") }
        probabilities.append(p)
      }
      guard abs(probabilities.reduce(0, +) - 1) < 1e-9 else {
        throw list.error("the probabilities add up to \(probabilities.reduce(0, +)); they must add up to 1")
      }
      return .mythicsPerPoolDistribution(probabilities)
    }
    if let position = fields["mythic_position"] {
      if position.isScalar {
        guard try position.string() == "uniform" else {
          throw position.error("expected uniform or a list of weights, one per booster")
        }
        return .mythicPosition(nil)
      }
      var weights: [Double] = []
      for item in try position.sequence() { weights.append(try RuleSetParser.weight(item)) }
      guard weights.contains(where: { $0 > 0 }) else { throw position.error("the weights are all zero") }
      return .mythicPosition(weights)
    }
    return .uniform(cards: try filter(fields["uniform"]!))
  }

  private static func parseInvariant(_ value: YAMLValue) throws(DataError) -> SpecClaim.Kind {
    if value.isScalar {
      let text = try value.string()
      guard text == "no_duplicates" else {
        throw value.error("unknown invariant \"\(text)\"; expected no_duplicates, booster_size, mythics_per_pool or per_booster")
      }
      return .noDuplicates
    }
    let fields = try value.fields(allowed: ["no_duplicates", "booster_size", "mythics_per_pool", "per_booster", "exactly", "given"])
    if let size = fields["booster_size"] {
      let n = try size.int()
      guard n >= 1 else { throw size.error("expected a booster size of at least 1") }
      return .boosterSize(n)
    }
    if let mythics = fields["mythics_per_pool"] {
      let n = try mythics.int()
      guard n >= 0 else { throw mythics.error("expected 0 or more mythics") }
      return .mythicsPerPool(n)
    }
    if let cards = fields["per_booster"] {
      guard let exactly = fields["exactly"] else { throw value.error("per_booster needs exactly: N") }
      let n = try exactly.int()
      guard n >= 0 else { throw exactly.error("expected 0 or more cards") }
      return .perBooster(cards: try filter(cards), given: try kind(fields["given"]), count: n)
    }
    if let flag = fields["no_duplicates"], try flag.bool() { return .noDuplicates }
    throw value.error("expected no_duplicates, booster_size, mythics_per_pool or per_booster")
  }

  private static func kind(_ value: YAMLValue?) throws(DataError) -> KindSelector {
    guard let value else { return .any }
    let text = try value.string()
    guard let selector = KindSelector(word: text) else {
      throw value.error("unknown booster kind \"\(text)\"; expected one of \(KindSelector.words.joined(separator: ", "))")
    }
    return selector
  }

  private static func filter(_ value: YAMLValue) throws(DataError) -> CardFilter {
    let fields = try value.fields(allowed: CardFilter.keys)
    guard !fields.entries.isEmpty else { throw value.error("expected filter keys (rarity, type_contains, ...)") }
    return try CardFilter.parse(fields)
  }

  private static func binomialCoefficient(_ n: Int, _ k: Int) -> Double {
    (0..<k).reduce(1.0) { $0 * Double(n - $1) / Double($1 + 1) }
  }
}

import Foundation
import SealedSupport
