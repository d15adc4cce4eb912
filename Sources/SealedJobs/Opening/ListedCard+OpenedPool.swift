import SealedEngine
import SealedPackFiles

extension ListedCard {
  /// A card of an opened booster as a pack file lists it: its set, collector number, name and
  /// finish, one copy (for `pools.csv` and `sealed open --format`).
  package init(_ entry: OpenedPool.Entry, line: Int = 0) {
    self.init(
      setCode: entry.card.setCode, collectorNumber: entry.card.collectorNumber.text, name: entry.card.name,
      foil: entry.foil, count: 1, line: line)
  }
}
