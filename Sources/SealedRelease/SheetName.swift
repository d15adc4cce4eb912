import SealedCards

/// What a sheet's name states, read as mtg.wtf names its sheets (`foil_rare_mythic`,
/// `non_foil_land`, `common_uncommon_showcase`, `surge_booster_fun_rm`) and as MTGJSON republishes
/// them (camel case: `foilRareMythic`): the words of the name, the finish it states and the
/// rarities it names. Used by the lint's `sheet-finish` and `sheet-rarity` rules. Cost: O(name).
package struct SheetName: Sendable, Equatable {
  /// A finish a name states.
  package enum Finish: String, Sendable {
    case foil
    case nonfoil = "non-foil"
  }

  /// The name's words, lower case: split at `_`, `-`, spaces and camel case (`foilRareMythic`
  /// is `foil`, `rare`, `mythic`).
  package let words: [String]

  package init(_ name: String) {
    var words: [String] = []
    var current = ""
    var previous: Character?
    for character in name {
      if !(character.isLetter || character.isNumber) {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
          words.append(current)
          current = ""
        }
        current.append(Character(character.lowercased()))
      }
      previous = character
    }
    if !current.isEmpty { words.append(current) }
    self.words = words
  }

  /// Words that state a foil: mtg.wtf's `foil` (`foil_common`, `dedicated_foil`) and the
  /// Jumpstart decks' `foils` (`infantry_1_foils`), and the foil finishes WotC's "Collecting ..."
  /// articles name ("etched foil", "galaxy foil", "gilded foil", "halo foil", "surge foil",
  /// "textured foil").
  static let foilWords: Set<String> = ["foil", "foils", "etched", "galaxy", "gilded", "halo", "surge", "textured"]
  /// Two-word foil finishes of those articles ("double rainbow foil", "neon ink foil", "oil slick
  /// raised foil").
  static let foilPairs: Set<[String]> = [["double", "rainbow"], ["neon", "ink"], ["oil", "slick"]]

  /// The finish the name states: non-foil for `nonfoil` or `non_foil` (`non_foil_land`,
  /// `nonfoil_rare_mythic`); foil for a foil word or finish; nil when it states none. mtg.wtf's
  /// `foil_replacement` (an Arena booster's slot where paper has its foil, non-foil on Arena:
  /// `blb/play-arena.yaml`) states none.
  package var finish: Finish? {
    let pairs = zip(words, words.dropFirst()).map { [$0, $1] }
    if words.contains("nonfoil") || pairs.contains(["non", "foil"]) { return .nonfoil }
    for (index, word) in words.enumerated() where Self.foilWords.contains(word) {
      if word == "foil", index + 1 < words.count, words[index + 1] == "replacement" { continue }
      return .foil
    }
    return pairs.contains(where: Self.foilPairs.contains) ? .foil : nil
  }

  /// Rarities each rarity word names: mtg.wtf's sheet names (`common`, `uncommon`, `rare`,
  /// `mythic`, as its `common.yaml` defines the sheets of those names by `r:c`, `r:u`, `r:r`,
  /// `r:m`) and their short forms (`rm` rare or mythic, `cu` common or uncommon, `c`, `u`);
  /// `basic` (mtg.wtf's `r:b`) is a common in the card data (Scryfall rates basic lands common).
  static let rarityWords: [String: Set<Rarity>] = [
    "common": [.common], "commons": [.common], "uncommon": [.uncommon], "uncommons": [.uncommon],
    "rare": [.rare], "rares": [.rare], "mythic": [.mythic], "mythics": [.mythic],
    "rm": [.rare, .mythic], "cu": [.common, .uncommon], "c": [.common], "u": [.uncommon],
    "basic": [.common], "basics": [.common],
  ]

  /// The rarities the name names, empty when it names none: `rare_mythic_with_showcase` names
  /// rare and mythic, `nonland_common` common; a word after `non` (`non_rare`) names nothing.
  package var rarities: Set<Rarity> {
    var found: Set<Rarity> = []
    for (index, word) in words.enumerated() {
      guard let named = Self.rarityWords[word], index == 0 || words[index - 1] != "non" else { continue }
      found.formUnion(named)
    }
    return found
  }

  /// `common and uncommon`, the rarities in their order (`Rarity`'s).
  static func list(_ rarities: Set<Rarity>) -> String {
    let names = rarities.sorted().map(\.rawValue)
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
