import SealedSupport

/// The cards of a pack file that are no card of the data (a misspelt name, a wrong number, a
/// name that disagrees with its number), gathered over the whole file so that one run names them
/// all: each distinct one once, with the lines it is on, the first `shownLimit` of them shown.
/// Memory: one entry per distinct problem, at most `trackedLimit` of them.
package struct UnknownCards {
  /// How many problems a run shows.
  static let shownLimit = 20
  /// How many distinct problems are counted; more are counted as one.
  static let trackedLimit = 100_000
  /// How many lines of one problem are named.
  static let linesShown = 4

  private struct Entry {
    var message: String
    var booster: String
    var lines: [Int]
    var count: Int
    /// A name several printings share, not a card the data lacks.
    var ambiguous: Bool
  }

  private var entries: [Entry] = []
  private var indexOf: [String: Int] = [:]

  package var isEmpty: Bool { entries.isEmpty }
  /// Distinct problems found.
  var count: Int { entries.count }

  /// Records `message` (what is wrong with the card, with its suggestion) for the card on `line`
  /// of `booster`.
  mutating func record(_ message: String, line: Int, booster: String, ambiguous: Bool = false) {
    if let index = indexOf[message] {
      entries[index].count += 1
      if entries[index].lines.count < Self.linesShown { entries[index].lines.append(line) }
    } else if entries.count < Self.trackedLimit {
      indexOf[message] = entries.count
      entries.append(Entry(message: message, booster: booster, lines: [line], count: 1, ambiguous: ambiguous))
    }
  }

  /// One error per problem shown, at the first line it is on, then, when there is more than one,
  /// one that sums them up (a single problem's error says all: one line).
  package func errors(source: String) -> [DataError] {
    var errors = entries.prefix(Self.shownLimit).map { entry in
      var message = "\(entry.booster): \(entry.message)"
      if entry.count > 1 {
        let others = entry.lines.dropFirst().map(String.init).joined(separator: ", ")
        let more = entry.count - entry.lines.count
        message += " (also line\(entry.count > 2 ? "s" : "") \(others)\(more > 0 ? " and \(more) more" : ""))"
      }
      return DataError(message, at: DataError.location(source, line: entry.lines[0]))
    }
    guard count > 1 else { return errors }
    let shown = count > Self.shownLimit ? ", the first \(Self.shownLimit) shown" : ""
    let ambiguous = entries.filter(\.ambiguous).count
    let missing = count - ambiguous
    var parts: [String] = []
    // A name that disagrees with its number is in the data, under another number: "does not
    // match" says so of it too (it said "not in the card data").
    if missing > 0 { parts.append("\(missing) card\(missing == 1 ? "" : "s") of the file \(missing == 1 ? "does" : "do") not match the card data") }
    if ambiguous > 0 {
      parts.append("\(ambiguous) name\(ambiguous == 1 ? "" : "s") of the file \(ambiguous == 1 ? "names" : "name") several printings")
    }
    errors.append(
      DataError(
        "\(parts.joined(separator: " and "))\(shown); fix them and run the audit again", at: source))
    return errors
  }
}
