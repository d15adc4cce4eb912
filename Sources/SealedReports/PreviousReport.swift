import Foundation
import SealedSupport

/// The run of a report folder that a new report replaces, as its `run.csv` describes it: what
/// a command says when it replaces another run's report, so that a report is never replaced
/// silently.
package struct PreviousReport: Sendable, Equatable {
  /// `run.csv`'s single-line values by key (`seed`, `pools`, `boosters`, `command`, ...).
  package let values: [String: String]

  /// The options by which this run's command line differs from the run that replaced it
  /// (`--resamples 99`, or `without --quiet` for one only the new run has); set by
  /// `comparedWith(_:)`, empty until then.
  package private(set) var differences: [String] = []

  /// A previous report with the given `run.csv` values.
  package init(values: [String: String]) { self.values = values }

  /// The report of the folder at `path`, or nil when it holds no readable `run.csv`.
  /// Cost: one read of `run.csv` (a few hundred bytes).
  package init?(folder path: String) {
    guard let text = try? String(contentsOfFile: "\(path)/\(ReportFile.run.name)", encoding: .utf8) else { return nil }
    self.init(runCSV: text)
  }

  /// The `key,value` rows of a `run.csv`, read by the reader `sealed report` uses
  /// (`CSVReader`, into a `RunTable`); nil when the text is not a `run.csv` of Sealed's or has
  /// no rows.
  package init?(runCSV text: String) {
    guard let parsed = try? CSVReader.parse(text, name: ReportFile.run.name), let table = try? RunTable(parsed.records),
      !table.entries.isEmpty
    else { return nil }
    // The last of a repeated key, as `RunTable`'s subscript reads it.
    self.values = Dictionary(table.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
  }

  /// The command line that reproduces the run, when `run.csv` records it.
  package var command: String? { values["command"].flatMap { $0.isEmpty ? nil : $0 } }

  /// Whether its run was stopped before the pools it asked for (`status,interrupted`).
  package var isInterrupted: Bool { values["status"] == RunStatus.interrupted.rawValue }

  /// Whether `other` is a report of another run: another reproducing command line (or none).
  package func isAnotherRun(than other: PreviousReport?) -> Bool {
    guard let command, let theirs = other?.command else { return true }
    return command != theirs
  }

  /// This report, with the options by which its command line differs from `new`'s: an option
  /// it had with another value (`--resamples 99 (now 9999)`) or that the new one lacks
  /// (`--quiet`), and one only the new one has (`without --samples 10`). Only runs of the same
  /// command are compared (another command's options say nothing about this run), and not by
  /// the options the summary names already (`--seed`, `--pools`, `--packs`).
  package func comparedWith(_ new: PreviousReport?) -> PreviousReport {
    var report = self
    let command = { (line: String?) in (line ?? "").split(separator: " ").prefix(2).joined(separator: " ") }
    guard let new, command(self.command) == command(new.command) else { return report }
    let name = { (option: String) in String(option.prefix { $0 != " " }) }
    let said: Set<String> = ["--seed", "--pools", "--packs"]
    let mine = Self.options(self.command).filter { !said.contains(name($0)) }
    let theirs = Self.options(new.command).filter { !said.contains(name($0)) }
    var differences: [String] = []
    for option in mine where !theirs.contains(option) {
      let now = theirs.filter { name($0) == name(option) }.map { String($0.dropFirst(name(option).count + 1)) }
      differences.append(now.isEmpty ? option : "\(option) (now \(now.joined(separator: ", ")))")
    }
    for option in theirs where !mine.contains(option) && !mine.contains(where: { name($0) == name(option) }) {
      differences.append("without \(option)")
    }
    report.differences = differences
    return report
  }

  /// A command line's options, each with its value (`--resamples 99`), in order; the words
  /// before the first option (`sealed audit war`) are left out. Quoted words keep their quotes.
  static func options(_ command: String?) -> [String] {
    let words = (command ?? "").split(separator: " ").map(String.init)
    var options: [String] = []
    for (index, word) in words.enumerated() where word.hasPrefix("--") {
      let value = index + 1 < words.count && !words[index + 1].hasPrefix("--") ? " " + words[index + 1] : ""
      options.append(word + value)
    }
    return options
  }

  /// What the run was, in a few words: `simulate, seed 7, 1000 pools` or
  /// `audit of box.txt, 36 boosters, seed 1`; `interrupted` when it was; then the options by
  /// which it differs from the new run (`--resamples 99`), when it was compared with one.
  package var summary: String {
    let words = command?.split(separator: " ") ?? []
    let kind = values["command_kind"] ?? (words.count > 1 ? String(words[1]) : "")
    var parts: [String] = []
    if kind == RunTable.auditKind {
      parts.append(values["packs"].map { "audit of \($0)" } ?? "audit")
      if let boosters = values["boosters"] { parts.append("\(boosters) boosters") }
      if let seed = values["seed"] { parts.append("seed \(seed)") }
    } else {
      if !kind.isEmpty { parts.append(kind) }
      if let seed = values["seed"] { parts.append("seed \(seed)") }
      if let pools = values["pools"] { parts.append("\(pools) pools") }
    }
    if values["status"] == RunStatus.interrupted.rawValue { parts.append(RunStatus.interrupted.rawValue) }
    parts += differences
    if let started = values["started_at"], !started.isEmpty { parts.append("started \(started)") }
    return parts.joined(separator: ", ")
  }
}
