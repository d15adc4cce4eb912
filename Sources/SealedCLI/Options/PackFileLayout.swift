import ArgumentParser
import SealedSupport
import SealedPackFiles

/// `audit --format`: a pack file's layout, by the names `sealed open --format` writes it under
/// (`csv`, `list`, `17lands`). Parsing never fails, so that a wrong name, `text` above all (the
/// name `open --format` gives the pool shown on screen), gets a message that says what it is.
struct PackFileLayout: ExpressibleByArgument, Sendable {
  /// As given.
  let text: String

  init(argument: String) { text = argument }

  /// The layout, or a one-line error naming the option and the layouts.
  func resolve() throws(DataError) -> PackFileFormat {
    if let format = PackFileFormat.allCases.first(where: { $0.optionName == text }) { return format }
    let hint = text == "text" ? " (a pasted text list is list, as sealed open --format list writes it)" : ""
    throw DataError("--format \(text): expected \(Self.names)\(hint)")
  }

  /// `csv, list or 17lands`.
  static var names: String {
    let names = PackFileFormat.allCases.map(\.optionName)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  static var allValueStrings: [String] { PackFileFormat.allCases.map(\.optionName) }
}
