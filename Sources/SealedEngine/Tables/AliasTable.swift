import SealedSupport

/// Walker's alias method, built by Vose's algorithm ("A linear algorithm for generating random
/// numbers with a given distribution", IEEE TSE 1991): after O(n) setup, a weighted pick costs
/// one bounded draw and one 64-bit comparison.
struct AliasTable {
  /// For entry i: keep i when a uniform 64-bit draw is below `thresholds[i]`, else take `alias[i]`.
  let thresholds: [UInt64]
  let alias: [Int]

  init(weights: [Double]) {
    let n = weights.count
    let total = weights.reduce(0, +)
    var scaled = weights.map { $0 * Double(n) / total }
    var alias = Array(0..<n)
    var probability = [Double](repeating: 1, count: n)
    var small = scaled.indices.filter { scaled[$0] < 1 }
    var large = scaled.indices.filter { scaled[$0] >= 1 }
    while let s = small.popLast(), let l = large.popLast() {
      probability[s] = scaled[s]
      alias[s] = l
      scaled[l] = (scaled[l] + scaled[s]) - 1
      if scaled[l] < 1 { small.append(l) } else { large.append(l) }
    }
    // Whatever is left has probability 1 up to rounding.
    for index in small + large {
      probability[index] = 1
      alias[index] = index
    }
    self.alias = alias
    thresholds = probability.map { $0 >= 1 ? .max : UInt64($0 * 0x1p64) }
  }
}
