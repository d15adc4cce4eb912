/// `text` cut after `limit` characters, with an ellipsis when cut, and control characters (line
/// breaks, tabs, NUL) written as `\n`, `\r`, `\t`, `\u{0}`, so that text quoted in an error
/// message stays one readable line. Cost: at most `limit` characters copied.
package func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
  let head = text.prefix(limit + 1)
  let cut = head.count <= limit ? String(head) : String(head.prefix(limit)) + "…"
  guard cut.unicodeScalars.contains(where: isControl) else { return cut }
  var visible = ""
  for scalar in cut.unicodeScalars {
    switch scalar {
    case "\n": visible += "\\n"
    case "\r": visible += "\\r"
    case "\t": visible += "\\t"
    case _ where isControl(scalar): visible += "\\u{\(String(scalar.value, radix: 16))}"
    default: visible.unicodeScalars.append(scalar)
    }
  }
  return visible
}

/// `excerpt` in double quotes, followed by the whole text's length when it was cut, so that a
/// file's text quoted in an error (a rule file that is one long line, a spec path naming some
/// other file) gives one line that says how much was left out. Cost: as `excerpt`, and one
/// count of the rest when cut.
package func quotedExcerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
  let shown = "\"\(excerpt(text, limit: limit))\""
  return text.prefix(limit + 1).count > limit ? "\(shown) (\(text.count) characters)" : shown
}

/// A control character, or an invisible format character (a byte-order mark inside a field,
/// a zero-width space, a direction mark), which a message prints escaped so that it is seen.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
}
