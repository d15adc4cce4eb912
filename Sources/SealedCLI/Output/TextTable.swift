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
  /// Cost: O(characters), each cell's characters counted once.
  var text: String {
    let titles = columns.map(\.title)
    let counts = rows.map { $0.map(\.count) }
    let widths = columns.indices.map { column in
      max(titles[column].count, counts.lazy.map { $0[column] }.max() ?? 0)
    }
    // Each cell padded to its column's width, two spaces between columns, then the trailing
    // spaces dropped (those of a last cell aligned left are never added).
    func line(_ cells: [String], _ cellCounts: [Int]) -> String {
      var text = ""
      for (index, cell) in cells.enumerated() {
        if index > 0 { text += "  " }
        let padding = String(repeating: " ", count: widths[index] - cellCounts[index])
        switch columns[index].alignment {
        case .left: text += index == cells.count - 1 ? cell : cell + padding
        case .right: text += padding + cell
        }
      }
      while text.last == " " { text.removeLast() }
      return text
    }
    func line(_ cells: [String]) -> String { line(cells, cells.map(\.count)) }
    var lines = [line(columns.map(\.title))]
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    let indent = String(repeating: " ", count: (widths.first ?? 0) + 2)
    for (index, row) in rows.enumerated() {
      lines.append(line(row, counts[index]))
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
