import Foundation
import SealedSupport
import SealedEngine
import SealedReports

extension SimulationJob {
  /// Writes `files` (an outcome's, or a check's made from it) and the samples: with `--out`
  /// into the report folder (`pools.csv`, with the report, all or nothing), else after the
  /// report to `notebooks-data/<set>-<rules>/pools.csv`. `mayDrop`: see `ReportFolder.commit`.
  package func write(_ files: [(name: String, contents: String)], mayDrop: Set<String> = []) throws(DataError) -> Written {
    guard samples > 0 else { return Written(replaced: try folder.commit(files, mayDrop: mayDrop), samples: nil) }
    guard settings.out != nil else { return try writeWithSamplesApart(files, mayDrop: mayDrop) }
    let target = URL(fileURLWithPath: folder.path)
    let parent = target.deletingLastPathComponent().path
    let staged = AtomicFile.temporaryPath(in: parent, for: "\(target.lastPathComponent).pools")
    try folder.createParent()
    AbandonedPartials.remove(in: parent)
    _ = try writeSamples(to: staged, rename: false)
    let replaced = try folder.commit(files, moving: [(PoolSamples.fileName, staged)], mayDrop: mayDrop)
    return Written(replaced: replaced, samples: "\(folder.path)/\(PoolSamples.fileName)")
  }

  /// The report, then the samples in `notebooks-data/` and their `pools_run.csv` (`SampleOrigin`)
  /// put in place at once after it: staged first, so that a Ctrl-C while they are written leaves
  /// the earlier report and samples as they were (the report was put in place first, and a
  /// Ctrl-C then left it beside another run's samples: a review). The samples go in place before
  /// their facts, in one step a Ctrl-C waits for: should anything part them, the facts are the
  /// older run's, which a notebook finds differ from the report, never another run's samples
  /// under this run's facts.
  private func writeWithSamplesApart(_ files: [(name: String, contents: String)], mayDrop: Set<String>) throws(DataError) -> Written {
    let final = samplesPath
    let folder = (final as NSString).deletingLastPathComponent
    let finalFacts = (folder as NSString).appendingPathComponent(SampleOrigin.fileName)
    let staged = AtomicFile.temporaryPath(in: folder, for: PoolSamples.fileName)
    try Folder.create(holding: final)
    AbandonedPartials.remove(in: folder)
    _ = try writeSamples(to: staged, rename: false)
    let facts = AtomicFile(path: finalFacts)
    let replaced: PreviousReport?
    do throws(DataError) {
      let run = files.first { $0.name == ReportFile.run.name }?.contents ?? ""
      do {
        let text = SampleOrigin.text(run: run, cardsFingerprint: RunRecord.fingerprint(plan.cards), samples: samples)
        try facts.write(Data(text.utf8))
      } catch {
        throw DataError("cannot write the file (\(error.reason))", at: finalFacts)
      }
      replaced = try self.folder.commit(files, mayDrop: mayDrop)
    } catch {
      unlink(staged)
      facts.discard()
      throw error
    }
    let failed = PendingFiles.uninterrupted(finishing: staged) { () -> (path: String, code: Int32)? in
      guard rename(staged, final) == 0 else { return (final, errno) }
      return rename(facts.temporaryPath, finalFacts) == 0 ? nil : (finalFacts, errno)
    }
    PendingFiles.remove(facts.temporaryPath)
    if let failed {
      unlink(staged)
      unlink(facts.temporaryPath)
      let put = failed.path == final ? "the samples" : "their run's facts (the samples are in place; it is the earlier run's)"
      throw DataError("cannot put \(put) in place (\(systemErrorText(failed.code)))", at: failed.path)
    }
    return Written(replaced: replaced, samples: final)
  }

  /// Writes the first `--samples` pools to `notebooks-data/<set>-<rules>/pools.csv` (or `path`;
  /// see `PoolSamples.write`) and returns where they went; nil without `--samples`.
  private func writeSamples(to target: String? = nil, rename: Bool = true) throws(DataError) -> String? {
    guard samples > 0 else { return nil }
    let path = target ?? samplesPath
    try PoolSamples.write(plan: plan, seed: request.seed, count: samples, to: path, rename: rename)
    return path
  }
}
