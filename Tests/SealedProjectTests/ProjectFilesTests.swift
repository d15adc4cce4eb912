import Foundation
import SealedStats
import SealedReports
import SealedVerdicts
import SealedTestSupport
import Testing

/// What the repository's own files promise: the platforms the manifests claim are the ones the
/// tests run on, and CI's release run names suites that exist.
@Suite struct ProjectFilesTests {
  static let root = Fixtures.repositoryRoot

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The tests find binaries through /proc, poll /proc for memory, and the scripts install with
  /// apt: they run on Linux only, so no manifest claims an Apple platform.
  @Test(arguments: ["Package.swift", "Fuzz/Package.swift", "Benchmarks/Package.swift"])
  func theManifestsClaimNoPlatformTheTestsDoNotRunOn(_ manifest: String) throws {
    let code = try Self.text(manifest).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    for claim in ["platforms:", ".macOS(", ".iOS(", ".tvOS(", ".watchOS(", ".visionOS(", ".macCatalyst(", ".brew("] {
      #expect(!code.contains { $0.contains(claim) }, "\(manifest) claims \(claim)")
    }
    #expect(try Self.text("README.md").contains("Requirements: Linux"))
  }

  /// `.ci/run` runs the engine, simulation and audit suites again against a release build; a
  /// suite renamed or removed would match nothing and pass silently, so each name must be a
  /// suite of Tests/.
  @Test func theReleaseRunOfCINamesSuitesThatExist() throws {
    let script = try Self.text(".ci/run")
    let names = script.split(separator: "\n").filter { $0.hasPrefix("release_suites") }
      .compactMap { line in line.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first }
      .flatMap { $0.split(separator: "|") }.map(String.init).filter { !$0.isEmpty }
    #expect(names.count >= 10)
    #expect(script.contains(#"swift test -c release --scratch-path .build-release-tests -Xswiftc -enable-testing --filter "$release_suites""#))
    var suites = Set<String>()
    let tests = Self.root.appendingPathComponent("Tests")
    for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
      for (index, line) in lines.enumerated() {
        let declaration = line.contains("@Suite") && line.contains("struct ") ? line : index > 0 && lines[index - 1].contains("@Suite") ? line : ""
        guard let range = declaration.range(of: "struct ") else { continue }
        suites.insert(String(declaration[range.upperBound...].prefix { $0.isLetter || $0.isNumber }))
      }
    }
    for name in names { #expect(suites.contains(name), "\(name) is not a suite of Tests/") }
    for name in ["EngineTests", "SimulateCommandTests", "AuditCommandTests", "PlantedRulesTests"] {
      #expect(names.contains(name))
    }
    // A heavy suite or test (`.heavy`: skipped by the debug run) must run in the release step,
    // or its checks would be dropped: the suite that holds it is named there.
    var heavy = 0
    for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
    where file.pathExtension == "swift" && !file.path.contains("SealedTestSupport") {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
      var suite = ""
      for (index, line) in lines.enumerated() {
        let declaration = line.hasPrefix("@Suite") && !line.contains("struct ") && index + 1 < lines.count ? lines[index + 1] : line
        if line.hasPrefix("@Suite") || (index > 0 && lines[index - 1].hasPrefix("@Suite")), let range = declaration.range(of: "struct ") {
          suite = String(declaration[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
        }
        let attribute = line.drop { $0 == " " }
        guard (attribute.hasPrefix("@Test(") || attribute.hasPrefix("@Suite(")) && attribute.contains("(.heavy") else { continue }
        heavy += 1
        #expect(names.contains(suite), "\(file.lastPathComponent):\(index + 1): a heavy test of \(suite), which CI's release step does not run")
      }
    }
    #expect(heavy >= 10)
  }
}

/// `audit.csv`'s `method` column is a closed vocabulary: docs/audit.md lists every word of it.
@Suite struct CheckMethodWordsTests {
  static let methods: [CheckMethod] = [
    .exactPerBooster, .exactPerPool, .exactBinomial, .approximateBinomial, .monteCarlo, .notTested, .notTestedOneCell,
    .asymptoticChiSquare(.multinomial, smallCells: false), .asymptoticChiSquare(.nullDispersion, smallCells: true),
    .asymptoticChiSquare(.unscaledTooFewSamples, smallCells: false), .asymptoticChiSquare(.claimDispersion, smallCells: false),
    .asymptoticChiSquare(.unscaledClaim, smallCells: false),
  ]

  /// README and audit.md describe audit.csv's columns by checks.csv's: up to `ci_level`, then the
  /// audit's three (they said "the columns of checks.csv", which has two more: a review).
  @Test func docsDescribeAuditColumnsByChecksColumns() throws {
    let checks = ReportFile.checks.columns
    let shared = Array(checks.prefix(through: try #require(checks.firstIndex(of: "ci_level"))))
    #expect(ReportFile.audit.columns == shared + ["method", "p_monte_carlo", "mc_standard_error"])
    #expect(Array(checks.dropFirst(shared.count)) == ["tests", "exact_share"])
    for file in ["README.md", "docs/audit.md"] {
      let text = try ProjectFilesTests.text(file).replacingOccurrences(of: "\n", with: " ")
      #expect(text.contains("columns of `checks.csv` up to `ci_level`"), "\(file)")
      #expect(text.contains("`tests` and `exact_share`"), "\(file)")
    }
  }

  @Test func docsListEveryMethodsWords() throws {
    let docs = try ProjectFilesTests.text("docs/audit.md").replacingOccurrences(of: "\n", with: " ")
    for method in Self.methods {
      switch method {
      case .asymptoticChiSquare(let scaling, let smallCells):
        let scalingWords = method.text.dropFirst("asymptotic chi-square".count).replacingOccurrences(of: " (approximate: a cell expects fewer than 5)", with: "")
        #expect(docs.contains("`asymptotic chi-square`"))
        if scaling != .multinomial { #expect(docs.contains("`\(scalingWords)`"), "\(scalingWords)") }
        if smallCells { #expect(docs.contains("` (approximate: a cell expects fewer than 5)`")) }
      // No default: a new method does not compile here until the test knows it.
      case .exactPerBooster, .exactPerPool, .exactBinomial, .approximateBinomial, .monteCarlo, .notTested, .notTestedOneCell:
        #expect(docs.contains("`\(method.text)`"), "\(method.text)")
      }
    }
  }

  /// Each method has its own words, so the column tells them apart, and `sealed report` reads
  /// every method back from them.
  @Test func everyMethodHasItsOwnWords() {
    #expect(Set(Self.methods.map(\.text)).count == Self.methods.count)
    #expect(Set(CheckMethod.allCases.map(\.text)).count == CheckMethod.allCases.count)
    for method in Self.methods + CheckMethod.allCases { #expect(CheckMethod(text: method.text) == method, "\(method.text)") }
    #expect(CheckMethod(text: "exact") == nil)
    #expect(CheckMethod.allCases.filter(\.isPerBooster) == [.exactPerBooster])
  }
}
