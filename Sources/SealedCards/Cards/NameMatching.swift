import Foundation
import SealedSupport

/// Finding what the user meant: card names by unique prefix, and the closest names to suggest
/// when nothing matches.
package enum NameMatching {
  /// Lowercased, without diacritics, with typographic apostrophes made plain, so that
  /// "ajani’s" finds "Ajani's" and "lim-dul" finds "Lim-Dûl".
  package static func normalized(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "’", with: "'")
      .trimmingCharacters(in: .whitespaces)
  }

  /// The Levenshtein distance between two strings (insertions, deletions and substitutions of
  /// characters). Cost: O(a·b) time, O(b) memory.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The names closest to `query`, best first, at most `limit` of them; empty when none is
  /// close. Names that contain the query come first. Otherwise the score of a name is its edit
  /// distance from the query, or one more than the distance from the name's beginning of about
  /// the query's length (so a typo in the first word of a long card name still finds it); names
  /// within about a third of the query's length, and with the best score, are returned.
  package static func closest(to query: String, among names: [String], limit: Int = 3) -> [String] {
    let wanted = normalized(query)
    // No card name is longer than a few hundred characters; a longer query is no name (and
    // its edit distance to every name would cost its length times theirs).
    guard !wanted.isEmpty, wanted.count <= 500 else { return [] }
    var seen = Set<String>()
    let unique = names.filter { seen.insert($0).inserted }
    let containing = unique.filter { normalized($0).contains(wanted) }
    if !containing.isEmpty { return Array(containing.sorted().prefix(limit)) }
    // A query of no letter or digit (`#`, `//`) is no misspelt name, and one of a character or
    // two is within a few edits of every name: no suggestion rather than the first names in order.
    guard wanted.contains(where: { $0.isLetter || $0.isNumber }), wanted.count >= 3 else { return [] }
    let threshold = max(2, wanted.count / 3) + 1
    let scored = unique.map { name -> (name: String, score: Int) in
      let candidate = normalized(name)
      var best = editDistance(wanted, candidate)
      for length in max(1, wanted.count - 1)...(wanted.count + 1) where length < candidate.count {
        best = min(best, editDistance(wanted, String(candidate.prefix(length))) + 1)
      }
      return (name, best)
    }
    guard let top = scored.map(\.score).min(), top <= threshold else { return [] }
    return scored.filter { $0.score == top }.map(\.name).sorted().prefix(limit).map { $0 }
  }

  /// ` (did you mean "A" or "B"?)`-style text for a message, or "" when there is nothing close.
  package static func suggestion(_ names: [String]) -> String {
    switch names.count {
    case 0: return ""
    case 1: return "; did you mean \"\(names[0])\"?"
    default:
      let quoted = names.map { "\"\($0)\"" }
      return "; did you mean \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last!)?"
    }
  }
}
