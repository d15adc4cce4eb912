/// A plain-text table with aligned columns for terminal output.
struct TextTable {
  enum Alignment { case left, right }

  var columns: [(title: String, alignment: Alignment)]
  var rows: [[String]] = []
  /// Lines printed under each row, indented under its second column and wrapped at `noteWidth`
  /// (long free text such as a set's warnings, which as a column would make every line long).
  var notes: [[String]] = []
  static let noteWidth = 100

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { (title: $0.0, alignment: $0.1) }
  }

  mutating func append(_ row: [String], notes: [String] = []) {
    rows.append(row)
    self.notes.append(notes)
  }

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
    let indent = String(repeating: " ", count: (widths.first ?? 0) + 2)
    for (index, row) in rows.enumerated() {
      lines.append(line(row))
      for note in notes[index] { lines += Self.wrap(note, width: Self.noteWidth - indent.count).map { indent + $0 } }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` broken at spaces into lines of at most `width` characters (a longer word, or a
  /// short first word and the word after it, stay whole), continuation lines indented by two
  /// spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let prefix = lines.isEmpty ? "" : "  "
      // A short label (`file:`) stays with the word after it.
      if !current.isEmpty, current.count > 12 || current.contains(" "), prefix.count + current.count + 1 + word.count > width {
        lines.append(prefix + current)
        current = String(word)
      } else {
        current += (current.isEmpty ? "" : " ") + word
      }
    }
    if !current.isEmpty { lines.append((lines.isEmpty ? "" : "  ") + current) }
    return lines
  }
}
