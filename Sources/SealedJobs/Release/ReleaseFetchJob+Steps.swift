import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedRelease

extension ReleaseFetchJob {
  /// The download read whole as a release: mtg.wtf's compiled booster data or an MTGJSON file
  /// (plain or gzipped), at least one product, every product a rule set. A problem is one line
  /// that names the place (not the staging file) and says nothing was installed.
  func read(_ path: String) throws(DataError) -> ReleaseFile {
    do throws(DataError) {
      let release = try ReleaseFile.read(path: path)
      guard !release.products.isEmpty else { throw DataError("holds no booster products", at: path) }
      for product in release.products {
        do throws(DataError) {
          _ = try RuleSetLoader.product(product, source: download.name)
        } catch {
          throw DataError("product \(product.code) does not make a rule set: \(error.description)", at: path)
        }
      }
      return release
    } catch {
      let message = error.description.replacingOccurrences(of: path, with: download.name)
      throw DataError("\(message); \(nothingInstalled)")
    }
  }

  /// Every product linted, as `sealed rules lint` does (`ProductLint`). Cost: each product's
  /// lint; each set's card data read once.
  func lint(_ products: [CompiledBoosterData.Product]) throws(DataError) -> ReleaseLintJob.Outcome {
    let lookup = ReleaseCards(loader: cards)
    var linted: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] = []
    for product in products {
      linted.append((product, try ProductLint.warnings(product, kind: ProductKind.of(product), cards: lookup)))
    }
    return ReleaseLintJob.Outcome(linted: linted)
  }

  /// `products.json.gz` in the staging folder: mtg.wtf's compiled data as downloaded (gzipped
  /// here if it came plain), an MTGJSON file's products converted to that form.
  func writeProducts(_ release: ReleaseFile, download path: String, staging: ReleaseStore.Staging) throws(DataError) {
    let target = staging.file(InstalledRelease.dataFileName)
    let bytes: Data
    if release.form == .compiled {
      guard let downloaded = FileManager.default.contents(atPath: path) else {
        throw DataError("cannot read the file (\(systemErrorReason(errno)))", at: path)
      }
      if Gzip.isCompressed(downloaded) {
        guard rename(path, target) == 0 else {
          throw DataError("cannot put the file in place (\(systemErrorReason(errno)))", at: target)
        }
        return
      }
      bytes = Gzip.deflate(downloaded)
    } else {
      bytes = Gzip.deflate(CompiledBoosterData(products: release.products).encodedJSON())
    }
    try AtomicFile.write(bytes, to: target, sync: true)
    unlink(path)
  }

  /// The installed release compared with the one it replaces, the report written to its
  /// `diff/` folder (replaced whole when the release was installed before).
  /// The diff of `release` against the release in use, written into its `diff/` folder: an
  /// installed release's, or (`staging` given) the staging folder's, before it is put in place,
  /// so that a release is never in place without its report.
  func compare(_ release: InstalledRelease, staging: ReleaseStore.Staging? = nil) throws(DataError) -> (job: ReleaseDiffJob, outcome: ReleaseDiffJob.Outcome) {
    var settings = ReleaseDiffJob.Settings(old: previous.reference, toolVersion: self.settings.toolVersion)
    (settings.new, settings.store) = (release.name, self.settings.store)
    (settings.cards, settings.out, settings.force) = (self.settings.cards, release.diffPath, true)
    if let staging {
      var staged = BoosterRelease.installed(release)
      staged.path = staging.file(InstalledRelease.dataFileName)
      (settings.staged, settings.out, settings.reportedOut) = (staged, staging.file("diff"), release.diffPath)
    }
    do {
      let job = try ReleaseDiffJob(settings)
      let outcome = try job.run()
      try job.write(outcome)
      return (job, outcome)
    } catch {
      let what = staging == nil ? "installed \(release.name), the release now in use, but comparing" : "comparing \(release.name)"
      throw DataError("\(what) with \(previous.display) failed: \(error.description)\(staging == nil ? "" : "; \(nothingInstalled)")")
    }
  }
}
