import Foundation

/// One `$ ` example of a documentation page: a command line and the output the page shows for
/// it (docs/testing.md, "Documentation examples").
package struct DocExample: Sendable, Equatable {
  /// The page, relative to the repository (`docs/audit.md`).
  package var page: String
  /// The page's line of the `$ ` line.
  package var line: Int
  /// The command, continuation lines (ending in ` \`) joined.
  package var command: String
  /// The output lines the page shows, as written.
  package var expected: [String]
  /// The page's line of each shown output line.
  package var expectedLines: [Int]
  /// The block is marked `slow`: run by the release build only (CI's release step).
  package var slow: Bool

  /// `docs/audit.md:67` for messages.
  package var location: String { "\(page):\(line)" }
}

/// A documentation page read for its examples: every fenced block, the `$ ` examples of its
/// ```` ```text ```` blocks in page order, and the `sealed` command lines of its ```` ```sh ````
/// blocks (which are parsed, not run).
///
/// A ```` ```text ```` block holding `$ ` lines is a session: each `$ ` line a command, the lines
/// up to the next `$ ` line its output. Words after `text` in the fence: `slow` (run only against
/// the release build) and `ignore` (shown, not run); any other word is a mistake. A `$ ` line in
/// a block of another language, or of none, is a mistake too, so that no example escapes the
/// test by its fence. Cost: one pass over the page's lines.
package struct DocPage: Sendable {
  /// A problem with the page's examples themselves (not with the binary's output).
  package struct FormatProblem: Sendable, Equatable, CustomStringConvertible {
    package var location: String
    package var message: String
    package var description: String { "\(location): \(message)" }
  }

  package let path: String
  package private(set) var examples: [DocExample] = []
  /// `sealed` command lines of ```` ```sh ```` blocks: (page line, arguments after `sealed`).
  package private(set) var shellCommands: [(line: Int, arguments: String)] = []
  package private(set) var problems: [FormatProblem] = []
  /// Blocks marked `ignore`, by their fence's line.
  package private(set) var ignoredBlocks: [Int] = []

  /// The words a ```` ```text ```` fence may carry after `text`.
  package static let blockMarkers: Set<String> = ["slow", "ignore"]

  /// The name of the page's fixture folder, `docs/examples/NAME/`: the file name without `.md`.
  package var fixtureName: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

  package init(path: String, text: String) {
    self.path = path
    let lines = text.components(separatedBy: "\n")
    var index = 0
    while index < lines.count {
      guard let fence = Self.fence(lines[index]) else {
        index += 1
        continue
      }
      var body: [(line: Int, text: String)] = []
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        // A closing fence stands alone: "``` text" goes on the block (and the page with it).
        if lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
          problems.append(.init(location: "\(path):\(end + 1)", message: "a fence with text after it inside a block; a closing ``` stands on a line of its own"))
        }
        body.append((end + 1, String(lines[end].dropFirst(min(fence.indent, lines[end].prefix { $0 == " " }.count)))))
        end += 1
      }
      read(block: body, language: fence.language, markers: fence.markers, fenceLine: index + 1)
      index = end + 1
    }
  }

  /// A fence's indentation, language and further words, or nil when `line` is no opening fence.
  private static func fence(_ line: String) -> (indent: Int, language: String, markers: [String])? {
    let indent = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(indent)
    guard rest.hasPrefix("```") else { return nil }
    let words = rest.dropFirst(3).split(separator: " ").map(String.init)
    return (indent, words.first ?? "", Array(words.dropFirst()))
  }

  private mutating func read(block: [(line: Int, text: String)], language: String, markers: [String], fenceLine: Int) {
    let hasSession = block.contains { $0.text.hasPrefix("$ ") }
    if ["sh", "bash", "shell"].contains(language) { readShell(block) }
    guard hasSession else { return }
    guard language == "text" else {
      let fenced = language.isEmpty ? "no language" : "```\(language)"
      problems.append(.init(location: "\(path):\(fenceLine)", message: "a block of `$ ` lines has \(fenced); fence it ```text (run and compared) or ```text ignore (shown only)"))
      return
    }
    for marker in markers where !Self.blockMarkers.contains(marker) {
      problems.append(.init(location: "\(path):\(fenceLine)", message: "unknown word \"\(marker)\" after ```text; expected \(Self.blockMarkers.sorted().joined(separator: " or "))"))
    }
    if markers.contains("ignore") {
      ignoredBlocks.append(fenceLine)
      return
    }
    readSession(block, slow: markers.contains("slow"))
  }

  private mutating func readSession(_ block: [(line: Int, text: String)], slow: Bool) {
    var current: DocExample?
    var continued = false
    for (line, text) in block {
      if continued, var example = current {
        continued = text.hasSuffix(" \\")
        example.command += " " + text.trimmingCharacters(in: .whitespaces).dropLastContinuation
        current = example
      } else if text.hasPrefix("$ ") {
        if let current { examples.append(current.trimmed) }
        continued = text.hasSuffix(" \\")
        current = DocExample(page: path, line: line, command: String(text.dropFirst(2)).dropLastContinuation, expected: [], expectedLines: [], slow: slow)
      } else if current != nil {
        current!.expected.append(text)
        current!.expectedLines.append(line)
      } else if !text.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append(.init(location: "\(path):\(line)", message: "output before the block's first `$ ` line"))
      }
    }
    if let current { examples.append(current.trimmed) }
  }

  /// Lines of a shell block that run `sealed` with literal arguments (no placeholders, shell
  /// variables, pipes or quoting but double quotes), after an optional `swift run [-c release]`,
  /// `.build/release/` or `scripts/with-deps` prefix.
  private mutating func readShell(_ block: [(line: Int, text: String)]) {
    let prefixes = ["scripts/with-deps swift run -c release sealed ", "swift run -c release sealed ", "swift run sealed ",
      ".build/release/sealed ", ".build/debug/sealed ", "sealed "]
    for (line, raw) in block {
      var text = raw.trimmingCharacters(in: .whitespaces)
      if let comment = text.range(of: "  #") { text = String(text[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
      guard let prefix = prefixes.first(where: text.hasPrefix) else { continue }
      let arguments = String(text.dropFirst(prefix.count))
      let placeholder = arguments.split(separator: " ").contains { word in
        word.count > 1 && word.allSatisfy { $0.isUppercase || $0 == "_" }
      }
      guard !placeholder, !arguments.contains(where: { "[]{}$|'<>…\\`~".contains($0) }), !arguments.contains("...") else { continue }
      shellCommands.append((line, arguments))
    }
  }

  /// The pages whose examples are tested: README.md and every docs/*.md, by path.
  package static func paths(in root: URL) throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    return ["README.md"] + docs
  }
}

extension DocExample {
  /// Without the blank lines that end the shown output.
  fileprivate var trimmed: DocExample {
    var example = self
    while let last = example.expected.last, last.trimmingCharacters(in: .whitespaces).isEmpty {
      example.expected.removeLast()
      example.expectedLines.removeLast()
    }
    return example
  }
}

extension String {
  /// The line without its trailing ` \` (a shell continuation).
  fileprivate var dropLastContinuation: String {
    hasSuffix(" \\") ? String(dropLast(2)) : self
  }
}
