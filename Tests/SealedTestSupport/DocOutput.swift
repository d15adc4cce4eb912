import Foundation

/// How a page's shown output is compared with what a command printed (docs/testing.md,
/// "Documentation examples"): both are masked (run times, speeds, dates and thread counts become
/// placeholders;
/// trailing spaces go), and the shown lines may elide: a line that is only `...` stands for any
/// number of lines (none included), and `...` inside a line for any text within that line.
package enum DocOutput {
  /// Masks applied to both sides, line by line, in order.
  static let masks: [(NSRegularExpression, String)] = [
    (#"\d[\d,]*(\.\d+)? ?[kMG]? ?(boosters|pools|cards|packs|B)/s\b"#, "<speed>"),
    (#"\b\d+(\.\d+)? ?(s|ms|µs|seconds|thread-seconds)\b"#, "<time>"),
    (#"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?"#, "<date>"),
    (#"\bon \d{4}-\d{2}-\d{2}\b"#, "on <date>"),
    (#"\bon \d+ thread\(s\)"#, "on <n> thread(s)"),
  ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

  /// `line` with run times, speeds and dates replaced by placeholders and trailing spaces removed.
  package static func mask(_ line: String) -> String {
    var text = line
    for (pattern, replacement) in masks {
      text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
    }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }

  /// A command's output as lines to compare: `replacing` turns the run's own folders into what
  /// a page shows (the working folder and the build folder into `/…`, the home folder into `~`),
  /// longest first; then `mask`. Trailing blank lines are dropped.
  package static func lines(of output: String, replacing paths: [(String, String)]) -> [String] {
    var text = output
    for (path, shown) in paths.sorted(by: { $0.0.count > $1.0.count }) where !path.isEmpty {
      text = text.replacingOccurrences(of: path, with: shown)
    }
    var lines = text.components(separatedBy: "\n").map(mask)
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    return lines
  }

  /// Where the shown lines and the output part: the index of the shown line that matches no
  /// output line (nil: the output goes on after everything shown) and of the output line
  /// reached there (nil: the output ended).
  package struct Mismatch: Sendable, Equatable {
    package var expected: Int?
    package var actual: Int?

    package init(expected: Int?, actual: Int?) {
      self.expected = expected
      self.actual = actual
    }
  }

  /// Compares masked shown lines with masked output lines; nil when they match. Cost: at most
  /// shown × output line comparisons.
  package static func mismatch(expected: [String], actual: [String]) -> Mismatch? {
    // The output positions the shown lines so far can end at, ascending.
    var positions: [Int] = [0]
    for (index, shown) in expected.enumerated() {
      if shown.trimmingCharacters(in: .whitespaces) == "..." {
        positions = Array(positions[0]...actual.count)
        continue
      }
      let next = positions.filter { $0 < actual.count && matches(shown, actual[$0]) }.map { $0 + 1 }
      guard !next.isEmpty else {
        let reached = positions[0]
        return Mismatch(expected: index, actual: reached < actual.count ? reached : nil)
      }
      positions = next
    }
    if positions.contains(actual.count) { return nil }
    return Mismatch(expected: nil, actual: positions.last!)
  }

  /// Whether one shown line (with `...` for any text) matches one output line.
  package static func matches(_ shown: String, _ line: String) -> Bool {
    guard shown.contains("...") else { return shown == line }
    let parts = shown.components(separatedBy: "...")
    guard line.hasPrefix(parts[0]) else { return false }
    var rest = line.dropFirst(parts[0].count)
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(parts.last!)
  }
}
