import SealedSupport

/// Where an engine puts its sheet arrays and picks in memory, relative to its card counters.
///
/// The pick loop stores to the counters and to the sheet arrays and loads from the arrays and
/// the picks. A load whose address matches a pending store's in the low 12 bits (the offset
/// within a 4 KiB page) waits for that store on x86 ("4K aliasing"), so a layout that puts the
/// hot sheet entries at the page offsets of hot counters makes the same loop much slower (by
/// up to 40% measured on war sealed). The counters start at a page boundary; this chooses the
/// page offset of the block holding the arrays and picks that overlaps the counters' expected
/// stores least. It changes only speed, never results.
enum EngineLayout {
  /// The counters' page alignment and the granularity of the search.
  static let pageSize = 4096
  static let step = 64

  /// The offset within a page (a multiple of 64) for a block whose first `tables.cardArrays`
  /// entries (4 bytes each) are the sheet arrays, followed at `picksOffset` bytes by
  /// `tables.picks.count` picks of `pickStride` bytes. Cost: O(cards drawable by the picks +
  /// block size / 4 + 64 × min(block size / 4, 1024)).
  static func blockOffset(tables: EngineTables, picksOffset: Int, pickStride: Int) -> Int {
    let slots = pageSize / 4
    // Expected stores per booster to each 4-byte slot of a page, from the counters.
    var heat = [Double](repeating: 0, count: slots)
    // Expected accesses per booster to each 4-byte slot of the block.
    var weight = [Double](repeating: 0, count: (picksOffset + tables.picks.count * pickStride) / 4 + 1)
    for index in tables.picks.indices {
      let pick = tables.picks[index]
      let first = Int(pick.offset)
      let range = Int(pick.range)
      let share = 1 / Double(max(range, 1))
      for entry in first..<(first + range) {
        let card = Int(tables.cardArrays[entry])
        heat[(Int(pick.row) + card) % slots] += share
        weight[entry] += share
      }
      weight[first] += 1
      let pickSlot = (picksOffset + index * pickStride) / 4
      for slot in pickSlot..<(pickSlot + pickStride / 4) { weight[slot] += 1 }
    }
    // A slot's page offset is all that matters: the block's weights folded onto one page.
    var folded = [Double](repeating: 0, count: slots)
    for (slot, w) in weight.enumerated() where w > 0 { folded[slot % slots] += w }
    let used = folded.indices.filter { folded[$0] > 0 }.map { (slot: $0, weight: folded[$0]) }
    var best = (offset: 0, score: Double.infinity)
    for offset in stride(from: 0, to: pageSize, by: step) {
      var score = 0.0
      for (slot, w) in used { score += w * heat[(offset / 4 + slot) % slots] }
      if score < best.score { best = (offset, score) }
    }
    return best.offset
  }
}
