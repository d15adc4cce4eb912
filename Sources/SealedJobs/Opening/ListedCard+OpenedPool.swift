import SealedEngine
import SealedPackFiles

extension ListedCard {
  /// A card of an opened booster as a pack file lists it: its set, collector number, name and
  /// finish, one copy (for `pools.csv` and `sealed open --format`). A card known by its key
  /// alone has no name (its placeholder name is the key): the CSV leaves it empty, the text
  /// list writes `EOE 350`, and `sealed audit` reads both.
  package init(_ entry: OpenedPool.Entry, line: Int = 0) {
    self.init(
      setCode: entry.card.setCode, collectorNumber: entry.card.collectorNumber.text, name: entry.card.hasData ? entry.card.name : nil,
      foil: entry.foil, count: 1, line: line)
  }
}
