import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedReports
import SealedDecks
import SealedImages

/// `sealed export`: decks in other programs' formats.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export a deck for another program.",
    subcommands: [ExportArenaCommand.self, ExportTTSCommand.self]
  )
}

/// `sealed export arena NAME`.
struct ExportArenaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "arena",
    abstract: "Write a deck as the decklist text MTG Arena and most deck and draft sites import.",
    discussion: """
      One line per card, "4 Card Name (SET) 123": a "Deck" line, the deck, a blank line, then \
      "Sideboard" and the rest of the pool (every opened copy not in the deck; basic lands left \
      out). Split cards keep both halves ("Assure // Assemble"), other cards of two faces their \
      front face, as Arena writes them; Dominaria is DAR, Arena's code for it. Paste it into \
      Arena's Decks › Import, or a deck site's import box.
      """)

  @Argument(help: "The deck's name.")
  var name: String

  @Option(name: .customLong("out"), help: ArgumentHelp("Write the decklist here instead of standard output (a missing folder is created; - is standard output).", valueName: "file"))
  var outOption: String?
  var out: String? { outputFile(outOption) }

  @Flag(help: "With --out: replace an existing file.")
  var force = false

  func run() throws {
    if let out { try OutputFile.checkWritable(out, option: "--out", force: force) }
    let deck = try Library.fromEnvironment().deck(name)
    let text = try ArenaDeckList.exported(deck)
    if let note = ArenaDeckList.facesNote(deck) { Note.write(note) }
    guard let out else {
      print(text, terminator: "")
      return
    }
    try OutputFile.write(Data(text.utf8), to: out, option: "--out", force: force)
    let sideboard = ArenaDeckList.sideboard(deck).reduce(0) { $0 + $1.copies }
    Note.write("wrote \(out): Arena decklist of deck \(name), \(deck.size) cards and a sideboard of \(sideboard)")
  }
}

/// `sealed export tts NAME`.
struct ExportTTSCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tts",
    abstract: "Write a deck as a Tabletop Simulator saved object, and optionally the card sheet image.",
    discussion: """
      The JSON is what Tabletop Simulator loads from its Saved Objects folder (for example \
      ~/.local/share/Tabletop Simulator/Saved Objects/ on Linux, Documents/My Games/Tabletop \
      Simulator/Saved Objects/ on Windows): one deck with each card's Scryfall image. With \
      --sheet and --images it also builds the article's 10 x 7 sheet of 410 x 571 pixel cards \
      (4100 x 3997 pixels) from local images named SET-NUMBER.jpg (or .jpeg, .png), for \
      Tabletop Simulator's Custom Deck import; a .png sheet name writes a PNG.
      """)

  @Argument(help: "The deck's name.")
  var name: String

  @Option(name: .customLong("out"), help: ArgumentHelp("Write the saved object here instead of standard output (- is standard output).", valueName: "file"))
  var outOption: String?
  var out: String? { outputFile(outOption) }

  @Option(help: ArgumentHelp("Also write the 10 x 7 card sheet image (.jpg or .png).", valueName: "file"))
  var sheet: String?

  @Option(help: ArgumentHelp("Folder of card images named SET-NUMBER.jpg, for --sheet.", valueName: "dir"))
  var images: String?

  @Flag(help: "Replace the --out and --sheet files if they exist.")
  var force = false

  func validate() throws {
    if sheet != nil && images == nil { throw ValidationError("--sheet needs --images DIR, the folder of card images") }
    if images != nil && sheet == nil { throw ValidationError("--images needs --sheet FILE, the image to write") }
  }

  func run() throws {
    if let out, let sheet, OutputFile.sameFile(out, sheet) {
      // Checked before any work: the sheet was written, then the saved object refused (or,
      // with --force, written over the sheet).
      throw DataError("--out and --sheet name the same file, \(sheet); expected two files: the saved object and the sheet image")
    }
    if let out { try OutputFile.checkWritable(out, option: "--out", force: force) }
    if let sheet { try OutputFile.checkWritable(sheet, option: "--sheet", force: force) }
    if let sheet, ImageFile.Format(path: sheet) == nil {
      throw DataError("unknown image type; expected a sheet name ending in .jpg, .jpeg or .png", at: sheet)
    }
    let deck = try Library.fromEnvironment().deck(name)
    let saved = try TabletopSimulatorDeck(deck)
    if let sheet, let images {
      let image = try CardSheet.render(deck.expandedCards, imagesIn: images)
      try ImageFile.write(image, to: sheet, force: force)
      Note.write(
        "wrote \(sheet): \(image.width) x \(image.height) pixels, \(deck.size) of \(CardSheet.capacity) slots (\(CardSheet.columns) x \(CardSheet.rows))")
    }
    let json = JSONOutput.encode(saved)
    if let out {
      try OutputFile.write(Data(json.utf8), to: out, option: "--out", force: force)
      Note.write("wrote \(out): Tabletop Simulator deck \(name), \(deck.size) cards (\(deck.cards.count) different)")
    } else {
      print(json, terminator: "")
    }
  }
}
