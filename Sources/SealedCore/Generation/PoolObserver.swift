/// Receives the cards of each pool as the engine draws them. Conforming types are used as
/// generic parameters, so the compiler inlines them into the engine's loop.
protocol PoolObserver {
  /// Whether `endBooster` reads `cards` for every booster (otherwise the engine fills them only
  /// for programs that `EngineTables.Program.tallyEachBooster` marks).
  static var needsBoosterCards: Bool { get }
  /// Whether the engine counts the cards drawn at each site (`PoolEngine.siteCounts`).
  static var countsCards: Bool { get }
  mutating func beginPool()
  /// The finished booster: `cards[p]` is the card at position p.
  mutating func endBooster(
    index: Int, kind: Int, combination: Int, program: Int,
    record: UnsafePointer<EngineTables.Program>, cards: UnsafePointer<Int32>)
  mutating func endPool()
}
