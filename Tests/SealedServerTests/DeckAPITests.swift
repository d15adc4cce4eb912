import Foundation
import SealedTestSupport
import Testing

/// The API of Choose, Open, Build, Sample hand, Export and Saved decks, held to the commands
/// that compute the same things: the pools are `sealed open`'s, a saved deck is `sealed deck
/// show`'s, a hand is `sealed hand`'s and the files are `sealed export`'s, byte for byte.
@Suite struct DeckAPITests {
  @Test func theCatalogOffersSetsRulesAndDecks() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("alice")
    let catalog = try JSONValue.object(server.get("/api/catalog"))
    let sets = catalog["sets"] as! [[String: Any]]
    let war = try #require(sets.first { $0["code"] as? String == "war" })
    #expect(war["name"] as? String == "War of the Spark")
    #expect(war["rules"] as? [String] == ["sealed", "retail", "retail-lethe", "mtgwtf"])
    #expect(Set(sets.map { $0["code"] as! String }) == ["dom", "eld", "grn", "m19", "m20", "rix", "rna", "war", "xln"])
    #expect(catalog["rule_sets"] as? [String] == ["sealed", "retail", "retail-lethe", "mtgwtf"])
    let decks = catalog["decks"] as! [[String: Any]]
    #expect(decks.map { "\($0["kind"]!) \($0["name"]!)" } == ["pool alice", "deck alice"])
    #expect(["loading", "ready"].contains((catalog["products"] as! [String: Any])["status"] as? String))
  }

  /// The products are listed in the background (every one of them compiled: two minutes in a
  /// debug build); once ready, by kind, each saying whether it opens.
  @Test(.heavy) func theProductsAreListedByKind() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let products = try server.productListing(within: 120)
    #expect(products["status"] as? String == "ready")
    let kinds = products["kinds"] as! [[String: Any]]
    let all = kinds.flatMap { $0["products"] as! [[String: Any]] }
    #expect(all.count == 538)
    #expect(Set(kinds.map { $0["kind"] as! String }).isSuperset(of: ["draft", "play", "collector", "set"]))
    // Each kind is named in the products' own words, never a code with "boosters" glued on.
    let labels = Dictionary(uniqueKeysWithValues: kinds.map { ($0["kind"] as! String, $0["label"] as! String) })
    #expect(labels["draft"] == "Draft Boosters" && labels["jp"] == "Japanese Draft Boosters")
    #expect(labels["booster"] == "Boosters of the early sets (one kind per set)")
    #expect(labels.values.allSatisfy { !$0.lowercased().contains("booster boosters") })
    #expect(products["listed"] as? Int == 538 && products["total"] as? Int == 538)
    let warDraft = try #require(all.first { $0["code"] as? String == "war-draft" })
    #expect(warDraft["simulates"] as? String == "names")
    let keysOnly = try #require(all.first { $0["simulates"] as? String == "keys" })
    let note = try #require(keysOnly["note"] as? String)
    #expect(note.hasPrefix("its cards lack names: ") && note.contains("get them with: sealed cards fetch "), "\(note)")
  }

  /// Player k's pool is the k-th pool of the seed: player 1's is `sealed open war --seed 7`'s.
  @Test func eachPlayersPoolIsTheSeedsPoolOfThatNumber() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let view = try JSONValue.object(server.get("/api/pools?set=war&rules=sealed&seed=7&players=3"))
    #expect(view["seed"] as? String == "7")
    let pools = view["pools"] as! [[String: Any]]
    #expect(pools.count == 3)
    let opened = try JSONValue.object(server.sealed(["open", "war", "--seed", "7", "--format", "json"]).stdout)
    let names = { (cards: [[String: Any]]) in cards.map { ($0["card"] as! [String: Any])["name"] as! String } }
    #expect(names(pools[0]["top_cards"] as! [[String: Any]]) == (opened["top_cards"] as! [[String: Any]]).map { $0["name"] as! String })
    let boosters = (pools[0]["boosters"] as! [[[String: Any]]]).map(names)
    #expect(boosters == (opened["boosters"] as! [[String: Any]]).map { ($0["cards"] as! [[String: Any]]).map { $0["name"] as! String } })
    // Rares and mythics first: every top card is rare or mythic, six of them under the sealed rules.
    let top = (pools[1]["top_cards"] as! [[String: Any]]).map { ($0["card"] as! [String: Any])["rarity"] as! String }
    #expect(top.count == 6 && top.allSatisfy { $0 == "rare" || $0 == "mythic" })
    // Player 3's boosters are boosters 13 to 18 of the pack file of three pools.
    let csv = try server.sealed(["open", "war", "--seed", "7", "--pools", "3", "--format", "csv"]).stdout
    let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", maxSplits: 3).map(String.init) }
    let third = rows.filter { (13...18).contains(Int($0[0]) ?? 0) }.map { "\($0[1]) #\($0[2])" }
    let viewed = (pools[2]["boosters"] as! [[[String: Any]]]).joined().map { ($0["card"] as! [String: Any])["id"] as! String }
    #expect(third == viewed, "\(csv.prefix(200))")
    #expect(pools[2]["opened"] as? Int == viewed.count)
    // Codes in any case, as on the command line (rules=RETAIL was "unknown rule set").
    let shouted = try JSONValue.object(server.get("/api/pools?set=WAR&rules=SEALED&seed=7&players=3"))
    #expect((shouted["pools"] as! [[String: Any]]).map { names($0["top_cards"] as! [[String: Any]]) } == pools.map { names($0["top_cards"] as! [[String: Any]]) })
    // A seed with spaces around it reads as a body's seed does (the query refused " 7").
    let spaced = try JSONValue.object(server.get("/api/pools?set=war&rules=sealed&seed=%207&players=3"))
    #expect(spaced["seed"] as? String == "7")
    // A seed written as `--seed` takes one, 1e3 or 1_000 (refused here where sealed open took it),
    // opens that seed's pools and is answered as its digits; a draft's seed too.
    let thousand = try JSONValue.object(server.get("/api/pools?set=war&rules=sealed&seed=1000"))
    for written in ["1e3", "1_000"] {
      let view = try JSONValue.object(server.get("/api/pools?set=war&rules=sealed&seed=\(written)"))
      #expect(view["seed"] as? String == "1000")
      #expect(names((view["pools"] as! [[String: Any]])[0]["top_cards"] as! [[String: Any]])
        == names((thousand["pools"] as! [[String: Any]])[0]["top_cards"] as! [[String: Any]]))
    }
    let written = try server.post("/api/deck", json: #"{"deck":{"set":"war","rules":"sealed","seed":"1e3","player":1}}"#)
    #expect(written.text.contains(#""seed":"1000""#), "\(written.text.prefix(300))")
    #expect(try server.get("/api/pools?set=war&seed=1.5e0").errorMessage?.hasPrefix("Seed \"1.5e0\": expected a whole number") == true)
    // ... and echoed, and named in a deck's default name, as the library writes them (a review:
    // war-SEALED-7-p1), a card's id read with its set code in any case.
    #expect(shouted["rules"] as? String == "sealed" && shouted["set"] as? String == "war", "\(shouted)")
    #expect((shouted["pools"] as! [[String: Any]]).first?["deck_name"] as? String == "war-sealed-7-p1")
    let firstID = try #require(((pools[0]["top_cards"] as! [[String: Any]]).first?["card"] as? [String: Any])?["id"] as? String)
    let draft = #"{"deck":{"set":"WAR","rules":"Sealed","seed":"7","player":1},"card":"\#(firstID.uppercased())","change":"remove"}"#
    let removed = try server.post("/api/deck/edit", json: draft)
    #expect(removed.status == 200, "\(removed.text)")
    #expect(removed.text.contains("\"war-sealed-7-p1\""), "\(removed.text.prefix(300))")
    // The draft comes back with its codes as the library writes them, so that the page keeps
    // the draft under one key (it came back as WAR and Sealed).
    #expect(removed.text.contains(#""set":"war""#) && removed.text.contains(#""rules":"sealed""#), "\(removed.text.prefix(300))")
    // A parameter given twice or unknown is refused (seed=1&seed=2 used 1).
    #expect(try server.get("/api/pools?set=war&seed=1&seed=2").errorMessage == "seed given 2 times (1, 2); expected one value")
    #expect(try server.get("/api/pools?set=war&colour=red").errorMessage == "colour: unknown parameter; expected set, rules, seed, players, booster_max")
    // The other routes take no query: a parameter was ignored (a delete with ?name=CON deleted the deck its body named).
    #expect(try server.get("/api/catalog?set=war").errorMessage == "set: unknown parameter; /api/catalog takes none")
    let deleting = try server.post("/api/decks/delete?name=CON", json: #"{"name": "nobody"}"#)
    #expect(deleting.status == 400 && deleting.errorMessage == "name: unknown parameter; /api/decks/delete takes none", "\(deleting.text)")
    // The path as the router reads it: empty segments dropped.
    #expect(try server.get("//api/catalog?x=1").errorMessage == "x: unknown parameter; /api/catalog takes none")
    #expect(try server.get("/api/pools/?set=war&rules=sealed&seed=1").status == 200)
    // Without a seed, the reply names the random one, so the page can link to the pool.
    let random = try JSONValue.object(server.get("/api/pools?set=war&rules=sealed"))
    #expect(UInt64(random["seed"] as! String) != nil)
  }

  @Test func aDraftFollowsTheDeckRules() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let draft = RunningServer.draft(seed: 1)
    let view = try server.view(draft)
    #expect(view["saved"] as? Bool == false)
    #expect(view["name"] as? String == "war-sealed-1-p1")
    // A new deck holds the pool's rares and mythics, as sealed open --save starts it.
    #expect(view["size"] as? Int == 6)
    #expect(view["size_note"] as? String == "6 of 40 cards, 34 to go")
    let single = try #require(view.picker.first { ($0["opened"] as? Int) == 1 && ($0["copies"] as? Int) == 0 })
    let id = (single["card"] as! [String: Any])["id"] as! String
    let added = try JSONValue.object(server.edit(draft, card: id))
    #expect(added["size"] as? Int == 7)
    let choice = added.picker.first { ($0["card"] as! [String: Any])["id"] as? String == id }!
    #expect(choice["copies"] as? Int == 1 && choice["used_up"] as? Bool == true)
    // A second copy of a card opened once is refused with the library's one line.
    let next = try JSONValue.serialized(added["draft"]!)
    let again = try server.edit(next, card: id)
    #expect(again.status == 422)
    let name = (single["card"] as! [String: Any])["name"] as! String
    #expect(again.errorMessage == "\(name): 1 opened, 1 already in the deck")
    // Basic lands go in any number.
    var current = next
    for _ in 0..<20 { current = try JSONValue.serialized(JSONValue.object(server.edit(current, card: "war #250"))["draft"]!) }
    let lands = try server.view(current)
    #expect(lands["size"] as? Int == 27)
    #expect(lands.deckCards.contains { $0.id == "war #250" && $0.copies == 20 })
    #expect((lands["types"] as! [[String: Any]]).first { $0["name"] as? String == "lands" }?["cards"] as? Int == 20)
    // A basic land's copies opened are null (any number), sent as null, never left out.
    let plains = try #require(lands.picker.first { ($0["card"] as! [String: Any])["id"] as? String == "war #250" })
    #expect(plains["opened"] is NSNull && plains["copies"] as? Int == 20 && plains["used_up"] as? Bool == false)
  }

  /// eld's shipped data has no basic lands, so its booster range is unknown: the catalog says
  /// so and offers the data's highest collector number; with a range the pool is `sealed open
  /// --booster-max`'s, without one the refusal says what to do on the page.
  @Test func aSetWithoutBasicLandsOpensWithABoosterRange() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let sets = try JSONValue.object(server.get("/api/catalog"))["sets"] as! [[String: Any]]
    let eld = try #require(sets.first { $0["code"] as? String == "eld" })
    #expect(eld["booster_max"] is NSNull && eld["highest_number"] as? Int == 249)
    #expect((eld["warnings"] as! [String]).allSatisfy { !$0.contains("--booster-max") })
    let war = try #require(sets.first { $0["code"] as? String == "war" })
    #expect(war["booster_max"] as? Int == 264 && war["highest_number"] is NSNull)
    let refused = try server.get("/api/pools?set=eld&rules=sealed&seed=5")
    #expect(refused.status == 422)
    #expect(refused.errorMessage?.hasSuffix("give a booster range (boosters draw from collector numbers 1 to it) in the field beside the set on Choose or Checks") == true)
    let view = try JSONValue.object(server.get("/api/pools?set=eld&rules=sealed&seed=5&booster_max=249"))
    #expect(view["booster_max"] as? Int == 249)
    let opened = try JSONValue.object(server.sealed(["open", "eld", "--booster-max", "249", "--seed", "5", "--format", "json"]).stdout)
    let pool = (view["pools"] as! [[String: Any]])[0]
    let names = (pool["boosters"] as! [[[String: Any]]]).map { $0.map { ($0["card"] as! [String: Any])["name"] as! String } }
    #expect(names == (opened["boosters"] as! [[String: Any]]).map { ($0["cards"] as! [[String: Any]]).map { $0["name"] as! String } })
    let draft = try server.view("{\"set\":\"eld\",\"rules\":\"sealed\",\"seed\":\"5\",\"player\":1,\"booster_max\":249}")
    #expect(draft["size"] as? Int == 6)
    #expect((draft["draft"] as? [String: Any])?["booster_max"] as? Int == 249)
    for text in ["x", "99999999999999999999"] {
      #expect(try server.get("/api/pools?set=war&booster_max=\(text)").errorMessage == "Booster range \"\(text)\": expected a collector number of at least 1, at most the set's highest (boosters draw from 1 to it)")
    }
  }

  /// A pool saved as player 2's is the seed's second pool, and says so: the commands name it
  /// "seed 7, pool 2" (it once said "seed 7", whose `sealed open` gives player 1's).
  @Test func aSavedPoolOfAnotherPlayerNamesItsPlace() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let draft = "{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"7\",\"player\":2}"
    #expect(try server.post("/api/decks/save", json: "{\"deck\":\(draft),\"name\":\"p2\"}").status == 201)
    let file = try String(contentsOf: server.home.appendingPathComponent("pools/p2.json"), encoding: .utf8)
    #expect(file.contains("\"seed\": 7,\n  \"pool\": 2,\n"), "\(file.prefix(300))")
    let shown = try server.sealed(["deck", "show", "p2"]).stdout
    #expect(shown.contains("pool p2, rules sealed, seed 7, pool 2"), "\(shown.prefix(200))")
    let listed = try server.sealed(["decks"]).stdout
    #expect(listed.contains("6 boosters · pool 2 of its seed"), "\(listed)")
    // Its boosters are the second pool's of `sealed open war --seed 7 --pools 2`.
    let csv = try server.sealed(["open", "war", "--seed", "7", "--pools", "2", "--format", "csv"]).stdout
    let second = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", maxSplits: 3).map(String.init) }
      .filter { (7...12).contains(Int($0[0]) ?? 0) }.map { "\($0[1]):\($0[2])" }
    let saved = try JSONValue.object(file)
    let boosters = (saved["boosters"] as! [[String: Any]]).flatMap { ($0["cards"] as! [[String: Any]]).map { "\($0["set"]!):\($0["collector_number"]!)" } }
    #expect(boosters == second)
  }

  @Test func aSavedDeckIsTheLibrarysAndTheCommandsSeeIt() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let saved = try server.save("bob", seed: 3)
    #expect(saved["saved"] as? Bool == true && saved["name"] as? String == "bob")
    let ids = saved.picker.compactMap { entry -> String? in
      let card = entry["card"] as! [String: Any]
      return (card["land"] as! Bool) || (entry["used_up"] as! Bool) ? nil : card["id"] as? String
    }
    for id in ids.prefix(17) { #expect(try server.edit("\"bob\"", card: id).status == 200) }
    for _ in 0..<17 { #expect(try server.edit("\"bob\"", card: "war #250").status == 200) }
    let view = try server.view("\"bob\"")
    #expect(view["size"] as? Int == 40)
    let shown = try JSONValue.object(server.sealed(["deck", "show", "bob", "--format", "json"]).stdout)
    #expect(shown["size"] as? Int == 40)
    let shownCards = (shown["cards"] as! [[String: Any]]).map { "\($0["set"]!) #\($0["collector_number"]!) \($0["copies"]!)" }
    #expect(shownCards == view.deckCards.map { "\($0.id) \($0.copies)" })
    // A change made with sealed deck shows in the app.
    let removed = try server.sealed(["deck", "remove", "bob", "#250"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try server.view("\"bob\"")["size"] as? Int == 39)
    // Hands and files are the commands' own, byte for byte.
    let hand = try JSONValue.object(server.post("/api/deck/hand", json: "{\"deck\":\"bob\",\"seed\":\"11\"}"))
    let printed = try JSONValue.object(server.sealed(["hand", "bob", "--seed", "11", "--format", "json"]).stdout)
    let handNames = (hand["hand"] as! [[String: Any]]).map { $0["name"] as! String }
    #expect(handNames == ((printed["hands"] as! [[String: Any]])[0]["cards"] as! [[String: Any]]).map { $0["name"] as! String })
    #expect((hand["opening_hand"] as! [[String: Any]]).map { $0["probability"] as! Double } == (printed["opening_hand"] as! [[String: Any]]).map { $0["probability"] as! Double })
    // After k London mulligans the hand is the seed's hand k + 1, as `sealed hand --draws` deals
    // them; k cards go back, 7 - k are kept; 7 mulligans and more, or a negative number, are refused.
    let printedThree = try JSONValue.object(server.sealed(["hand", "bob", "--seed", "11", "--draws", "3", "--format", "json"]).stdout)
    let handsOfThree = (printedThree["hands"] as! [[String: Any]]).map { ($0["cards"] as! [[String: Any]]).map { $0["name"] as! String } }
    #expect(handsOfThree[0] == handNames)
    #expect(hand["mulligans"] as? Int == 0 && hand["keep"] as? Int == 7)
    for mulligans in 1...2 {
      let after = try JSONValue.object(server.post("/api/deck/hand", json: "{\"deck\":\"bob\",\"seed\":\"11\",\"mulligans\":\(mulligans)}").text)
      #expect((after["hand"] as! [[String: Any]]).map { $0["name"] as! String } == handsOfThree[mulligans])
      #expect(after["mulligans"] as? Int == mulligans && after["keep"] as? Int == 7 - mulligans && after["seed"] as? String == "11")
    }
    #expect(try server.post("/api/deck/hand", json: "{\"deck\":\"bob\",\"seed\":\"11\",\"mulligans\":6}").status == 200)
    for refused in ["7", "-1"] {
      let reply = try server.post("/api/deck/hand", json: "{\"deck\":\"bob\",\"seed\":\"11\",\"mulligans\":\(refused)}")
      #expect(reply.status == 400 && reply.errorMessage == "mulligans \(refused): expected a whole number from 0 to 6", "\(reply.text)")
    }
    // The Seed field left blank: a random seed, as the field says (it was refused as "Seed \"\"").
    let blank = try server.post("/api/deck/hand", json: "{\"deck\":\"bob\",\"seed\":\" \"}")
    #expect(blank.status == 200, "\(blank.text)")
    #expect(UInt64(try JSONValue.object(blank.text)["seed"] as? String ?? "") != nil, "\(blank.text)")
    let text = try server.sealed(["hand", "bob", "--seed", "11"]).stdout
    for row in hand["opening_hand"] as! [[String: Any]] {
      #expect(text.contains("  \(row["lands"]!)  \(row["percent"]!)"), "\(row)")
    }
    let arena = try server.post("/api/deck/export/arena", json: "{\"deck\":\"bob\"}")
    #expect(arena.headers["content-disposition"] == "attachment; filename=\"bob.txt\"")
    #expect(arena.text == (try server.sealed(["export", "arena", "bob"]).stdout))
    let tts = try server.post("/api/deck/export/tts", json: "{\"deck\":\"bob\"}")
    #expect(tts.headers["content-disposition"] == "attachment; filename=\"bob.json\"")
    #expect(tts.text == (try server.sealed(["export", "tts", "bob"]).stdout))
    let sheet = try server.post("/api/deck/export/sheet", json: "{\"deck\":\"bob\"}")
    #expect(sheet.status == 422)
    #expect(sheet.errorMessage?.hasPrefix("the card sheet is made from card images named SET-NUMBER.jpg; start sealed serve with --images DIR") == true)
  }

  /// The reply to an edit is the deck as the library now holds it, its time of change
  /// included: the open page compares that time with the library's to see changes made
  /// elsewhere, and a reply with the time before the edit would show its own edit as one.
  @Test func anEditsReplyCarriesTheTimeItWasSaved() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("dave", seed: 5)
    // The saved deck's time set back years, so that the edit's own time cannot be the same.
    let file = server.home.appendingPathComponent("decks/dave.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    let old = try #require(text.firstRange(of: #/"modified_at": "[^"]*"/#))
    try text.replacingCharacters(in: old, with: #""modified_at": "2020-01-31T12:00:00Z""#).write(to: file, atomically: true, encoding: .utf8)
    let edited = try server.edit("\"dave\"", card: "war #250")
    #expect(edited.status == 200)
    let reply = try JSONValue.object(edited.text)
    let library = try server.view("\"dave\"")
    #expect(reply["modified_at"] as? String != "2020-01-31T12:00:00Z")
    #expect(reply["modified_at"] as? String == library["modified_at"] as? String)
    let saved = try JSONValue.object(String(contentsOf: file, encoding: .utf8))
    #expect(saved["modified_at"] as? String == reply["modified_at"] as? String)
  }

  @Test func decksAreDuplicatedAndDeleted() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("carol", seed: 4)
    let copy = try server.post("/api/decks/duplicate", json: "{\"name\":\"carol\",\"new\":\"carol-2\"}")
    #expect(copy.status == 201)
    #expect(try server.sealed(["deck", "show", "carol-2", "--format", "json"]).status == 0)
    let taken = try server.post("/api/decks/duplicate", json: "{\"name\":\"carol\",\"new\":\"carol-2\"}")
    #expect(taken.status == 409)
    #expect(taken.errorMessage == "a deck named \"carol-2\" is already saved; type another name")
    let deleted = try server.post("/api/decks/delete", json: "{\"name\":\"carol-2\"}")
    #expect(deleted.status == 200)
    let listed = try JSONValue.array(server.get("/api/decks"))
    #expect(listed.map { "\($0["kind"]!) \($0["name"]!)" } == ["pool carol", "deck carol"])
    // Seeds are strings, as everywhere in the API (a 64-bit seed does not fit a JavaScript
    // number); the other fields are `sealed decks --format json`'s.
    let printed = try JSONValue.array(server.sealed(["decks", "--format", "json"]).stdout)
    for (entry, line) in zip(listed, printed) {
      #expect(entry["seed"] as? String == (line["seed"] as? NSNumber).map { "\($0.uint64Value)" }, "\(entry)")
      #expect(Set(entry.keys) == Set(line.keys))
      #expect(entry["note"] as? String == line["note"] as? String)
    }
    let catalog = try JSONValue.object(server.get("/api/catalog"))
    #expect((catalog["decks"] as? [[String: Any]])?.allSatisfy { $0["seed"] is String } == true)
    // Deleting a deck keeps its pool; the same draft saved again under the name joins that pool
    // (it was refused: "a pool named carol is already saved"), another opening is still refused.
    let pool = try String(contentsOf: server.home.appendingPathComponent("pools/carol.json"), encoding: .utf8)
    #expect(try server.post("/api/decks/delete", json: "{\"name\":\"carol\"}").status == 200)
    let other = try server.post("/api/decks/save", json: "{\"deck\":\(RunningServer.draft(seed: 5)),\"name\":\"carol\"}")
    #expect(other.status == 409, "\(other.text)")
    let again = try server.post("/api/decks/save", json: "{\"deck\":\(RunningServer.draft(seed: 4)),\"name\":\"carol\"}")
    #expect(again.status == 201, "\(again.text)")
    #expect(try String(contentsOf: server.home.appendingPathComponent("pools/carol.json"), encoding: .utf8) == pool)
    #expect(try server.sealed(["deck", "show", "carol"]).status == 0)
  }

  /// `"kind": "pool"` deletes a saved pool (`sealed deck delete --pool`); its deck keeps its
  /// own copy. Another kind is refused naming the field; a pool not saved is 404.
  @Test func aSavedPoolIsDeletedAndItsDeckKept() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("dana", seed: 6)
    let deck = try server.sealed(["deck", "show", "dana", "--format", "json"]).stdout
    let deleted = try server.post("/api/decks/delete", json: "{\"name\":\"dana\",\"kind\":\"pool\"}")
    #expect(deleted.status == 200, "\(deleted.text)")
    #expect(try JSONValue.object(deleted.text)["kind"] as? String == "pool")
    #expect(!FileManager.default.fileExists(atPath: server.home.appendingPathComponent("pools/dana.json").path))
    let listed = try JSONValue.array(server.get("/api/decks"))
    #expect(listed.map { "\($0["kind"]!) \($0["name"]!)" } == ["deck dana"])
    #expect(try server.sealed(["deck", "show", "dana", "--format", "json"]).stdout == deck)
    let again = try server.post("/api/decks/delete", json: "{\"name\":\"dana\",\"kind\":\"pool\"}")
    #expect(again.status == 404, "\(again.text)")
    #expect(again.errorMessage?.hasPrefix("no pool \"dana\": no pools are saved in ") == true, "\(again.text)")
    let other = try server.post("/api/decks/delete", json: "{\"name\":\"dana\",\"kind\":\"pools\"}")
    #expect(other.status == 400)
    #expect(other.errorMessage == "kind: expected \"deck\" or \"pool\", got \"pools\"")
    #expect(try server.sealed(["deck", "show", "dana"]).status == 0)
  }
}

extension JSONValue {
  /// A JSON value (from a reply) written back as JSON text.
  static func serialized(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
  }
}
