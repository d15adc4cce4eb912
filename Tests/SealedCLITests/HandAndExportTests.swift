import Foundation
import SealedImages
import SealedTestSupport
import Testing

@Suite struct HandCommandTests {
  @Test func aHandWithExactOdds() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    #expect(
      try sealed.fails(["hand", "alice", "--seed", "1"])
        == "deck alice has 6 cards; a hand needs at least 7 (add cards with 'sealed deck add alice CARD')")
    try sealed.buildFortyCardDeck("alice")

    let text = try sealed.ok(["hand", "alice", "--seed", "3"])
    #expect(text.hasPrefix("Deck alice: 40 cards, 17 lands · seed 3\n\nHand 1 ("))
    #expect(text.contains("Lands in the opening hand (exact: hypergeometric, 40 cards of which 17 lands, 7 drawn)"))
    // C(17,3) C(23,4) / C(40,7) = 6 021 400 / 18 643 560 = 32.30 %.
    #expect(text.contains("\n  3   32.30 %  "))
    // Turn 3 on the play sees 9 cards: P(at least 3 lands) = 1 - 42 493 880 / 273 438 880 = 84.46 %;
    // on the draw 10 cards: 1 - 81 719 000 / 847 660 528 = 90.36 %.
    #expect(text.contains("At least k lands by turn T (cards seen: on the play 7 + T - 1, on the draw 7 + T)"))
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("  3  ") && $0.count > 40 })
    #expect(row.contains("84.46 %   90.36 %"), "\(row)")
    #expect(try sealed.ok(["hand", "alice", "--seed", "3"]) == text, "the same seed gives the same hand")

    let json = try sealed.json(["hand", "alice", "--seed", "3", "--draws", "5"])
    let hands = try #require(json["hands"] as? [[String: Any]])
    #expect(hands.count == 5)
    for hand in hands {
      let cards = hand["cards"] as! [[String: Any]]
      #expect(cards.count == 7)
      #expect(hand["lands"] as? Int == cards.filter { $0["land"] as? Bool == true }.count)
    }
    let first = (hands[0]["cards"] as! [[String: Any]]).map { $0["name"] as! String }
    // The text's lines (empty ones dropped): the header, "Hand 1 (...)", then the seven cards.
    let textHand = text.split(separator: "\n").dropFirst(2).prefix(7).map {
      String($0.dropFirst(2)).components(separatedBy: "  ").first!
    }
    #expect(first == textHand, "hand 1 of five is the single hand of the same seed")
    let opening = (json["opening_hand"] as! [[String: Any]]).map { $0["probability"] as! Double }
    #expect(abs(opening[3] - 6_021_400.0 / 18_643_560.0) < 1e-12)
    #expect(abs(opening.reduce(0, +) - 1) < 1e-12)
    let cells = json["at_least"] as! [[String: Any]]
    #expect(cells.count == 12)
    let cell = try #require(cells.first { $0["lands"] as? Int == 3 && $0["turn"] as? Int == 3 })
    #expect(cell["cards_seen_on_the_play"] as? Int == 9)
    #expect(cell["cards_seen_on_the_draw"] as? Int == 10)
    #expect(abs((cell["on_the_play"] as! Double) - (1 - 42_493_880.0 / 273_438_880.0)) < 1e-12)

    let several = try sealed.ok(["hand", "alice", "--seed", "3", "--draws", "3"])
    #expect(several.contains("Hand 3 ("))
    #expect(several.contains("3 hands: "))
    #expect(try sealed.fails(["hand", "alice", "--draws", "0"]) == "--draws 0: expected 1 to 1000 hands")
    let random = try sealed.run(["hand", "alice"])
    #expect(random.status == 0)
    #expect(random.stderr.hasPrefix("sealed: random seed "))
  }
}

@Suite struct ExportCommandTests {
  @Test func theSavedObjectParsesAndNamesEveryCardWithItsCopies() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 2, save: "bob")
    try sealed.buildFortyCardDeck("bob")
    let show = try sealed.json(["deck", "show", "bob"])
    var expected: [String] = []
    for card in show["cards"] as! [[String: Any]] {
      expected += Array(repeating: card["name"] as! String, count: card["copies"] as! Int)
    }
    let out = sealed.home.deletingLastPathComponent().appendingPathComponent("Saved Objects/bob.json")
    let result = try sealed.run(["export", "tts", "bob", "--out", out.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "sealed: wrote \(out.path): Tabletop Simulator deck bob, 40 cards (\((show["cards"] as! [Any]).count) different)\n")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
    let deck = try #require((json["ObjectStates"] as? [[String: Any]])?.first)
    #expect(deck["Name"] as? String == "DeckCustom")
    let cards = try #require(deck["ContainedObjects"] as? [[String: Any]])
    #expect(cards.count == 40)
    #expect(cards.map { $0["Nickname"] as! String } == expected)
    #expect(deck["DeckIDs"] as? [Int] == cards.map { $0["CardID"] as! Int })
    let sheets = try #require(deck["CustomDeck"] as? [String: [String: Any]])
    #expect(sheets.count == (show["cards"] as! [Any]).count)
    for card in cards {
      let sheet = try #require(sheets[String((card["CardID"] as! Int) / 100)])
      #expect((sheet["FaceURL"] as? String)?.hasPrefix("https://api.scryfall.com/cards/war/") == true)
    }
    // Without --out, the same JSON goes to standard output.
    let stdout = try sealed.ok(["export", "tts", "bob"])
    #expect(stdout == (try String(contentsOf: out, encoding: .utf8)))
  }

  @Test(.heavy) func theSheetIs4100By3997FromLocalImages() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.buildFortyCardDeck("alice")
    let show = try sealed.json(["deck", "show", "alice"])
    let cards = show["cards"] as! [[String: Any]]
    let images = try Fixtures.temporaryDirectory("sealed-card-images")
    // One colour per distinct card, at Scryfall's "normal" size of 488 x 680.
    var colors: [String: RGBImage.Pixel] = [:]
    for (index, card) in cards.enumerated() {
      let number = card["collector_number"] as! String
      let color = RGBImage.Pixel(UInt8(40 + index * 9 % 200), UInt8(250 - index * 11 % 200), UInt8(index * 37 % 256))
      colors[number] = color
      try ImageFile.write(RGBImage(width: 488, height: 680, color: color), to: images.appendingPathComponent("war-\(number).jpg").path, force: false)
    }
    let sheet = images.appendingPathComponent("sheet.jpg")
    let result = try sealed.run(["export", "tts", "alice", "--sheet", sheet.path, "--images", images.path, "--out", images.appendingPathComponent("alice.json").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sealed: wrote \(sheet.path): 4100 x 3997 pixels, 40 of 70 slots (10 x 7)"))
    let image = try ImageFile.read(sheet.path)
    #expect(image.width == 4100 && image.height == 3997)
    var slots: [String] = []
    for card in cards {
      slots += Array(repeating: card["collector_number"] as! String, count: card["copies"] as! Int)
    }
    for slot in [0, 7, 19, 33, 39] {
      let pixel = image[slot % 10 * 410 + 205, slot / 10 * 571 + 285]
      #expect(pixel.distance(to: colors[slots[slot]]!) <= 12, "slot \(slot): \(pixel)")
    }
    #expect(image[5 * 410 + 205, 5 * 571 + 285].distance(to: RGBImage.Pixel(0, 0, 0)) <= 4, "slots 41 to 70 are empty")
    // A sheet in a folder not yet there: made, as for every file a command writes (it said "no such folder").
    let nested = images.appendingPathComponent("new/sheet.png")
    let made = try sealed.run(["export", "tts", "alice", "--sheet", nested.path, "--images", images.path, "--out", images.appendingPathComponent("nested.json").path])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(FileManager.default.fileExists(atPath: nested.path))
    // --out and --sheet naming one file: refused before anything is written (the sheet was
    // written, then the saved object refused; with --force the object replaced the sheet).
    let same = images.appendingPathComponent("same.png")
    for force in [[], ["--force"]] {
      let refused = try sealed.run(["export", "tts", "alice", "--sheet", same.path, "--images", images.path, "--out", same.path] + force)
      #expect(refused.status == 2)
      #expect(refused.stderr == "sealed: error: --out and --sheet name the same file, \(same.path); expected two files: the saved object and the sheet image\n", "\(refused.stderr)")
      #expect(!FileManager.default.fileExists(atPath: same.path))
    }

    // Missing images: one line that lists them, and no sheet written.
    let missing = cards.prefix(2).map { $0["collector_number"] as! String }
    for number in missing { try FileManager.default.removeItem(at: images.appendingPathComponent("war-\(number).jpg")) }
    let other = images.appendingPathComponent("other.png")
    let message = try sealed.fails(["export", "tts", "alice", "--sheet", other.path, "--images", images.path])
    #expect(message.hasPrefix("\(images.path): missing 2 of \(cards.count) card images (expected SET-NUMBER.jpg, .jpeg or .png): war-\(missing[0]) ("))
    #expect(!FileManager.default.fileExists(atPath: other.path))
    let usage = try sealed.run(["export", "tts", "alice", "--sheet", other.path])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("--sheet needs --images DIR"))
  }
}
