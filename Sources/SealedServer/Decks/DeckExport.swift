import Foundation
import SealedSupport
import SealedDecks
import SealedImages

/// A deck's files for other programs, the same bytes `sealed export` writes: the Arena
/// decklist, the Tabletop Simulator saved object, and the 10 x 7 card sheet from a folder of
/// card images.
enum DeckExport: String, CaseIterable, Sendable {
  case arena, tts, sheet

  /// The file: its bytes, content type and download name. Throws a refusal when the sheet has
  /// no images folder or the folder lacks some images (the one line `sealed export tts --sheet`
  /// prints). Cost: the sheet decodes and resizes every image (about a second for 40 cards).
  func file(of deck: Deck, imagesFolder: String?) throws(APIError) -> (data: Data, type: String, name: String) {
    switch self {
    case .arena:
      let text = try APIError.refusing { try ArenaDeckList.exported(deck) }
      return (Data(text.utf8), "text/plain; charset=utf-8", "\(deck.name).txt")
    case .tts:
      let saved = try APIError.refusing { try TabletopSimulatorDeck(deck) }
      return (Data(Self.json(saved).utf8), "application/json", "\(deck.name).json")
    case .sheet:
      guard let imagesFolder else {
        throw APIError.unprocessable(
          "the card sheet is made from card images named SET-NUMBER.jpg; start sealed serve with --images DIR, the folder sealed export tts --images takes")
      }
      return try Self.sheet(of: deck, imagesIn: imagesFolder)
    }
  }

  /// The JSON `sealed export tts` prints: sorted keys, two-space indentation, a final newline.
  static func json<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return ((try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
  }

  private static func sheet(of deck: Deck, imagesIn folder: String) throws(APIError) -> (data: Data, type: String, name: String) {
    let temporary = (NSTemporaryDirectory() as NSString).appendingPathComponent("sealed-sheet-\(UUID().uuidString).jpg")
    defer { unlink(temporary) }
    return try APIError.refusing {
      let image = try CardSheet.render(deck.expandedCards, imagesIn: folder)
      try ImageFile.write(image, to: temporary, force: false)
      return (try Data(contentsOf: URL(fileURLWithPath: temporary)), "image/jpeg", "\(deck.name)-sheet.jpg")
    }
  }
}
