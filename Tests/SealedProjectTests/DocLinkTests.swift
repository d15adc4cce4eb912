import Foundation
import SealedTestSupport
import Testing

/// Every relative link of README.md and docs/*.md leads somewhere: the file exists and, with an
/// anchor, the page has a heading of that anchor (as GitHub makes them). A newcomer's review
/// found three links to headings renamed since.
@Suite struct DocLinkTests {
  @Test func everyRelativeLinkFindsItsFileAndHeading() throws {
    let root = Fixtures.repositoryRoot
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
    var broken: [String] = []
    var checked = 0
    for page in ["README.md"] + docs.sorted() {
      let url = root.appendingPathComponent(page)
      for (line, target) in Self.links(in: try String(contentsOf: url, encoding: .utf8)) {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let file = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0].removingPercentEncoding ?? parts[0])
        checked += 1
        guard FileManager.default.fileExists(atPath: file.standardizedFileURL.path) else {
          broken.append("\(page):\(line): \(target): no such file")
          continue
        }
        if parts.count == 2, file.pathExtension == "md" {
          let anchors = Self.anchors(of: try String(contentsOf: file, encoding: .utf8))
          if !anchors.contains(parts[1]) { broken.append("\(page):\(line): \(target): no heading of that anchor") }
        }
      }
    }
    #expect(checked > 100, "\(checked) links")
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  @Test func anchorsAreGitHubs() {
    #expect(Self.slug("The source's conventions: lint") == "the-sources-conventions-lint")
    #expect(Self.slug("Compiled for the processor (`SEALED_TARGET_CPU`), 2026-12-04") == "compiled-for-the-processor-sealed_target_cpu-2026-12-04")
    #expect(Self.anchors(of: "# A\n## A\n```\n# not a heading\n```\n") == ["a", "a-1"])
  }

  /// The relative link targets of a Markdown page outside its code blocks, with their lines.
  static func links(in text: String) -> [(Int, String)] {
    var found: [(Int, String)] = []
    var inCode = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
      if inCode { continue }
      // Inline code may show link syntax as text.
      let prose = line.replacing(/`[^`]*`/, with: "")
      for match in prose.matches(of: /\]\(([^)\s]+)\)/) {
        let target = String(match.output.1)
        if target.contains("://") || target.hasPrefix("mailto:") { continue }
        found.append((index + 1, target))
      }
    }
    return found
  }

  /// The anchors of a page's headings, as GitHub makes them (a repeated one gets `-1`, `-2`).
  static func anchors(of text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors = Set<String>()
    var inCode = false
    for line in text.split(separator: "\n") {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
      guard !inCode, let heading = line.firstMatch(of: /^#{1,6} +(.+)$/) else { continue }
      let base = slug(String(heading.output.1))
      let count = seen[base, default: 0]
      seen[base] = count + 1
      anchors.insert(count == 0 ? base : "\(base)-\(count)")
    }
    return anchors
  }

  /// GitHub's anchor of a heading: lowercase, punctuation but `-` and `_` dropped, spaces as `-`.
  static func slug(_ heading: String) -> String {
    String(
      heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
        if scalar == " " { return "-" }
        if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
          return Character(scalar)
        }
        return nil
      })
  }
}
