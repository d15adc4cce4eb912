import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedPackFiles

/// Opened pools written as the pack files `sealed audit` reads: a CSV, a text list, or
/// 17lands' draft layout (with a column for every card of the set). Pools are drawn and written
/// a chunk at a time, so memory does not grow with their number.
package enum PackExport {
  /// Writes into a temporary file beside `path`, renamed into place when complete, so that an
  /// error or Ctrl-C never leaves half a file where a whole one was (`-`: standard output). An
  /// existing file is replaced only with `force` (`OutputFile`: checked up front and again when
  /// the file is put in place). `shouldStop` is asked before each chunk of pools: when it says
  /// yes, the temporary file is removed, nothing is put in place and the result is false (the
  /// caller reports the interruption). Cost: the pools' draws and the file's bytes, once.
  package static func write(
    plan: BoosterPlan, seed: UInt64, pools: Int, format: PackFileFormat, to path: String, force: Bool,
    shouldStop: () -> Bool = { false }
  ) throws(DataError) -> Bool {
    guard path != "-" else {
      return try write(plan: plan, seed: seed, pools: pools, format: format, gzip: false, into: path, shouldStop: shouldStop)
    }
    try OutputFile.checkWritable(path, option: "--out", force: force)
    try Folder.create(holding: path)
    let file = AtomicFile(path: path)
    do {
      guard try write(plan: plan, seed: seed, pools: pools, format: format, gzip: path.hasSuffix(".gz"), into: file.temporaryPath, shouldStop: shouldStop) else {
        file.discard()
        return false
      }
    } catch {
      file.discard()
      throw DataError(error.message, at: path)
    }
    try OutputFile.commit(file, option: "--out", force: force)
    return true
  }

  /// Why the pool loop ended early: a failed write, or `shouldStop`.
  private enum Stop: Error {
    case failed(DataError)
    case interrupted
  }

  private static func write(
    plan: BoosterPlan, seed: UInt64, pools: Int, format: PackFileFormat, gzip: Bool, into path: String, shouldStop: () -> Bool
  ) throws(DataError) -> Bool {
    var names: [String] = []
    var seen = Set<String>()
    for card in plan.cards where seen.insert(card.name).inserted { names.append(card.name) }
    let writer = try PackFileWriter(path: path, format: format, gzip: gzip, cardNames: names)
    var pool = 0
    do throws(Stop) {
      try Simulation.forEachChunk(of: plan, seed: seed, count: pools) { (chunk: [OpenedPool]) throws(Stop) in
        if shouldStop() { throw .interrupted }
        for opened in chunk {
          pool += 1
          for (index, booster) in opened.boosters.enumerated() {
            do throws(DataError) {
              try writer.write(listed(booster, pool: pool, index: index, boostersPerPool: plan.boostersPerPool, format: format))
            } catch {
              throw .failed(error)
            }
          }
        }
      }
    } catch {
      switch error {
      case .failed(let failure): throw failure
      case .interrupted:
        try? writer.close()
        return false
      }
    }
    try writer.close()
    return true
  }

  /// One booster as a file lists it: numbered in file order (CSV, text), or as pack `index + 1`
  /// of draft `pool` (17lands).
  package static func listed(_ booster: [OpenedPool.Entry], pool: Int, index: Int, boostersPerPool: Int, format: PackFileFormat) -> ListedBooster {
    let number = (pool - 1) * boostersPerPool + index + 1
    let label = format == .seventeenLands ? "draft \(pool) pack \(index + 1)" : format == .text ? "Booster \(number)" : String(number)
    return ListedBooster(label: label, line: 0, cards: booster.map { ListedCard($0) })
  }
}
