import Foundation
import SealedSupport
import SealedEngine
import SealedReports

extension SimulationJob {
  /// Writes `files` (an outcome's, or a check's made from it) and the samples: with `--out`
  /// into the report folder (`pools.csv`, with the report, all or nothing), else after the
  /// report to `notebooks-data/<set>-<rules>/pools.csv`.
  package func write(_ files: [(name: String, contents: String)]) throws(DataError) -> Written {
    guard samples > 0, settings.out != nil else {
      let replaced = try folder.commit(files)
      return Written(replaced: replaced, samples: try writeSamples())
    }
    let target = URL(fileURLWithPath: folder.path)
    let staged = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).pools-\(ProcessInfo.processInfo.processIdentifier).csv").path
    try folder.createParent()
    _ = try writeSamples(to: staged, rename: false)
    let replaced = try folder.commit(files, moving: [(PoolSamples.fileName, staged)])
    return Written(replaced: replaced, samples: "\(folder.path)/\(PoolSamples.fileName)")
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
