import Foundation
import SealedSupport
import SealedCards
import SealedRules

/// The booster products of an MTGJSON file (a set file or AllPrintings.json, plain or gzipped)
/// as mtg.wtf's compiled products, with the cards they name, for `sealed rules import`.
///
/// A product is named `set-name` (`znr-default`, `neo-arena`); in a file of one set its bare
/// name (`default`) names it too. Its sheets name cards by uuid: each resolves through the
/// file's own cards to `set:number` (`set:number:foil` on a foil sheet). A product whose sheets
/// name cards of other sets (bro's retro artifacts of brr) needs a file that holds those sets:
/// AllPrintings.json, read a second time for just those cards.
///
/// Memory: one set's entries while reading, plus the products asked for and their sets' cards
/// (for `list`, the products that name other sets' cards, without their own set's cards).
/// Cost: one pass over the file; two when a product names cards of other sets, three for
/// `list` (the third settles those products with their own set's cards).
package struct MTGJSONBoosterImport {
  package let path: String

  package init(path: String) { self.path = path }

  /// One product of the file, for `--list`.
  package struct Listed: Sendable {
    package var code: String
    package var setCode: String
    package var name: String
    package var variants: Int
    package var sheets: Int
    /// Whether the product opens with the file's cards, and if not why.
    package var opens: Opening
  }

  /// Whether a listed product opens with the file's cards (`--list`'s `opens` column).
  package enum Opening: Sendable, Equatable {
    case yes
    /// It does not: the reason, naming the sheet and card.
    case no(String)
    /// Not settled: its set's cards never came by.
    case unknown

    /// The column's text: `yes`, `no: ` and the reason, or empty.
    package var text: String {
      switch self {
      case .yes: "yes"
      case .no(let reason): "no: " + reason
      case .unknown: ""
      }
    }
  }

  /// The products asked for, converted, with the cards they name by set.
  package struct Loaded: Sendable {
    package var products: [CompiledBoosterData.Product]
    /// Each product's set with the other sets its sheets name, as `CardSet`s.
    package var cardSets: [String: CardSet]
    /// The file's `meta.version`, when it has one.
    package var version: String?
  }

  /// Added to a card "not in the file" of a file of one set.
  static let otherSetsHint = "; cards of other sets are in AllPrintings.json"

  /// Every product of the file and whether it opens with the file's own cards.
  /// Throws a one-line `DataError` when the file cannot be read as MTGJSON.
  package func list() throws(DataError) -> [Listed] {
    var listed: [Listed] = []
    var pending: [Int: Item] = [:]
    func status(_ item: Item, _ keys: [String: String], hint: String = "", _ cards: () throws(DataError) -> CardSet) -> Opening {
      func reason(_ error: DataError) -> String {
        error.description.replacingOccurrences(of: "product \(item.code): ", with: "")
      }
      let product: CompiledBoosterData.Product
      do throws(MTGJSONBoosterProduct.ConversionError) {
        product = try item.convert(keys)
      } catch {
        return .no(reason(error.error) + (error.namesMissingCards ? hint : ""))
      }
      do throws(DataError) {
        try Self.check(product, cards: try cards())
        return .yes
      } catch {
        return .no(reason(error))
      }
    }
    // A product whose cards are all of its set is settled as its set ends (and its cards let
    // go); the others wait for the second pass (other sets' cards) and the third (their own).
    let outcome = try collect(keep: { _, _ in true }) { item, keys in
      let row = Listed(
        code: item.code, setCode: item.set.sealedCode, name: item.product.name ?? item.set.name,
        variants: item.product.boosters.count, sheets: item.product.sheets.count, opens: .unknown)
      listed.append(row)
      guard let keys else {
        pending[listed.count - 1] = item
        return
      }
      listed[listed.count - 1].opens = status(item, keys) { CardSet(code: item.set.sealedCode, cards: item.ownCards) }
    }
    if outcome.setCount == 1 {
      for (index, item) in pending {
        listed[index].opens = status(item, outcome.keys, hint: Self.otherSetsHint) { outcome.cardSet(for: item) }
      }
    } else if !pending.isEmpty {
      // A third pass settles each waiting product as its set comes by, with the set's cards.
      try MTGJSONReader(path: path).read { set throws(DataError) in
        let waiting = pending.filter { $0.value.set.sealedCode == set.sealedCode }
        guard !waiting.isEmpty else { return }
        let cards = try MTGJSONCardImporter.cards(of: set)
        for (index, item) in waiting {
          listed[index].opens = status(item, outcome.keys) { outcome.cardSet(for: item, ownCards: cards) }
        }
      }
    }
    return listed
  }

  /// The products with these codes (`znr-default`, or `default` in a file of one set).
  /// Throws a one-line `DataError` for a product the file does not hold (listing the file's
  /// products of that set), a bare name that several sets use, or a uuid not in the file.
  package func load(_ codes: [String]) throws(DataError) -> Loaded {
    let wanted = codes.map { $0.lowercased() }
    var matched: [String: String] = [:]
    let bareNames = wanted.filter { !$0.contains("-") }
    let setsNamed = Set(wanted.filter { $0.contains("-") }.map { String($0.split(separator: "-")[0]) })
    let outcome = try collect(cardsOf: bareNames.isEmpty ? setsNamed : nil) { set, name throws(DataError) in
      let full = "\(set.sealedCode)-\(name)".lowercased()
      guard let code = wanted.first(where: { $0 == full || $0 == name.lowercased() }) else { return false }
      if let earlier = matched[code], earlier != full {
        throw DataError("product \"\(code)\" is in more than one set (\(earlier), \(full)); name it as SET-\(code)", at: path)
      }
      matched[code] = full
      return true
    }
    if let missing = wanted.first(where: { matched[$0] == nil }) {
      let prefix = missing.split(separator: "-").first.map(String.init) ?? missing
      let near = outcome.allCodes.filter { $0.hasPrefix(prefix) || outcome.allCodes.count <= 8 }.prefix(8)
      throw DataError(
        "no product \"\(missing)\" in the file (\(outcome.allCodes.count) products)\(near.isEmpty ? "" : "; products: \(near.joined(separator: ", "))"); sealed rules import FILE --list lists them",
        at: path)
    }
    var products: [CompiledBoosterData.Product] = []
    var cardSets: [String: CardSet] = [:]
    for item in outcome.items {
      do throws(MTGJSONBoosterProduct.ConversionError) {
        products.append(try item.convert(outcome.keys))
      } catch {
        let hint = outcome.setCount == 1 && error.namesMissingCards ? Self.otherSetsHint : ""
        throw DataError(error.error.message + hint, at: error.error.location ?? path)
      }
      cardSets[item.set.sealedCode] = outcome.cardSet(for: item)
    }
    return Loaded(products: products, cardSets: cardSets, version: outcome.version)
  }

  /// Every product of the file, converted, in the file's order; a uuid the file does not hold
  /// is kept as a key no card data has, so that the product is still there to compare or lint:
  /// `uuid:<uuid>` in a file of several sets (AllPrintings: the card does not exist),
  /// `uuid-other-set:<uuid>` in a file of one set (another set's card, which the file cannot
  /// hold). Memory: the kept products' own sets' cards while reading.
  package func allProducts() throws(DataError) -> [CompiledBoosterData.Product] {
    try allProductsAndCards().products
  }

  /// `allProducts()` and the cards the file holds of the sets its products name, by set code
  /// (its products' own sets, and the other sets' cards they name): the card data a lint of
  /// the file looks its keys up in.
  package func allProductsAndCards() throws(DataError) -> (products: [CompiledBoosterData.Product], cards: [String: [Card]]) {
    let outcome = try collect(keep: { _, _ in true })
    var cards = outcome.otherCards
    for item in outcome.items where !item.ownCards.isEmpty { cards[item.set.sealedCode] = item.ownCards }
    let prefix = (outcome.setCount == 1 ? CardDataGaps.otherSetUUIDSet : CardDataGaps.unknownUUIDSet) + ":"
    var products: [CompiledBoosterData.Product] = []
    for item in outcome.items {
      do throws(MTGJSONBoosterProduct.ConversionError) {
        products.append(try item.convert(outcome.keys, unresolved: { prefix + $0 }))
      } catch {
        throw DataError(error.error.message, at: error.error.location ?? path)
      }
    }
    return (products, cards)
  }

  /// Compiles the product's rule file against `cards`, as `open` would; throws naming the
  /// product, and `input`, the MTGJSON file, when given. Cost: milliseconds.
  package static func check(_ product: CompiledBoosterData.Product, cards: CardSet, input: String? = nil) throws(DataError) {
    do {
      let text = try CompiledBoosterRules.ruleFile([product], name: "check", source: product.code)
      _ = try PlanCompiler.compile(try RuleSetLoader.parse(text, source: CompiledBoosterRules.ruleFileSource), for: cards)
    } catch {
      guard let input else { throw DataError("product \(product.code): \(error.description)") }
      throw CompiledBoosterRules.convertedError(error, products: [product.code], input: input)
    }
  }

  // MARK: - Reading

  /// One product kept from the first pass.
  struct Item {
    var code: String
    var product: MTGJSONBoosterProduct
    var set: MTGJSONSet
    var ownCards: [Card]

    func convert(
      _ keys: [String: String], unresolved: ((String) -> String)? = nil
    ) throws(MTGJSONBoosterProduct.ConversionError) -> CompiledBoosterData.Product {
      try product.compiledProduct(code: code, setCode: set.sealedCode, setName: set.name) { keys[$0] ?? unresolved?($0) }
    }
  }

  struct Outcome {
    var items: [Item] = []
    /// uuid to `set:number`, for the uuids the kept products name.
    var keys: [String: String] = [:]
    /// Cards of other sets that kept products name, by set.
    var otherCards: [String: [Card]] = [:]
    var allCodes: [String] = []
    var version: String?
    /// The sets of the file with cards.
    var setCount = 0

    /// The item's set with the other sets its sheets name.
    func cardSet(for item: Item, ownCards: [Card]? = nil) -> CardSet {
      var set = CardSet(code: item.set.sealedCode, cards: ownCards ?? item.ownCards)
      let named = Set(item.product.uuids.compactMap { keys[$0]?.split(separator: ":").first.map(String.init) })
      for other in named where other != item.set.sealedCode {
        set.otherSets[other] = CardSet(code: other, cards: otherCards[other] ?? [])
      }
      return set
    }
  }

  /// Reads the file, keeping the products `keep` accepts (by set and product name) with their
  /// sets' cards; resolves their uuids, in a second pass for uuids of other sets.
  private func collect(
    cardsOf: Set<String>? = nil, keep: (MTGJSONSet, String) throws(DataError) -> Bool,
    settle: ((Item, [String: String]?) -> Void)? = nil
  ) throws(DataError) -> Outcome {
    var outcome = Outcome()
    var unresolved: Set<String> = []
    var setCount = 0
    var reader = MTGJSONReader(path: path)
    if let cardsOf { reader.cardsOf = { cardsOf.contains($0.lowercased()) } }
    let meta = try reader.read { set throws(DataError) in
      setCount += 1
      guard let bytes = set.booster else { return }
      let products = try MTGJSONBoosterProduct.products(from: bytes, location: set.boosterLocation)
      var ownKeys: [String: String]?
      var ownCards: [Card]?
      var kept = set
      kept.entries = []
      kept.booster = nil
      for name in products.keys.sorted() {
        let code = "\(set.sealedCode)-\(name)"
        outcome.allCodes.append(code)
        guard try keep(set, name), let product = products[name] else { continue }
        try set.requireUnrepeated(product.uuids)
        if ownKeys == nil {
          ownKeys = Self.keys(of: set)
          ownCards = try MTGJSONCardImporter.cards(of: set)
        }
        let item = Item(code: code, product: product, set: kept, ownCards: ownCards!)
        let missing = product.uuids.filter { ownKeys![$0] == nil }
        if let settle, missing.isEmpty {
          settle(item, ownKeys!)
          continue
        }
        for uuid in product.uuids {
          if let key = ownKeys![uuid] { outcome.keys[uuid] = key }
        }
        unresolved.formUnion(missing)
        var deferred = item
        if let settle {
          // Settled in a later pass, which reads the set's cards again: none are held.
          deferred.ownCards = []
          settle(deferred, nil)
        }
        outcome.items.append(deferred)
      }
    }
    outcome.version = meta?.version
    outcome.setCount = setCount
    if !unresolved.isEmpty && setCount > 1 {
      try resolve(unresolved, into: &outcome)
    }
    return outcome
  }

  /// The second pass: keys and cards of the uuids the first pass could not resolve (only those
  /// cards are kept).
  private func resolve(_ uuids: Set<String>, into outcome: inout Outcome) throws(DataError) {
    var found: [String: String] = [:]
    var cards: [String: [Card]] = [:]
    try MTGJSONReader(path: path).read { set throws(DataError) in
      let hits = Self.keys(of: set).filter { uuids.contains($0.key) }
      guard !hits.isEmpty else { return }
      try set.requireUnrepeated(hits.keys)
      found.merge(hits) { a, _ in a }
      let wanted = Set(hits.values)
      cards[set.sealedCode, default: []] += try MTGJSONCardImporter.cards(of: set).filter {
        wanted.contains("\($0.setCode):\($0.collectorNumber.text)")
      }
    }
    outcome.keys.merge(found) { a, _ in a }
    outcome.otherCards.merge(cards) { a, b in a + b }
  }

  /// uuid to `set:number` for every entry of the set (each face of a printing names it).
  static func keys(of set: MTGJSONSet) -> [String: String] {
    var keys: [String: String] = [:]
    for printing in MTGJSONPrinting.group(set.entries) {
      for uuid in printing.uuids { keys[uuid] = "\(set.sealedCode):\(printing.number)" }
    }
    return keys
  }
}
