import SealedCore

/// One format's reader: hands out the boosters of a file in order, nil at the end.
protocol BoosterParser: AnyObject {
  func next() throws(DataError) -> ListedBooster?
}

/// The label of a booster in an error message: ` (booster "X")`.
func boosterNote(_ label: String) -> String {
  " (booster \"\(label)\")"
}

/// `text` cut to about `limit` characters, with an ellipsis when cut, for error messages.
func excerpt(_ text: String, limit: Int = 60) -> String {
  text.count <= limit ? text : String(text.prefix(limit)) + "…"
}
