/// Writes a plan's loop (see `LoopSource`): the alias tables the programs read, a function per
/// shape of program, and the pool loop (LoopSource+PoolLoop.swift).
extension LoopSource {
  final class Writer {
    let plan: LoopPlan
    /// The values the programs of a shape differ in, each a field of every program's
    /// `ProgramValues` (`ProgramValue`), in order of first use.
    private(set) var programValues: [ProgramValue] = []
    private let layout: EntryLayout
    /// The first table of each card table's, coded table's and coded picks' contents: a table
    /// that repeats another (war `mtgwtf`'s foil sheet, for boosters of two variants) is written
    /// once.
    private let cardTableNames: [Int]
    private let codedTableNames: [Int]
    private let codedPickNames: [Int]

    init(plan: LoopPlan, layout: EntryLayout) {
      self.plan = plan
      self.layout = layout
      cardTableNames = Self.firstOfEach(plan.cardTables)
      codedTableNames = Self.firstOfEach(plan.codedTables)
      // A coded picks table is written as offsets and ranges: tables that differ only in the
      // rows of their picks (war `mtgwtf`'s four programs') are one, and one value of the shape.
      codedPickNames = Self.firstOfEach(plan.codedPicks.map { $0.map { [Int64($0.offset), Int64($0.range)] } })
    }

    /// For each value, the index of its first occurrence.
    private static func firstOfEach<T: Hashable>(_ values: [T]) -> [Int] {
      var first: [T: Int] = [:]
      return values.indices.map { index in
        if let earlier = first[values[index]] { return earlier }
        first[values[index]] = index
        return index
      }
    }

    func source() -> String {
      let shapes = shapes()
      var functions = ""
      for (shape, programs) in shapes.enumerated() {
        functions += shapeFunction(shape, programs: programs)
      }
      return [prelude(layout), constants(), aliasTables(), valueTables(), functions, poolLoop(shapes: shapes)].joined(separator: "\n")
    }

    /// The programs grouped by shape (their parts with the batches' lengths, never their
    /// sheets), in order of their first program.
    private func shapes() -> [[Int]] {
      var groups: [[Int]] = []
      var keys: [[String]] = []
      for (program, record) in plan.programs.enumerated() {
        let key = record.parts.map { part -> String in
          switch part {
          case .batches(let batches): "b" + batches.map { String($0.picks.count) }.joined(separator: ",")
          case .card: "card"
          case .coded(_, _, _, let extras): "coded\(extras)"
          }
        }
        if let index = keys.firstIndex(of: key) {
          groups[index].append(program)
        } else {
          keys.append(key)
          groups.append([program])
        }
      }
      return groups
    }

    /// Each program's fixed mythics, outcome start and whether it counts outcomes; each
    /// outcome's mythics; the pool's thresholds.
    private func constants() -> String {
      [
        array("programMythics", "int32_t", plan.programs.map { String($0.mythics) }),
        array("outcomeStart", "int32_t", plan.programs.map { String($0.outcomeStart) }),
        array("countsOutcome", "int32_t", plan.programs.map { $0.countsOutcomes ? "1" : "0" }),
        array("outcomeMythics", "int32_t", plan.outcomeMythics.map(String.init)),
        array("combinationThresholds", "uint64_t", plan.combinationThresholds.map { "\($0)ull" }),
        array("positionThresholds", "uint64_t", plan.positionThresholds.map { "\($0)ull" }),
      ].joined()
    }

    /// A constant array (one zero when `values` is empty: C has no empty arrays).
    private func array(_ name: String, _ type: String, _ values: [String]) -> String {
      let items = values.isEmpty ? ["0"] : values
      return "static const \(type) \(name)[\(items.count)] = {\(items.joined(separator: ", "))};\n"
    }

    /// The card and coded alias tables and the coded picks.
    private func aliasTables() -> String {
      var text = ""
      for (index, table) in plan.cardTables.enumerated() where cardTableNames[index] == index {
        text += array(
          "cardTable\(index)", "CardEntry",
          table.map { "{\($0.threshold)ull, \(layout.cardWord($0.keep)), \(layout.cardWord($0.other))}" })
      }
      func alternative(_ a: LoopPlan.CodedAlternative) -> String {
        "{\(layout.codedRange(a.product)), \(layout.codedRange(a.threshold)), \(a.codes)ull}"
      }
      for (index, table) in plan.codedTables.enumerated() where codedTableNames[index] == index {
        text += array(
          "codedTable\(index)", "CodedEntry", table.map { "{\($0.threshold)ull, \(alternative($0.keep)), \(alternative($0.other))}" })
      }
      for (index, picks) in plan.codedPicks.enumerated() where codedPickNames[index] == index {
        text += array("codedPicks\(index)", "CodedPick", picks.map { "{\($0.offset), \($0.range)u}" })
      }
      return text
    }

    /// A value of a shape's programs, as the shape's code reads it: written in when they share
    /// it, else a field of the program's values (`q->name`; zero for programs of other shapes),
    /// one field for values that agree program by program. A site's row is read as its counters
    /// (`counts + row`) and a sheet's offset as its entries (`entries + offset`), pointers
    /// made once a call.
    private func value(
      _ name: String, _ type: String, _ programs: [Int], as kind: ProgramValue.Kind = .number, _ of: (Int) -> String
    ) -> String {
      let values = programs.map(of)
      if Set(values).count == 1 { return kind.written(values[0]) }
      var row = [String](repeating: "0", count: plan.programs.count)
      for (index, program) in programs.enumerated() { row[program] = values[index] }
      if let same = programValues.first(where: { $0.kind == kind && $0.type == type && $0.byProgram == row }) {
        return "q->\(same.name)"
      }
      programValues.append(ProgramValue(name: name, type: type, kind: kind, byProgram: row))
      return "q->\(name)"
    }

    /// Each program value's table by program, and the `ProgramValues` type that holds them.
    private func valueTables() -> String {
      let tables = programValues.map { array($0.name, $0.type, $0.byProgram) }.joined()
      let fields = programValues.map { "  \($0.kind.fieldType($0.type)) \($0.name);\n" }.joined()
      return tables + "typedef struct {\n\(fields.isEmpty ? "  char none;\n" : fields)} ProgramValues;\n"
    }

    /// The function of one shape: its parts in order, for the program whose values `q` points at.
    private func shapeFunction(_ shape: Int, programs: [Int]) -> String {
      var body = ""
      for index in plan.programs[programs[0]].parts.indices {
        let name = "s\(shape)part\(index)"
        func part(_ program: Int) -> LoopPlan.Part { plan.programs[program].parts[index] }
        switch part(programs[0]) {
        case .batches(let first):
          for batch in first.indices {
            body += batchCode("\(name)b\(batch)", programs) { program in
              guard case .batches(let batches) = part(program) else { preconditionFailure("one shape, one kind of part") }
              return batches[batch]
            }
          }
        case .card:
          body += cardCode(name, programs) { program in
            guard case .card(let table, let row) = part(program) else { preconditionFailure("one shape, one kind of part") }
            return (table, row)
          }
        case .coded(_, _, _, let extras):
          body += codedCode(name, programs, extras: extras) { program in
            guard case .coded(let table, let picks, let row, _) = part(program) else { preconditionFailure("one shape, one kind of part") }
            return (table, picks, row)
          }
        }
      }
      return """
        static inline void shape\(shape)(const ProgramValues *q, uint64_t *s, int32_t *entries, uint32_t *counts, int64_t *outcome) {
          uint64_t low = 0;
          (void)q; (void)low; (void)outcome; (void)counts;
        \(body)}

        """
    }

    /// A batch: its number, then a pick per card.
    private func batchCode(_ name: String, _ programs: [Int], _ batchOf: (Int) -> LoopPlan.Batch) -> String {
      let product = value("\(name)product", "uint64_t", programs) { "\(batchOf($0).product)ull" }
      let threshold = value("\(name)threshold", "uint64_t", programs) { "\(batchOf($0).threshold)ull" }
      var code = "  low = draw(s, \(product), \(threshold));\n"
      for pick in batchOf(programs[0]).picks.indices {
        let offset = value("\(name)p\(pick)offset", "int32_t", programs, as: .entries) { String(batchOf($0).picks[pick].offset) }
        let range = value("\(name)p\(pick)range", "uint32_t", programs) { "\(batchOf($0).picks[pick].range)u" }
        let row = value("\(name)p\(pick)row", "int32_t", programs, as: .counters) { String(batchOf($0).picks[pick].row) }
        code += "  pick(\(offset), \(range), &low, \(row));\n"
      }
      return code
    }

    /// A card by its alias table, counted at its site, adding its step to the outcome.
    private func cardCode(_ name: String, _ programs: [Int], _ cardOf: (Int) -> (table: Int, row: Int32)) -> String {
      let table = value("\(name)table", "CardEntry *const", programs) { "cardTable\(cardTableNames[cardOf($0).table])" }
      let count = value("\(name)count", "uint32_t", programs) { "\(plan.cardTables[cardOf($0).table].count)u" }
      let row = value("\(name)row", "int32_t", programs, as: .counters) { String(cardOf($0).row) }
      return "  pickCard(s, \(table), \(count), \(row), outcome);\n"
    }

    /// The coded rest of a colour-balanced draw: an alternative by its alias table, then its picks.
    private func codedCode(
      _ name: String, _ programs: [Int], extras: Int, _ codedOf: (Int) -> (table: Int, picks: Int, row: Int32)
    ) -> String {
      let table = value("\(name)table", "CodedEntry *const", programs) { "codedTable\(codedTableNames[codedOf($0).table])" }
      let count = value("\(name)count", "uint32_t", programs) { "\(plan.codedTables[codedOf($0).table].count)u" }
      let picks = value("\(name)picks", "CodedPick *const", programs) { "codedPicks\(codedPickNames[codedOf($0).picks])" }
      let row = value("\(name)row", "int32_t", programs, as: .counters) { String(codedOf($0).row) }
      return "  pickCoded(s, \(table), \(count), \(picks), \(extras), entries, \(row));\n"
    }
  }
}
