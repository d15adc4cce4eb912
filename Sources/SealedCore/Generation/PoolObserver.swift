/// Receives each booster once the engine has drawn it. Conforming types are used as generic
/// parameters, so the compiler inlines them into the engine's loop.
protocol PoolObserver {
  mutating func beginPool()
  /// A finished booster: `cards[p]` is the ordinal of the card at position p, for every
  /// position of the booster; `program` indexes the engine's per-position tables;
  /// `mayRepeat` says whether the program can produce the same card twice.
  mutating func booster(
    index: Int, kind: Int, combination: Int, program: Int, mayRepeat: Bool,
    cards: UnsafePointer<Int32>)
  mutating func endPool()
}
