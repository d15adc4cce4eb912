import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedAudit
import SealedPackFiles

/// `sealed audit`: boosters people really opened, held against a rule set: each booster
/// exactly as it is read, then all of them with exact binomial, chi-square or Monte Carlo
/// p-values from the engine (the run layer draws the null). Every option is validated when
/// the job is made; reading and auditing are two steps, so that a command can say what it
/// read before the Monte Carlo starts.
package struct AuditJob: Sendable {
  /// What an audit is asked for.
  package struct Settings: Sendable {
    package var source: PlanSource
    /// The opened boosters (`-`: standard input); nil only for `plan(...)`.
    package var packs: String?
    /// The file's layout; nil: recognised from its first line.
    package var format: PackFileFormat?
    package var spec: SpecDefinition?
    /// `--spec` as given (for the reproducing command line).
    package var specArgument: String?
    /// nil: 0.01 (a spec's own level is meant for simulations of millions of pools).
    package var alpha: Double?
    package var resamples = WholeNumber(9999)
    /// nil: grouped when the rules have a mythic booster per pool, else separate.
    package var grouping: PoolGrouping?
    /// nil: a random seed, drawn when the job is made (`seedWasGiven` false).
    package var seed: UInt64?
    package var threads: WholeNumber?
    /// The report folder; nil: `reports/<set>-audit-<rules>/`.
    package var out: String?
    package var force = false
    package var toolVersion: String

    package init(source: PlanSource, toolVersion: String) {
      self.source = source
      self.toolVersion = toolVersion
    }
  }

  /// The level an audit tests at unless told otherwise.
  package static let defaultAlpha = 0.01

  /// A pack file read to its end: every booster checked, the counts kept.
  package struct Reading: Sendable {
    package let session: AuditSession
    package let identity: CardIdentity
    package let packs: String
    package let format: PackFileFormat
    /// When the reading started, and its seconds.
    package let started: Date
    package let seconds: Double
  }

  /// What an audit gives: its verdicts and the report folder's files, not yet written.
  package struct Outcome: Sendable {
    package let audit: AuditRun
    package let reading: Reading
    package let files: [(name: String, contents: String)]
    /// Seconds from the start of the reading to the files.
    package let elapsedSeconds: Double
  }

  package let settings: Settings
  package let loaded: LoadedPlan
  package let alpha: Double
  package let resamples: Int
  package let grouping: PoolGrouping
  package let seed: UInt64
  package let seedWasGiven: Bool
  package let threads: Int
  /// The report folder, checked up front (nil without a pack file).
  package let folder: ReportFolder?

  package var plan: BoosterPlan { loaded.plan }

  /// Validates the options, loads the rules and cards and, given a pack file, checks the
  /// report folder. Cost: compiling the plan.
  package init(_ settings: Settings) throws(DataError) {
    resamples = try RunLimits.resamples(settings.resamples)
    threads = try settings.threads.map { given throws(DataError) in try RunLimits.threads(given) } ?? ProcessInfo.processInfo.activeProcessorCount
    seed = settings.seed ?? RunSeed.random()
    seedWasGiven = settings.seed != nil
    loaded = try settings.source.load(spec: settings.spec)
    alpha = try RunLimits.level(settings.alpha ?? Self.defaultAlpha)
    grouping = settings.grouping ?? .default(for: loaded.plan)
    self.settings = settings
    folder = settings.packs == nil ? nil : try ReportFolder(
      path: settings.out ?? "reports/\(loaded.plan.setCode)-audit-\(loaded.plan.rulesName)", writes: ReportFile.auditFolder.names,
      force: settings.force)
  }

  /// Reads and checks every booster of the pack file as a stream. `progress` hears the
  /// boosters read every 100,000. Throws every card of the file that is no card of the data
  /// (each once), what stopped the reading, or the file's having no booster, as one
  /// `DataErrors`.
  package func read(progress: (Int) -> Void = { _ in }) throws(DataErrors) -> Reading {
    let started = Date()
    guard let packs = settings.packs else { throw DataErrors([DataError("expected a pack file to audit (--packs FILE)")]) }
    var pass = try readPacks(packs, identity: nil, progress: progress)
    if let line = pass.reading.lateFinish {
      // A file that gives its first finish after the boosters its identity is judged from: read
      // again, with every unmarked card a non-foil copy, as for a file that gives finishes early.
      guard Self.canReadTwice(packs) else {
        let given = pass.format == .text ? "a foil marked" : "a card's foil value given"
        throw DataErrors([DataError(
          "\(given) after the first \(AuditSession.identityLookahead) boosters, which gave no finish, so the file was read as printings only; save it to a file (read again with finishes) or give a finish in its first boosters",
          at: DataError.location(pass.source, line: line))])
      }
      pass = try readPacks(packs, identity: .printingAndFinish, progress: progress)
    }
    let reading = pass.reading
    // No booster of a size the rules make: the file is of other rules, not a simulator's slip.
    if reading.session.boostersOfPossibleSize == 0, let error = reading.session.firstImpossibleSize {
      throw DataErrors([withProductsOfTheSize(error, sizes: reading.session.findings.sizes)])
    }
    return Reading(
      session: reading.session, identity: reading.identity, packs: pass.source, format: pass.format, started: started,
      seconds: Date().timeIntervalSince(started))
  }
}

extension AuditJob {
  /// One pass over the pack file `packs`: opened, read and checked by `AuditSession.read`, with
  /// the card identity `identity` (nil: judged from the first boosters).
  func readPacks(
    _ packs: String, identity: CardIdentity?, progress: (Int) -> Void
  ) throws(DataErrors) -> (reading: AuditReading, source: String, format: PackFileFormat) {
    var reader: PackFileReader
    do {
      reader = try PackFileReader(path: packs, format: settings.format)
    } catch {
      throw DataErrors([error])
    }
    let reading = try AuditSession.read(
      &reader, plan: plan, set: loaded.set, grouping: grouping, cardData: settings.source.cards, identity: identity,
      progress: progress)
    return (reading, reader.source, reader.format)
  }

  /// Whether `path` is a regular file, which can be read a second time (standard input, a pipe
  /// or a device cannot).
  static func canReadTwice(_ path: String) -> Bool {
    guard path != "-" else { return false }
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  /// `error` (a file none of whose boosters has a size the rules make) with the products of the
  /// set in the release whose every booster holds the file's commonest size, as `--rules` to
  /// try: 17lands' Arena packs of 14 cards under draft rules of 15 lead to `war-arena`.
  func withProductsOfTheSize(_ error: DataError, sizes: [Int: Int]) -> DataError {
    guard let size = sizes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key,
      let products = try? BoosterRelease.resolve(settings.source.data).read().products
    else { return error }
    let set = plan.setCode.lowercased()
    let matching = products.filter { product in
      product.set_code.lowercased() == set && !product.boosters.isEmpty
        && product.boosters.allSatisfy { $0.sheets.values.filter { $0 > 0 }.reduce(0, +) == size }
    }.map(\.code)
    guard !matching.isEmpty else { return error }
    var hinted = error
    hinted.message += "; products of \(set) whose boosters hold \(size): \(matching.prefix(5).joined(separator: ", ")) (give one as --rules)"
    return hinted
  }
}
