import Foundation
import SealedSupport
import SealedPackFiles
import SealedTestSupport
import Testing

/// The FuzzPackFiles target's inputs: every seed in Fuzz/Corpus/FuzzPackFiles reads (so the
/// fuzzer starts from valid files), and every input the fuzzer found interesting
/// (Fuzz/Found/FuzzPackFiles, which must not be empty) or that once failed
/// (Fuzz/Regressions/FuzzPackFiles) gives boosters or a one-line DataError, read as detected and
/// as each format, as the target reads it.
@Suite struct PackFileFuzzCorpusTests {
  static func files(_ folder: String) -> [URL] {
    let url = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/\(folder)/FuzzPackFiles")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
  }

  @Test func everySeedReads() throws {
    let seeds = Self.files("Corpus")
    #expect(seeds.count >= 4)
    for seed in seeds {
      let boosters = try PackFileReader.readAll(path: seed.path)
      #expect(!boosters.isEmpty, "\(seed.lastPathComponent)")
    }
  }

  @Test func everyFoundInputAndRegressionIsAnAnswerNotACrash() throws {
    let found = Self.files("Found")
    #expect(found.count >= 10, "Fuzz/Found/FuzzPackFiles keeps the inputs the fuzzer found interesting")
    var refused = 0
    for input in found + Self.files("Regressions") {
      let bytes = Array(try Data(contentsOf: input))
      for format in [nil] + PackFileFormat.allCases {
        do {
          var reader = try PackFileReader(bytes: bytes, source: "input", format: format)
          while let booster = try reader.next() {
            #expect(!booster.cards.isEmpty || reader.format == .seventeenLands, "\(input.lastPathComponent): a booster without cards")
          }
        } catch {
          #expect(!error.description.contains("\n"), "\(input.lastPathComponent)")
          refused += 1
        }
      }
    }
    #expect(refused > 0)
  }
}
