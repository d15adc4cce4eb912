import Foundation
import SealedCore
import SealedTestSupport
import Testing

/// The fuzz targets' inputs, run through the same loaders in the test suite: every seed in
/// Fuzz/Corpus loads (so the fuzzers start from valid files), and every input kept in
/// Fuzz/Regressions (inputs that once crashed, hung or ran out of memory) gives a result or a
/// one-line DataError.
@Suite struct FuzzCorpusTests {
  static let fuzz = Fixtures.repositoryRoot.appendingPathComponent("Fuzz")

  static func files(_ folder: String, _ target: String) -> [URL] {
    let url = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
  }

  /// Loads `data` as the target's loader does; throws its DataError.
  static func load(_ target: String, _ data: Data) throws(DataError) {
    switch target {
    case "FuzzCards": _ = try CardFileReader.parse(fileContents: data, source: "input")
    case "FuzzRules": _ = try RuleSetLoader.parse(String(decoding: data, as: UTF8.self), source: "input")
    case "FuzzSpecs": _ = try SpecLoader.parse(String(decoding: data, as: UTF8.self), source: "input")
    case "FuzzLibrary":
      do {
        _ = try Library.decodePool(data, path: "input")
      } catch {
        _ = try Library.decodeDeck(data, name: "input", path: "input")
      }
    case "FuzzTallies": _ = try RunRecord.decode(data, path: "input")
    default: throw DataError("unknown fuzz target \(target)")
    }
  }

  static let targets = ["FuzzCards", "FuzzRules", "FuzzSpecs", "FuzzLibrary", "FuzzTallies"]

  @Test(arguments: targets) func everySeedLoads(_ target: String) throws {
    let seeds = Self.files("Corpus", target)
    #expect(!seeds.isEmpty)
    for seed in seeds {
      #expect(throws: Never.self, "\(seed.lastPathComponent)") { try Self.load(target, Data(contentsOf: seed)) }
    }
  }

  @Test(arguments: targets) func everyRegressionIsAnAnswerNotACrash(_ target: String) throws {
    for input in Self.files("Regressions", target) {
      do {
        try Self.load(target, Data(contentsOf: input))
      } catch let error as DataError {
        #expect(!error.description.contains("\n"), "\(input.lastPathComponent)")
      }
    }
  }
}
