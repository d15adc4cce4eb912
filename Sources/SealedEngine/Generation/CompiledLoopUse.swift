/// When a run draws with a loop compiled for its plan (`Simulation.Request.compiledLoop`; the
/// loops are SealedLoops' `CompiledLoop`): the same pools either way.
package enum CompiledLoopUse: Sendable {
  /// When the run is long enough to repay compiling (`wanted`).
  case whenWorthIt
  /// Whenever the plan has one, the run waiting for it before its first pool (for tests and
  /// benchmarks: every chunk is drawn with the loop).
  case always
  /// Whenever the plan has one, compiled while the run draws from the tables, as `whenWorthIt`'s
  /// loop is (for tests).
  case alwaysInTheBackground
  /// Never: the engine's tables.
  case never

  /// The boosters per thread from which a loop is compiled: finding the compiler, writing the
  /// source and compiling cost about 0.21 s the first time (nothing once cached); the loop saves
  /// 3.3 ns a booster on war `sealed` (60.5 against 75.5 M boosters a second on one thread) and
  /// 12.8 ns on war `mtgwtf` (32.5 against 55.5 M), so 10⁸ boosters a thread (war: 16,666,667
  /// pools on one thread) save 0.33 s to 1.3 s a thread, more than compiling costs.
  static let boostersPerThread = 100_000_000

  /// Whether a run of `boosters` boosters on `threads` threads draws with a compiled loop.
  func wanted(boosters: Int, threads: Int) -> Bool {
    switch self {
    case .whenWorthIt: boosters >= Self.boostersPerThread * max(threads, 1)
    case .always, .alwaysInTheBackground: true
    case .never: false
    }
  }
}
