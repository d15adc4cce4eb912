import Foundation
import SealedTestSupport
import Testing

/// The access policy (README, Layout): between the modules of this package, what nothing outside
/// the package needs is `package`, not `public`. Outside it stand only the benchmarks
/// (`Benchmarks/`) and the fuzz targets (`Fuzz/`), separate packages naming this one by path:
/// the modules they import keep `public` what they use; every other module declares nothing
/// `public`.
@Suite struct AccessLevelTests {
  /// The modules that may declare something `public`, and why.
  static let publicAPI: [String: String] = [
    "SealedSupport": "imported by Benchmarks and Fuzz",
    "SealedData": "its values are the public default arguments of SealedCards",
    "SealedCards": "imported by Benchmarks and Fuzz",
    "SealedRules": "imported by Benchmarks and Fuzz",
    "SealedEngine": "imported by Benchmarks",
    "SealedAnalysis": "imported by Benchmarks and Fuzz",
    "SealedReports": "imported by Benchmarks",
    "SealedJobs": "imported by Benchmarks and Fuzz",
    "SealedDecks": "imported by Benchmarks and Fuzz",
    "SealedReportHTML": "imported by Benchmarks",
    "SealedPackFiles": "imported by Fuzz",
    "SealedMTGJSON": "imported by Fuzz",
  ]

  /// The modules only this package imports: not one `public` declaration.
  static let packageOnly: Set<String> = [
    "SealedAudit", "SealedStats", "SealedVerdicts", "SealedRelease", "SealedNetwork", "SealedLoops", "SealedScryfall", "SealedImages", "SealedCharts", "SealedCLI",
    "sealed", "SealedServer", "sealed-serve",
  ]

  /// The lines (from 1) of `text` holding the word `public` in code, outside strings and comments.
  static func publicLines(in text: String) -> [Int] {
    let code = SourceStructure.blanked(text)
    let word = Array("public".utf8)
    func isWordByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    var lines: [Int] = []
    var line = 1
    var index = 0
    while index < code.count {
      if code[index] == UInt8(ascii: "\n") {
        line += 1
      } else if code[index...].starts(with: word), index == 0 || !isWordByte(code[index - 1]),
        index + word.count == code.count || !isWordByte(code[index + word.count]),
        index == 0 || code[index - 1] != UInt8(ascii: ".")
      {
        lines.append(line)
      }
      index += 1
    }
    return lines
  }

  /// The modules of this package that the Swift files of `folder` (a nested package) import,
  /// its `.build` left out.
  static func sealedImports(of folder: String) throws -> Set<String> {
    let root = Fixtures.repositoryRoot.appendingPathComponent(folder)
    var modules = Set<String>()
    for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
    where url.pathExtension == "swift" && !url.path.contains("/.build") {
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        if words.count == 2, words[0] == "import", words[1].hasPrefix("Sealed") { modules.insert(String(words[1])) }
      }
    }
    return modules
  }

  @Test func everyModuleIsClassified() throws {
    let modules = Set(try SourceStructureTests.sources().map(\.module))
    #expect(modules.contains("SealedEngine"))
    #expect(Set(Self.publicAPI.keys).isDisjoint(with: Self.packageOnly))
    for module in modules.subtracting(Self.publicAPI.keys).subtracting(Self.packageOnly).sorted() {
      Issue.record("Sources/\(module) is in neither AccessLevelTests.publicAPI nor packageOnly; add it to one")
    }
    for module in Set(Self.publicAPI.keys).union(Self.packageOnly).subtracting(modules).sorted() {
      Issue.record("AccessLevelTests names \(module), which is not a folder of Sources/; delete it")
    }
  }

  /// A module the nested packages start to import needs a public API; one they no longer import
  /// (and whose values no public signature names) should lose it.
  @Test func theModulesWithAPublicAPIAreThoseTheNestedPackagesImport() throws {
    let imported = try Self.sealedImports(of: "Benchmarks").union(Self.sealedImports(of: "Fuzz"))
    #expect(imported.contains("SealedEngine") && imported.contains("SealedMTGJSON"))
    let expected = imported.union(["SealedData"])
    for module in expected.subtracting(Self.publicAPI.keys).sorted() {
      Issue.record("Benchmarks or Fuzz imports \(module): move it to AccessLevelTests.publicAPI")
    }
    for module in Set(Self.publicAPI.keys).subtracting(expected).sorted() {
      Issue.record("nothing outside the package imports \(module): make its declarations package")
    }
  }

  @Test func modulesOnlyThisPackageImportsDeclareNothingPublic() throws {
    var scanned = 0
    for file in try SourceStructureTests.sources() where Self.packageOnly.contains(file.module) {
      scanned += 1
      for line in Self.publicLines(in: file.text) {
        Issue.record("Sources/\(file.path):\(line): `public` in \(file.module), which only this package imports; use `package`")
      }
    }
    #expect(scanned > 50)
  }

  /// The tests' helpers (`Tests/SealedTestSupport`) serve this package's test targets alone.
  @Test func theTestSupportDeclaresNothingPublic() throws {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/SealedTestSupport")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    #expect(names.count > 3)
    for name in names.sorted() {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for line in Self.publicLines(in: text) {
        Issue.record("Tests/SealedTestSupport/\(name):\(line): `public` in the tests' helpers; use `package`")
      }
    }
  }

  @Test func theScannerFindsPublicInCodeOnly() {
    let text = """
      /// A public thing.
      public struct S {
        let help = "public"  // public
        @inlinable public init() {}
        var x = Access.public, publicly = 1, republic = 2
        package var y = \"""
          public
          \"""
      }
      """
    #expect(Self.publicLines(in: text) == [2, 4])
  }
}
