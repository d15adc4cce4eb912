/// The ids of the last `limit` boosters a reader finished, each a hash and the line where it
/// started, so that a booster listed again is caught while memory stays bounded however long the
/// file (an id that comes back further on is caught by the booster sizes instead, when they
/// differ). Cost: one hash and a dictionary update per booster; about 100 bytes per id kept.
struct RecentBoosterIDs {
  /// Hash of each recent booster id → the line where it started.
  private var lines: [Int: Int] = [:]
  /// The recent ids' hashes, oldest first from `oldest`, as a ring.
  private var ring: [Int] = []
  private var oldest = 0
  /// How many booster ids back one that comes back is caught.
  static let limit = 100_000

  /// Notes the booster `id` that starts at `line`; the line where it started before, when it
  /// was among the last `limit` boosters.
  mutating func add<ID: Hashable>(_ id: ID, line: Int) -> Int? {
    var hasher = Hasher()
    hasher.combine(id)
    let key = hasher.finalize()
    if let earlier = lines[key] { return earlier }
    lines[key] = line
    if ring.count < Self.limit {
      ring.append(key)
    } else {
      lines[ring[oldest]] = nil
      ring[oldest] = key
      oldest = (oldest + 1) % Self.limit
    }
    return nil
  }
}
