/// One set an import stored in the user's card folder: its code, how many cards, and the file.
package struct StoredCardSet: Sendable, Equatable {
  package var code: String
  package var cards: Int
  package var file: String

  /// A set `code` of `cards` cards stored in `file`.
  package init(code: String, cards: Int, file: String) {
    self.code = code
    self.cards = cards
    self.file = file
  }
}
