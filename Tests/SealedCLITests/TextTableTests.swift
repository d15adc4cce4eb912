import Testing

@testable import SealedCLI

@Suite struct TextTableTests {
  /// The table as it was first written, the reference: each row's cells padded, joined, and the
  /// line's trailing spaces dropped by reversing its characters.
  private func reference(_ table: TextTable) -> String {
    let widths = table.columns.indices.map { column in
      ([table.columns[column].title] + table.rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { index, cell in
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        return table.columns[index].alignment == .left ? cell + padding : padding + cell
      }
      return String(padded.joined(separator: "  ").reversed().drop(while: { $0 == " " }).reversed())
    }
    var lines = [line(table.columns.map(\.title))]
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    let indent = String(repeating: " ", count: (widths.first ?? 0) + 2)
    for (index, row) in table.rows.enumerated() {
      lines.append(line(row))
      for note in table.notes[index] {
        lines += TextTable.wrap(note, width: TextTable.noteWidth - indent.count).map { indent + $0 }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Cells drawn from pieces that test the trimming and the counting: empty cells, spaces at a
  /// cell's end, accented letters written both ways, a combining mark after a space, an emoji.
  private static let pieces = ["", " ", "a", "war", "Tenth Edition", "é", "e\u{301}", " \u{301}", "🃏", "12", "x  "]

  @Test func rendersAsTheReferenceDoes() {
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func cell() -> String { (0..<next(4)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined() }
    for _ in 0..<300 {
      let columnCount = 1 + next(5)
      var table = TextTable((0..<columnCount).map { _ in (cell(), next(2) == 0 ? .left : .right) })
      for _ in 0..<next(6) {
        table.append((0..<columnCount).map { _ in cell() }, notes: next(3) == 0 ? [cell() + " " + cell()] : [])
      }
      #expect(table.text == reference(table), "\(table.columns.map(\.title)) \(table.rows)")
    }
  }

  @Test func aLastColumnAlignedLeftGetsNoTrailingSpaces() {
    var table = TextTable([("code", .left), ("cards", .right), ("name", .left)])
    table.append(["war", "264", "War of the Spark"])
    table.append(["m19", "", ""])
    #expect(table.text == "code  cards  name\n----  -----  ----------------\nwar     264  War of the Spark\nm19\n")
  }
}
