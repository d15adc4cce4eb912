import SealedSupport
import SealedVerdicts

/// A report folder's CSV files as typed rows, one per line: what `report.html` shows and the
/// tables beside it. A command fills it from what it has just computed and writes both the CSV
/// files (`tables`) and the page from it, so the page prints exactly the CSV's numbers;
/// `sealed report DIR` reads it back from the files (`read(folder:)`, the one place a report's
/// CSV is parsed). A file the folder does not hold is nil. (`summary.csv` of
/// `sealed check-products` and `pools.csv` of `--samples` are written by their own types,
/// `ProductSummary` and `PoolSamples`.)
public struct ReportContents: Sendable {
  package var run: RunTable
  /// `checks.csv`, or `audit.csv` in an audit's folder; nil for a simulation.
  public var checks: CheckTable?
  package var slotRarity: [SlotRarityRow]?
  package var cardFrequency: [CardFrequencyRow]?
  package var events: [EventFrequencyRow]?
  package var comparisons: [ComparisonRow]?
  /// `boosters.csv` (an audit): the boosters listed, those with a problem among them.
  package var boosters: [BoosterFindings.Problem]?
  public var mythicFairness: [MythicFairnessRow]?
  package var poolMythics: [PoolShareRow]?
  package var comparedPoolMythics: [ComparedPoolShareRow]?
  package var mythicPosition: [PoolShareRow]?
  package var sheetFrequency: FrequencyTable?
  public var claimFrequency: FrequencyTable?

  /// Contents holding `run.csv` only; a command sets the other files it writes.
  package init(run: RunTable) {
    self.run = run
  }

  /// The CSV files it holds, by name.
  package var tables: [(name: String, table: CSVTable)] {
    var tables: [(ReportFile, CSVTable)] = [(.run, run.table)]
    if let checks { tables.append((checks.file, checks.table)) }
    func add(_ file: ReportFile, _ rows: [[String]]?) {
      guard let rows else { return }
      var table = CSVTable(file: file)
      for row in rows { table.append(row) }
      tables.append((file, table))
    }
    add(.slotRarity, slotRarity?.map(\.fields))
    add(.cardFrequency, cardFrequency?.map(\.fields))
    add(.events, events?.map(\.fields))
    add(.comparisons, comparisons?.map(\.fields))
    add(.boosters, boosters?.map(\.fields))
    add(.mythicFairness, mythicFairness?.map(\.fields))
    add(.poolMythics, poolMythics?.map(\.fields))
    add(.comparedPoolMythics, comparedPoolMythics?.map(\.fields))
    add(.mythicPosition, mythicPosition?.map(\.fields))
    for frequency in [sheetFrequency, claimFrequency].compactMap({ $0 }) { tables.append((frequency.file, frequency.table)) }
    return tables.map { (name: $0.0.name, table: $0.1) }
  }

  /// For a run the user stopped (`status` interrupted in `run.csv`): the pools done and asked for.
  package var interruption: (done: Int, requested: Int)? {
    guard run.status == .interrupted else { return nil }
    let done = run["pools"].flatMap(Int.init) ?? 0
    return (done, run["pools_requested"].flatMap(Int.init) ?? done)
  }
}
