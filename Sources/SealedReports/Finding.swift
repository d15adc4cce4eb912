import SealedSupport

/// One thing a run found wrong with a product: a row of `findings.csv`, which every run of
/// `sealed check-products` and `sealed rules lint` writes. A later run given it as
/// `--baseline` reports only what is new.
package struct Finding: Sendable, Hashable {
  /// Where a finding comes from.
  package enum Source: String, Sendable, CaseIterable {
    /// A check of the product's own rules failed: the engine against the data.
    case rules
    /// A spec's claim failed: the data against the maker's figure (or the engine against a
    /// claim's exact share).
    case claim
    /// A lint rule warned: the field's conventions against the product's JSON.
    case lint
    /// The product cannot be compiled: nothing of it could be checked.
    case refused
  }

  /// What identifies a finding from one run to the next: the product, the source and the
  /// check or rule (with its place); never the numbers found, which change with the seed.
  package struct Key: Sendable, Hashable, Comparable {
    package var product: String
    package var source: Source
    package var check: String

    package static func < (a: Key, b: Key) -> Bool {
      (a.product, a.source.rawValue, a.check) < (b.product, b.source.rawValue, b.check)
    }
  }

  package var product: String
  package var source: Source
  /// The check that failed (`checks.csv`'s name), or the lint rule and its place
  /// (`weight-magnitude sheet rare card mkm:12`), or `compile` for a refused product.
  package var check: String
  /// What was found, in one line.
  package var found: String

  /// Whether `found` is decided by the booster data alone, the same whatever the seed and the
  /// card data at hand: a warning of a lint rule that reads no card data, a claim's exact share.
  /// Against a baseline such a finding must say what it said there (a Special Guest share gone
  /// from 1/20 to 1/8 is not the finding the baseline knew). Refusals and card-data lint rules
  /// count cards with data, which `sealed cards fetch` changes: not exact. Not written to
  /// `findings.csv`; a baseline's findings are compared by the run's.
  package var exact: Bool
  /// Every card the finding is about where `found` names only some (a `sheet-rarity`
  /// warning's cards of other rarities), else empty: `findings.csv`'s `cards` column, keys
  /// separated by spaces. Against a baseline that lists them, a card it did not list makes the
  /// finding `changed`.
  package var cards: [String]

  package init(product: String, source: Source, check: String, found: String, exact: Bool = false, cards: [String] = []) {
    self.product = product
    self.source = source
    self.check = check
    self.found = found
    self.exact = exact
    self.cards = cards
  }

  package var key: Key { Key(product: product, source: source, check: check) }
}

/// `findings.csv`: a run's findings, one row each, in the run's product order; with a
/// baseline, each row says whether it is `new`, `changed` (an exact finding the baseline
/// knew saying something else) or `known`.
package struct FindingsTable: Sendable {
  package var findings: [Finding]
  /// The status of each finding against a baseline (`new` or `known`), or nil without one.
  package var status: [Finding.Key: String]?

  package init(findings: [Finding], status: [Finding.Key: String]? = nil) {
    self.findings = findings
    self.status = status
  }

  package static let columns = ReportFile.findings.columns

  /// The CSV file.
  package var table: CSVTable {
    var table = CSVTable(file: .findings)
    for finding in findings {
      table.append([
        finding.product, finding.source.rawValue, finding.check, finding.found, status?[finding.key] ?? "",
        finding.cards.joined(separator: " "),
      ])
    }
    return table
  }

  /// Reads a `findings.csv` (a baseline): its columns must include product, source and check;
  /// a source Sealed does not write is an error naming the line. Cost: O(length of the text).
  package static func read(_ text: String, name: String) throws(DataError) -> [Finding] {
    let (_, records) = try CSVReader.parse(text, name: name) { header throws(DataError) in
      for column in ["product", "source", "check"] where !header.contains(column) {
        throw DataError(
          "no column \(column); expected a findings.csv of sealed check-products or sealed rules lint (columns \(columns.joined(separator: ",")))",
          at: name)
      }
    }
    var findings: [Finding] = []
    for record in records {
      findings.append(
        Finding(
          product: try record.text("product"), source: try record.value("source"), check: try record.text("check"),
          found: record.optionalText("found") ?? "",
          cards: (record.optionalText("cards") ?? "").split(separator: " ").map(String.init)))
    }
    return findings
  }
}
