import SealedRules
import SealedRelease
import SealedMTGJSON

/// The tables `sealed rules import --list` prints: the products of mtg.wtf's data with whether
/// the card data simulates them, or an MTGJSON file's products with whether its own cards open them.
enum ImportListing {
  /// Each product and whether the card data simulates it with names, on card keys (some cards
  /// lack data), or not at all (one line saying why), then the counts.
  static func render(_ listed: [ProductListing], of data: CompiledBoosterData) -> String {
    var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("simulates", .left), ("name", .left)])
    var counts = (names: 0, keys: 0, no: 0)
    for row in listed {
      switch row.simulates {
      case .withNames: counts.names += 1
      case .onCardKeys: counts.keys += 1
      case .no: counts.no += 1
      }
      let product = row.product
      // The why goes under the row: as a column it made every line hundreds of characters wide.
      let word =
        switch row.simulates {
        case .withNames: "yes, with names"
        case .onCardKeys: "on card keys"
        case .no: "no"
        }
      let why = Self.why(row.simulates)
      table.append(
        [product.code, product.set_code.lowercased(), String(product.boosters.count), String(product.sheets.count), word, product.name],
        notes: why.map { [$0] } ?? [])
    }
    return table.text
      + "\(data.products.count) products; with this card data \(counts.names) simulate with names, \(counts.keys) on card keys, \(counts.no) not at all\n"
  }

  /// Why a product does not simulate with names, as the table notes it under its row and the
  /// CSV and JSON listings give it in `detail`: what lacks data and the remedy its gaps call for,
  /// or why it does not compile; nil when it simulates with names.
  static func why(_ simulates: ProductListing.Simulates) -> String? {
    switch simulates {
    case .withNames: nil
    // The remedy the gaps name: the product's fetch, only for sets Scryfall has (an MTGJSON
    // release's cards of other sets, named by uuid, said "sealed cards fetch", which refused them).
    case .onCardKeys(let summary, let remedy): ([summary] + (remedy.isEmpty ? [] : [remedy])).joined(separator: "; ")
    case .no(let reason): reason
    }
  }

  /// An MTGJSON file's products and whether its own cards open them, then the counts.
  static func render(_ listed: [MTGJSONBoosterImport.Listed]) -> String {
    var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("opens", .left), ("name", .left)])
    for product in listed {
      let (word, why): (String, String?) =
        switch product.opens {
        case .yes: ("yes", nil)
        case .no(let reason): ("no", reason)
        case .unknown: ("", nil)
        }
      table.append([product.code, product.setCode, String(product.variants), String(product.sheets), word, product.name], notes: why.map { [$0] } ?? [])
    }
    let opens = listed.filter { $0.opens == .yes }.count
    return table.text + "\(listed.count) products; the file's own cards open \(opens)"
  }
}
