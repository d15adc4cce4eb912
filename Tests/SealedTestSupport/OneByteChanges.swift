/// Texts made from one text by random one-byte changes (a byte replaced, removed or inserted,
/// from a given alphabet), reproducible from a seed: what the JSON readers' tests hold against
/// `JSONSerialization` or `JSONDecoder`.
package struct OneByteChanges: Sequence, IteratorProtocol {
  private let bytes: [UInt8]
  private let alphabet: [UInt8]
  private var remaining: Int
  private var random: TestRandom

  /// `count` changed copies of `bytes`, each with one byte of `alphabet` put in or one byte
  /// taken out, chosen by a `TestRandom` seeded with `seed`.
  package init(of bytes: [UInt8], alphabet: [UInt8], count: Int, seed: UInt64) {
    self.bytes = bytes
    self.alphabet = alphabet
    remaining = count
    random = TestRandom(seed: seed)
  }

  package mutating func next() -> [UInt8]? {
    guard remaining > 0, !bytes.isEmpty else { return nil }
    remaining -= 1
    var changed = bytes
    let position = Int.random(in: 0..<changed.count, using: &random)
    switch Int.random(in: 0..<3, using: &random) {
    case 0: changed[position] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
    case 1: changed.remove(at: position)
    default: changed.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &random)], at: position)
    }
    return changed
  }
}
