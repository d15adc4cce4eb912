import SealedSupport
import SealedCards
import SealedVerdicts

/// A row of `sheet_frequency.csv` or `claim_frequency.csv`: one card's copies within its group
/// (a sheet or a spec's claim) against the expected, its standardised residual and its exact
/// tail, with the values the file writes (expected counts, residuals, scores and limits
/// rounded to 1e-6, enough for a chart and stable across platforms; each a decimal, `5367.0`
/// beside `118811.881188`).
package struct FrequencyRow: Sendable {
  package var group: String
  package var set: String
  package var collectorNumber: String
  package var name: String
  package var rarity: Rarity
  package var count: Int
  package var expected: Double
  /// nil when the card is never expected in the group.
  package var residual: Double?
  /// nil for a card without one (never expected), or in a table an older Sealed wrote.
  package var tail: CardTail?

  /// A card's row, its values rounded as the file writes them.
  package init(
    group: String, card: Card, number: String, name: String, observed: Int, expected: Double, residual: Double?,
    tail: CardTail?
  ) {
    func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
    self.group = group
    set = card.setCode
    collectorNumber = number
    self.name = name
    rarity = card.rarity
    count = observed
    self.expected = rounded(expected)
    self.residual = residual.map(rounded)
    self.tail = tail.map { CardTail(p: $0.p, score: rounded($0.score), limit: rounded($0.limit), flagged: $0.flagged) }
  }

  /// The row's CSV fields in the file's column order, with empty tail fields when it has no tail.
  package var fields: [String] {
    [group, set, collectorNumber, name, rarity.rawValue, String(count), CSVNumber.decimal(expected), residual.map(CSVNumber.decimal) ?? ""]
      + Self.tailFields(tail)
  }

  /// A tail's fields (score and limit as given: `init` rounds them); empty fields for a card
  /// without one (never expected).
  static func tailFields(_ tail: CardTail?) -> [String] {
    guard let tail else { return ["", "", "", ""] }
    return [CSVNumber.decimal(tail.p), CSVNumber.decimal(tail.score), CSVNumber.decimal(tail.limit), tail.flagged ? "yes" : "no"]
  }

  init(_ record: CSVRecord, group column: String) throws(DataError) {
    group = try record.text(column)
    set = record.optionalText("set") ?? ""
    collectorNumber = record.optionalText("collector_number") ?? ""
    name = try record.text("name")
    rarity = try record.value("rarity")
    count = try record.integer("count")
    expected = try record.requiredNumber("expected_count")
    residual = try record.number("residual")
    if let p = try record.number("p_tail") {
      tail = CardTail(
        p: p, score: try record.requiredNumber("score"), limit: try record.requiredNumber("flag_limit"),
        flagged: try record.flag("flagged"))
    }
  }
}

/// `sheet_frequency.csv` or `claim_frequency.csv`.
public struct FrequencyTable: Sendable {
  /// `.sheetFrequency` or `.claimFrequency`.
  package var file: ReportFile
  package var rows: [FrequencyRow]
  /// Whether the cards have exact tails (`p_tail`, `score`, ...): false only for a table an
  /// older Sealed wrote, which the page shows by residuals.
  package var hasTails: Bool

  /// A table of `rows`; `file` must be `.sheetFrequency` or `.claimFrequency` (it traps otherwise).
  package init(file: ReportFile, rows: [FrequencyRow], hasTails: Bool = true) {
    precondition(file == .sheetFrequency || file == .claimFrequency, "a frequency table is sheet_ or claim_frequency.csv")
    self.file = file
    self.rows = rows
    self.hasTails = hasTails
  }

  /// The CSV file.
  package var table: CSVTable {
    var table = CSVTable(file: file)
    for row in rows { table.append(row.fields) }
    return table
  }
}
