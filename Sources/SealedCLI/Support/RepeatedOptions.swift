import ArgumentParser
import Foundation

/// An option that takes one value given twice (`--packs a.csv --packs b.csv`): the argument
/// parser keeps the last and drops the first without a word, so a run would read one of two
/// files the user named, or take a seed other than the one they meant. Options that collect
/// their values (`--products`, repeated) are left alone, as are flags.
enum RepeatedOptions {
  /// `--packs given twice (a.csv, then b.csv); expected it once`, or nil. `command` is the
  /// command the arguments after `path` belong to. Cost: a scan of the arguments; the command's
  /// option list (its help as JSON) is read only when a name appears twice.
  static func problem(_ arguments: [String], path: [String], command: ParsableCommand.Type) -> String? {
    let words = Array(arguments.dropFirst(path.count).prefix { $0 != "--" })
    var seen: [String: [Int]] = [:]
    for (index, word) in words.enumerated() where word.hasPrefix("-") && word.count > 1 && !word.dropFirst().allSatisfy(\.isNumber) {
      seen[String(word.prefix { $0 != "=" }), default: []].append(index)
    }
    guard seen.values.contains(where: { $0.count > 1 }) else { return nil }
    for names in singleValueOptions(of: command) {
      let places = names.flatMap { seen[$0] ?? [] }.sorted()
      guard places.count > 1 else { continue }
      let values = places.prefix(2).map { value(at: $0, in: words) }
      let given = values.contains(nil) ? "" : " (\(values.map { $0! }.joined(separator: ", then ")))"
      return "\(words[places[1]].prefix { $0 != "=" }) given \(places.count == 2 ? "twice" : "\(places.count) times")\(given); expected it once"
    }
    return nil
  }

  /// The value of the option at `index`: after its `=`, or the next word.
  private static func value(at index: Int, in words: [String]) -> String? {
    if let equals = words[index].firstIndex(of: "=") { return String(words[index][words[index].index(after: equals)...]) }
    return index + 1 < words.count ? words[index + 1] : nil
  }

  /// The names (`--packs`, `-p`) of each option of `command` that takes a single value.
  private static func singleValueOptions(of command: ParsableCommand.Type) -> [[String]] {
    struct Dump: Decodable {
      struct Command: Decodable { var arguments: [Argument]? }
      struct Argument: Decodable {
        struct Name: Decodable { var kind: String; var name: String }
        var kind: String
        var isRepeating: Bool
        var names: [Name]?
      }
      var command: Command
    }
    guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return [] }
    return (dump.command.arguments ?? []).filter { $0.kind == "option" && !$0.isRepeating }.map { argument in
      (argument.names ?? []).map { ($0.kind == "short" ? "-" : "--") + $0.name }
    }
  }
}
