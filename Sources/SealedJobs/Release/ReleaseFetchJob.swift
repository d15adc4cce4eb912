import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedNetwork
import SealedRelease

/// `sealed rules fetch [--from URL|FILE]`: a release of the field's booster data downloaded,
/// read whole as a release before anything is installed (every product parses and becomes a
/// rule set; the lint runs), installed beside the releases before it (`ReleaseStore`), and
/// compared with the release it replaces (`ReleaseDiffJob`, whose report it keeps in the
/// release's `diff/` folder). A download that is not a release is refused in one line, and
/// the store is then as it was.
package struct ReleaseFetchJob: Sendable {
  /// mtg.wtf's published compiled booster data: `sealed_basic_data.json` of the public
  /// repository taw/magic-sealed-data, which mtg.wtf's build updates.
  package static let defaultAddress = "https://raw.githubusercontent.com/taw/magic-sealed-data/master/sealed_basic_data.json"

  /// What a fetch is asked for.
  package struct Settings: Sendable {
    /// `--from`: an http(s) address, a `file:` address or a path; nil for `defaultAddress`.
    package var from: String?
    /// Seconds to wait for the answer to start, and at most between two parts of it.
    package var timeout: TimeInterval = 60
    /// How many times a 429 or 5xx answer is tried again.
    package var retries = 3
    /// The first wait before trying again (doubling), without `Retry-After`.
    package var backoff: TimeInterval = 1
    package var cards: String?
    package var store: ReleaseStore = .fromEnvironment()
    package var toolVersion: String

    package init(toolVersion: String) {
      self.toolVersion = toolVersion
    }
  }

  /// What the fetch did.
  package struct Outcome: Sendable {
    package var downloaded: ReleaseDownload.Downloaded
    /// The download read as a release.
    package var release: ReleaseFile
    /// Its lint.
    package var lint: ReleaseLintJob.Outcome
    /// The release in use before.
    package var previous: BoosterRelease
    /// The release installed, or chosen again; nil when the download is the release in use.
    package var installed: ReleaseStore.Installed?
    /// The comparison with `previous`, and its report (in the release's `diff/`); nil when
    /// nothing was installed.
    package var diff: (job: ReleaseDiffJob, outcome: ReleaseDiffJob.Outcome)?

    /// Whether the release in use changed: a release was installed or chosen again and its
    /// products differ from the previous release's.
    package var changed: Bool { diff?.outcome.diff.changed ?? false }

    /// The products that changed against the release before, counted by status
    /// (`1 added, 1 changed`); empty when nothing was compared or nothing changed.
    package var changeCounts: String {
      guard let diff = diff?.outcome.diff else { return "" }
      return ReleaseDiff.Status.allCases.filter { $0 != .unchanged && diff.count($0) > 0 }
        .map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }
  }

  package let settings: Settings
  package let download: ReleaseDownload
  /// The release in use when the job was made: the newest installed, else the shipped one.
  package let previous: BoosterRelease
  let cards: CardSetLoader

  /// Checks the options and the place (`ReleaseDownload`); nothing is fetched yet. Throws a
  /// one-line `DataError`.
  package init(_ settings: Settings) throws(DataError) {
    if let refusal = HTTPClient.timeoutRefusal(settings.timeout) { throw DataError(refusal) }
    guard (0...10).contains(settings.retries) else { throw DataError("--retries \(settings.retries): expected 0 to 10 retries") }
    guard settings.backoff >= 0, settings.backoff <= 60 else { throw DataError("--backoff \(settings.backoff): expected 0 to 60 seconds") }
    let client = HTTPClient(
      timeout: settings.timeout, headers: ["User-Agent": "Sealed/\(settings.toolVersion)", "Accept": "application/json, application/gzip;q=0.9, */*;q=0.8"])
    if let newest = settings.store.releases().first { previous = .installed(newest) } else { previous = try .shipped() }
    do throws(DataError) {
      download = try ReleaseDownload(
        from: settings.from ?? Self.defaultAddress, client: client, retries: HTTPRetries(maxRetries: settings.retries, backoff: settings.backoff))
    } catch {
      // A file that is not there: as every other refusal of the download says (it said only
      // "no such file"). An option's error (no location) stays as it is.
      guard error.location != nil else { throw error }
      throw DataError("\(error.message); nothing was installed (the release in use is still \(previous.reference))", at: error.location)
    }
    cards = CardSetLoader(location: try CardDataLocation.resolve(option: settings.cards))
    self.settings = settings
  }

  /// Downloads, reads, lints, compares and installs. `progress` hears the download's bytes,
  /// `waiting` each wait before a retry; `shouldStop`, asked until the release is put in place,
  /// ends the job (nothing installed; the result is nil). Throws a one-line `DataError` naming
  /// the place and why; the store is then as it was. Cost: the download; reading it whole; each
  /// product made a rule set, linted and measured (seconds for 538).
  package func run(
    progress: (@Sendable (TransferProgress) -> Void)? = nil, waiting: (@Sendable (RetryWait) -> Void)? = nil,
    shouldStop: (() -> Bool)? = nil
  ) throws(DataError) -> Outcome? {
    let staging: ReleaseStore.Staging
    do throws(DataError) {
      staging = try settings.store.makeStaging()
    } catch {
      throw DataError("\(error.message); \(nothingInstalled)", at: error.location)
    }
    var installed: ReleaseStore.Installed?
    defer { if installed == nil { staging.discard() } }
    let downloadPath = staging.file("download")
    let fetched: ReleaseDownload.Downloaded?
    do throws(DataError) {
      fetched = try download.fetch(to: downloadPath, progress: progress, waiting: waiting, shouldStop: shouldStop)
    } catch {
      throw DataError("\(error.description); \(nothingInstalled)")
    }
    guard let downloaded = fetched else { return nil }
    // Ctrl-C is heard up to the moment the release is put in place (it was once heard only
    // during the download: "nothing is installed", and the release was installed).
    let stopped = { shouldStop?() ?? false }
    if stopped() { return nil }
    let release = try read(downloadPath)
    if stopped() { return nil }
    let lint = try self.lint(release.products)
    let name = InstalledRelease.name(compiled: release.form == .compiled, sha256: downloaded.sha256)
    var outcome = Outcome(downloaded: downloaded, release: release, lint: lint, previous: previous, installed: nil, diff: nil)
    if previous.reference == name { return outcome }
    try writeProducts(release, download: downloadPath, staging: staging)
    let now = Date()
    let about = InstalledRelease.About(
      name: name, form: release.form.rawValue, source: sourceName, sha256: downloaded.sha256, bytes: downloaded.bytes,
      products: release.products.count, fetched_at: InstalledRelease.timestamp(now),
      chosen_at: InstalledRelease.preciseTimestamp(now), sealed_version: settings.toolVersion)
    let target = InstalledRelease(folder: (settings.store.path as NSString).appendingPathComponent(name), about: about)
    let staged = try compare(target, staging: staging)
    if stopped() { return nil }
    installed = try settings.store.install(staging, about: about)
    outcome.installed = installed
    // A release installed before (chosen again) keeps its folder: its report is written there.
    if case .new = installed! { outcome.diff = staged } else { outcome.diff = try compare(installed!.release) }
    return outcome
  }

  /// What release `name`, just installed, now is: `the release in use now`, or, when
  /// `SEALED_DATA` names another (`shipped`, a release's name), the newest release, that one in
  /// use where it is set (the fetch said "in use now" while the shell's commands read the shipped
  /// one: a review).
  package static func standing(of name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let pinned = environment[BoosterRelease.environmentVariable].flatMap { $0.isEmpty || $0 == "newest" || $0 == name ? nil : $0 }
    return pinned.map { "the newest release (\(BoosterRelease.environmentVariable)=\($0) is the one in use where it is set)" }
      ?? "the release in use now"
  }

  /// The end of every refusal: "nothing was installed (the release in use is still shipped)".
  var nothingInstalled: String { "nothing was installed (the release in use is still \(previous.reference))" }

  /// The place as `release.json` records it: the address, or the file's absolute path.
  var sourceName: String {
    switch download.place {
    case .remote(let url): url.absoluteString
    case .local(let path): URL(fileURLWithPath: path).standardizedFileURL.path
    }
  }
}
