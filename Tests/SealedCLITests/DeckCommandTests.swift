import Foundation
import SealedTestSupport
import Testing

/// Runs `sealed` against a library folder of its own (`SEALED_HOME`).
struct LibraryRunner {
  let home: URL

  init() throws {
    home = try Fixtures.temporaryDirectory("sealed-home").appendingPathComponent("library")
  }

  init(home: URL) { self.home = home }

  @discardableResult
  func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
    try SealedExecutable.run(arguments, environment: ["SEALED_HOME": home.path], stdin: stdin)
  }

  /// Runs a command that must succeed.
  @discardableResult
  func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try run(arguments, stdin: stdin)
    #expect(result.status == 0, "sealed \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  /// Runs a command that must fail with exit status 2 and one line on standard error.
  func fails(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try run(arguments)
    #expect(result.status == 2, "sealed \(arguments.joined(separator: " ")) exited \(result.status)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("sealed: error: "), sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    return String(result.stderr.dropFirst("sealed: error: ".count).dropLast())
  }

  func open(_ set: String, seed: Int, save name: String, _ extra: [String] = []) throws {
    try ok(["open", set, "--seed", String(seed), "--cards", Fixtures.shippedCards, "--save", name] + extra)
  }

  func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let text = try ok(arguments + ["--format", "json"], sourceLocation: sourceLocation)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
  }

  func deckFile(_ name: String) -> URL { home.appendingPathComponent("decks/\(name).json") }

  /// Fills a deck to 23 nonland cards from its picker (cards in collector-number order, every
  /// copy) and 17 basic lands, with one `deck add` for the nonland cards.
  func buildFortyCardDeck(_ name: String) throws {
    let show = try json(["deck", "show", name])
    let picker = try #require(show["picker"] as? [[String: Any]])
    var nonland = (show["cards"] as! [[String: Any]]).filter { $0["category"] as? String != "lands" }
      .reduce(0) { $0 + ($1["copies"] as! Int) }
    var lands = (show["cards"] as! [[String: Any]]).filter { $0["category"] as? String == "lands" }
      .reduce(0) { $0 + ($1["copies"] as! Int) }
    var picks: [String] = []
    for card in picker where nonland < 23 {
      guard let opened = card["opened"] as? Int, card["category"] as? String != "lands" else { continue }
      for _ in (card["copies"] as! Int)..<opened where nonland < 23 {
        picks.append(card["collector_number"] as! String)
        nonland += 1
      }
    }
    try ok(["deck", "add", name] + picks)
    let plains = (17 - lands) / 2
    try ok(["deck", "add", name, "Plains", "--count", String(plains)])
    lands += plains
    try ok(["deck", "add", name, "forest", "--count", String(17 - lands)])
  }
}

@Suite struct DeckCommandTests {
  /// A pool of a set whose shipped data lacks type lines (ltr's composed data: 261 of 266
  /// cards) is said to be so when saved, shown and drawn from: the curve, colours and lands
  /// counted them as colourless non-lands of mana value 0 without a word.
  @Test func cardsLackingTheirDataAreSaid() throws {
    let sealed = try LibraryRunner()
    let opened = try sealed.run(["open", "ltr", "--seed", "12", "--save", "l12"])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(opened.stderr.contains("sealed: note: 66 of the pool's 66 different cards lack a type line, mana cost and colours in the card data (sealed cards fetch ltr gets them)"), "\(opened.stderr)")
    let shown = try sealed.run(["deck", "show", "l12"])
    #expect(shown.stderr.hasPrefix("sealed: note: 6 of the deck's 6 cards lack a type line, mana cost and colours"), "\(shown.stderr)")
    #expect(shown.stderr.contains("so the curve, types and colours count them as colourless others of mana value 0"))
    _ = try sealed.ok(["deck", "add", "l12", "forest", "--count", "10"])
    let hand = try sealed.run(["hand", "l12", "--seed", "1"])
    #expect(hand.stderr.contains("6 of the deck's 16 cards lack a type line") && hand.stderr.contains("a hand counts none of them as a land"), "\(hand.stderr)")
    // A set whose data is whole says nothing.
    let war = try sealed.run(["open", "war", "--seed", "1", "--save", "w1", "--cards", Fixtures.shippedCards])
    #expect(!war.stderr.contains("note:"))
    #expect(try sealed.run(["deck", "show", "w1"]).stderr.isEmpty)
    // Type lines without mana costs (akh's composed data): the curve's zeros are said too (every
    // card sat at mana value 0 without a word: a review).
    _ = try sealed.ok(["open", "akh", "--seed", "1", "--save", "k1"])
    let costless = try sealed.run(["deck", "show", "k1"])
    #expect(
      costless.stderr.hasPrefix("sealed: note: 5 of the deck's 5 nonland cards have no mana cost in the card data the pool was opened with, so the curve counts them at mana value 0 (sealed cards fetch akh"),
      "\(costless.stderr)")
  }

  @Test func twoFriendsBuildTwoFortyCardDecksFromTwoSeeds() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.open("war", seed: 2, save: "bob")
    for name in ["alice", "bob"] {
      let started = try sealed.json(["deck", "show", name])
      #expect(started["size"] as? Int == 6, "a new deck holds the pool's six rares and mythics")
      #expect((started["cards"] as! [[String: Any]]).allSatisfy { ["rare", "mythic"].contains($0["rarity"] as! String) })
      try sealed.buildFortyCardDeck(name)
      let built = try sealed.json(["deck", "show", name])
      #expect(built["size"] as? Int == 40)
      #expect(built["lands"] as? Int == 17)
      let cards = built["cards"] as! [[String: Any]]
      #expect(cards.reduce(0) { $0 + ($1["copies"] as! Int) } == 40)
      #expect(cards.allSatisfy { card in (card["opened"] as? Int).map { (card["copies"] as! Int) <= $0 } ?? true })
    }
    let alice = try sealed.json(["deck", "show", "alice"])
    let bob = try sealed.json(["deck", "show", "bob"])
    #expect((alice["pool"] as! [String: Any])["seed"] as? Int == 1)
    #expect((bob["pool"] as! [String: Any])["seed"] as? Int == 2)

    let listing = try sealed.ok(["decks", "--format", "json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
    #expect(rows.map { "\($0["kind"]!) \($0["name"]!) \($0["cards"]!)" } == [
      "pool alice 84", "pool bob 84", "deck alice 40", "deck bob 40",
    ])
    let table = try sealed.ok(["decks"])
    #expect(table.contains("deck  alice  war  sealed     1     40  pool alice · 40 of 40 cards"))
  }

  @Test func showPrintsListPickerCurveTypesColoursAndSize() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.ok(["deck", "add", "alice", "Divine Arrow", "--count", "2"])
    try sealed.ok(["deck", "add", "alice", "plains", "--count", "3"])
    let text = try sealed.ok(["deck", "show", "alice"])
    // The seed-1 pool's rares: Finale of Devastation and Tomik (mana value 2), Mizzium Tank and
    // Role Reversal (3), Spark Double (4), Bioessence Hydra (5).
    for expected in [
      "Deck alice · War of the Spark (war) · pool alice, rules sealed, seed 1",
      "11 of 40 cards, 29 to go · 3 lands",
      "Deck list (11 cards, 8 different)", "  2x  Divine Arrow", "  3x  Plains",
      "Mana curve (8 nonland cards by mana value)", "  2  │████ 4", "  5  │█ 1",
      "Types", "  creatures       3", "  instants        2", "  lands           3",
      "Colours (nonland cards", "  W  white        3",
      "Card picker (72 different cards opened, 7 in the deck",
      "◆◆    C  10  Divine Arrow", "used up", "3/∞   C 250  Plains", "∞     C 262  Forest",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }
    let csv = try sealed.ok(["deck", "show", "alice", "--format", "csv"])
    let lines = csv.split(separator: "\n").map(String.init)
    #expect(lines[0] == "section,name,set,collector_number,rarity,mana_cost,mana_value,type_line,count,opened")
    #expect(lines.contains("deck,Divine Arrow,war,10,common,{1}{W},2,Instant,2,2"))
    #expect(lines.contains("picker,Plains,war,250,common,,0,Basic Land — Plains,3,"))
    #expect(lines.contains("curve,5,,,,,,,1,"))
    #expect(lines.contains("curve,7+,,,,,,,0,"))
    #expect(lines.contains("type,creatures,,,,,,,3,"))
    #expect(lines.contains("color,W,,,,,,,3,"))
    #expect(lines.contains("size,cards,,,,,,,11,"))
    #expect(lines.contains("size,target,,,,,,,40,"))
    let json = try sealed.json(["deck", "show", "alice"])
    #expect(json["target_size"] as? Int == 40)
    #expect((json["mana_curve"] as! [[String: Any]]).map { $0["name"] as! String } == ["0", "1", "2", "3", "4", "5", "6", "7+"])
    #expect((json["picker"] as! [[String: Any]]).count == 72 + 5)
  }

  @Test func addingBeyondTheOpenedCopiesIsRefusedAndChangesNothing() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.ok(["deck", "add", "alice", "divine arrow", "--count", "2"])
    let before = try Data(contentsOf: sealed.deckFile("alice"))
    #expect(try sealed.fails(["deck", "add", "alice", "Divine Arrow"]) == "Divine Arrow: 2 opened, 2 already in the deck")
    #expect(try sealed.fails(["deck", "add", "alice", "Spark Double"]) == "Spark Double: 1 opened, 1 already in the deck")
    // All or nothing: the first card would fit, the second does not.
    #expect(try sealed.fails(["deck", "add", "alice", "Augur", "10"]) == "Divine Arrow: 2 opened, 2 already in the deck")
    #expect(try Data(contentsOf: sealed.deckFile("alice")) == before)
    #expect(try sealed.fails(["deck", "remove", "alice", "Augur of Bolas"]) == "Augur of Bolas: not in the deck")
    let removed = try sealed.ok(["deck", "remove", "alice", "10"])
    #expect(removed.contains("-1 Divine Arrow (1 in the deck, 2 opened)"))
    try sealed.ok(["deck", "add", "alice", "Island", "--count", "40"])
  }

  @Test func unknownNamesSuggestTheClosest() throws {
    let sealed = try LibraryRunner()
    #expect(try sealed.fails(["deck", "show", "alice"]).hasPrefix("no deck \"alice\": no decks are saved in \(sealed.home.path)"))
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.open("war", seed: 2, save: "bob")
    #expect(try sealed.fails(["deck", "show", "alcie"]) == "no deck \"alcie\" in \(sealed.home.path); did you mean \"alice\"?")
    #expect(try sealed.fails(["hand", "bbo"]) == "no deck \"bbo\" in \(sealed.home.path); did you mean \"bob\"?")
    #expect(try sealed.fails(["deck", "add", "alice", "War Screchr"]) == "no card \"War Screchr\" in the pool of deck alice; did you mean \"War Screecher\"?")
    #expect(try sealed.fails(["deck", "add", "alice", "Screecher"]) == "no card \"Screecher\" in the pool of deck alice; did you mean \"War Screecher\"?")
    #expect(
      try sealed.fails(["deck", "add", "alice", "war"])
        == "\"war\" matches 2 cards in the pool of deck alice: War Screecher (#39), Wardscale Crocodile (#183); type more of the name or give the collector number")
    #expect(try sealed.fails(["deck", "new", "carol"]) == "no pool \"carol\" in \(sealed.home.path); saved pools: alice, bob")
  }

  /// A library folder that is a file (SEALED_HOME naming a file) once listed as "No saved pools
  /// or decks" with exit 0.
  @Test func aLibraryThatIsAFileIsNamed() throws {
    let file = try Fixtures.write("mine\n", to: "home.txt", in: try Fixtures.temporaryDirectory())
    for home in [file, file + "/deeper"] {
      let result = try LibraryRunner(home: URL(fileURLWithPath: home)).run(["decks"])
      #expect(result.status == 2, "\(home)")
      #expect(
        result.stderr
          == "sealed: error: \(file): is a file, not a folder; expected SEALED_HOME (or its default) to name a folder for saved pools and decks\n")
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine\n")
  }

  /// A pool opened with a booster range records it: `sealed open eld --seed 1` alone would not
  /// give it back.
  @Test func aSavedPoolNamesItsBoosterRange() throws {
    let library = try LibraryRunner()
    try library.ok(["open", "eld", "--booster-max", "249", "--seed", "1", "--save", "e", "--cards", Fixtures.shippedCards])
    #expect(try library.ok(["deck", "show", "e"]).contains("pool e, rules sealed, seed 1, booster range 1-249"))
    #expect(try library.ok(["decks"]).contains("6 boosters · booster range 1-249"))
    let file = try String(contentsOf: library.home.appendingPathComponent("pools/e.json"), encoding: .utf8)
    #expect(file.contains("\"seed\": 1,\n  \"booster_max\": 249,\n"), "\(file.prefix(300))")
  }

  @Test func aCorruptDeckFileNamesTheFileAndFieldAndIsLeftAsItWas() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    let file = sealed.deckFile("alice")
    let text = try String(contentsOf: file, encoding: .utf8)
    let edited = text.replacingOccurrences(of: "\"name\": \"Spark Double\", \"copies\": 1}", with: "\"name\": \"Spark Double\", \"copies\": 3}")
    #expect(edited != text)
    try Data(edited.utf8).write(to: file)
    let message = try sealed.fails(["deck", "add", "alice", "Plains"])
    #expect(message == "\(file.path): field cards[4].copies: Spark Double: 3 in the deck, but 1 opened")
    #expect(try String(contentsOf: file, encoding: .utf8) == edited)

    let truncated = String(text.prefix(200))
    try Data(truncated.utf8).write(to: file)
    #expect(try sealed.fails(["deck", "show", "alice"]).hasPrefix("\(file.path):"))
    #expect(try sealed.fails(["hand", "alice"]).contains("malformed JSON"))
    #expect(try sealed.fails(["export", "tts", "alice"]).hasPrefix("\(file.path):"))
    #expect(try String(contentsOf: file, encoding: .utf8) == truncated)
    // The listing still works and says what is wrong.
    let listing = try sealed.ok(["decks"])
    #expect(listing.split(separator: "\n").contains { $0.hasPrefix("deck  alice") && $0.contains("unreadable: \(file.path):") })
    // A broken deck can still be deleted.
    #expect(try sealed.ok(["deck", "delete", "alice", "--yes"]).hasPrefix("Deleted deck alice (unreadable: "))
  }

  @Test func anUnwritableLibraryFolderIsAOneLineErrorAndLosesNothing() throws {
    let folder = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("a file, not a folder", to: "home", in: folder)
    let sealed = LibraryRunner(home: URL(fileURLWithPath: file).appendingPathComponent("sealed"))
    let result = try sealed.run(["open", "war", "--seed", "1", "--cards", Fixtures.shippedCards, "--save", "alice"])
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: \(file)/sealed: cannot create the library folder (not a directory); set SEALED_HOME to a folder you can write\n")
    #expect(result.stdout.isEmpty, "nothing is shown as if it had been saved")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "a file, not a folder")
  }

  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func aReadOnlyLibraryFolderKeepsItsDecks() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    let before = try Data(contentsOf: sealed.deckFile("alice"))
    let decks = sealed.home.appendingPathComponent("decks").path
    chmod(decks, 0o555)
    defer { chmod(decks, 0o755) }
    #expect(try sealed.fails(["deck", "add", "alice", "Plains"]).hasPrefix("\(decks): cannot write into the library folder (permission denied)"))
    #expect(try Data(contentsOf: sealed.deckFile("alice")) == before)
  }

  @Test func savingRefusesTakenAndInvalidNames() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    let taken = try sealed.run(["open", "war", "--seed", "2", "--cards", Fixtures.shippedCards, "--save", "alice"])
    #expect(taken.status == 2)
    #expect(taken.stdout.isEmpty)
    #expect(taken.stderr.contains("a pool named \"alice\" is already saved"))
    #expect(taken.stderr.contains("pass --force to replace it"))
    try sealed.open("war", seed: 2, save: "alice", ["--force"])
    #expect((try sealed.json(["deck", "show", "alice"])["pool"] as! [String: Any])["seed"] as? Int == 2)
    #expect(try sealed.fails(["open", "war", "--seed", "2", "--cards", Fixtures.shippedCards, "--save", "a/b"]).hasPrefix("\"a/b\" is not a valid pool name"))
    #expect(try sealed.fails(["open", "war", "--seed", "2", "--cards", Fixtures.shippedCards, "--force"]).hasPrefix("--force only makes sense with --save NAME"))
    // Without --save, open leaves the library alone.
    let plain = try SealedExecutable.run(
      ["open", "war", "--seed", "2", "--cards", Fixtures.shippedCards], environment: ["SEALED_HOME": "/nonexistent/x"])
    #expect(plain.status == 0)
  }

  @Test func savedPoolsAreSelfDescribingAndReproducible() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 5, save: "p")
    let opened = try SealedExecutable.run(["open", "war", "--seed", "5", "--cards", Fixtures.shippedCards, "--format", "json"])
    let fresh = try #require(try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any])
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: sealed.home.appendingPathComponent("pools/p.json"))) as? [String: Any])
    #expect(saved["format"] as? String == "sealed-pool")
    #expect(saved["set"] as? String == "war")
    #expect(saved["set_name"] as? String == "War of the Spark")
    #expect(saved["rules"] as? String == "sealed")
    #expect(saved["seed"] as? Int == 5)
    let savedBoosters = (saved["boosters"] as! [[String: Any]]).map { ($0["cards"] as! [[String: Any]]).map { $0["collector_number"] as! String } }
    let freshBoosters = (fresh["boosters"] as! [[String: Any]]).map { ($0["cards"] as! [[String: Any]]).map { $0["collector_number"] as! String } }
    #expect(savedBoosters == freshBoosters)
    let savedPool = (saved["cards"] as! [[String: Any]]).map { "\($0["collector_number"]!)x\($0["copies"]!)" }
    let freshPool = (fresh["pool"] as! [[String: Any]]).map { "\($0["collector_number"]!)x\($0["copies"]!)" }
    #expect(savedPool == freshPool)
    #expect((saved["cards"] as! [[String: Any]]).allSatisfy { ($0["image"] as? String)?.hasPrefix("https://") == true })
  }

  /// A deck changed between the question and the answer is kept (a review: the deck saved
  /// anew under the name was deleted, 20 cards lost, and the line named the old one).
  @Test func aDeckChangedAfterTheQuestionIsKept() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "kim")
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = ["deck", "delete", "kim"]
    process.environment = ProcessInfo.processInfo.environment.merging(["SEALED_HOME": sealed.home.path]) { $1 }
    let (input, errors) = (Pipe(), Pipe())
    (process.standardInput, process.standardError, process.standardOutput) = (input, errors, Pipe())
    try process.run()
    var asked = ""
    while !asked.hasSuffix("[y/N] ") {
      let data = errors.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      asked += String(decoding: data, as: UTF8.self)
    }
    #expect(asked == "Delete deck kim (6 cards)? [y/N] ")
    try sealed.ok(["deck", "add", "kim", "island", "--count", "20"])
    input.fileHandleForWriting.write(Data("y\n".utf8))
    process.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 2)
    #expect(said == "sealed: error: deck kim changed after it was shown: kept; run the command again to delete it as it is now\n", "\(said)")
    #expect(try sealed.json(["deck", "show", "kim"])["size"] as? Int == 26)
    #expect(try sealed.ok(["deck", "delete", "kim", "--yes"]) == "Deleted deck kim (26 cards).\n")
  }

  @Test func duplicateNewAndDelete() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    #expect(try sealed.ok(["deck", "duplicate", "alice", "alice-blue"]) == "Deck alice-blue: a copy of alice (6 of 40 cards, 34 to go)\n")
    try sealed.ok(["deck", "add", "alice-blue", "island", "--count", "4"])
    #expect(try sealed.json(["deck", "show", "alice"])["size"] as? Int == 6)
    #expect(try sealed.json(["deck", "show", "alice-blue"])["size"] as? Int == 10)
    #expect(try sealed.fails(["deck", "duplicate", "alice", "alice-blue"]).hasPrefix("a deck named \"alice-blue\" is already saved"))

    let kept = try sealed.run(["deck", "delete", "alice-blue"], stdin: "n\n")
    #expect(kept.status == 0)
    #expect(kept.stderr == "Delete deck alice-blue (10 cards)? [y/N] ")
    #expect(kept.stdout == "Kept deck alice-blue.\n")
    #expect(FileManager.default.fileExists(atPath: sealed.deckFile("alice-blue").path))
    // No answer at all (a script's closed standard input) keeps it, and says so by its status.
    let noAnswer = try sealed.run(["deck", "delete", "alice-blue"], stdin: "")
    #expect(noAnswer.status == 2 && noAnswer.stdout.isEmpty)
    #expect(noAnswer.stderr.hasSuffix("[y/N] \nsealed: error: no answer on standard input: kept deck alice-blue; add --yes to delete without asking\n"), "\(noAnswer.stderr)")
    #expect(try sealed.ok(["deck", "delete", "alice-blue"], stdin: "y\n") == "Deleted deck alice-blue (10 cards).\n")
    #expect(!FileManager.default.fileExists(atPath: sealed.deckFile("alice-blue").path))

    try sealed.ok(["deck", "delete", "alice", "--yes"])
    #expect(try sealed.fails(["deck", "show", "alice"]).hasPrefix("no deck \"alice\": no decks are saved"))
    #expect(try sealed.ok(["deck", "new", "alice"]) == "Deck alice from pool alice: 6 of 40 cards, 34 to go (its rares and mythics)\n")
    try sealed.ok(["deck", "new", "second", "--pool", "alice"])
    try sealed.ok(["deck", "delete", "alice", "--pool", "-y"])
    #expect(try sealed.ok(["decks", "--format", "csv"]).split(separator: "\n").map { $0.prefix(12) } == [
      "kind,name,se", "deck,alice,w", "deck,second,",
    ])
  }
}
