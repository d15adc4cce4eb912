import SealedSupport

/// One format's reader: hands out the boosters of a file in order, nil at the end.
protocol BoosterParser: AnyObject {
  func next() throws(DataError) -> ListedBooster?
}

/// The label of a booster in an error message: ` (booster "X")`.
func boosterNote(_ label: String) -> String {
  " (booster \"\(excerpt(label))\")"
}

/// `text` cut to about `limit` characters, with an ellipsis when cut, and control characters
/// (line breaks, tabs, NUL) written as `\n`, `\t`, `\u{0}`, so that an error stays one line.
func excerpt(_ text: String, limit: Int = 60) -> String {
  let cut = text.count <= limit ? text : String(text.prefix(limit)) + "…"
  guard cut.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return cut }
  var visible = ""
  for scalar in cut.unicodeScalars {
    switch scalar {
    case "\n": visible += "\\n"
    case "\r": visible += "\\r"
    case "\t": visible += "\\t"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: visible += "\\u{\(String(scalar.value, radix: 16))}"
    default: visible.unicodeScalars.append(scalar)
    }
  }
  return visible
}
