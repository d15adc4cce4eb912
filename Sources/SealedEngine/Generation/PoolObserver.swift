import SealedSupport

/// Receives the cards of each pool as the engine draws them. Conforming types are used as
/// generic parameters, so the compiler inlines them into the engine's loop. An observer that owns
/// buffers is noncopyable and frees them in its `deinit` (`ChunkTally`, `ContentObserver`).
protocol PoolObserver: ~Copyable {
  /// Whether `drew` is called for every booster (otherwise only for programs that
  /// `EngineTables.Program.tallyEachBooster` marks).
  static var needsBoosterCards: Bool { get }
  /// Whether the engine counts the cards drawn at each site (`PoolEngine.siteCounts`).
  static var countsCards: Bool { get }
  mutating func beginPool()
  /// Booster `index` of the pool will be drawn by `program`, of kind `kind`.
  mutating func chose(booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>)
  /// Booster `index` was drawn: `cards[p]` is the card at position p. Called after every
  /// booster's `chose`.
  mutating func drew(
    booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>,
    cards: UnsafePointer<Int32>)
  /// Whether `counted` is called (for programs that `EngineTables.Program.countsOutcomes`
  /// marks).
  static var countsOutcomes: Bool { get }
  /// Booster `index`, of a program that counts outcomes, was drawn with lane counts
  /// `EngineTables.outcomeLaneCounts` of `outcome`. Called after every booster's `chose`.
  mutating func counted(booster index: Int, kind: Int, outcome: Int)
  mutating func endPool()
}

extension PoolObserver where Self: ~Copyable {
  static var countsOutcomes: Bool { false }
  @inline(__always)
  mutating func counted(booster index: Int, kind: Int, outcome: Int) {}
}
