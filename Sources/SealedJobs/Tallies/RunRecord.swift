import Foundation
import SealedReports
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

/// The machine-readable record of a run (`tallies.json` in every report folder): the exact
/// rules text, the run's identity and the raw tallies, with the totals the tallies add up to
/// and a SHA-256 digest of everything else. `sealed merge` adds shard records into the record of
/// the whole run and rebuilds the CSV reports from it; it reads only records whose digest and
/// totals hold.
public struct RunRecord: Codable, Sendable {
  /// The record's file name in a report folder: `tallies.json`.
  package static let fileName = ReportFile.tallies.name
  /// 2: with `totals` and `sha256`; 3: `cardsFingerprint` over what a plan reads of each card
  /// (`fingerprint(_:format:)`). Records of format 2 are read, their fingerprint as they made it.
  package static let formatVersion = 3
  /// The formats read.
  package static let readFormats = 2...formatVersion

  /// The record's format version (`formatVersion` when written).
  package var format: Int
  package var toolVersion: String
  /// `Simulation.generatorVersion` of the run; nil in records written before it was recorded
  /// (generator version 1).
  package var generatorVersion: Int?
  package var set: String
  /// The plan's booster range upper end (`BoosterPlan.boosterMax`).
  package var boosterMax: Int
  /// SHA-256 over the plan's cards (`fingerprint(_:format:)`), to tell card data apart.
  package var cardsFingerprint: String
  package var rulesName: String
  package var rulesSource: String
  package var rulesText: String
  package var rulesSHA256: String
  package var seed: UInt64
  package var poolsRequested: Int
  /// Pools per chunk of the run (`Simulation.chunkPools`): shards split the run by chunks, so
  /// shards merge only when they agree on it.
  package var chunkPools: Int
  /// This record's shard, `shardIndex` (from 1) of `shardCount`.
  package var shardIndex: Int
  package var shardCount: Int
  package var interrupted: Bool
  package var threads: Int
  package var elapsedSeconds: Double
  package var startedAt: String
  package var tally: SimulationTally
  /// What the tally's counts add up to (nil only in records of format 1).
  package var totals: TallyTotals?
  /// SHA-256 of the record encoded without this field (sorted keys, compact): a record changed
  /// after Sealed wrote it no longer matches its digest.
  package var sha256: String?
  /// The spec whose claims the run counted (`sealed check`, also with `--shard`): its source and
  /// text. The tallies then hold the claims' counting lanes, so `sealed merge` and
  /// `sealed check --tallies` compile the plan with the same spec. Nil for `sealed simulate`.
  package var specSource: String?
  package var specText: String?
  /// The options besides set, rules, pools and seed that decided the run's results
  /// (`--booster-max N`, `--data RELEASE` for a product's rules, `--cards PATH`), so that the command line of a
  /// merge or a `--tallies` check reproduces it as the shards' did; nil when there were none
  /// (and in records written before it was recorded).
  package var options: [String]?
  /// For a record merged from shards (`sealed merge`): how many; its threads and elapsed time
  /// describe no run (the shards ran apart), so a check of its tallies leaves them empty too.
  package var mergedShards: Int?

  /// The record of a run of `plan` (whose rules file reads `rulesText`) on `shard`, with its tally
  /// and, for `sealed check`, the spec it counted; the digest is added by `encoded()`.
  /// Cost: one pass over the plan's cards (the fingerprint) and one over the pool mythic counts (`totals`).
  package init(
    plan: BoosterPlan, rulesText: String, run: RunInfo, shard: Simulation.Shard, tally: SimulationTally,
    spec: SpecDefinition? = nil, options: [String] = []
  ) {
    format = Self.formatVersion
    toolVersion = run.toolVersion
    generatorVersion = Simulation.generatorVersion
    set = plan.setCode
    boosterMax = plan.boosterMax
    cardsFingerprint = Self.fingerprint(plan.cards)
    rulesName = plan.rulesName
    rulesSource = plan.rulesSource
    self.rulesText = rulesText
    rulesSHA256 = plan.rulesSHA256
    seed = run.seed
    poolsRequested = run.poolsRequested
    chunkPools = Simulation.chunkPools
    shardIndex = shard.index
    shardCount = shard.count
    interrupted = run.interrupted
    threads = run.threads
    elapsedSeconds = run.elapsedSeconds
    startedAt = run.startedAt
    self.tally = tally
    totals = tally.totals
    specSource = spec?.source
    specText = spec?.text
    self.options = options.isEmpty ? nil : options
    mergedShards = run.mergedShards
  }

  /// The spec the run counted, parsed from its recorded text.
  package func spec() throws(DataError) -> SpecDefinition? {
    guard let specText, let specSource else { return nil }
    return try SpecLoader.parse(specText, source: specSource)
  }

  /// SHA-256 (hex) of the cards' set codes, collector numbers, names and (from format 3) what a
  /// plan reads of them (rarity, type line, colours, colour identity), one line per card in
  /// their order: `cardsFingerprint` as a record of `format` makes it. Two war commons
  /// recoloured in one shard's card data changed its colour-balanced draws, and the shards
  /// merged under format 2's (a review). Cost: one pass over the cards.
  package static func fingerprint(_ cards: [Card], format: Int = formatVersion) -> String {
    let lines = cards.map { card in
      let named = "\(card.setCode)#\(card.collectorNumber.text)=\(card.name)"
      guard format >= 3 else { return named }
      return named + "|\(card.rarity.rawValue)|\(card.typeLine)|\(card.colors.joined())|\(card.colorIdentity.joined())"
    }
    return SHA256.hex(of: Array(lines.joined(separator: "\n").utf8))
  }

  /// The record with its totals and digest, as the text of `tallies.json`. The tally's text,
  /// most of the record, is written once for both the digest and the output.
  package func encoded() -> String {
    var sealed = self
    sealed.totals = tally.totals
    let tallyJSON = tally.sortedKeysJSONBytes()
    sealed.sha256 = sealed.digest(tallyJSON: tallyJSON)
    return String(decoding: sealed.canonicalData(tallyJSON: tallyJSON), as: UTF8.self) + "\n"
  }

  /// The record encoded with sorted keys, compact: what `JSONEncoder` with `.sortedKeys` writes.
  /// The tally's arrays (most of the record) are written by `SimulationTally.sortedKeysJSON`,
  /// spliced into the encoder's text of the record with an empty tally in their place; if that
  /// text does not hold the empty tally exactly as `sortedKeysJSON` writes it, the whole record
  /// goes through the encoder instead. `tallyJSON` is `tally.sortedKeysJSONBytes()`, given by
  /// a caller that needs it twice. Cost: O(bytes), about a tenth of the encoder's alone.
  private func canonicalData(tallyJSON: [UInt8]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var shell = self
    shell.tally = tally.withoutCounts
    guard let shellData = try? encoder.encode(shell) else { return (try? encoder.encode(self)) ?? Data() }
    let placeholder = Array(("\"tally\":" + shell.tally.sortedKeysJSON()).utf8)
    let bytes = [UInt8](shellData)
    guard let start = Self.onlyOccurrence(of: placeholder, in: bytes) else {
      return (try? encoder.encode(self)) ?? Data()
    }
    var spliced = Array(bytes[..<start])
    spliced.reserveCapacity(bytes.count + tallyJSON.count)
    spliced += Array("\"tally\":".utf8)
    spliced += tallyJSON
    spliced += bytes[(start + placeholder.count)...]
    return Data(spliced)
  }

  /// Where `pattern` starts in `bytes`, when it occurs there exactly once.
  private static func onlyOccurrence(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
    var found: Int?
    var index = 0
    while index <= bytes.count - pattern.count {
      if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        if found != nil { return nil }
        found = index
      }
      index += 1
    }
    return found
  }

  /// SHA-256 of the record encoded without `sha256`; `tallyJSON` as `canonicalData` takes it.
  func digest(tallyJSON: [UInt8]? = nil) -> String {
    var unsealed = self
    unsealed.sha256 = nil
    return SHA256.hex(of: Array(unsealed.canonicalData(tallyJSON: tallyJSON ?? tally.sortedKeysJSONBytes())))
  }

  /// What the record is, in messages: "shard 2/3" or "the run".
  package var shardName: String { shardCount == 1 ? "the run" : "shard \(shardIndex)/\(shardCount)" }

  /// Reads `tallies.json` from a report folder, verified (see `decode`).
  package static func read(folder: String) throws(DataError) -> RunRecord {
    let path = (folder as NSString).appendingPathComponent(fileName)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      let what = FileManager.default.fileExists(atPath: folder) ? "is a file" : "no such folder"
      throw DataError("\(what); expected a report folder written by sealed simulate or sealed check", at: folder)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw DataError("no \(fileName) here; expected a report folder written by sealed simulate or sealed check", at: folder)
    }
    return try decode(try FileBytes.read(path, kind: fileName), path: path)
  }

  /// Decodes a record and checks that it is the one Sealed wrote: its format, its digest, and
  /// that its counts add up to its totals and to each other (`SimulationTally.inconsistency`).
  /// Every refusal is one line naming `path`, the shard and what disagrees. Cost: O(bytes).
  public static func decode(_ data: Data, path: String) throws(DataError) -> RunRecord {
    try JSONSyntax.check(data, source: path, expected: "expected a \(fileName) written by sealed simulate")
    let record: RunRecord
    do {
      record = try JSONDecoder().decode(RunRecord.self, from: data)
    } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
      // Every number is whole but the run's time: a fraction elsewhere is named at its place.
      throw malformedJSONError(
        data, source: path, expected: "expected a \(fileName) written by sealed simulate", wholeNumbersOnly: true,
        fractionalKeys: ["elapsedSeconds"], unsignedKeys: ["seed"])
    } catch {
      throw DataError("not a valid run record (\(DecodingErrorMessage.describe(error)))", at: path)
    }
    guard readFormats.contains(record.format) else {
      throw DataError(
        "format \(record.format) is not supported; expected \(readFormats.lowerBound) to \(readFormats.upperBound) (records of format 1 carry no digest: run the shard again with this Sealed)",
        at: path)
    }
    guard let recorded = record.sha256, let totals = record.totals else {
      throw DataError("\(record.shardName): no \(record.sha256 == nil ? "sha256" : "totals") field; the file was not written by Sealed as it is", at: path)
    }
    let computed = record.digest()
    guard recorded == computed else {
      throw DataError(
        "\(record.shardName): the contents do not match their SHA-256 (recorded \(recorded.prefix(12)), computed \(computed.prefix(12))); the file was changed after Sealed wrote it",
        at: path)
    }
    if let problem = record.tally.inconsistency(with: totals) {
      throw DataError("\(record.shardName): the tallies do not add up: \(problem)", at: path)
    }
    // Named as the file's field, not as --booster-max, an option the user never gave (a review);
    // 0 is a plan without a booster range (a product's rules list their cards).
    guard record.boosterMax >= 0 else {
      throw DataError("\(record.shardName): field boosterMax: \(record.boosterMax); expected a collector number of at least 1, or 0 for rules without a booster range", at: path)
    }
    return record
  }
}
