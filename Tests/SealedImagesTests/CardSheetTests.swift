import Foundation
import SealedSupport
import SealedCards
import SealedDecks
import SealedImages
import SealedTestSupport
import Testing

@Suite struct CardSheetTests {
  /// A distinct, saturated colour per card, easy to tell apart after JPEG compression.
  static func color(_ index: Int) -> RGBImage.Pixel {
    let palette: [RGBImage.Pixel] = [
      .init(220, 30, 30), .init(30, 200, 40), .init(40, 60, 220), .init(230, 220, 40), .init(200, 40, 200),
      .init(40, 210, 210), .init(250, 250, 250), .init(120, 70, 20),
    ]
    return palette[index % palette.count]
  }

  func card(_ number: Int, name: String) -> PoolCard {
    PoolCard(set: "tst", collectorNumber: String(number), name: name, rarity: .common, typeLine: "Instant")
  }

  /// Writes solid-colour card images into a new folder: card i is `tst-i`, in colour i; even
  /// ones at Scryfall's 488 x 680 (so the sheet must resize them), odd ones at 410 x 571, and
  /// alternately JPEG and PNG.
  func imageFolder(cards: Int) throws -> URL {
    let folder = try Fixtures.temporaryDirectory("sealed-images")
    for index in 0..<cards {
      let size = index % 2 == 0 ? (488, 680) : (410, 571)
      let image = RGBImage(width: size.0, height: size.1, color: Self.color(index))
      let name = "tst-\(index).\(index % 4 < 2 ? "png" : "jpg")"
      try ImageFile.write(image, to: folder.appendingPathComponent(name).path, force: false)
    }
    return folder
  }

  /// The centre of slot `index` (row by row, 10 per row).
  func centre(_ index: Int) -> (x: Int, y: Int) {
    (index % 10 * 410 + 205, index / 10 * 571 + 285)
  }

  @Test(.heavy) func theSheetIsTenBySevenCardsOf410By571() throws {
    #expect(CardSheet.width == 4100)
    #expect(CardSheet.height == 3997)
    #expect(CardSheet.capacity == 70)
    let images = (0..<12).map { RGBImage(width: 410, height: 571, color: Self.color($0)) }
    let sheet = try CardSheet.render(images)
    #expect(sheet.width == 4100 && sheet.height == 3997)
    for index in 0..<12 {
      let (x, y) = centre(index)
      #expect(sheet[x, y] == Self.color(index))
      // Corners of the slot belong to the same card.
      #expect(sheet[index % 10 * 410, index / 10 * 571] == Self.color(index))
      #expect(sheet[index % 10 * 410 + 409, index / 10 * 571 + 570] == Self.color(index))
    }
    let (x, y) = centre(12)
    #expect(sheet[x, y] == RGBImage.Pixel(0, 0, 0), "empty slots stay black")
    #expect(sheet[4099, 3996] == RGBImage.Pixel(0, 0, 0))
  }

  @Test(.heavy) func aDeckSheetFromImageFilesWithCopiesAndResizing() throws {
    let folder = try imageFolder(cards: 6)
    // 40 cards: copies of six different images, like a sealed deck.
    var deck: [PoolCard] = []
    for index in 0..<40 { deck.append(card(index % 6, name: "Card \(index % 6)")) }
    let sheet = try CardSheet.render(deck, imagesIn: folder.path)
    #expect(sheet.width == 4100 && sheet.height == 3997)
    for slot in [0, 1, 2, 5, 9, 10, 23, 39] {
      let (x, y) = centre(slot)
      #expect(sheet[x, y].distance(to: Self.color(slot % 6)) <= 8, "slot \(slot): \(sheet[x, y])")
    }
    let (x, y) = centre(40)
    #expect(sheet[x, y] == RGBImage.Pixel(0, 0, 0))

    // Written as JPEG and read back, the sheet keeps its size and colours.
    let output = folder.appendingPathComponent("sheet.jpg").path
    try ImageFile.write(sheet, to: output, force: false)
    let read = try ImageFile.read(output)
    #expect(read.width == 4100 && read.height == 3997)
    for slot in [0, 3, 17, 39] {
      let (x, y) = centre(slot)
      #expect(read[x, y].distance(to: Self.color(slot % 6)) <= 12, "slot \(slot): \(read[x, y])")
    }
    #expect(read[centre(45).x, centre(45).y].distance(to: RGBImage.Pixel(0, 0, 0)) <= 4)
  }

  @Test func missingImagesAreListedBeforeAnythingIsRead() throws {
    let folder = try imageFolder(cards: 3)
    let deck = (0..<9).map { card($0, name: "Card \($0)") }
    #expect(
      throws: DataError(
        "missing 6 of 9 card images (expected SET-NUMBER.jpg, .jpeg or .png): tst-3 (Card 3), tst-4 (Card 4), tst-5 (Card 5), tst-6 (Card 6), tst-7 (Card 7) and 1 more",
        at: folder.path)
    ) {
      try CardSheet.render(deck, imagesIn: folder.path)
    }
  }

  @Test func tooManyCardsOrABrokenImageAreErrors() throws {
    let folder = try imageFolder(cards: 1)
    #expect(throws: DataError("71 cards do not fit on one sheet of 10 x 7 = 70 cards")) {
      try CardSheet.render(Array(repeating: card(0, name: "Card 0"), count: 71), imagesIn: folder.path)
    }
    let broken = try Fixtures.write("not an image", to: "tst-1.jpg", in: folder)
    do {
      _ = try CardSheet.render([card(1, name: "Card 1")], imagesIn: folder.path)
      Issue.record("a broken image was accepted")
    } catch {
      #expect(error.description.hasPrefix("\(broken): cannot decode the image ("))
    }
  }

  @Test func pngRoundTripsExactly() throws {
    let folder = try Fixtures.temporaryDirectory()
    var pixels: [UInt8] = []
    for index in 0..<(7 * 5) { pixels += [UInt8(index), UInt8(255 - index), UInt8(index * 7 % 256)] }
    let image = RGBImage(width: 7, height: 5, pixels: pixels)
    let path = folder.appendingPathComponent("small.png").path
    try ImageFile.write(image, to: path, force: false)
    #expect(try ImageFile.read(path) == image)
    #expect(throws: OutputFile.refusal(path, option: "--sheet")) { try ImageFile.write(image, to: path, force: false) }
    try ImageFile.write(image, to: path, force: true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["small.png"])
    #expect(throws: DataError("unknown image type; expected a file name ending in .jpg, .jpeg or .png", at: folder.path + "/x.gif")) {
      try ImageFile.write(image, to: folder.path + "/x.gif", force: false)
    }
  }

  /// A PNG cut short: stb_image gives an empty reason for some cuts, which once printed as "()".
  @Test func aPNGCutShortIsNamedWithAReason() throws {
    let folder = try Fixtures.temporaryDirectory()
    let image = RGBImage(width: 64, height: 64, pixels: (0..<(64 * 64 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 37) })
    let path = folder.appendingPathComponent("cut.png").path
    try ImageFile.write(image, to: path, force: false)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for length in [bytes.count / 2, bytes.count - 12, 40] {
      try bytes.prefix(length).write(to: URL(fileURLWithPath: path))
      do {
        _ = try ImageFile.read(path)
        Issue.record("a PNG of \(length) of \(bytes.count) bytes was read")
      } catch {
        #expect(error.description.hasPrefix("\(path): cannot decode the image ("), "\(length)")
        #expect(!error.description.contains("()"), "\(length): \(error.description)")
      }
    }
  }

  @Test func aFolderInTheWayOfTheImageIsKeptAndNoTemporaryFileStays() throws {
    let folder = try Fixtures.temporaryDirectory()
    _ = try Fixtures.write("kept\n", to: "sheet.png/notes.txt", in: folder)
    let path = folder.appendingPathComponent("sheet.png").path
    #expect(throws: DataError("is a folder; expected the name of a file for --sheet", at: path)) {
      try ImageFile.write(RGBImage(width: 1, height: 1, pixels: [1, 2, 3]), to: path, force: true)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sheet.png"])
    #expect(try String(contentsOfFile: path + "/notes.txt", encoding: .utf8) == "kept\n")
  }
}
