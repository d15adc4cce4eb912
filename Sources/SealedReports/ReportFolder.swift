import Foundation
import SealedSupport
import Synchronization

/// Writes a folder of report files completely or not at all, replacing only files Sealed wrote.
///
/// Files go into a hidden staging folder beside the target; only when every file is written is
/// the staging folder renamed into place (an existing report is first renamed aside, then
/// deleted). An existing report is therefore never half-overwritten, and an error leaves the old
/// report as it was. The files are not synced to the disk one by one (a report can be made
/// again, and waiting for the disk a dozen times per report cost `sealed check-products` seconds;
/// `UnsyncedFile`): what an error, a crash or Ctrl-C guards against, a power loss does not.
///
/// Every report lists its files in `manifest.csv`. A folder holding anything not listed there
/// (a notebook, notes, a subfolder) is refused, naming the first such file, unless `force` is
/// given; with `force` those files are kept: they are linked into the new report before it is
/// put in place. A report whose files the new one does not all rewrite (a `check` report's
/// `checks.csv` under a `simulate`) is refused too unless `force`, so that a folder never holds
/// files of two different runs. Folders written before manifests count as Sealed's when they
/// hold `tallies.json` and `run.csv`, and then only the file names Sealed writes are Sealed's.
package struct ReportFolder {
  /// The file listing a report's files.
  package static let manifestName = ReportFile.manifest.name
  /// The names a Sealed report folder held before `manifest.csv` existed.
  static let legacyNames = Set(ReportFile.legacy.names)

  package let path: String
  package let force: Bool
  private let parent: String
  private let name: String

  /// Prepares to write `path`, checking up front that it can be written and that it holds
  /// nothing Sealed must not replace (given the files the run will write, `writes`), so a long
  /// run does not end in a refusal. Nothing is left on disk by this check: missing parent
  /// folders are made by `commit` (a run refused later, say for its input, leaves none behind).
  /// Cost: a stat per missing level, one listing of the folder, and the first time this process
  /// writes into the nearest existing level, a folder made and removed there (`probeOnce`).
  package init(path: String, writes: [String] = [], force: Bool = false) throws(DataError) {
    guard !path.isEmpty else { throw DataError("--out: expected a folder for the report, got an empty path") }
    guard path != "-" else { throw DataError(Self.dashRefusal) }
    // A link's folder is replaced, not the link (which renaming over it would break off).
    let url = URL(fileURLWithPath: linkTarget(of: path)).standardizedFileURL
    self.path = url.path
    self.force = force
    parent = url.deletingLastPathComponent().path
    name = url.lastPathComponent
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    guard self.path != "/", self.path != workingDirectory else {
      throw DataError("is the working directory or the root; expected a folder of its own for the report", at: self.path)
    }
    let existing = try Folder.nearestExistingLevel(of: parent)
    _ = try Self.survey(self.path, writes: writes.isEmpty ? nil : Set(writes), force: force)
    try probeOnce(in: existing)
  }

  /// The parent folder, made with any missing levels: what `commit` does first, and what a
  /// caller writing a file beside the report before its commit does (`commit(_:moving:)`).
  package func createParent() throws(DataError) {
    try Folder.create(parent)
  }

  /// Why `--out -` is refused where a folder is written: `-` is standard output for the
  /// commands that write one file (`open`, `export`, `rules import`), so a folder of that name
  /// would make one name mean two things.
  package static let dashRefusal =
    "--out -: expected a folder for the report; - (standard output) is taken only by the commands that write one file (open, export, rules import)"

  /// The parent folders this process has already shown it can write into.
  private static let probedParents = Mutex<Set<String>>([])

  /// Shows that the parent folder can be written by making a folder there and removing it,
  /// once per parent per process: `sealed check-products` prepares two report folders per
  /// product in the same two parents, and removing a thousand probes made every later file
  /// of the run slower to create (ext4 without a journal skips the inodes of files removed in
  /// the last seconds, one by one, when it chooses an inode for a new file). A parent that
  /// stops being writable later in the process still fails the report's `commit` cleanly.
  private func probeOnce(in folder: String) throws(DataError) {
    guard !Self.probedParents.withLock({ $0.contains(folder) }) else { return }
    let probe = "\(folder)/.\(name).probe-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max))"
    // mkdir(2) itself, so that the message gives the system's reason (Foundation's said "The
    // file doesn't exist." of /proc, which exists).
    guard mkdir(probe, 0o700) == 0 else {
      throw DataError("cannot write into the folder (\(systemErrorReason(errno)))", at: folder)
    }
    rmdir(probe)
    Self.probedParents.withLock { _ = $0.insert(folder) }
  }

  /// What an existing folder holds: the files Sealed wrote and the others.
  struct Survey {
    var sealed: [String] = []
    var foreign: [String] = []
  }

  /// Lists the folder at `path` and throws unless a report writing `writes` (nil: not yet
  /// known) may replace it: every entry is Sealed's, or `force` is given and the foreign ones
  /// are regular files or symbolic links (subfolders are never taken along).
  /// `mayDrop`: files of an earlier report this one may leave out (see `commit`).
  static func survey(_ path: String, writes: Set<String>?, mayDrop: Set<String> = [], force: Bool) throws(DataError) -> Survey {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return Survey() }
    guard isDirectory.boolValue else {
      throw DataError("exists and is not a folder; expected a folder for the report", at: path)
    }
    // A folder made read-only (chmod 555) was replaced by a writable one, its earlier report
    // left in a hidden folder beside it that could not be emptied (a review), even with --force.
    guard access(path, W_OK) == 0 else {
      throw DataError("cannot replace the report: the folder is not writable (\(systemErrorReason(errno))); make it writable, or choose another --out", at: path)
    }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    } catch {
      throw DataError("cannot list the folder (\(systemErrorReason(error)))", at: path)
    }
    let owned = sealedNames(in: path, entries: entries)
    var survey = Survey()
    for entry in entries {
      if owned.contains(entry) { survey.sealed.append(entry) } else { survey.foreign.append(entry) }
    }
    if let first = survey.foreign.first {
      let others = survey.foreign.count > 1 ? " (and \(survey.foreign.count - 1) other file(s))" : ""
      guard force else {
        throw DataError(
          "holds \(first)\(others), which Sealed did not write; Sealed replaces only its own reports: choose another --out, or pass --force to write the report beside them (they are kept)",
          at: path)
      }
      if let writes, let clash = survey.foreign.first(where: { writes.contains($0) }) {
        throw DataError("holds \(clash), which Sealed did not write and this report would replace, even with --force: choose another --out", at: path)
      }
      for entry in survey.foreign where isFolder("\(path)/\(entry)") {
        throw DataError("holds the folder \(entry), which Sealed did not write and does not move, even with --force: choose another --out", at: path)
      }
    }
    if let writes, !force,
      let dropped = survey.sealed.first(where: { $0 != manifestName && !writes.contains($0) && !mayDrop.contains($0) })
    {
      throw DataError(
        "holds \(dropped) of an earlier report, which this command does not write; replacing the report would drop it: choose another --out, or pass --force to drop it",
        at: path)
    }
    return survey
  }

  /// The entries of a report folder that Sealed wrote: those its manifest lists, or for a
  /// folder written before manifests, Sealed's file names (a simulate or check report's, or a
  /// `sealed check-products` run's: `summary.csv`, `run.csv` and the product folders its summary
  /// names). Cost: one read of the manifest, or of the summary.
  package static func sealedNames(in path: String, entries: [String]) -> Set<String> {
    if entries.contains(manifestName), let manifest = ReportManifest.read(folder: path) {
      return manifest.names.union([manifestName])
    }
    if entries.contains(ReportFile.tallies.name) && entries.contains(ReportFile.run.name) {
      return legacyNames.filter { !isFolder("\(path)/\($0)") }
    }
    let summary = ReportFile.summary
    if entries.contains(summary.name), let text = try? String(contentsOfFile: "\(path)/\(summary.name)", encoding: .utf8),
      text.hasPrefix(summary.columns.joined(separator: ",") + "\n")
    {
      let products = text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").first.map(String.init) }
      return Set(products.filter { isFolder("\(path)/\($0)") } + [summary.name, ReportFile.run.name].filter(entries.contains))
    }
    return []
  }

  /// Whether `path` is a folder itself (not a link to one). Cost: one `lstat`.
  package static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  private func stagingPath(suffix: String) -> String {
    "\(parent)/.\(name).\(suffix)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max))"
  }

  /// The refusal of an interrupted run's report in place of a complete one, without --force
  /// (a rerun stopped by Ctrl-C replaced the hours of a complete report: a review); nil when
  /// the report may be replaced.
  private func keepsComplete(_ replaced: PreviousReport?, from new: PreviousReport?) -> DataError? {
    guard !force, let replaced, let new, new.isInterrupted, !replaced.isInterrupted else { return nil }
    return DataError(
      "interrupted, and the folder holds a complete report (\(replaced.summary)), which an interrupted run does not replace: it is kept, and the pools done are not written; pass --force to replace it with them, or give another --out",
      at: path)
  }

  /// Writes every file and `manifest.csv`, then puts the folder in place. Sealed files of an
  /// older report that this run does not write are dropped with it (only with `force`); files
  /// Sealed did not write are kept (only with `force`). Cost: the files' bytes, written once.
  ///
  /// `written` are files already written elsewhere on the same file system (a large file
  /// streamed to a temporary path), moved into the report under their names; they are removed
  /// if the report cannot be written.
  ///
  /// Returns the report of another run that the new one replaced (one whose `run.csv` records
  /// another reproducing command line), so that the caller can say so; nil when the folder held
  /// no report or one of the same run.
  /// `mayDrop` names files of the folder's earlier report that this one may leave out without
  /// `--force` (an interrupted check's comparisons, which it did not run).
  @discardableResult
  package func commit(_ files: [(name: String, contents: String)], moving written: [(name: String, path: String)] = [], mayDrop: Set<String> = []) throws(DataError) -> PreviousReport? {
    func dropWritten() { for file in written { unlink(file.path) } }
    let names = files.map(\.name) + written.map(\.name)
    let survey: Survey
    do {
      survey = try Self.survey(path, writes: Set(names), mayDrop: mayDrop, force: force)
    } catch {
      dropWritten()
      throw error
    }
    // Read now, not when prepared: another process may have written the folder since.
    let replaced = survey.sealed.contains(ReportFile.run.name) ? PreviousReport(folder: path) : nil
    let new = files.first { $0.name == ReportFile.run.name }.flatMap { PreviousReport(runCSV: $0.contents) }
    if let refusal = keepsComplete(replaced, from: new) { dropWritten(); throw refusal }
    let staging = stagingPath(suffix: "partial")
    func discard() {
      try? FileManager.default.removeItem(atPath: staging)
      PendingFiles.remove(staging)
    }
    try createParent()
    do {
      // Noted first: a quit between the two would leave the folder behind.
      PendingFiles.add(staging)
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
      // Not synced to the disk, file by file: a report can be made again (see `UnsyncedFile`).
      var contents: [String: Data] = [:]
      for file in files {
        let data = Data(file.contents.utf8)
        try UnsyncedFile.write(data, to: "\(staging)/\(file.name)")
        contents[file.name] = data
      }
      for file in written where rename(file.path, "\(staging)/\(file.name)") != 0 {
        throw DataError("cannot move \(file.name) into the report (\(systemErrorText(errno)))", at: path)
      }
      let manifest = ReportManifest(names: names, contents: contents)
      try UnsyncedFile.write(Data(manifest.text.utf8), to: "\(staging)/\(Self.manifestName)")
      // Files the user keeps beside the report (--force): the same files, linked, in the new folder.
      for entry in survey.foreign {
        if link("\(path)/\(entry)", "\(staging)/\(entry)") != 0 {
          try FileManager.default.copyItem(atPath: "\(path)/\(entry)", toPath: "\(staging)/\(entry)")
        }
      }
    } catch let error as DataError {
      dropWritten()
      discard()
      throw error
    } catch let error as AtomicFile.Failure {
      dropWritten()
      discard()
      throw DataError("cannot write the report (\(error.reason))", at: path)
    } catch {
      dropWritten()
      discard()
      throw DataError("cannot write the report (\(systemErrorReason(error)))", at: path)
    }
    // From here the staging folder is the new report: quitting must not remove it, nor come
    // between the two renames (between them no report is in place).
    let old = staging + ".old"
    let hadReport = FileManager.default.fileExists(atPath: path)
    let failure: (step: String, code: Int32)? = PendingFiles.uninterrupted(finishing: staging) {
      if hadReport {
        guard rename(path, old) == 0 else { return ("cannot replace the old report", errno) }
        guard rename(staging, path) == 0 else {
          let code = errno
          _ = rename(old, path)
          return ("cannot put the new report in place", code)
        }
      } else if rename(staging, path) != 0 {
        return ("cannot put the report in place", errno)
      }
      return nil
    }
    if let failure {
      discard()
      throw DataError("\(failure.step) (\(systemErrorText(failure.code)))", at: path)
    }
    if hadReport { Self.retire(old, into: path, known: Set(survey.sealed + survey.foreign)) }
    guard let replaced, replaced.isAnotherRun(than: new) else { return nil }
    return replaced.comparedWith(new)
  }

  /// Deletes the old report folder, except anything that appeared in it after it was surveyed,
  /// which is moved into the new report (or, if the name is taken, left in the old folder).
  private static func retire(_ old: String, into path: String, known: Set<String>) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: old)) ?? []
    var kept = false
    for entry in entries {
      if known.contains(entry) {
        try? FileManager.default.removeItem(atPath: "\(old)/\(entry)")
      } else if FileManager.default.fileExists(atPath: "\(path)/\(entry)")
        || rename("\(old)/\(entry)", "\(path)/\(entry)") != 0
      {
        kept = true  // rename(2) would replace a new report file of that name: leave it here
      }
    }
    if !kept { rmdir(old) }
  }

  /// Throws unless `name` in the report folder `path` may be rewritten (by `sealed report`):
  /// it is missing, or Sealed's (its manifest lists it), or `force` is given.
  package static func checkRewritable(_ name: String, in path: String, force: Bool) throws(DataError) {
    let file = "\(path)/\(name)"
    guard !force, FileManager.default.fileExists(atPath: file) else { return }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard !sealedNames(in: path, entries: entries).contains(name) else { return }
    throw DataError("the file exists and Sealed did not write it (the folder's \(manifestName) does not list it); pass --force to replace it", at: file)
  }

  /// Writes one file atomically (`AtomicFile`: temporary file, then rename), creating its folder.
  package static func writeFile(_ contents: String, to path: String) throws(DataError) {
    try Folder.create(holding: path)
    try AtomicFile.write(Data(contents.utf8), to: path)
  }
}
