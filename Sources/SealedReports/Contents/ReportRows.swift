import SealedSupport
import SealedVerdicts

/// `run.csv`: what was run and how, as key and value, in the file's order.
package struct RunTable: Sendable {
  package var entries: [(key: String, value: String)]

  /// A table of the given key and value rows, in that order.
  package init(_ entries: [(key: String, value: String)]) { self.entries = entries }

  /// Inserts `entry` after the first of `keys` the table holds (at the end when it holds none).
  /// Cost: O(entries).
  package mutating func insert(_ entry: (key: String, value: String), after keys: [String]) {
    let held = entries.map(\.key)
    let at = keys.compactMap { key in held.firstIndex(of: key) }.first.map { $0 + 1 } ?? held.endIndex
    entries.insert(entry, at: at)
  }

  /// The value of `key` (the last, should a key repeat); nil when the table has none.
  package subscript(key: String) -> String? { entries.last { $0.key == key }?.value }

  /// The CSV file.
  package var table: CSVTable {
    var table = CSVTable(file: .run)
    for entry in entries { table.append([entry.key, entry.value]) }
    return table
  }

  init(_ records: [CSVRecord]) throws(DataError) {
    var entries: [(key: String, value: String)] = []
    for record in records {
      let (key, value) = (try record.text("key"), try record.text("value"))
      try Self.requireAsWritten(key: key, value: value, of: record)
      entries.append((key, value))
    }
    self.init(entries)
  }

  /// The keys whose values are counts (empty where Sealed leaves them so: an audit of separate
  /// boosters has no pools, a merged run no threads or rate).
  static let countKeys: Set = [
    "pools", "boosters", "cards", "pools_requested", "threads", "boosters_per_second", "chunk_pools", "resamples",
  ]

  /// Throws when a value the page draws from is not what Sealed writes for its key: a count
  /// (`countKeys`), the seed (0 to 2⁶⁴ - 1), the seconds, or the status (a page would have shown
  /// "pools -5", or no verdict for a status of "banana"). Other keys are text.
  static func requireAsWritten(key: String, value: String, of record: CSVRecord) throws(DataError) {
    let expected: String
    switch key {
    case _ where countKeys.contains(key):
      guard !value.isEmpty, Int(value).map({ $0 < 0 }) ?? true else { return }
      expected = "a whole number, 0 or more, or nothing"
    case "seed":
      guard UInt64(value) == nil else { return }
      expected = "a whole number from 0 to 2^64 - 1"
    case "elapsed_seconds":
      guard !value.isEmpty, Double(value).map({ !($0 >= 0 && $0.isFinite) }) ?? true else { return }
      expected = "a number of seconds, 0 or more, or nothing"
    case "status":
      guard RunStatus(rawValue: value) == nil else { return }
      expected = RunStatus.allCases.map(\.rawValue).joined(separator: " or ")
    default:
      return
    }
    throw DataError("\(key) \"\(value)\": expected \(expected)", at: DataError.location(record.file, line: record.line))
  }
}

/// A row of `pool_mythics.csv` (pools holding `value` mythics) or `mythic_position.csv` (pools
/// whose mythic booster was booster `value`): the pools counted, their proportion (nil when no
/// pools ran) and the rules' expected proportion.
package struct PoolShareRow: Sendable {
  package var value: Int
  package var pools: Int
  package var proportion: Double?
  package var expected: Double

  /// A row with the given value, pool count, proportion and expected proportion.
  package init(value: Int, pools: Int, proportion: Double?, expected: Double) {
    self.value = value
    self.pools = pools
    self.proportion = proportion
    self.expected = expected
  }

  /// The row's CSV fields; proportions always with a decimal point, an empty field for a nil one.
  package var fields: [String] {
    [String(value), String(pools), proportion.map(CSVNumber.decimal) ?? "", CSVNumber.decimal(expected)]
  }

  init(_ record: CSVRecord, value column: String) throws(DataError) {
    self.init(
      value: try record.integer(column), pools: try record.integer("pools"), proportion: try record.number("proportion"),
      expected: try record.requiredNumber("expected_proportion"))
  }
}

/// A row of `compared_pool_mythics.csv`: another rule set's mythics per pool.
package struct ComparedPoolShareRow: Sendable {
  package var rules: String
  package var row: PoolShareRow

  /// The row `row` under the rule set named `rules`.
  package init(rules: String, row: PoolShareRow) {
    self.rules = rules
    self.row = row
  }

  /// The rule set's name, then the fields of `row`.
  package var fields: [String] { [rules] + row.fields }
}

/// A row of `mythic_fairness.csv`: how often two players' pools differ by `difference` mythics,
/// observed (nil without pairs of pools) and expected.
public struct MythicFairnessRow: Sendable {
  package var rules: String
  package var difference: MythicDifference
  package var observed: Double?
  package var expected: Double

  /// A row with the given rule set, difference, observed and expected proportions.
  package init(rules: String, difference: MythicDifference, observed: Double?, expected: Double) {
    self.rules = rules
    self.difference = difference
    self.observed = observed
    self.expected = expected
  }

  /// The row's CSV fields; proportions always with a decimal point, an empty field for a nil one.
  package var fields: [String] { [rules, difference.rawValue, observed.map(CSVNumber.decimal) ?? "", CSVNumber.decimal(expected)] }

  init(_ record: CSVRecord) throws(DataError) {
    self.init(
      rules: try record.text("rules"), difference: try record.value("difference"),
      observed: try record.number("observed_proportion"), expected: try record.requiredNumber("expected_proportion"))
  }
}

/// A row of `comparisons.csv`: a spec's proportion claim measured under another rule set.
package struct ComparisonRow: Sendable {
  package var check: String
  package var rules: String
  package var given: String
  package var n: Int
  /// nil when no booster of the kind was made.
  package var observed: Double?

  /// A row with the given check, rule set, booster kind, boosters counted and observed proportion.
  package init(check: String, rules: String, given: String, n: Int, observed: Double?) {
    self.check = check
    self.rules = rules
    self.given = given
    self.n = n
    self.observed = observed
  }

  /// The row's CSV fields, an empty field for a nil proportion.
  package var fields: [String] { [check, rules, given, String(n), CSVNumber.format(observed)] }

  init(_ record: CSVRecord) throws(DataError) {
    self.init(
      check: try record.text("check"), rules: try record.text("rules"), given: record.optionalText("given") ?? "",
      n: try record.integer("n"), observed: try record.number("observed"))
  }
}

extension BoosterFindings.Problem {
  /// Whether the booster passed its checks (no problem).
  package var verdict: CheckVerdict { problem.isEmpty ? .pass : .fail }

  /// The row of `boosters.csv`.
  package var fields: [String] { [booster, String(line), kind, verdict.rawValue, problem] }

  init(_ record: CSVRecord) throws(DataError) {
    let verdict: CheckVerdict = try record.value("verdict")
    let problem = try record.text("problem")
    guard verdict != .notTested, (verdict == .fail) == !problem.isEmpty else {
      throw record.error("verdict", expected: problem.isEmpty ? "pass (no problem)" : "fail (a problem)")
    }
    self.init(booster: try record.text("booster"), line: try record.integer("line"), kind: try record.text("kind"), problem: problem)
  }
}
