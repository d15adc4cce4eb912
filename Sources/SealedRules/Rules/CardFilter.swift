/// A condition on cards, as written in rule files and specs: every given part must hold.
///
/// Text comparisons ignore case. `typeContains` and `nameContains` need every listed text (as a
/// substring); `typeExcludes` and `nameExcludes` reject a card holding any of them. `types`
/// matches whole type words, as mtg.wtf's `t:` does: `[legendary, creature]` takes a
/// "Legendary Artifact Creature", which the substring "legendary creature" does not.
package struct CardFilter: Sendable, Hashable, CustomStringConvertible {
  /// Any of these rarities; nil means any rarity.
  package var rarities: [Rarity]?
  package var typeContains: [String] = []
  package var typeExcludes: [String] = []
  /// Words that must all be words of the type line (any order); empty means no condition.
  package var types: [String] = []
  /// Words that, all together among the type line's words, reject a card.
  package var typesExcluded: [String] = []
  package var nameContains: [String] = []
  package var nameExcludes: [String] = []
  /// Collector numbers (by leading integer) inside any of these ranges; nil means any.
  package var collectorNumbers: [ClosedRange<Int>]?

  /// A filter of the given parts (texts lowercased, so that they match any case); `types` and
  /// `typesExcluded` are set afterwards. No arguments: a filter every card passes.
  package init(
    rarities: [Rarity]? = nil, typeContains: [String] = [], typeExcludes: [String] = [],
    nameContains: [String] = [], nameExcludes: [String] = [],
    collectorNumbers: [ClosedRange<Int>]? = nil
  ) {
    self.rarities = rarities
    self.typeContains = typeContains.map { $0.lowercased() }
    self.typeExcludes = typeExcludes.map { $0.lowercased() }
    self.nameContains = nameContains.map { $0.lowercased() }
    self.nameExcludes = nameExcludes.map { $0.lowercased() }
    self.collectorNumbers = collectorNumbers
  }

  /// Whether the card passes every part of the filter. Cost: O(length of the texts).
  package func matches(_ card: Card) -> Bool {
    if let rarities, !rarities.contains(card.rarity) { return false }
    if !typeContains.isEmpty || !typeExcludes.isEmpty || !types.isEmpty || !typesExcluded.isEmpty {
      let type = card.typeLine.lowercased()
      if !typeContains.allSatisfy(type.contains) { return false }
      if typeExcludes.contains(where: type.contains) { return false }
      if !types.isEmpty || !typesExcluded.isEmpty {
        let words = Set(type.split(whereSeparator: { $0 == " " || $0 == "—" || $0 == "/" }).map(String.init))
        if !types.allSatisfy(words.contains) { return false }
        if !typesExcluded.isEmpty && typesExcluded.allSatisfy(words.contains) { return false }
      }
    }
    if !nameContains.isEmpty || !nameExcludes.isEmpty {
      let name = card.name.lowercased()
      if !nameContains.allSatisfy(name.contains) { return false }
      if nameExcludes.contains(where: name.contains) { return false }
    }
    if let collectorNumbers {
      guard let number = card.collectorNumber.leadingInteger,
        collectorNumbers.contains(where: { $0.contains(number) })
      else { return false }
    }
    return true
  }

  /// The filter in rule-file syntax, for messages.
  package var description: String {
    var parts: [String] = []
    if let rarities { parts.append("rarity: \(rarities.map(\.rawValue).joined(separator: "|"))") }
    if !typeContains.isEmpty { parts.append("type_contains: \(typeContains.joined(separator: ", "))") }
    if !typeExcludes.isEmpty { parts.append("type_excludes: \(typeExcludes.joined(separator: ", "))") }
    if !types.isEmpty { parts.append("types: \(types.joined(separator: " "))") }
    if !typesExcluded.isEmpty { parts.append("types_excludes: \(typesExcluded.joined(separator: " "))") }
    if !nameContains.isEmpty { parts.append("name_contains: \(nameContains.joined(separator: ", "))") }
    if !nameExcludes.isEmpty { parts.append("name_excludes: \(nameExcludes.joined(separator: ", "))") }
    if let collectorNumbers {
      parts.append(
        "collector_numbers: "
          + collectorNumbers.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
          .joined(separator: ", "))
    }
    return parts.isEmpty ? "any card" : parts.joined(separator: "; ")
  }

  /// The keys a filter may use in a rule file or spec.
  static let keys = [
    "rarity", "type_contains", "type_excludes", "types", "types_excludes", "name_contains", "name_excludes",
    "collector_numbers",
  ]

  /// Reads a rarity or a list of rarities (`rare`, `[rare, mythic]`); `unknown` is not one a
  /// file may name.
  static func rarities(_ value: YAMLValue) throws(DataError) -> [Rarity] {
    var rarities: [Rarity] = []
    for text in try value.strings() {
      guard let rarity = Rarity(rawValue: text.lowercased()), rarity != .unknown else {
        throw value.error(
          "unknown rarity \"\(text)\"; expected one of \(Rarity.named.map(\.rawValue).joined(separator: ", "))")
      }
      rarities.append(rarity)
    }
    return rarities
  }

  /// Reads the filter keys of a mapping (other keys are the caller's business).
  static func parse(_ fields: YAMLValue.Fields) throws(DataError) -> CardFilter {
    var filter = CardFilter()
    if let value = fields["rarity"] { filter.rarities = try rarities(value) }
    filter.typeContains = try fields["type_contains"]?.strings().map { $0.lowercased() } ?? []
    filter.typeExcludes = try fields["type_excludes"]?.strings().map { $0.lowercased() } ?? []
    filter.types = try fields["types"]?.strings().flatMap { $0.lowercased().split(separator: " ").map(String.init) } ?? []
    filter.typesExcluded = try fields["types_excludes"]?.strings().flatMap { $0.lowercased().split(separator: " ").map(String.init) } ?? []
    filter.nameContains = try fields["name_contains"]?.strings().map { $0.lowercased() } ?? []
    filter.nameExcludes = try fields["name_excludes"]?.strings().map { $0.lowercased() } ?? []
    if let value = fields["collector_numbers"] { filter.collectorNumbers = try collectorNumberRanges(value) }
    return filter
  }

  /// Reads collector-number ranges: `"1-50"`, `7`, `"320-361, 442-446"` or a list of them.
  static func collectorNumberRanges(_ value: YAMLValue) throws(DataError) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for text in try value.strings() {
      for piece in text.split(separator: ",") {
        let bounds = piece.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last!,
          low <= high
        else {
          throw value.error("expected collector numbers such as \"1-50\" or \"7\", found \"\(piece)\"")
        }
        ranges.append(low...high)
      }
    }
    return ranges
  }
}

import Foundation
import SealedSupport
import SealedCards
