import SealedVerdicts

extension BoosterFindings {
  /// Records one booster: its size, the cards outside the rules' reach, repeats, and the
  /// feasibility verdict (nil when an outside card already made it impossible).
  package mutating func record(
    booster: String, line: Int, size: Int, outside: [String], repeats: Bool, verdict: BoosterFeasibility.Verdict?
  ) {
    record(
      booster: booster, line: line, size: size, outside: outside, repeats: repeats,
      judged: verdict.map { (kinds: $0.kinds, problem: $0.problem) })
  }
}
