/// The pool loop of a plan's compiled loop (see `LoopSource`).
extension LoopSource.Writer {
  /// The pools: each one's digits and programs, its boosters' parts, their outcomes, then the
  /// pool's mythics.
  func poolLoop(shapes: [[Int]]) -> String {
    let boosters = plan.boostersPerPool
    let programCount = plan.programs.count
    let otherPrograms = (plan.hasMythicPosition ? 1 : 0) * plan.combinationCount
    var choices = ""
    let first = plan.poolDigits[0]
    if first.starts { choices += "    low = draw(s, \(first.product)ull, \(first.threshold)ull);\n" }
    if plan.hasMythicPosition {
      choices += "    uint64_t positionDigit = digit(&low, \(plan.positionRange)ull);\n"
      if plan.positionDigitIsPosition {
        choices += "    mythicPosition = (int)positionDigit;\n"
      } else {
        choices += "    mythicPosition = 0;\n"
        choices += "    for (int k = 0; k < \(boosters - 1); k++) mythicPosition += positionDigit >= positionThresholds[k];\n"
      }
    }
    for booster in 0..<boosters {
      let batch = plan.poolDigits[booster + 1]
      if batch.starts { choices += "    low = draw(s, \(batch.product)ull, \(batch.threshold)ull);\n" }
      choices += """
            {
              int firstProgram = \(booster) == mythicPosition ? 0 : \(otherPrograms);
              uint64_t d = digit(&low, \(plan.combinationRange)ull);
              int program = firstProgram;
              for (int k = 0; k < \(plan.combinationCount - 1); k++) program += d >= combinationThresholds[firstProgram + k];
              programs[\(booster)] = program;
              programCounters[\(booster * programCount) + program]++;
              mythics += programMythics[program];
            }

        """
    }
    return """
      void sealed_plan_loop(uint64_t *rng, int32_t *entries, uint32_t *counts, uint32_t *const *counters,
                            int64_t *pairState, int64_t pools) {
        uint32_t *programCounters = counters[0], *poolMythics = counters[1], *pairDifferences = counters[2];
        uint32_t *outcomeCounters = counters[3], *positionCounters = counters[4];
        (void)outcomeCounters; (void)positionCounters;
        uint64_t s[4] = {rng[0], rng[1], rng[2], rng[3]};
        int64_t done = pairState[0], previous = pairState[1];
        int programs[\(boosters)];
      \(fillProgramValues())
        for (int64_t pool = 0; pool < pools; pool++) {
          uint64_t low = 0;
          int mythicPosition = -1;
          int64_t mythics = 0;
          (void)low; (void)mythicPosition;
      \(choices)    for (int b = 0; b < \(boosters); b++) {
            int p = programs[b];
            int64_t outcome = outcomeStart[p];
      \(runBooster(shapes: shapes))
      \(countOutcome())
          }
          poolMythics[mythics]++;
          if (done & 1) pairDifferences[mythics > previous ? mythics - previous : previous - mythics]++;
          previous = mythics;
          done++;
        }
        rng[0] = s[0]; rng[1] = s[1]; rng[2] = s[2]; rng[3] = s[3];
        pairState[0] = done;
        pairState[1] = previous;
      }

      """
  }

  /// Each program's values (`ProgramValue`), its counters' and entries' addresses made once a
  /// call.
  private func fillProgramValues() -> String {
    let fields = programValues.map { "    values[p].\($0.name) = \($0.kind.written("\($0.name)[p]"));\n" }.joined()
    return """
        ProgramValues values[\(plan.programs.count)];
        for (int p = 0; p < \(plan.programs.count); p++) {
      \(fields)  }
      """
  }

  /// Booster `b` of program `p`: its shape's function (a switch when there are several).
  private func runBooster(shapes: [[Int]]) -> String {
    guard shapes.count > 1 else { return "      shape0(values + p, s, entries, counts, &outcome);" }
    var shapeOf = [Int](repeating: 0, count: plan.programs.count)
    for (shape, programs) in shapes.enumerated() { for program in programs { shapeOf[program] = shape } }
    let cases = shapes.indices.map { "        case \($0): shape\($0)(values + p, s, entries, counts, &outcome); break;" }
    return """
            static const int shapeOf[\(plan.programs.count)] = {\(shapeOf.map(String.init).joined(separator: ", "))};
            switch (shapeOf[p]) {
      \(cases.joined(separator: "\n"))
            }
      """
  }

  /// The booster's outcome, for programs that count outcomes (`ChunkTally.counted`), without a
  /// branch: programs that do not have `countsOutcome` 0 and add nothing.
  private func countOutcome() -> String {
    guard plan.countsOutcomes else { return "" }
    return """
            uint32_t counted = countsOutcome[p];
            outcomeCounters[outcome] += counted;
            mythics += counted * outcomeMythics[outcome];
            positionCounters[b] += counted & (outcomeMythics[outcome] > 0);
      """
  }
}
