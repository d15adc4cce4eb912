import SealedRules
import SealedRelease
import SealedReports
import SealedMTGJSON

/// `sealed rules import --list --format csv|json`: the listing's rows for a program, one per
/// product, with the why of the text table's note in a column of its own.
extension ImportListing {
  /// One product's row: `simulates` is `with_names`, `on_card_keys` or `no` (for an MTGJSON
  /// file's listing, `opens`: `yes`, `no`, or empty when unknown).
  struct Row: Encodable {
    let code: String
    let set: String
    let variants: Int
    let sheets: Int
    /// mtg.wtf's data's listing: whether the card data simulates the product (nil otherwise).
    var simulates: String?
    /// An MTGJSON file's listing: whether its own cards open the product (nil otherwise).
    var opens: String?
    let name: String
    let detail: String
  }

  /// The rows of mtg.wtf's data's listing.
  static func rows(_ listed: [ProductListing]) -> [Row] {
    listed.map { row in
      let product = row.product
      let word =
        switch row.simulates {
        case .withNames: "with_names"
        case .onCardKeys: "on_card_keys"
        case .no: "no"
        }
      return Row(
        code: product.code, set: product.set_code.lowercased(), variants: product.boosters.count, sheets: product.sheets.count,
        simulates: word, name: product.name, detail: why(row.simulates) ?? "")
    }
  }

  /// The rows of an MTGJSON file's listing.
  static func rows(_ listed: [MTGJSONBoosterImport.Listed]) -> [Row] {
    listed.map { product in
      let (word, detail): (String, String) =
        switch product.opens {
        case .yes: ("yes", "")
        case .no(let reason): ("no", reason)
        case .unknown: ("", "")
        }
      return Row(
        code: product.code, set: product.setCode, variants: product.variants, sheets: product.sheets, simulates: nil, opens: word,
        name: product.name, detail: detail)
    }
  }

  /// The rows as `format` prints them (`text` is not this function's).
  static func render(_ rows: [Row], as format: ListingFormat, opens: Bool = false) -> String {
    switch format {
    case .json:
      return JSONOutput.encode(rows)
    case .csv, .text:
      var table = CSVTable(header: ["code", "set", "variants", "sheets", opens ? "opens" : "simulates", "name", "detail"])
      for row in rows {
        table.append([row.code, row.set, String(row.variants), String(row.sheets), row.simulates ?? row.opens ?? "", row.name, row.detail])
      }
      return table.text
    }
  }
}
