/// Receives the cards of each pool as the engine draws them. Conforming types are used as
/// generic parameters, so the compiler inlines them into the engine's loop.
protocol PoolObserver {
  mutating func beginPool()
  mutating func beginBooster(index: Int, kind: Int, combination: Int)
  /// One card, in booster position order.
  mutating func card(_ ordinal: Int32, draw: UnsafePointer<EngineTables.Draw>)
  mutating func endBooster(index: Int, kind: Int, combination: Int)
  mutating func endPool()
}
