/// One set an import stored in the user's card folder: its code, how many cards, and the file.
public struct StoredCardSet: Sendable, Equatable {
  public var code: String
  public var cards: Int
  public var file: String

  /// A set `code` of `cards` cards stored in `file`.
  public init(code: String, cards: Int, file: String) {
    self.code = code
    self.cards = cards
    self.file = file
  }
}
