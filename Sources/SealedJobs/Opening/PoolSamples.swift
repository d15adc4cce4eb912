import Foundation
import SealedReports
import SealedSupport
import SealedRules
import SealedEngine
import SealedPackFiles

/// `pools.csv`: the first pools of a run, card by card, for notebooks. The pools are drawn
/// again from the run's seed a chunk at a time (they are the run's first pools), so memory does
/// not grow with their number.
package enum PoolSamples {
  /// The file's name in a report folder.
  package static let fileName = ReportFile.pools.name

  /// The columns of `pools.csv`: every column of `sealed open --format csv` (`booster` counted
  /// within the pool, 1 to 6 under the sealed rules; `foil` true or false), after the pool, the
  /// slot the card was drawn for, its rarity and `colors`, its colours as letters (`WU`, empty
  /// when colourless). The rows are written by the pack file's own `PackCSVLayout`, so a sampled
  /// card and the same card opened by `sealed open` have the same values.
  package static let layout = PackCSVLayout(
    header: ReportFile.pools.columns,
    extraColumns: ["pool", "slot", "rarity", "colors"])

  /// Writes the first `count` pools of `plan` from `seed` to `path`, into a temporary file
  /// renamed into place when complete; with `rename` false, the temporary file is `path` itself
  /// and stays there (a report folder moves it in with its other files). Cost: the pools drawn
  /// again, a chunk at a time, and one row per card. Throws a one-line error naming `path`.
  package static func write(plan: BoosterPlan, seed: UInt64, count: Int, to path: String, rename renaming: Bool = true) throws(DataError) {
    let file = renaming ? AtomicFile(path: path) : AtomicFile(path: path, temporaryPath: path)
    try Folder.create(holding: path)
    file.discard()  // without renaming, `path` is this run's own staging file: start it anew
    do {
      try file.create()
    } catch {
      throw DataError("cannot create a temporary file beside it", at: path)
    }
    do throws(DataError) {
      try append(layout.headerLine, to: file, path: path)
      var written = 0
      try Simulation.forEachChunk(of: plan, seed: seed, count: count) { (pools: [OpenedPool]) throws(DataError) in
        var rows = ""
        for (offset, pool) in pools.enumerated() {
          rows += Self.rows(pool, number: written + offset + 1)
        }
        try append(rows, to: file, path: path)
        written += pools.count
      }
    } catch {
      file.discard()
      throw error
    }
    guard renaming else { return }
    do {
      try file.commit()
    } catch {
      throw DataError("cannot put the file in place (\(error.systemText))", at: path)
    }
  }

  /// Throws unless `path` may take a run's samples: it is missing, or a `pools.csv` Sealed wrote
  /// (its first line is this header: samples of an earlier run, replaced as the default report
  /// folder is), or `force`. Cost: a read of the first line.
  package static func checkReplaceable(_ path: String, force: Bool) throws(DataError) {
    guard !force, FileBytes.begins(path, with: layout.headerLine) == false else { return }
    throw DataError("the file exists and is not samples Sealed wrote; choose another --out, or pass --force to replace it", at: path)
  }

  private static func append(_ text: String, to file: AtomicFile, path: String) throws(DataError) {
    do {
      try file.append(Data(text.utf8))
    } catch {
      throw DataError("cannot write the samples (\(error.reason))", at: path)
    }
  }

  /// The rows of pool `number` in `pools.csv`. A card whose data gives no colours (field data
  /// without type lines, as mkm's) has `?` for its colours, not the empty text of a colourless
  /// card (81,004 of 84,000 mkm-play cards read as colourless: a review).
  package static func rows(_ pool: OpenedPool, number: Int) -> String {
    var rows = ""
    for (index, booster) in pool.boosters.enumerated() {
      for entry in booster {
        // Every opened card has a set and collector number, so the layout always has a row.
        rows += layout.row(
          booster: String(index + 1), card: ListedCard(entry),
          extra: [String(number), entry.slot, entry.card.rarity.rawValue, entry.card.hasColourData ? entry.card.colors.joined() : "?"]) ?? ""
      }
    }
    return rows
  }
}
