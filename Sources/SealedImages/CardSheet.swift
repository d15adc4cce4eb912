import Foundation
import SealedSupport
import SealedDecks

/// The image Tabletop Simulator imports as a custom deck: a grid of 10 columns and 7 rows of
/// 410 x 571 pixel cards, filled row by row, each copy of a card in a slot of its own; slots
/// beyond the deck stay black.
///
/// The original app's article gives the sheet as 4096 x 3994 pixels. Ten 410-pixel columns and
/// seven 571-pixel rows make 4100 x 3997, which is what this builds: every card keeps exactly
/// the article's card size and TTS, which divides the sheet by the grid, gets whole-pixel cards.
package enum CardSheet {
  package static let columns = 10
  package static let rows = 7
  package static let cardWidth = 410
  package static let cardHeight = 571
  /// 4100 x 3997.
  package static let width = columns * cardWidth
  package static let height = rows * cardHeight
  /// Cards a sheet holds: 70.
  package static let capacity = columns * rows

  /// The extensions looked for, in this order.
  package static let imageExtensions = ["jpg", "jpeg", "png"]

  /// A card's image file name without extension: `war-12`, or `war-plains` for a basic land
  /// the card data has no printing of.
  package static func imageStem(for card: PoolCard) -> String {
    "\(card.set)-\(card.collectorNumber ?? card.name.lowercased())"
  }

  /// The sheet for `images`, one slot each, in order; each image is resized to 410 x 571 when
  /// it has another size.
  package static func render(_ images: [RGBImage]) throws(DataError) -> RGBImage {
    guard images.count <= capacity else {
      throw DataError("\(images.count) cards do not fit on one sheet of \(columns) x \(rows) = \(capacity) cards")
    }
    var sheet = RGBImage(width: width, height: height, color: RGBImage.Pixel(0, 0, 0))
    for (index, image) in images.enumerated() {
      guard let card = image.resized(width: cardWidth, height: cardHeight) else {
        throw DataError("cannot resize card \(index + 1) (\(image.width) x \(image.height)) to \(cardWidth) x \(cardHeight)")
      }
      sheet.draw(card, atX: index % columns * cardWidth, y: index / columns * cardHeight)
    }
    return sheet
  }

  /// The sheet for a deck's cards (each copy once), from the images in `folder` named
  /// `SET-NUMBER.jpg` (or `.jpeg`, `.png`). Each image file is read once. Throws one line that
  /// lists the missing images (the first five, then how many more) before reading any.
  package static func render(_ cards: [PoolCard], imagesIn folder: String) throws(DataError) -> RGBImage {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw DataError("no such folder; expected a folder of card images named SET-NUMBER.jpg", at: folder)
    }
    guard cards.count <= capacity else {
      throw DataError("\(cards.count) cards do not fit on one sheet of \(columns) x \(rows) = \(capacity) cards")
    }
    var files: [String: String] = [:]
    var missing: [PoolCard] = []
    for card in cards where files[imageStem(for: card)] == nil && !missing.contains(card) {
      let stem = imageStem(for: card)
      let found = imageExtensions.lazy.map { (folder as NSString).appendingPathComponent("\(stem).\($0)") }
        .first { FileManager.default.fileExists(atPath: $0) }
      if let found { files[stem] = found } else { missing.append(card) }
    }
    if !missing.isEmpty {
      let shown = missing.prefix(5).map { "\(imageStem(for: $0)) (\($0.name))" }
      let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
      throw DataError(
        "missing \(missing.count) of \(Set(cards.map(imageStem)).count) card images (expected SET-NUMBER.jpg, .jpeg or .png): \(shown.joined(separator: ", "))\(more)",
        at: folder)
    }
    var decoded: [String: RGBImage] = [:]
    var images: [RGBImage] = []
    for card in cards {
      let stem = imageStem(for: card)
      if decoded[stem] == nil {
        let image = try ImageFile.read(files[stem]!)
        guard let sized = image.resized(width: cardWidth, height: cardHeight) else {
          throw DataError("cannot resize the image from \(image.width) x \(image.height) to \(cardWidth) x \(cardHeight)", at: files[stem]!)
        }
        decoded[stem] = sized
      }
      images.append(decoded[stem]!)
    }
    return try render(images)
  }
}
