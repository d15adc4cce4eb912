import Foundation
import SealedSupport

/// The data releases `sealed rules fetch` installed: `releases/` inside `SealedHome`, a folder
/// per release (`releases/mtgwtf-3f2a9c1b/`: `release.json`, `products.json.gz`, and `diff/`,
/// the rules diff report against the release it replaced).
///
/// A release is made in a hidden staging folder of the store (`.staging-PID-RANDOM`) and put in
/// place by one rename(2), so that a reader, another fetch at the same moment, an error or
/// Ctrl-C finds it whole or not at all; a staging folder left by a process that died is removed
/// by the next fetch. The newest release (the one last fetched, by `release.json`'s
/// `chosen_at`) is the one in use; the ones before it are kept.
package struct ReleaseStore: Sendable, Equatable {
  /// The store's folder (it may not exist yet).
  package let path: String

  package init(path: String) {
    self.path = (path as NSString).standardizingPath
  }

  /// The store inside the folder named by the environment (see `SealedHome`).
  package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ReleaseStore {
    ReleaseStore(path: (SealedHome.path(environment: environment) as NSString).appendingPathComponent("releases"))
  }

  /// The installed releases, newest first (by `chosen_at`, then name). Cost: one read of each
  /// release's `release.json`.
  package func releases() -> [InstalledRelease] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let found = entries.filter { !$0.hasPrefix(".") }.compactMap { name in
      InstalledRelease.read(folder: (path as NSString).appendingPathComponent(name))
    }
    return found.sorted { ($0.about.chosen_at, $0.name) > ($1.about.chosen_at, $1.name) }
  }

  /// The release named `name`, if installed.
  package func release(named name: String) -> InstalledRelease? {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
    return InstalledRelease.read(folder: (path as NSString).appendingPathComponent(name))
  }

  // MARK: - Installing

  /// A folder of the store in which a release is made; invisible to readers until installed.
  package struct Staging: Sendable {
    package let path: String

    /// A file of the staging folder.
    package func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Removes the staging folder and all it holds.
    package func discard() {
      try? FileManager.default.removeItem(atPath: path)
      PendingFiles.remove(path)
    }
  }

  /// Creates a staging folder (and the store, if need be), first removing those that processes
  /// no longer running left behind. Throws a one-line `DataError` when the store cannot be written.
  package func makeStaging() throws(DataError) -> Staging {
    try Folder.create(path)
    removeAbandonedStagings()
    let staging = Staging(path: (path as NSString).appendingPathComponent(".staging-\(getpid())-\(UInt32.random(in: 0 ... .max))"))
    PendingFiles.add(staging.path)  // noted first, so that Ctrl-C or SIGTERM after mkdir removes it
    guard mkdir(staging.path, 0o755) == 0 else {
      let reason = systemErrorReason(errno)
      PendingFiles.remove(staging.path)
      throw DataError("cannot create the folder (\(reason))", at: staging.path)
    }
    return staging
  }

  /// What `install` did.
  package enum Installed: Sendable, Equatable {
    /// The staging folder became this release.
    case new(InstalledRelease)
    /// A release of the same name was there already (fetched before, or by another process at
    /// the same moment): it is now the newest again; the staging folder was dropped.
    case chosenAgain(InstalledRelease)

    package var release: InstalledRelease {
      switch self {
      case .new(let release), .chosenAgain(let release): release
      }
    }
  }

  /// Writes `about` into the staging folder (which holds `products.json.gz`) and renames the
  /// folder into place as `about.name`. When that name is taken, the release there is chosen
  /// again instead (its `chosen_at` set to `about.chosen_at`) and the staging folder removed.
  /// Throws a one-line `DataError`; the store is then as it was.
  package func install(_ staging: Staging, about given: InstalledRelease.About) throws(DataError) -> Installed {
    // Chosen when put in place, not when its fetch began: of two fetches at once, the one that
    // installs last is the newest (the other, still comparing, said its release was in use).
    var about = given
    about.chosen_at = InstalledRelease.preciseTimestamp(Date())
    try AtomicFile.write(InstalledRelease.encoded(about), to: staging.file(InstalledRelease.aboutFileName), sync: true)
    let target = (path as NSString).appendingPathComponent(about.name)
    // Once renamed, the folder is the release: a quit must not remove it, nor come between.
    if PendingFiles.uninterrupted(finishing: staging.path, { rename(staging.path, target) == 0 }) {
      return .new(InstalledRelease(folder: target, about: about))
    }
    let code = errno
    guard code == EEXIST || code == ENOTEMPTY, let existing = release(named: about.name) else {
      staging.discard()
      throw DataError("cannot put the release in place (\(systemErrorReason(code)))", at: target)
    }
    staging.discard()
    return .chosenAgain(try choose(existing, at: about.chosen_at))
  }

  /// Makes `release` the newest: its `chosen_at` becomes `moment` (its `release.json` replaced
  /// whole). Returns it as now recorded.
  package func choose(_ release: InstalledRelease, at moment: String) throws(DataError) -> InstalledRelease {
    var about = release.about
    about.chosen_at = moment
    try AtomicFile.write(InstalledRelease.encoded(about), to: (release.folder as NSString).appendingPathComponent(InstalledRelease.aboutFileName), sync: true)
    return InstalledRelease(folder: release.folder, about: about)
  }

  /// Removes the staging folders of processes that are gone (Ctrl-C pressed twice, a crash).
  func removeAbandonedStagings() {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for entry in entries where entry.hasPrefix(".staging-") {
      let parts = entry.split(separator: "-")
      guard parts.count == 3, let pid = pid_t(parts[1]), pid != getpid() else { continue }
      if kill(pid, 0) == -1 && errno == ESRCH {
        try? FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(entry))
      }
    }
  }
}
