import ArgumentParser
import Foundation
import SealedCore

/// `sealed merge`: adds shard reports into the report of the whole run.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Add the reports of the shards of a run (sealed simulate --shard K/N) into one report.",
    discussion: """
      Every folder must hold a tallies.json from the same run (set, rules, seed, pools) and \
      together they must be shards 1 to N. The merged report equals the report of the unsharded \
      run byte for byte, except the rows that describe execution (threads, elapsed_seconds, \
      boosters_per_second, started_at). Writes report.html too (sealed report DIR rebuilds it).
      """)

  @Argument(help: "Report folders of the shards.")
  var folders: [String]

  @OptionGroup var cardOptions: CardOptions

  @Option(help: ArgumentHelp("Report folder for the whole run (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  func run() throws {
    guard !folders.isEmpty else { throw DataError("expected at least one shard report folder") }
    var records: [(folder: String, record: RunRecord)] = []
    for folder in folders { records.append((folder, try RunRecord.read(folder: folder))) }
    let first = records[0].record
    for (folder, record) in records where record.shardCount < 1 || record.shardIndex < 1 || record.shardIndex > record.shardCount {
      throw DataError("shard \(record.shardIndex)/\(record.shardCount) is not a valid shard", at: folder)
    }
    for (folder, record) in records.dropFirst() {
      let mismatch: String? =
        record.set != first.set ? "set \(record.set) instead of \(first.set)"
        : record.rulesSHA256 != first.rulesSHA256 ? "other rules (\(record.rulesName), sha256 \(record.rulesSHA256.prefix(12)))"
        : record.seed != first.seed ? "seed \(record.seed) instead of \(first.seed)"
        : record.poolsRequested != first.poolsRequested ? "\(record.poolsRequested) pools instead of \(first.poolsRequested)"
        : record.chunkPools != first.chunkPools ? "chunks of \(record.chunkPools) pools instead of \(first.chunkPools)"
        : record.cardsFingerprint != first.cardsFingerprint ? "other card data"
        : record.shardCount != first.shardCount ? "shard count \(record.shardCount) instead of \(first.shardCount)"
        : nil
      if let mismatch {
        throw DataError("not a shard of the same run as \(records[0].folder): \(mismatch)", at: folder)
      }
    }
    for (folder, record) in records where record.generatorVersion != Simulation.generatorVersion {
      throw DataError(
        "made by Sealed \(record.toolVersion), whose generator (version \(record.generatorVersion ?? 1)) makes other pools from the same seed than this one (version \(Simulation.generatorVersion)); run every shard with this version",
        at: folder)
    }
    for (folder, record) in records where record.interrupted {
      throw DataError("shard \(record.shardIndex)/\(record.shardCount) was interrupted; run it again before merging", at: folder)
    }
    let indices = records.map(\.record.shardIndex)
    if let duplicate = Dictionary(grouping: records, by: \.record.shardIndex).first(where: { $0.value.count > 1 }) {
      throw DataError("shard \(duplicate.key)/\(first.shardCount) is given twice (\(duplicate.value.map(\.folder).joined(separator: ", ")))")
    }
    let missing = (1...first.shardCount).filter { !indices.contains($0) }
    guard missing.isEmpty else {
      throw DataError("shards \(missing.map { "\($0)/\(first.shardCount)" }.joined(separator: ", ")) are missing; merge needs all \(first.shardCount)")
    }

    let rules = try RuleSetLoader.parse(first.rulesText, source: first.rulesSource)
    let database = try cardOptions.loadDatabase()
    let set = try CardSet(code: first.set, in: database, boosterMax: first.boosterMax)
    let plan = try PlanCompiler.compile(rules, for: set)
    guard RunRecord.fingerprint(plan.cards) == first.cardsFingerprint else {
      throw DataError("the card data differs from the data the shards were run with (set \(first.set)); pass the same --cards")
    }
    var tally = SimulationTally(plan: plan)
    for (folder, record) in records {
      guard tally.isCompatible(with: record.tally) else {
        throw DataError("its tallies do not fit the rules and cards (was it written by another version?)", at: folder)
      }
      tally.add(record.tally)
    }
    let run = RunInfo(
      toolVersion: SealedCommand.version, seed: first.seed, poolsRequested: first.poolsRequested,
      threads: records.reduce(0) { $0 + $1.record.threads },
      elapsedSeconds: records.map(\.record.elapsedSeconds).max() ?? 0,
      startedAt: records.map(\.record.startedAt).min() ?? RunInfo.now(),
      command: ReproduceCommand.make("simulate", set: first.set, rules: Self.rulesOption(first), pools: first.poolsRequested, seed: first.seed))
    let report = SimulationReport(plan: plan, expectations: try Expectations(plan: plan), tally: tally, run: run)
    let folder = try ReportFolder(path: out ?? "reports/\(plan.setCode)-\(plan.rulesName)")
    var files = report.files.map { (name: $0.name, contents: $0.table.text) }
    let record = RunRecord(plan: plan, rulesText: first.rulesText, run: run, shard: .whole, tally: tally)
    files.append((RunRecord.fileName, record.encoded()))
    try folder.commit(HTMLReportFile.adding(to: files, tables: report.files))
    print("merged \(records.count) shards: \(tally.pools) pools (\(tally.boosters) boosters)")
    print("reports: \(folder.path)/")
  }

  /// What `--rules` the shards were given: a built-in's name, else the file's path.
  static func rulesOption(_ record: RunRecord) -> String {
    record.rulesSource.hasPrefix("built-in:") ? String(record.rulesSource.dropFirst("built-in:".count)) : record.rulesSource
  }
}
