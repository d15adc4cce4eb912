/// Receives the cards of each pool as the engine draws them. Conforming types are used as
/// generic parameters, so the compiler inlines them into the engine's loop.
protocol PoolObserver {
  mutating func beginPool()
  mutating func beginBooster(_ program: UnsafePointer<EngineTables.Program>)
  /// A card drawn into the booster; `row` is where it is tallied (`site * cardCount`) and
  /// `needsLanes` whether its lane mask counts (see `EngineTables.Segment`).
  mutating func card(_ card: Int32, row: Int32, needsLanes: Bool)
  /// Takes back a card of a batch that is drawn again (see `EngineTables.Batch`).
  mutating func retract(_ card: Int32, row: Int32, needsLanes: Bool)
  /// The finished booster: `cards[p]` is the card at position p.
  mutating func endBooster(
    index: Int, kind: Int, combination: Int, program: Int,
    record: UnsafePointer<EngineTables.Program>, cards: UnsafePointer<Int32>)
  mutating func endPool()
}
