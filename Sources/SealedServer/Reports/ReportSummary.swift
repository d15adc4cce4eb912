import Foundation
import SealedVerdicts

/// What a report folder's `run.csv` and `checks.csv` say about its run, for the list of past
/// reports: what was run (set, rules, seed, pools), whether it ran whole, and its checks'
/// verdicts counted. Read from the files as written, nothing recomputed.
struct ReportSummary: Encodable, Sendable, Equatable {
  var command: String?
  var set: String?
  var rules: String?
  var seed: String?
  var pools: Int?
  var pools_requested: Int?
  /// `complete` or `interrupted`, as `run.csv` records it.
  var status: String?
  var started_at: String?
  /// Checks by verdict (`pass`, `fail`, `not_tested`), when the folder has `checks.csv`.
  var verdicts: [String: Int]?
  /// The verdict line of those checks, worded as the terminal and the report page word it
  /// (`VerdictSummary`: `NOT TESTED: none of the 3 checks could be made`), when counted.
  var verdict: String?

  /// The summary of the report folder at `path`, or nil when it has no readable `run.csv`.
  /// Cost: reading two small files.
  init?(folder path: String) {
    guard let run = try? String(contentsOfFile: (path as NSString).appendingPathComponent("run.csv"), encoding: .utf8) else {
      return nil
    }
    var values: [String: String] = [:]
    for line in run.split(separator: "\n").dropFirst() {
      let fields = Self.fields(of: line)
      if fields.count >= 2 { values[fields[0]] = fields[1] }
    }
    command = values["command"]
    set = values["set"]
    rules = values["rules"]
    seed = values["seed"]
    pools = values["pools"].flatMap { Int($0) }
    pools_requested = values["pools_requested"].flatMap { Int($0) }
    status = values["status"]
    started_at = values["started_at"]
    verdicts = Self.verdicts(in: (path as NSString).appendingPathComponent("checks.csv"))
    verdict = verdicts.map { counts in
      let stopped = status == "interrupted" ? (done: pools ?? 0, requested: pools_requested ?? pools ?? 0) : nil
      return VerdictSummary(passed: counts["pass"] ?? 0, failed: counts["fail"] ?? 0, notTested: counts["not_tested"] ?? 0, interrupted: stopped).text
    }
  }

  /// The checks of a `checks.csv` counted by their `verdict` column.
  static func verdicts(in file: String) -> [String: Int]? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n")
    guard let header = lines.first, let column = fields(of: header).firstIndex(of: "verdict") else { return nil }
    var counts: [String: Int] = [:]
    for line in lines.dropFirst() {
      let fields = fields(of: line)
      if column < fields.count { counts[fields[column], default: 0] += 1 }
    }
    return counts
  }

  /// The fields of one CSV line: commas outside double quotes split, `""` inside is a quote.
  static func fields(of line: Substring) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var previous: Character?
    for character in line {
      switch (character, quoted) {
      case ("\"", false):
        if previous == "\"" { field.append("\"") }
        quoted = true
      case ("\"", true): quoted = false
      case (",", false):
        fields.append(field)
        field = ""
      default: field.append(character)
      }
      previous = character
    }
    fields.append(field)
    return fields
  }
}
