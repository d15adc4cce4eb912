import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedAnalysis
import SealedReports
import SealedJobs
import SealedDecks
import SealedTestSupport
import Testing

/// The fuzz targets' inputs, run through the same loaders in the test suite. Each target keeps
/// three folders under Fuzz/: `Corpus/TARGET` (seeds written from the repository's own files,
/// which must load, so the fuzzer starts from valid files), `Found/TARGET` (inputs the fuzzer
/// found interesting: new coverage, mostly malformed) and `Regressions/TARGET` (inputs that once
/// crashed, hung or ran out of memory). Every one of them must give a result or a one-line
/// DataError, taken through the steps the target takes, and no target's seeds or found inputs may
/// be missing, so that no case here checks nothing.
@Suite struct FuzzCorpusTests {
  static let fuzz = Fixtures.repositoryRoot.appendingPathComponent("Fuzz")

  static func files(_ folder: String, _ target: String) -> [URL] {
    let url = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
  }

  /// Loads `data` as the target's loader does and, with `further`, takes it through the target's
  /// further steps (Fuzz/Sources/TARGET); throws the first DataError.
  static func load(_ target: String, _ data: Data, further: Bool = true) throws(DataError) {
    switch target {
    case "FuzzCards":
      let cards = try CardFileReader.parse(fileContents: data, source: "input")
      guard further else { return }
      for code in Set(cards.map(\.setCode)).sorted().prefix(3) { _ = try CardSet(code: code, in: CardDatabase(cards: cards)) }
    case "FuzzRules":
      let rules = try RuleSetLoader.parse(String(decoding: data, as: UTF8.self), source: "input")
      guard further else { return }
      _ = try Expectations(plan: try PlanCompiler.compile(rules, for: try FuzzSet.set()))
    case "FuzzSpecs": _ = try SpecLoader.parse(String(decoding: data, as: UTF8.self), source: "input")
    case "FuzzLibrary":
      do {
        _ = Library.file(for: try Library.decodePool(data, path: "input"), named: "input").text
      } catch {
        let deck = try Library.decodeDeck(data, name: "input", path: "input")
        _ = Library.file(for: deck).text
        _ = DeckSummary(deck).sizeNote
      }
    case "FuzzTallies":
      let record = try RunRecord.decode(data, path: "input")
      guard further else { return }
      try ShardMerge.checkShards([("input", record)])
    case "FuzzBoosterData":
      let products = try CompiledBoosterData.read(contents: data, source: "input").products
      guard further else { return }
      for product in products.prefix(3) {
        _ = try RuleSetLoader.parse(try CompiledBoosterRules.ruleFile([product], name: "fuzz", source: "input"), source: "input")
      }
    default: throw DataError("unknown fuzz target \(target)")
    }
  }

  /// Takes `input` through the target's steps: a result or a one-line DataError; true when it
  /// loaded.
  @discardableResult
  static func expectAnAnswer(_ target: String, _ input: URL) throws -> Bool {
    do {
      try load(target, Data(contentsOf: input))
      return true
    } catch let error as DataError {
      #expect(!error.description.contains("\n"), "\(input.lastPathComponent)")
      return false
    }
  }

  static let targets = ["FuzzCards", "FuzzRules", "FuzzSpecs", "FuzzLibrary", "FuzzTallies", "FuzzBoosterData"]

  @Test(arguments: targets) func everySeedLoads(_ target: String) throws {
    let seeds = Self.files("Corpus", target)
    #expect(!seeds.isEmpty)
    for seed in seeds {
      #expect(throws: Never.self, "\(seed.lastPathComponent)") { try Self.load(target, Data(contentsOf: seed), further: false) }
      try Self.expectAnAnswer(target, seed)
    }
  }

  @Test(arguments: targets) func everyFoundInputAndRegressionIsAnAnswerNotACrash(_ target: String) throws {
    let found = Self.files("Found", target)
    #expect(found.count >= 10, "Fuzz/Found/\(target) keeps the inputs the fuzzer found interesting")
    var refused = 0
    for input in found + Self.files("Regressions", target) where !(try Self.expectAnAnswer(target, input)) { refused += 1 }
    // The fuzzer finds malformed inputs above all: some are refused, with a line saying why.
    #expect(refused > 0)
  }
}

/// The 40-card set FuzzRules compiles rules against (Fuzz/Sources/FuzzRules): every rarity, a
/// planeswalker in five, basic lands 36-40.
enum FuzzSet {
  static func set() throws(DataError) -> CardSet {
    let rarities = ["common", "uncommon", "rare", "mythic"]
    var objects: [String] = []
    for number in 1...40 {
      let rarity = number > 35 ? "common" : rarities[number % 4]
      let type = number > 35 ? "Basic Land — Plains" : (number % 5 == 0 ? "Legendary Planeswalker — Fuzz" : "Creature — Test")
      let name = number > 35 ? "Plains" : "Card \(number)"
      objects.append(
        #"{"object":"card","id":"fz-\#(number)","name":"\#(name)","set":"fzz","set_name":"Fuzz","collector_number":"\#(number)","rarity":"\#(rarity)","type_line":"\#(type)","mana_cost":"{1}{W}","cmc":2,"colors":["W"],"color_identity":["W"],"layout":"normal"}"#)
    }
    let cards = try CardFileReader.parse(Data(("[" + objects.joined(separator: ",") + "]").utf8), source: "fuzz-set.json")
    return try CardSet(code: "fzz", in: CardDatabase(cards: cards), boosterMax: 40)
  }
}
