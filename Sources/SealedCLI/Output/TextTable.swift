/// A plain-text table with aligned columns for terminal output.
struct TextTable {
  enum Alignment { case left, right }

  var columns: [(title: String, alignment: Alignment)]
  var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { (title: $0.0, alignment: $0.1) }
  }

  mutating func append(_ row: [String]) { rows.append(row) }

  /// The rendered table: a header, a rule, then the rows; trailing spaces trimmed.
  var text: String {
    let widths = columns.indices.map { column in
      ([columns[column].title] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { index, cell in
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        return columns[index].alignment == .left ? cell + padding : padding + cell
      }
      return String(padded.joined(separator: "  ").reversed().drop(while: { $0 == " " }).reversed())
    }
    var lines = [line(columns.map(\.title))]
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    lines += rows.map(line)
    return lines.joined(separator: "\n") + "\n"
  }
}
