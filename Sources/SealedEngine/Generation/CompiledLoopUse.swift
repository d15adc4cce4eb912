/// When a run draws with a loop compiled for its plan (`Simulation.Request.compiledLoop`; the
/// loops are SealedLoops' `CompiledLoop`): the same pools either way.
package enum CompiledLoopUse: Sendable {
  /// When the run is long enough to repay compiling (`wanted`).
  case whenWorthIt
  /// Whenever the plan has one (for tests and benchmarks).
  case always
  /// Never: the engine's tables.
  case never

  /// The boosters per thread from which a loop is compiled: finding the compiler, writing the
  /// source and compiling cost 0.2 to 0.3 s; the loop saves 3 ns a booster or more (war
  /// `sealed`: 60 to 75 M boosters a second on one thread; war `mtgwtf`: 33 to 52 M), so 10⁸
  /// boosters a thread (war: 16,666,667 pools on one thread) repay it with room to spare.
  static let boostersPerThread = 100_000_000

  /// Whether a run of `boosters` boosters on `threads` threads draws with a compiled loop.
  func wanted(boosters: Int, threads: Int) -> Bool {
    switch self {
    case .whenWorthIt: boosters >= Self.boostersPerThread * max(threads, 1)
    case .always: true
    case .never: false
    }
  }
}
