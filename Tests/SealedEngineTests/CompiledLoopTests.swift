import Foundation
import Synchronization
@testable import SealedSupport
import SealedCards
@testable import SealedRules
@testable import SealedEngine
@testable import SealedLoops
import SealedTestSupport
import Testing

/// The compiled plan loop (SealedLoops' `CompiledLoop`, from `EngineTables.loopPlan`): the same pools, counters and stream as the engine's
/// tables, for every plan shape it is written for; its cache; and the ways it falls back.
/// These tests compile with the C compiler the Swift toolchain brings (clang on PATH).
@Suite struct CompiledLoopTests {
  @Test(arguments: [
    ("war", "sealed"), ("grn", "sealed"), ("dom", "sealed"), ("m19", "sealed"), ("war", "mtgwtf"), ("dom", "mtgwtf"),
    ("m19", "mtgwtf"), ("war", "retail"),
  ])
  func theCompiledLoopCountsWhatTheTablesCount(_ set: String, _ rules: String) throws {
    let plan = try ShippedData.plan(set, rules: rules)
    let both = try LoopAndTables(plan, seed: 11, pools: 3 * Simulation.chunkPools + 123)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.tally.pools == 3 * Simulation.chunkPools + 123)
  }

  @Test func longBatchesThreeCombinationsAndNoMythicBoosterCompileAlike() throws {
    // 15 distinct mythics in a booster (a batch longer than the engine's straight-line kernels),
    // three variants with unequal weights, no mythic booster: other constants of the pool loop.
    let plan = try ShippedData.plan("war", yaml: LongBatchesRules.yaml(distinctMythics: true))
    let both = try LoopAndTables(plan, seed: 3, pools: 5000)
    #expect(both.tables.batches.elements.contains { $0.pickEnd - $0.pickStart > Int32(PoolEngine.unrolledPicks) })
    #expect(both.tables.combinationCount == 3)
    #expect(!both.tables.hasMythicPosition)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.tally.combinations.allSatisfy { $0 > 0 })
  }

  @Test func everyChoiceOfThePoolLoopCompilesAlike() throws {
    // A mythic booster whose position is weighted (chosen by thresholds), variants whose
    // digits need more than one random number per pool, and programs with and without a
    // card-picking segment that counts outcomes (the rare slot from a weighted sheet with
    // mythics in one variant only).
    let yaml = """
      name: pool-choices
      pool: { boosters: 6, mythic_booster: one, position_weights: [5, 1, 1, 1, 1, 3] }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        uncommon: { rarity: uncommon }
        rare: { rarity: rare }
        mythic: { rarity: mythic }
        rare_mythic: { any: [{ rarity: rare, rate: 2 }, { rarity: mythic, rate: 1 }] }
      slots:
        - { name: common, count: 10, sheet: common }
        - { name: uncommon, count: 3, sheet: uncommon }
        - { name: rare, count: 1, sheet: { mythic_booster: mythic, otherwise: rare } }
      variants:
        - { name: plain, weight: 9983 }
        - { name: weighted, weight: 17, replace: [{ slot: rare, sheet: rare_mythic }] }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let tables = EngineTables(plan: plan)
    let loopPlan = try #require(tables.loopPlan)
    #expect(!loopPlan.positionDigitIsPosition)
    #expect(loopPlan.poolDigits.dropFirst().contains { $0.starts })
    #expect(Set(loopPlan.programs.map(\.countsOutcomes)) == [false, true])
    #expect(loopPlan.programs.contains { $0.parts.contains { if case .card = $0 { true } else { false } } })
    #expect(loopPlan.programs.contains { $0.parts.count == 1 })
    let both = try LoopAndTables(plan, seed: 8, pools: 3 * Simulation.chunkPools)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.tally.combinations.allSatisfy { $0 > 0 })
  }

  @Test func aWrongConstantInTheSourceIsCaught() throws {
    // The comparison can fail: a loop whose variant thresholds are moved draws other programs.
    let plan = try ShippedData.plan("war")
    let tables = EngineTables(plan: plan)
    let source = try #require(tables.loopPlan.map(LoopSource.source))
    let threshold = String(tables.combinationThresholds[0])
    #expect(source.contains("\(threshold)ull"))
    let wrong = source.replacingOccurrences(of: "\(threshold)ull", with: "\(tables.combinationThresholds[0] / 2)ull")
    let folder = try Fixtures.temporaryDirectory("compiled-loop").path
    let compiler = try #require(LoopCompiler.find(environment: TestLoops.environment))
    let loop = try #require(CompiledLoopCache(folder: folder).loop(source: wrong, compiler: compiler, compiling: true))
    let both = LoopAndTables(tables: tables, loop: loop, seed: 1, pools: 2000)
    #expect(!both.sameTallies)
  }

  @Test func aliasEntriesAreWrittenAsNarrowAsTheyFitAndDrawAlikeEitherWay() throws {
    // War as mtg.wtf prints it: its card words and coded ranges fit 32 bits, its foil table
    // serves two variants and is written once; written wide, the same loop draws the same.
    let tables = EngineTables(plan: try ShippedData.plan("war", rules: "mtgwtf"))
    let loopPlan = try #require(tables.loopPlan)
    let narrow = LoopSource.source(for: loopPlan)
    let wide = LoopSource.source(for: loopPlan, narrowEntries: false)
    #expect(narrow.contains("typedef struct { uint64_t threshold; uint32_t keep, other; } CardEntry;"))
    #expect(narrow.contains("typedef struct { uint32_t product, threshold; uint64_t codes; } CodedAlternative;"))
    #expect(wide.contains("typedef struct { uint64_t threshold; uint64_t keep, other; } CardEntry;"))
    #expect(wide.contains("typedef struct { uint64_t product, threshold; uint64_t codes; } CodedAlternative;"))
    let foilTables = Set(loopPlan.cardTables.filter { $0.count == 264 })
    #expect(loopPlan.cardTables.filter { $0.count == 264 }.count == 2 && foilTables.count == 1)
    #expect(narrow.components(separatedBy: "CardEntry cardTable").count - 1 == loopPlan.cardTables.count - 1)
    let folder = try Fixtures.temporaryDirectory("compiled-loop-layouts").path
    let compiler = try #require(LoopCompiler.find(environment: TestLoops.environment))
    for source in [narrow, wide] {
      let loop = try #require(CompiledLoopCache(folder: folder).loop(source: source, compiler: compiler, compiling: true))
      let both = LoopAndTables(tables: tables, loop: loop, seed: 4, pools: Simulation.chunkPools + 77)
      #expect(both.sameTallies)
      #expect(both.sameStream)
    }
  }

  @Test func aCardOrStepTooLargeForANarrowWordIsWrittenWide() throws {
    // A card word's card and outcome step share 32 bits only when both fit; a coded
    // alternative's product 32 bits only when every product does.
    var loopPlan = try #require(EngineTables(plan: try ShippedData.plan("war", rules: "mtgwtf")).loopPlan)
    #expect(LoopSource.EntryLayout(plan: loopPlan).cardBits == 10)
    // 528 cards take 10 bits, leaving 22 for a step.
    loopPlan.cardTables[0][0].other = ((1 << 22) - 1) << 32 | 5
    #expect(LoopSource.EntryLayout(plan: loopPlan).cardBits == 10)
    loopPlan.cardTables[0][0].other = 1 << 54 | 5
    #expect(LoopSource.EntryLayout(plan: loopPlan).cardBits == nil)
    #expect(LoopSource.EntryLayout(plan: loopPlan).narrowCodedRanges)
    loopPlan.codedTables[0][0].keep.product = 1 << 32
    #expect(!LoopSource.EntryLayout(plan: loopPlan).narrowCodedRanges)
    #expect(LoopSource.source(for: loopPlan).contains("uint64_t product, threshold;"))
  }

  @Test func boostersAsPrintedCompileTheirPartsAndShapes() throws {
    // War as mtg.wtf prints it: the fixed picks, the coded rest of the balanced commons, the
    // rare slot and a foil by alias tables, and outcomes counted; two shapes (with and without
    // a foil), so the loop switches on them.
    let tables = EngineTables(plan: try ShippedData.plan("war", rules: "mtgwtf"))
    let parts = try #require(tables.loopPlan?.programs.map(\.parts))
    #expect(tables.anyProgramCountsOutcomes)
    #expect(parts.contains { $0.contains { if case .coded = $0 { true } else { false } } })
    #expect(parts.contains { $0.filter { if case .card = $0 { true } else { false } }.count == 2 })
    let source = try #require(tables.loopPlan.map(LoopSource.source))
    #expect(source.contains("switch (shapeOf[p])"))
  }

  @Test func everyBuiltInRuleSetHasALoopForEveryShippedSetItCovers() throws {
    // docs/simulate.md says so. (eld's shipped cards have no basic lands, hence no booster
    // range; a rule set names the sets it covers.)
    var planned = 0
    for set in ["dom", "eld", "grn", "m19", "m20", "rix", "rna", "war", "xln"] {
      for rules in ["sealed", "retail", "retail-lethe", "mtgwtf"] {
        guard let plan = try? ShippedData.plan(set, rules: rules) else { continue }
        #expect(EngineTables(plan: plan).loopPlan != nil, "\(set) \(rules)")
        planned += 1
      }
    }
    #expect(planned == 23, "\(planned) plans")
  }

  @Test func plansOfOtherShapesHaveNoLoop() throws {
    // Segments of several cards of a weighted sheet, and boosters whose cards may repeat
    // (tallied one by one, for duplicates), take the engine's tables.
    let repeating = """
      name: repeating
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
      slots:
        - { name: common, count: 14, sheet: common, distinct: false }
      """
    for plan in [try SeveralCardsSheet.plan(byAlias: false), try SeveralCardsSheet.plan(byAlias: true), try ShippedData.plan("war", yaml: repeating)] {
      let tables = EngineTables(plan: plan)
      #expect(tables.loopPlan.map(LoopSource.source) == nil)
      #expect(CompiledLoop.load(for: tables, environment: TestLoops.environment) == nil)
    }
  }

  @Test func aRunIsLongEnoughToCompileForFromAHundredMillionBoostersAThread() {
    #expect(!CompiledLoopUse.whenWorthIt.wanted(boosters: 99_999_999, threads: 1))
    #expect(CompiledLoopUse.whenWorthIt.wanted(boosters: 100_000_000, threads: 1))
    #expect(!CompiledLoopUse.whenWorthIt.wanted(boosters: 199_999_999, threads: 2))
    #expect(CompiledLoopUse.always.wanted(boosters: 6, threads: 2))
    #expect(!CompiledLoopUse.never.wanted(boosters: .max, threads: 1))
  }

  @Test(arguments: ["sealed", "mtgwtf"])
  func aRunWithItsLoopCountsWhatItsChunksCountFromTheTables(_ rules: String) throws {
    // Two threads drawing with the loop; the same chunks drawn one by one from the tables.
    let plan = try ShippedData.plan("war", rules: rules)
    let tables = EngineTables(plan: plan)
    #expect(CompiledLoop.load(for: tables, environment: TestLoops.environment) != nil)
    var request = Simulation.Request(plan: plan, pools: 9000, seed: 4, threads: 2)
    request.compiledLoop = .always
    request.loopEnvironment = TestLoops.environment
    let result = Simulation.run(request)
    #expect(result.chunksDrawnWithLoop == 3)
    request.compiledLoop = .never
    #expect(Simulation.run(request).tally == result.tally)
  }

  @Test func aSampleOfTheShippedReleasesProductsCountsAlikeWithTheirLoops() throws {
    // Every 20th of the 294 products of the release Sealed ships whose plans have a loop.
    #expect(try ReleaseLoops.compare(every: 20).compared == 14)
  }

  @Test(.heavy) func everyProductOfTheShippedReleaseWithALoopCountsAlike() throws {
    // 294 of its 538 products: the others have boosters tallied one by one (cards that may
    // repeat), segments of several cards or of alternatives, or no plan on the shipped cards.
    let (compared, valueBytes) = try ReleaseLoops.compare(every: 1)
    #expect(compared == 294, "\(compared) products compared")
    // A call keeps its programs' values on the stack (ProgramValues): 12,320 bytes for the
    // largest of the release's plans, far within a thread's stack (8 MiB by default on Linux,
    // 512 KiB for a secondary thread on macOS).
    #expect(valueBytes <= 64 * 1024, "\(valueBytes) bytes of program values")
  }

  @Test func theCacheKeepsALibraryAndReplacesOneThatDoesNotLoad() throws {
    let folder = try Fixtures.temporaryDirectory("compiled-loop").path
    let cache = CompiledLoopCache(folder: folder)
    let compiler = try #require(LoopCompiler.find(environment: TestLoops.environment))
    // A source no other test compiles, so that this process has not loaded it.
    let tables = EngineTables(plan: try ShippedData.plan("war"))
    let source = try #require(tables.loopPlan.map(LoopSource.source)) + "\n// \(UUID().uuidString)\n"
    let key = CompiledLoopCache.key(source: source, compiler: compiler)
    let library = (folder as NSString).appendingPathComponent("\(key).so")
    try Data("not a library".utf8).write(to: URL(fileURLWithPath: library))
    // A compile killed two hours ago left its library and source under temporary names: its
    // process has ended, so the next compile sweeps both.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    // A compile still running in this process (an hour on) keeps its files: only the files of
    // a writer that has ended are swept (the cache's own sweep went by age alone).
    let live = ".\(key).so.partial-\(getpid())-78.c"
    for name in [".\(key).so.partial-\(ended.processIdentifier)-77", ".\(key).so.partial-\(ended.processIdentifier)-77.c", live] {
      let path = (folder as NSString).appendingPathComponent(name)
      try Data("killed".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: path)
    }
    #expect(cache.loop(source: source, compiler: compiler, compiling: false) == nil)
    #expect(!FileManager.default.fileExists(atPath: library), "a library that does not load is removed")
    #expect(cache.loop(source: source, compiler: compiler, compiling: true) != nil)
    let bytes = try #require(FileManager.default.contents(atPath: library))
    #expect(bytes.starts(with: [0x7f, 0x45, 0x4c, 0x46]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [live, "\(key).c", "\(key).so"], "no temporary file left but the live one")
  }

  @Test func aCompilerThatFailsLeavesNothingAndIsNotRunAgainForTheSameLoop() throws {
    let folder = try Fixtures.temporaryDirectory("compiled-loop")
    let log = folder.appendingPathComponent("compiles.log").path
    // Says a version, then fails to compile anything, noting each attempt.
    let script = try Fixtures.writeScript(
      "#!/bin/sh\necho \"broken cc 1.0\"\n[ \"$1\" = --version ] && exit 0\necho attempt >> \(log)\nexit 1\n", to: "broken-cc", in: folder,
      probe: ["--version"])
    let compiler = try #require(LoopCompiler.find(environment: ["SEALED_CC": script]))
    #expect(compiler.version == "broken cc 1.0")
    let cacheFolder = folder.appendingPathComponent("loops").path
    let tables = EngineTables(plan: try ShippedData.plan("war"))
    let source = try #require(tables.loopPlan.map(LoopSource.source))
    #expect(CompiledLoopCache(folder: cacheFolder).loop(source: source, compiler: compiler, compiling: true) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder).isEmpty)
    #expect(CompiledLoop.load(for: tables, environment: ["SEALED_CC": script, "SEALED_HOME": folder.path]) == nil)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "attempt\n", "one attempt for the one loop")
  }

  @Test func aFolderOrLibraryOthersMayWriteIsNotLoaded() throws {
    let folder = try Fixtures.temporaryDirectory("compiled-loop").appendingPathComponent("loops").path
    let cache = CompiledLoopCache(folder: folder)
    let compiler = try #require(LoopCompiler.find(environment: TestLoops.environment))
    let tables = EngineTables(plan: try ShippedData.plan("war"))
    let plan = try #require(tables.loopPlan)
    func source() -> String { LoopSource.source(for: plan) + "\n// \(UUID().uuidString)\n" }
    // A folder anyone may write: nothing loaded or compiled there.
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o777)
    #expect(cache.loop(source: source(), compiler: compiler, compiling: true) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    chmod(folder, 0o700)
    // A library someone else may write, or owned by someone else: replaced by one compiled now.
    let text = source()
    let library = (folder as NSString).appendingPathComponent("\(CompiledLoopCache.key(source: text, compiler: compiler)).so")
    #expect(cache.loop(source: text, compiler: compiler, compiling: true) != nil)
    chmod(library, 0o666)
    let again = source()
    let other = (folder as NSString).appendingPathComponent("\(CompiledLoopCache.key(source: again, compiler: compiler)).so")
    try FileManager.default.copyItem(atPath: library, toPath: other)
    chmod(other, 0o666)
    #expect(cache.loop(source: again, compiler: compiler, compiling: false) == nil, "a library others may write")
    #expect(!FileManager.default.fileExists(atPath: other))
    #expect(cache.loop(source: again, compiler: compiler, compiling: true) != nil)
    var status = stat()
    #expect(lstat(other, &status) == 0 && status.st_mode & 0o022 == 0)
  }

  @Test func aCompilerThatHangsIsStoppedAndTheEngineDrawsFromItsTables() throws {
    let folder = try Fixtures.temporaryDirectory("compiled-loop")
    let script = try Fixtures.writeScript(
      "#!/bin/sh\necho \"slow cc 1.0\"\n[ \"$1\" = --version ] && exit 0\nexec sleep 600\n", to: "slow-cc", in: folder,
      probe: ["--version"])
    var compiler = try #require(LoopCompiler.find(environment: ["SEALED_CC": script]))
    compiler.compileSeconds = 1
    let plan = try #require(EngineTables(plan: try ShippedData.plan("war")).loopPlan)
    let cacheFolder = folder.appendingPathComponent("loops").path
    let started = Date()
    #expect(CompiledLoopCache(folder: cacheFolder).loop(source: LoopSource.source(for: plan), compiler: compiler, compiling: true) == nil)
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder).isEmpty)
  }

  /// A run draws from the tables while its loop compiles, then with the loop, the same pools: its
  /// compiler here waits until the run has counted 10 chunks (at most 20 s), so a run that
  /// waited for its compiler (as runs did) would draw every chunk with the loop, 20 s late. Both
  /// threads' progress callbacks then wait for the library, so that later chunks find the loop.
  @Test(.heavy) func aRunDrawsWhileItsLoopCompiles() throws {
    let folder = try Fixtures.temporaryDirectory("compiled-loop")
    let clang = try #require(LoopCompiler.find(environment: TestLoops.environment)).path
    let go = folder.appendingPathComponent("go").path
    let script = try Fixtures.writeScript(
      "#!/bin/sh\n[ \"$1\" = --version ] && exec \(clang) --version\n"
        + "n=0; while [ ! -f \(go) ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done\nexec \(clang) \"$@\"\n",
      to: "late-cc", in: folder, probe: ["--version"])
    let plan = try ShippedData.plan("war")
    let chunks = 100
    var request = Simulation.Request(plan: plan, pools: chunks * Simulation.chunkPools, seed: 12, threads: 2)
    request.compiledLoop = .alwaysInTheBackground
    request.loopEnvironment = TestLoops.environment.merging(["SEALED_CC": script, "SEALED_HOME": folder.path]) { $1 }
    let loops = folder.appendingPathComponent("cache/loops").path
    let waited = Mutex(false)
    let result = Simulation.run(request, progress: { done in
      guard done >= 10 * Simulation.chunkPools, !waited.withLock({ $0 }) else { return }
      // Both threads hold here until the loop is loaded (the library, then a moment).
      _ = FileManager.default.createFile(atPath: go, contents: nil)
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline, !((try? FileManager.default.contentsOfDirectory(atPath: loops)) ?? []).contains(where: { $0.hasSuffix(".so") }) {
        Thread.sleep(forTimeInterval: 0.01)
      }
      Thread.sleep(forTimeInterval: 0.2)
      waited.withLock { $0 = true }
    })
    #expect(result.chunksDrawnWithLoop > 0 && result.chunksDrawnWithLoop <= chunks - 10, "\(result.chunksDrawnWithLoop) chunks with the loop")
    var tablesOnly = Simulation.Request(plan: plan, pools: chunks * Simulation.chunkPools, seed: 12, threads: 2)
    tablesOnly.compiledLoop = .never
    #expect(Simulation.run(tablesOnly).tally == result.tally)
    // `.always` waits for the loop: every chunk is drawn with it.
    var waiting = request
    waiting.compiledLoop = .always
    #expect(Simulation.run(waiting).chunksDrawnWithLoop == chunks)
  }

  @Test func noneOrAMissingCompilerMeansNoLoop() throws {
    let tables = EngineTables(plan: try ShippedData.plan("war"))
    for named in ["none", "/nonexistent/clang", "/bin/false"] {
      #expect(LoopCompiler.find(environment: ["SEALED_CC": named]) == nil, "\(named)")
      #expect(CompiledLoop.load(for: tables, environment: ["SEALED_CC": named]) == nil, "\(named)")
    }
    #expect(LoopCompiler.find(environment: ["PATH": "/nonexistent"]) == nil)
  }

  @Test func theKeyNamesTheCompilerItsFlagsAndTheProcessor() throws {
    let base = LoopCompiler(path: "/usr/bin/clang", version: "clang version 21", processor: "model name: A")
    let keys = Set([
      base,
      LoopCompiler(path: "/usr/bin/clang", version: "clang version 20", processor: "model name: A"),
      LoopCompiler(path: "/usr/bin/clang", version: "clang version 21", processor: "model name: B"),
      LoopCompiler(path: "/usr/bin/clang", version: "clang version 21", processor: ""),
      LoopCompiler(path: "/opt/clang", version: "clang version 21", processor: "model name: A"),
    ].map { CompiledLoopCache.key(source: "int x;", compiler: $0) })
    #expect(keys.count == 5)
    #expect(CompiledLoopCache.key(source: "int y;", compiler: base) != CompiledLoopCache.key(source: "int x;", compiler: base))
    #expect(!LoopCompiler(path: "cc", version: "v", processor: "").flags.contains("-march=native"))
  }
}

/// The environment the tests load loops in: a cache folder of their own, never the user's.
private enum TestLoops {
  static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["SEALED_HOME"] = try! Fixtures.temporaryDirectory("compiled-loops").path
    return environment
  }()
}

/// The products of the booster data Sealed ships, each drawn by its loop and by the tables.
private enum ReleaseLoops {
  /// Compares every `step`-th product whose plan has a loop; returns how many it compared, and
  /// the most bytes a loop of theirs keeps its programs' values in (`ProgramValues`, 8 bytes or
  /// fewer a field).
  static func compare(every step: Int) throws -> (compared: Int, valueBytes: Int) {
    let data = try CompiledBoosterData.read(path: Fixtures.shippedBoosters)
    let cards = CardSetLoader(location: try CardDataLocation.resolve(option: nil))
    var eligible = 0
    var compared = 0
    var valueBytes = 0
    for product in data.products {
      let rules = try RuleSetLoader.product(product, source: "shipped")
      guard let set = try? cards.cardSet(product.set_code, for: rules), let plan = try? PlanCompiler.compile(rules, for: set),
        EngineTables(plan: plan).loopPlan != nil
      else { continue }
      eligible += 1
      guard eligible % step == 0 else { continue }
      let source = try #require(EngineTables(plan: plan).loopPlan.map(LoopSource.source))
      valueBytes = max(valueBytes, Self.programValueBytes(source))
      let both = try LoopAndTables(plan, seed: 5, pools: 700)
      #expect(both.sameTallies, "\(product.code)")
      #expect(both.sameStream, "\(product.code)")
      compared += 1
    }
    return (compared, valueBytes)
  }

  /// 8 bytes for each field of a loop's `ProgramValues` and each of its programs.
  static func programValueBytes(_ source: String) -> Int {
    guard let start = source.range(of: "typedef struct {\n", options: .backwards)?.upperBound,
      let end = source.range(of: "} ProgramValues;", range: start..<source.endIndex)?.lowerBound,
      let count = source.range(of: #"ProgramValues values\[(\d+)\]"#, options: .regularExpression)
    else { return Int.max }
    let programs = Int(source[count].dropFirst("ProgramValues values[".count).dropLast()) ?? Int.max
    return 8 * source[start..<end].split(separator: "\n").count * programs
  }
}

/// One plan drawn twice from one seed: by its compiled loop and by the engine's tables. The
/// results are compared here and kept as Booleans (a failed `#expect` on the tallies would
/// print both in full).
private struct LoopAndTables {
  let tables: EngineTables
  let sameTallies: Bool
  /// Whether both random streams end at the same place.
  let sameStream: Bool
  /// The compiled loop's tally.
  let tally: SimulationTally

  init(_ plan: BoosterPlan, seed: UInt64, pools: Int) throws {
    let tables = EngineTables(plan: plan)
    let loop = try #require(CompiledLoop.load(for: tables, environment: TestLoops.environment), "no compiled loop: is clang on PATH?")
    self.init(tables: tables, loop: loop, seed: seed, pools: pools)
  }

  init(tables: EngineTables, loop: CompiledLoop, seed: UInt64, pools: Int) {
    self.tables = tables
    let compiled = PoolSampler(tables: tables, loop: loop)
    let fromTables = PoolSampler(tables: tables)
    var a = Xoshiro256StarStar(seed: seed)
    var b = Xoshiro256StarStar(seed: seed)
    compiled.generate(pools: pools, using: &a)
    fromTables.generate(pools: pools, using: &b)
    sameTallies = compiled.tally == fromTables.tally
    tally = compiled.tally
    sameStream = a.next() == b.next()
  }
}
