import Foundation

/// The machine-readable record of a run (`tallies.json` in every report folder): the exact
/// rules text, the run's identity and the raw tallies. `sealed merge` adds shard records into
/// the record of the whole run and rebuilds the CSV reports from it.
public struct RunRecord: Codable, Sendable {
  public static let fileName = "tallies.json"
  public static let formatVersion = 1

  public var format: Int
  public var toolVersion: String
  /// `Simulation.generatorVersion` of the run; nil in records written before it was recorded
  /// (generator version 1).
  public var generatorVersion: Int?
  public var set: String
  public var boosterMax: Int
  /// SHA-256 over the booster-range cards (collector number and name), to tell card data apart.
  public var cardsFingerprint: String
  public var rulesName: String
  public var rulesSource: String
  public var rulesText: String
  public var rulesSHA256: String
  public var seed: UInt64
  public var poolsRequested: Int
  public var chunkPools: Int
  public var shardIndex: Int
  public var shardCount: Int
  public var interrupted: Bool
  public var threads: Int
  public var elapsedSeconds: Double
  public var startedAt: String
  public var tally: SimulationTally
  /// The spec whose claims the run counted (`sealed check`, also with `--shard`): its source and
  /// text. The tallies then hold the claims' counting lanes, so `sealed merge` and
  /// `sealed check --tallies` compile the plan with the same spec. Nil for `sealed simulate`.
  public var specSource: String?
  public var specText: String?

  public init(
    plan: BoosterPlan, rulesText: String, run: RunInfo, shard: Simulation.Shard, tally: SimulationTally,
    spec: SpecDefinition? = nil
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
    specSource = spec?.source
    specText = spec?.text
  }

  /// The spec the run counted, parsed from its recorded text.
  public func spec() throws(DataError) -> SpecDefinition? {
    guard let specText, let specSource else { return nil }
    return try SpecLoader.parse(specText, source: specSource)
  }

  public static func fingerprint(_ cards: [Card]) -> String {
    SHA256.hex(of: Array(cards.map { "\($0.setCode)#\($0.collectorNumber.text)=\($0.name)" }.joined(separator: "\n").utf8))
  }

  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// Reads `tallies.json` from a report folder.
  public static func read(folder: String) throws(DataError) -> RunRecord {
    let path = (folder as NSString).appendingPathComponent(fileName)
    guard FileManager.default.fileExists(atPath: path) else {
      throw DataError("no \(fileName) here; expected a report folder written by sealed simulate or sealed check", at: folder)
    }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let record = try JSONDecoder().decode(RunRecord.self, from: data)
      guard record.format == formatVersion else {
        throw DataError("format \(record.format) is not supported; expected \(formatVersion)", at: path)
      }
      return record
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError("not a valid run record (\(error))", at: path)
    }
  }
}
