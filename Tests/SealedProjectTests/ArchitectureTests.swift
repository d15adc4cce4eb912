import Foundation
import SealedTestSupport
import Testing

/// The shape docs/architecture.md draws, held: which module may import which, where the engine
/// is started, and how thin a command is. Each failure names the file and what to move.
@Suite struct ArchitectureTests {
  /// The calls that start the engine: a simulation, opened pools, the audit's Monte Carlo null.
  static let engineStarts = ["Simulation.run(", "Simulation.openPools(", "Simulation.forEachChunk(", "AuditNull.run(", "PoolSampler(", "PoolEngine("]

  /// The modules that may start it: the engine itself and the run layer (and `Benchmarks/`,
  /// a package of its own).
  static let engineStarters: Set<String> = ["SealedEngine", "SealedJobs"]

  /// The web server's packages, and the one module that may import them (networking sits in a
  /// module of its own; `sealed` is built without them).
  static let webServerImports: Set<String> = ["Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1"]
  static let webServerModule = "SealedServer"

  /// The longest a command's file may be: it parses, makes a job, runs it and prints.
  static let commandLimit = 120

  @Test func theEngineIsStartedOnlyByTheRunLayer() throws {
    var found = 0
    for file in try SourceStructureTests.sources() {
      let code = String(decoding: SourceStructure.blanked(file.text), as: UTF8.self)
      for start in Self.engineStarts where code.contains(start) {
        found += 1
        if !Self.engineStarters.contains(file.module) {
          Issue.record("Sources/\(file.path) starts the engine (\(start)); make it a job of SealedJobs, the run layer")
        }
      }
    }
    #expect(found >= 6)
  }

  /// What `module` may not import of `imports` (names as `import` lines and `Package.swift`
  /// spell them), by the table: one line each, naming `place`.
  static func problems(_ module: String, imports: [String], place: String, table: ModuleImportTable) -> [String] {
    guard let row = table.rows[module] else {
      return ["\(place): \(module) has no row in docs/architecture.md's import table; add one"]
    }
    var problems: [String] = []
    for name in imports {
      if name.hasPrefix("Sealed") || name == "sealed" || name == "sealed-serve" {
        guard name != module, !row.allowed.contains(name) else { continue }
        let never = row.never.contains(name) ? " (never: the table says so)" : ""
        problems.append("\(place): \(module) imports \(name), which docs/architecture.md's table does not allow it\(never)")
      } else if let word = ModuleImportTable.packageWords[name], !row.packages.contains(word) {
        problems.append("\(place): \(module) uses \(word) (\(name)), which docs/architecture.md's table does not list for it")
      }
    }
    return problems
  }

  /// The names a file imports (`import X`, `internal import X`, `@testable import X`).
  static func imports(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ").map(String.init)
      guard let index = words.firstIndex(of: "import"), index <= 2, index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") || ["internal", "package", "public", "private", "fileprivate"].contains($0) })
      else { return nil }
      return words[index + 1].split(separator: ".").first.map(String.init)
    }
  }

  static let cLibraries: Set<String> = ["CGSL", "CStb", "CZlib"]

  @Test func everyModuleImportsOnlyWhatTheTableAllows() throws {
    let table = try ModuleImportTable.read()
    let sources = try SourceStructureTests.sources()
    #expect(sources.count > 200)
    for file in sources where !Self.cLibraries.contains(file.module) {
      for problem in Self.problems(file.module, imports: Self.imports(file.text), place: "Sources/\(file.path)", table: table) {
        Issue.record(Comment(rawValue: problem))
      }
    }
  }

  @Test func everyTargetDependsOnlyOnWhatTheTableAllows() throws {
    let table = try ModuleImportTable.read()
    // Every module of Sources/ is a target the manifest declares, and has a row.
    let modules = Set(try SourceStructureTests.sources().map(\.module)).subtracting(Self.cLibraries)
    let targets = try ManifestTargets.read().filter { modules.contains($0.key) }
    #expect(try ManifestTargets.read()["SealedTestSupport"] != nil)  // the tests' helpers are a target too, not a module
    #expect(Set(targets.keys) == modules)
    #expect(Set(table.rows.keys) == modules, "docs/architecture.md's table lists \(table.rows.keys.sorted())")
    #expect(targets["SealedStats"]?.contains("CGSL") == true && targets["SealedJobs"]?.contains("SealedStats") == true)
    for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
      for problem in Self.problems(target, imports: dependencies, place: "Package.swift", table: table) {
        Issue.record(Comment(rawValue: problem))
      }
    }
  }

  @Test func theTableIsConsistentAndItsChecksCanFail() throws {
    let table = try ModuleImportTable.read()
    for (module, row) in table.rows {
      #expect(row.allowed.isDisjoint(with: row.never), "\(module): allowed and never share \(row.allowed.intersection(row.never))")
      for name in row.allowed.union(row.never) { #expect(table.rows[name] != nil, "\(module) names \(name), which has no row") }
    }
    // The checks themselves: an import the table does not allow, one it forbids, a package it
    // does not list, and a module it lacks are each named.
    let problems = Self.problems("SealedReports", imports: ["SealedCards", "SealedDecks", "SealedStats", "Yams"], place: "x.swift", table: table)
    #expect(problems.count == 3, "\(problems)")
    #expect(problems.contains { $0.contains("imports SealedStats") && $0.contains("never") })
    #expect(problems.contains { $0.contains("imports SealedDecks") && !$0.contains("never") })
    #expect(problems.contains { $0.contains("uses Yams") })
    #expect(Self.problems("SealedNew", imports: [], place: "x.swift", table: table).first?.contains("has no row") == true)
    #expect(Self.imports("import Foundation\ninternal import CGSL\n@testable import SealedRules\n// import Nope\n") == ["Foundation", "CGSL", "SealedRules"])
  }

  @Test func onlyTheAppsModuleImportsTheWebServer() throws {
    var found = 0
    for file in try SourceStructureTests.sources() {
      for line in file.text.split(separator: "\n") where line.hasPrefix("import ") {
        let module = String(line.split(separator: " ").last!)
        guard Self.webServerImports.contains(module) else { continue }
        found += 1
        if file.module != Self.webServerModule {
          Issue.record("Sources/\(file.path) imports \(module): the web server belongs to \(Self.webServerModule) alone")
        }
      }
    }
    #expect(found >= 1)
  }

  @Test func everyCommandIsThin() throws {
    let commands = try SourceStructureTests.sources().filter { $0.path.hasPrefix("SealedCLI/Commands/") }
    #expect(commands.count > 15)
    for file in commands where file.lineCount > Self.commandLimit {
      Issue.record("Sources/\(file.path): \(file.lineCount) lines (limit \(Self.commandLimit)); move its work into a job or its printing into Output/")
    }
  }
}
