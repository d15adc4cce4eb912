import Foundation
import SealedTestSupport

/// docs/architecture.md's table "What each module may import", read: per module, the Sealed
/// modules and the other packages it may import, and the modules it must never import. What
/// `ArchitectureTests` holds the sources and `Package.swift` to.
struct ModuleImportTable {
  struct Row {
    /// Full module names (`SealedCards`).
    var allowed: Set<String>
    /// The other packages and C libraries, in the doc's words (`Yams`, `zlib`, `GSL`).
    var packages: Set<String>
    var never: Set<String>
  }

  var rows: [String: Row]

  /// The names of `import` lines and `Package.swift` dependencies that are not Sealed modules,
  /// in the doc's words; anything else not Sealed's (Foundation, Dispatch, Synchronization)
  /// comes with the toolchain and is not listed.
  static let packageWords: [String: String] = [
    "SystemPackage": "swift-system", "CZlib": "zlib", "CGSL": "GSL", "CStb": "stb", "Yams": "Yams",
    "Mustache": "Mustache", "ArgumentParser": "ArgumentParser", "Hummingbird": "Hummingbird",
  ]

  static let page = Fixtures.repositoryRoot.appendingPathComponent("docs/architecture.md")

  /// Reads the table from docs/architecture.md.
  static func read() throws -> ModuleImportTable {
    let text = try String(contentsOf: page, encoding: .utf8)
    guard let start = text.range(of: "| module | may import | never |") else {
      throw Problem("docs/architecture.md: no table headed | module | may import | never |")
    }
    var rows: [String: Row] = [:]
    for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3, let module = cells[0].split(separator: " ").first.map(String.init) else {
        throw Problem("docs/architecture.md: a row of the import table without three cells: \(line)")
      }
      let parts = cells[1].split(separator: ";", maxSplits: 1).map(String.init)
      rows[module] = Row(
        allowed: Set(modules(parts[0])), packages: Set(words(parts.count > 1 ? parts[1] : "")), never: Set(modules(cells[2])))
    }
    return ModuleImportTable(rows: rows)
  }

  /// `Support, Cards` as module names; `nothing of Sealed` as none; the parenthetical dropped.
  static func modules(_ cell: String) -> [String] {
    words(cell).filter { $0 != "nothing of Sealed" }.map { word in
      ["sealed", "sealed-serve"].contains(word) ? word : "Sealed" + word
    }
  }

  /// The comma-separated words of a cell, each without a parenthetical.
  static func words(_ cell: String) -> [String] {
    cell.split(separator: ",").map { word in
      String(word.split(separator: "(").first ?? "").trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

/// Package.swift's targets and the dependencies each declares (the Sealed targets by name,
/// products by their product's name), read from the manifest's text.
enum ManifestTargets {
  static func read() throws -> [String: [String]] {
    let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = try NSRegularExpression(pattern: #"\.(target|executableTarget)\(\s*name:\s*"([^"]+)""#)
    let matches = declaration.matches(in: text, range: NSRange(text.startIndex..., in: text))
    var targets: [String: [String]] = [:]
    for (index, match) in matches.enumerated() {
      let name = String(text[Range(match.range(at: 2), in: text)!])
      let end = index + 1 < matches.count ? Range(matches[index + 1].range, in: text)!.lowerBound : text.endIndex
      let body = text[Range(match.range, in: text)!.upperBound..<end]
      targets[name] = dependencies(String(body))
    }
    return targets
  }

  /// The names in `dependencies: [...]` of a target's declaration: quoted target names, and
  /// `.product(name: "X", ...)`'s X.
  static func dependencies(_ body: String) -> [String] {
    guard let start = body.range(of: "dependencies: [") else { return [] }
    var depth = 1
    var end = start.upperBound
    while end < body.endIndex && depth > 0 {
      if body[end] == "[" { depth += 1 } else if body[end] == "]" { depth -= 1 }
      end = body.index(after: end)
    }
    let list = String(body[start.upperBound..<end])
    let product = try! NSRegularExpression(pattern: #"\.product\(name:\s*"([^"]+)"[^)]*\)"#)
    var names: [String] = []
    var remaining = list
    for match in product.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
      names.append(String(list[Range(match.range(at: 1), in: list)!]))
    }
    remaining = product.stringByReplacingMatches(in: list, range: NSRange(list.startIndex..., in: list), withTemplate: "")
    let quoted = try! NSRegularExpression(pattern: #""([^"]+)""#)
    for match in quoted.matches(in: remaining, range: NSRange(remaining.startIndex..., in: remaining)) {
      names.append(String(remaining[Range(match.range(at: 1), in: remaining)!]))
    }
    return names
  }
}
