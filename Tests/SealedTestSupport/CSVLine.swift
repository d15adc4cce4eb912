/// One line of a CSV file Sealed wrote, split into its fields, for tests that read a report by
/// hand instead of through Sealed's own reader: a field may be quoted, a quoted field may hold
/// commas, and a doubled quote inside it stands for one quote. Lines only (no line breaks inside
/// a field). Cost: one pass over the line.
package enum CSVLine {
  package static func fields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var previous: Character = " "
    for character in line {
      if character == "\"" {
        // A quote that reopens a quoted field just closed is a doubled quote: one quote.
        if !quoted && previous == "\"" { field.append("\"") }
        quoted.toggle()
      } else if character == "," && !quoted {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
      previous = character
    }
    fields.append(field)
    return fields
  }
}
