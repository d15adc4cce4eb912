import Foundation
import SealedSupport
import SealedTestSupport
import Testing

@testable import SealedMTGJSON

/// The streaming scanner hands over the same pieces whatever the chunk size, and reports a
/// broken structure with its line and column; the FuzzMTGJSON seeds read, and every input the
/// fuzzer found (Fuzz/Found/FuzzMTGJSON, which must not be empty) or that once failed
/// (Fuzz/Regressions/FuzzMTGJSON) gives a result or a one-line error.
@Suite struct ScannerAndFuzzCorpusTests {
  static func files(_ folder: String) -> [URL] {
    let url = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/\(folder)/FuzzMTGJSON")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
  }

  /// The events of `bytes` fed in chunks of `size`, as text.
  func events(_ bytes: [UInt8], chunk size: Int) throws -> [String] {
    var scanner = MTGJSONScanner()
    var seen: [String] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + size)
      try bytes[start..<end].withUnsafeBytes { chunk in
        try scanner.feed(chunk) { event in
          switch event {
          case .meta(let b): seen.append("meta \(String(decoding: b, as: UTF8.self))")
          case .card(let level, let key, let b, let line, let number):
            seen.append("card \(level) \(key ?? "-") \(line) \(number) \(String(decoding: b, as: UTF8.self))")
          case .booster(let level, let key, let b, let line): seen.append("booster \(level) \(key ?? "-") \(line) \(b.count)")
          case .field(let level, let name, let b): seen.append("field \(level) \(name) \(String(decoding: b, as: UTF8.self))")
          case .setEnded(let level, let key, let hadCards): seen.append("end \(level) \(key ?? "-") \(hadCards)")
          }
        }
      }
      start = end
    }
    try scanner.finish()
    return seen
  }

  @Test func chunkSizeDoesNotMatter() throws {
    for file in Self.files("Corpus") where file.pathExtension == "json" {
      let bytes = Array(try Data(contentsOf: file))
      let whole = try events(bytes, chunk: bytes.count)
      #expect(whole.filter { $0.hasPrefix("card ") }.count >= 8)
      #expect(try events(bytes, chunk: 1) == whole)
      #expect(try events(bytes, chunk: 7) == whole)
    }
  }

  /// A scalar `meta` that ends exactly where a chunk ends.
  @Test func aNumberEndingWithAChunk() throws {
    let bytes = Array(#"{"meta": 12, "data": {"cards": [{}]}}"#.utf8)
    for size in 1...bytes.count {
      #expect(try events(bytes, chunk: size) == ["meta 12", "card 2 - 1 1 {}", "end 2 - true"], "chunk \(size)")
    }
  }

  @Test func setFileAndAllPrintingsLayouts() throws {
    let set = try events(Array(#"{"meta": {"v": 1}, "data": {"booster": {"x": {}}, "cards": [{"a": "}"}, {"b": [1, 2]}], "code": "TST", "translations": {"name": "no"}}}"#.utf8), chunk: 5)
    #expect(set == [
      #"meta {"v": 1}"#, "booster 2 - 1 9", #"card 2 - 1 1 {"a": "}"}"#, #"card 2 - 1 2 {"b": [1, 2]}"#, #"field 2 code "TST""#,
      // An object member of a set file's data is looked at as a set too; without cards it is none.
      #"field 3 name "no""#, "end 3 translations false", "end 2 - true",
    ])
    let all = try events(Array("{\"data\": {\"AAA\": {\"cards\": [{}], \"name\": \"A\"},\n \"BBB\": {\"cards\": []}}, \"meta\": {}}".utf8), chunk: 3)
    #expect(all == ["card 3 AAA 1 1 {}", #"field 3 name "A""#, "end 3 AAA true", "end 3 BBB true", "end 2 - false", "meta {}"])
  }

  @Test(arguments: [
    ("[1]", "1:1", "expected an MTGJSON file"),
    (#"{"data": [{}]}"#, "1:10", "\"data\" is an array, as in a Scryfall list"),
    (#"{"data": {"cards": [1]}}"#, "1:21", "card 1 of the \"cards\" array is not a JSON object"),
    ("{\"data\": {\"cards\": [{},]}}", "1:24", "a trailing ','"),
    ("{\"data\": {\"cards\": [{}]}\n\"meta\": 1}", "2:1", "expected ',' or '}' after a value"),
    ("{\"data\" {}}", "1:9", "expected ':' after a key"),
    ("{\"data\": {\"a\": \"x\ny\"}}", "1:18", "a line break inside a string"),
    ("{\"data\": {\"a\": \"x\ty\"}}", "1:18", "a control character inside a string"),
    ("{\"data\": {}} x", "1:14", "after the end of the JSON object"),
    ("{\"data\": {\"cards\": [{}", "1:22", "the file ends in the middle of the JSON (truncated?)"),
  ])
  func brokenStructureIsNamedWithItsPlace(input: String, place: String, message: String) throws {
    do {
      _ = try events(Array(input.utf8), chunk: 4)
      Issue.record("no error for \(input)")
    } catch let problem as MTGJSONScanner.Problem {
      #expect("\(problem.line):\(problem.column)" == place, "\(input): \(problem.message)")
      #expect(problem.message.contains(message), "\(problem.message)")
    }
  }

  @Test func everySeedReads() throws {
    let seeds = Self.files("Corpus")
    #expect(seeds.count >= 3)
    for seed in seeds {
      let contents = try MTGJSONContents.read(bytes: Array(try Data(contentsOf: seed)), source: seed.lastPathComponent)
      #expect(!contents.sets.isEmpty)
      #expect(contents.sets.allSatisfy { $0.cards.count == 6 && $0.products.count == 1 && $0.unresolved.isEmpty }, "\(seed.lastPathComponent)")
    }
  }

  @Test func everyFoundInputAndRegressionIsAnAnswerNotACrash() throws {
    let found = Self.files("Found")
    #expect(found.count >= 10, "Fuzz/Found/FuzzMTGJSON keeps the inputs the fuzzer found interesting")
    for input in found + Self.files("Regressions") {
      do {
        _ = try MTGJSONContents.read(bytes: Array(try Data(contentsOf: input)), source: "input")
      } catch let error as DataError {
        #expect(!error.description.contains("\n"), "\(input.lastPathComponent)")
      }
    }
  }
}
