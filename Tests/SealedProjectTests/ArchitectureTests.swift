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

  /// What each module must not import, and why.
  static let forbiddenImports: [String: (modules: Set<String>, reason: String)] = [
    "SealedStats": (["SealedReports", "SealedReportHTML", "SealedJobs"], "the statistics know nothing of the report layout"),
    "SealedAudit": (["SealedReports", "SealedReportHTML", "SealedJobs"], "the audit's checks know nothing of the report layout"),
    "SealedReports": (
      ["SealedEngine", "SealedAnalysis", "SealedStats", "SealedAudit", "SealedRules", "SealedJobs"],
      "the report layout needs nothing of the engine or the checks"
    ),
    "SealedVerdicts": (["SealedEngine", "SealedReports", "SealedStats", "SealedRules"], "a check's result is plain values"),
    "SealedAnalysis": (["SealedReports", "SealedStats", "SealedJobs"], "observed and expected values come before the checks"),
    "SealedEngine": (["SealedAnalysis", "SealedReports", "SealedStats", "SealedJobs"], "the engine comes before what reads its tallies"),
    "SealedJobs": (["SealedCLI", "SealedServer"], "the run layer serves the commands and the app alike, and knows neither"),
    "SealedServer": (["SealedCLI"], "the app calls the run layer's jobs as the commands do, not the commands"),
    "SealedRelease": (["SealedEngine", "SealedReports", "SealedJobs"], "a release's shares are exact, from the JSON: no simulation, no layout"),
    "SealedDecks": (
      ["SealedStats", "SealedReports", "SealedJobs"],
      "a deck is its cards and the library; a hand's odds (GSL) are the run layer's HandJob, which the command and the app share"
    ),
  ]

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

  @Test func modulesImportOnlyWhatTheirStageMay() throws {
    for file in try SourceStructureTests.sources() {
      guard let rule = Self.forbiddenImports[file.module] else { continue }
      for line in file.text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
        let module = String(line.split(separator: " ").last!)
        if rule.modules.contains(module) {
          Issue.record("Sources/\(file.path) imports \(module): \(rule.reason)")
        }
      }
    }
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

  @Test func theManifestGivesNoForbiddenDependency() throws {
    let manifest = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    for (module, rule) in Self.forbiddenImports {
      let declaration = try #require(manifest.range(of: "name: \"\(module)\""), "\(module) in Package.swift")
      let end = manifest[declaration.upperBound...].range(of: "),")?.lowerBound ?? manifest.endIndex
      let dependencies = manifest[declaration.upperBound..<end]
      for forbidden in rule.modules where dependencies.contains("\"\(forbidden)\"") {
        Issue.record("Package.swift: \(module) depends on \(forbidden): \(rule.reason)")
      }
    }
  }

  @Test func everyCommandIsThin() throws {
    let commands = try SourceStructureTests.sources().filter { $0.path.hasPrefix("SealedCLI/Commands/") }
    #expect(commands.count > 15)
    for file in commands where file.lineCount > Self.commandLimit {
      Issue.record("Sources/\(file.path): \(file.lineCount) lines (limit \(Self.commandLimit)); move its work into a job or its printing into Output/")
    }
  }
}
