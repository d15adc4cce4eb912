import SealedSupport

/// One format's reader: hands out the boosters of a file in order, nil at the end.
protocol BoosterParser: AnyObject {
  func next() throws(DataError) -> ListedBooster?
}

/// The label of a booster in an error message: ` (booster "X")`.
func boosterNote(_ label: String) -> String {
  " (booster \"\(excerpt(label))\")"
}
