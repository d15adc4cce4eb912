import Foundation
import SealedSupport
import SealedDecks
import SealedTestSupport
import Testing

@Suite struct LibraryTests {
  func library() throws -> Library {
    Library(path: try Fixtures.temporaryDirectory("sealed-library").path)
  }

  func saveAliceAndBob(in library: Library) throws -> (SavedPool, Deck) {
    let pool = try DeckTestPools.opened("war", seed: 1)
    var deck = Deck(name: "alice", pool: pool, poolName: "alice")
    try deck.add(try deck.findCard("plains"), count: 8)
    try library.save([Library.file(for: pool, named: "alice"), Library.file(for: deck)])
    return (pool, deck)
  }

  func expectError(_ prefix: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(DataError) -> Void) {
    do {
      try body()
      Issue.record("expected an error starting \"\(prefix)\"", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description.hasPrefix(prefix), "\(error.description)", sourceLocation: sourceLocation)
      #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    }
  }

  /// An opening is the same opening whatever digest its rules were given when it was saved: a
  /// pool kept from a deck deleted before Sealed fingerprinted product rules otherwise (release
  /// names left out) was no longer the app's deck's, and saving under its name was refused.
  @Test func anOpeningIsTheSameWhateverItsRulesDigest() throws {
    let pool = DeckTestPools.small
    var older = pool
    older.rulesSHA256 = "an earlier fingerprint"
    #expect(pool.isSameOpening(as: older))
    var other = pool
    other.seed += 1
    #expect(!pool.isSameOpening(as: other))
  }

  @Test func poolsAndDecksRoundTrip() throws {
    let library = try library()
    let (pool, deck) = try saveAliceAndBob(in: library)
    #expect(try library.pool("alice") == pool)
    #expect(try library.deck("alice") == deck)
    #expect(library.names(.pool) == ["alice"])
    #expect(library.names(.deck) == ["alice"])
    let files = try FileManager.default.contentsOfDirectory(atPath: library.folder(.deck))
    #expect(files == ["alice.json"], "no temporary files are left behind")
  }

  @Test func filesAreReadableJSONWithOneLinePerCard() throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    let text = try String(contentsOfFile: library.file(.deck, "alice"), encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"format\": \"sealed-deck\",\n  \"version\": 1,\n  \"pool_name\": \"alice\","))
    #expect(text.contains("\n    {\"set\": \"war\", \"collector_number\": \"250\", \"name\": \"Plains\", \"copies\": 8}"))
    let pool = try String(contentsOfFile: library.file(.pool, "alice"), encoding: .utf8)
    #expect(pool.hasPrefix("{\n  \"format\": \"sealed-pool\",\n  \"version\": 1,\n  \"set\": \"war\","))
    #expect(pool.contains("\"image\": \"https://api.scryfall.com/cards/war/"), "slashes are not escaped")
    _ = try JSONSerialization.jsonObject(with: Data(pool.utf8))
  }

  @Test func aSeedAboveTwoToThe53RoundTrips() throws {
    let library = try library()
    var pool = DeckTestPools.small
    pool.seed = .max
    try library.save([Library.file(for: pool, named: "big")])
    #expect(try library.pool("big").seed == .max)
  }

  @Test func existingNamesAreReplacedOnlyWhenAsked() throws {
    let library = try library()
    let (pool, deck) = try saveAliceAndBob(in: library)
    expectError("a pool named \"alice\" is already saved") { () throws(DataError) in
      try library.save([Library.file(for: pool, named: "alice")])
    }
    var changed = deck
    try changed.add(try changed.findCard("island"), count: 2)
    try library.save([Library.file(for: changed)], replacing: true)
    #expect(try library.deck("alice").size == deck.size + 2)
  }

  /// A new name that differs from a saved one only in case is refused, even with replacing (on
  /// a case-insensitive disk the two are one file); a library that already holds two such names
  /// (written by hand, or before this check) keeps editing both.
  @Test func aNameDifferingOnlyInCaseIsRefused() throws {
    let library = try library()
    let (pool, deck) = try saveAliceAndBob(in: library)
    for replacing in [false, true] {
      expectError("a pool named \"alice\" is already saved (\(library.file(.pool, "alice"))), and \"Alice\" differs from it only in case") { () throws(DataError) in
        try library.save([Library.file(for: pool, named: "Alice")], replacing: replacing)
      }
      #expect(throws: DataError.self) { _ = try library.duplicateDeck("alice", as: "ALICE", replacing: replacing) }
      expectError("a deck named \"alice\" is already saved (\(library.file(.deck, "alice"))), and \"ALICE\" differs from it only in case") { () throws(DataError) in
        try library.save([Library.file(for: Deck(name: "ALICE", pool: pool, poolName: "alice"))], replacing: replacing)
      }
      expectError("a pool named \"alice\" is already saved (\(library.file(.pool, "alice"))), and \"Alice\" differs") { () throws(DataError) in
        try library.checkFreeName("Alice", replacing: replacing)
      }
    }
    #expect(library.names(.deck) == ["alice"])
    try FileManager.default.copyItem(atPath: library.file(.deck, "alice"), toPath: library.file(.deck, "Alice"))
    var changed = deck
    try changed.add(try changed.findCard("island"), count: 2)
    try library.save([Library.file(for: changed)], replacing: true)
    #expect(try library.deck("alice").size == deck.size + 2)
  }

  @Test func namesAreValidated() {
    for bad in ["", ".hidden", "a/b", "x y", "-dash", String(repeating: "a", count: 65), "naïve"] {
      expectError("\"\(bad)\" is not a valid deck name") { () throws(DataError) in try Library.validate(name: bad, for: .deck) }
    }
    for good in ["alice", "Bob_2", "war-1.v2", "7"] {
      #expect(throws: Never.self) { try Library.validate(name: good, for: .deck) }
    }
  }

  @Test func unknownNamesSuggestTheClosest() throws {
    let library = try library()
    expectError("no deck \"alice\": no decks are saved in \(library.path)") { () throws(DataError) in _ = try library.deck("alice") }
    _ = try saveAliceAndBob(in: library)
    expectError("no deck \"alcie\" in \(library.path); did you mean \"alice\"?") { () throws(DataError) in
      _ = try library.deck("alcie")
    }
    expectError("no pool \"zzz\" in \(library.path); saved pools: alice") { () throws(DataError) in _ = try library.pool("zzz") }
  }

  /// Replaces `old` with `new` in the deck file and expects the error to name the file and field.
  func expectCorruption(
    _ old: String, _ new: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    let path = library.file(.deck, "alice")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(old), sourceLocation: sourceLocation)
    let edited = text.replacingOccurrences(of: old, with: new)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    expectError("\(path): \(expected)", sourceLocation: sourceLocation) { () throws(DataError) in _ = try library.deck("alice") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edited, "the file is left as it was", sourceLocation: sourceLocation)
  }

  @Test func handEditedFilesNameTheFileAndField() throws {
    try expectCorruption("\"copies\": 8}", "\"copies\": \"eight\"}", "field cards[6].copies: expected a whole number")
    try expectCorruption("\"copies\": 8}", "\"copies\": 0}", "field cards[6].copies: expected 1 to 1000 copies, found 0")
    try expectCorruption("\"seed\": 1,", "", "field pool.seed: missing")

    try expectCorruption("\"rarity\": \"common\"", "\"rarity\": \"legendary\"", "field pool.cards[0].rarity: expected one of common")
    try expectCorruption("\"format\": \"sealed-deck\"", "\"format\": \"sealed-pool\"", "field format: expected \"sealed-deck\", found \"sealed-pool\"")
    try expectCorruption("\"version\": 1", "\"version\": 2", "field version: 2; this Sealed reads version 1")
    try expectCorruption("\"name\": \"Plains\", \"copies\": 8}", "\"name\": \"Island\", \"copies\": 8}", "field cards[6].name: \"Island\", but war #250 in the pool is \"Plains\"")
    try expectCorruption("\"name\": \"Spark Double\", \"copies\": 1}", "\"name\": \"Spark Double\", \"copies\": 2}", "field cards[4].copies: Spark Double: 2 in the deck, but 1 opened")
    // A field Sealed does not know is refused, not dropped at the next write.
    try expectCorruption("\"version\": 1,", "\"version\": 1, \"notes\": \"mine\",", "field notes: not a field of a deck file (Sealed would drop it the next time it writes the file); a deck file holds cards, created_at, format, modified_at, pool, pool_name, version")
    try expectCorruption("\"name\": \"Plains\", \"copies\": 8}", "\"name\": \"Plains\", \"copies\": 8, \"note\": 1}", "field cards[6].note: not a field of a deck's card")
    try expectCorruption("\"slot\": \"common\"}", "\"slot\": \"common\", \"foil\": true}", "field pool.boosters[0].cards[0].foil: not a field of a booster's card")
    try expectCorruption("\"seed\": 1,", "\"seed\": 1, \"note\": 1,", "field pool.note: not a field of a deck's pool")
    // Every card's "rarity": the basic lands' come first (a pool's places are walked by name).
    try expectCorruption("\"rarity\": \"common\"", "\"rarity\": \"common\", \"foil\": true", "field pool.basic_lands[0].foil: not a field of a basic land")
    try expectCorruption("\"mana_value\": 3", "\"mana_value\": 3, \"foil\": true", "field pool.cards[7].foil: not a field of a pool's card")
    // A booster's card renamed away from the pool's card of that number.
    try expectCorruption("\"name\": \"Aven Eternal\", \"slot\"", "\"name\": \"Black Lotus\", \"slot\"", "field pool.boosters[0].cards[0].name: \"Black Lotus\", but war #42 among the pool's \"cards\" is \"Aven Eternal\"")
  }

  /// A negative seed is named with its line and column (it was "The given data was not valid
  /// JSON.", naming nothing: a review).
  @Test func aNegativeSeedIsNamedWithItsPlace() throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    let path = library.file(.deck, "alice")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"seed\": 1,", with: "\"seed\": -1,").utf8).write(to: URL(fileURLWithPath: path))
    let line = text.prefix(upTo: text.range(of: "\"seed\": 1,")!.lowerBound).split(separator: "\n", omittingEmptySubsequences: false).count
    expectError("\(path):\(line):") { () throws(DataError) in _ = try library.deck("alice") }
    #expect(throws: DataError.self) { _ = try library.deck("alice") }
    do {
      _ = try library.deck("alice")
    } catch {
      #expect(error.description.hasSuffix(": field pool.seed: -1 is out of range (expected a whole number from 0 to 18446744073709551615); fix the file or delete it"), "\(error)")
    }
  }

  /// A file saved with a byte-order mark (Windows Notepad) is refused naming the mark.
  @Test func aByteOrderMarkIsNamed() throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    let path = library.file(.deck, "alice")
    let marked = Data([0xEF, 0xBB, 0xBF]) + (try Data(contentsOf: URL(fileURLWithPath: path)))
    try marked.write(to: URL(fileURLWithPath: path))
    expectError("\(path):1:1: malformed JSON (a UTF-8 byte-order mark (EF BB BF), which JSON files do not begin with: save the file without it)") {
      () throws(DataError) in _ = try library.deck("alice")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == marked)
  }

  @Test func malformedJSONGivesLineAndColumn() throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    let path = library.file(.deck, "alice")
    try Data("{\n  \"format\": \"sealed-deck\",\n  oops\n}\n".utf8).write(to: URL(fileURLWithPath: path))
    expectError("\(path):3:") { () throws(DataError) in _ = try library.deck("alice") }
    try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: path))
    expectError("\(path): expected a JSON object at the top level") { () throws(DataError) in _ = try library.deck("alice") }
  }

  @Test func aPoolWhoseCopiesDisagreeWithItsBoostersIsRefused() throws {
    let library = try library()
    try library.save([Library.file(for: DeckTestPools.small, named: "small")])
    let path = library.file(.pool, "small")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "\"image\": \"https://img.example/tst/3.jpg\", \"copies\": 3", with: "\"image\": \"https://img.example/tst/3.jpg\", \"copies\": 4")
    #expect(edited != text)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    expectError("\(path): field cards[2].copies: 4 copies of Bolt (tst #3), but the boosters hold 3") { () throws(DataError) in
      _ = try library.pool("small")
    }
  }

  @Test func aPoolFilesUnknownFieldsAreNamedWithTheirPlace() throws {
    let library = try library()
    try library.save([Library.file(for: DeckTestPools.small, named: "small")])
    let path = library.file(.pool, "small")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (old, new, expected) in [
      ("\"seed\":", "\"owner\": \"me\", \"seed\":", "field owner: not a field of a pool file (Sealed would drop it the next time it writes the file); a pool file holds basic_lands, booster_max, boosters, cards, created_at, format, mythic_booster, pool, rules, rules_sha256, seed, set, set_name, tool_version, version"),
      ("\"index\": 1,", "\"index\": 1, \"opened\": true,", "field boosters[0].opened: not a field of a booster"),
    ] {
      #expect(text.contains(old), "\(old)")
      try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
      expectError("\(path): \(expected)") { () throws(DataError) in _ = try library.pool("small") }
    }
  }

  @Test func aFailedRenameRestoresTheFilesAlreadyInPlace() throws {
    let library = try library()
    let (pool, deck) = try saveAliceAndBob(in: library)
    let poolFile = URL(fileURLWithPath: library.file(.pool, "alice"))
    let before = try Data(contentsOf: poolFile)
    // A folder where deck bob's file should go makes the second rename fail (even for root).
    try FileManager.default.createDirectory(atPath: library.file(.deck, "bob"), withIntermediateDirectories: false)
    var reopened = pool
    reopened.seed = 99
    var bob = deck
    bob.name = "bob"
    expectError("\(library.file(.deck, "bob")): cannot put the file in place (is a directory); nothing was changed") {
      () throws(DataError) in
      try library.save([Library.file(for: reopened, named: "alice"), Library.file(for: bob)], replacing: true)
    }
    #expect(try Data(contentsOf: poolFile) == before, "the pool written first got its old contents back")
    for kind in Library.Kind.allCases {
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: library.folder(kind)).filter { $0.hasPrefix(".") }
      #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
  }

  @Test func aLibraryBelowAFileCannotBeWrittenAndSaysSo() throws {
    let folder = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("not a folder", to: "file", in: folder)
    let library = Library(path: file + "/library")
    expectError("\(file)/library/pools: cannot create the library folder") { () throws(DataError) in
      try library.save([Library.file(for: DeckTestPools.small, named: "small")])
    }
  }

  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func aReadOnlyLibraryKeepsItsFiles() throws {
    let library = try library()
    let (_, deck) = try saveAliceAndBob(in: library)
    let before = try Data(contentsOf: URL(fileURLWithPath: library.file(.deck, "alice")))
    chmod(library.folder(.deck), 0o555)
    defer { chmod(library.folder(.deck), 0o755) }
    var changed = deck
    try changed.add(try changed.findCard("island"))
    expectError("\(library.folder(.deck)): cannot write into the library folder (permission denied)") { () throws(DataError) in
      try library.save([Library.file(for: changed)], replacing: true)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: library.file(.deck, "alice"))) == before)
  }

  @Test func theLibraryFolderComesFromTheEnvironment() {
    #expect(Library.fromEnvironment(["SEALED_HOME": "/x/y", "HOME": "/home/a"]).path == "/x/y")
    #expect(Library.fromEnvironment(["XDG_DATA_HOME": "/data", "HOME": "/home/a"]).path == "/data/sealed")
    #expect(Library.fromEnvironment(["HOME": "/home/a"]).path == "/home/a/.local/share/sealed")
  }

  @Test func deletingRemovesOnlyThatFile() throws {
    let library = try library()
    _ = try saveAliceAndBob(in: library)
    try library.delete(.deck, "alice")
    #expect(library.names(.deck) == [])
    #expect(library.names(.pool) == ["alice"])
    expectError("no deck \"alice\"") { () throws(DataError) in try library.delete(.deck, "alice") }
  }
}
