import Foundation
import SealedTestSupport
import Testing

/// What the app refuses: requests that would change the library from another site or another
/// host name, report paths that leave the reports folder, and malformed, oversized or unknown
/// input; each refusal is a 4xx with a one-line message, and nothing is changed.
@Suite struct SafetyTests {
  /// The saved deck's file, to show that a refused request left it as it was.
  func deckFile(_ server: RunningServer, _ name: String) throws -> Data {
    try Data(contentsOf: server.home.appendingPathComponent("decks/\(name).json"))
  }

  @Test func onlyTheAppsOwnOriginMayChangeTheLibrary() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("alice")
    let before = try deckFile(server, "alice")
    let delete = "{\"name\":\"alice\"}"
    let cases: [(origin: String?, headers: [String: String], message: String)] = [
      ("http://evil.example", [:], "refused a POST from http://evil.example: only the app's own page (http://127.0.0.1:\(server.port)) may change the library"),
      ("null", [:], "refused a POST from null: only the app's own page (http://127.0.0.1:\(server.port)) may change the library"),
      ("http://127.0.0.1:\(server.port + 1)", [:], "refused a POST from http://127.0.0.1:\(server.port + 1): only the app's own page (http://127.0.0.1:\(server.port)) may change the library"),
      (server.origin, ["Sec-Fetch-Site": "cross-site"], "refused a POST from another site (Sec-Fetch-Site: cross-site)"),
    ]
    for (origin, headers, message) in cases {
      let reply = try server.post("/api/decks/delete", json: delete, origin: origin, headers: headers)
      #expect(reply.status == 403, "\(origin ?? "-")")
      #expect(reply.errorMessage == message)
    }
    var headers = ["Content-Type": "application/json"]
    let noOrigin = try RawHTTP.send(port: server.port, method: "POST", path: "/api/decks/delete", headers: headers, body: Data(delete.utf8))
    #expect(noOrigin.status == 403)
    #expect(noOrigin.errorMessage?.hasSuffix("it had no Origin") == true)
    // A form of another site posts text, not JSON: refused before its body is read.
    headers = ["Content-Type": "text/plain", "Origin": server.origin]
    let form = try RawHTTP.send(port: server.port, method: "POST", path: "/api/decks/delete", headers: headers, body: Data(delete.utf8))
    #expect(form.status == 415)
    // A media type that merely starts like JSON's is not JSON (found by an independent review).
    headers["Content-Type"] = "application/jsonx"
    let lookalike = try RawHTTP.send(port: server.port, method: "POST", path: "/api/decks/delete", headers: headers, body: Data(delete.utf8))
    #expect(lookalike.status == 415)
    #expect(try deckFile(server, "alice") == before)
    // The app's own page may, with a charset or not.
    let own = try server.post("/api/decks/delete", json: delete, headers: ["Content-Type": "application/json; charset=utf-8"])
    #expect(own.status == 200)
    #expect(!FileManager.default.fileExists(atPath: server.home.appendingPathComponent("decks/alice.json").path))
  }

  /// A page of another site whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name
  /// as Host: refused, for reading as for changing.
  @Test func anotherHostNameIsRefused() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("alice")
    for host in ["evil.example:\(server.port)", "127.0.0.1.evil.example:\(server.port)", "127.0.0.1:\(server.port + 1)", "localhost"] {
      let read = try server.get("/api/decks", headers: ["Host": host])
      #expect(read.status == 403, "\(host)")
      #expect(read.errorMessage == "the Host header names another server; open the app at http://127.0.0.1:\(server.port)/")
      let change = try server.post(
        "/api/decks/delete", json: "{\"name\":\"alice\"}", origin: "http://\(host)", headers: ["Host": host])
      #expect(change.status == 403, "\(host)")
    }
    for host in ["localhost:\(server.port)", "127.0.0.1:\(server.port)"] {
      #expect(try server.get("/api/decks", headers: ["Host": host]).status == 200, "\(host)")
    }
    #expect(FileManager.default.fileExists(atPath: server.home.appendingPathComponent("decks/alice.json").path))
  }

  /// HTTP/1.1 gives a request one Host (RFC 9112): a second one, which could name another
  /// server than the first, is refused, whichever comes first.
  @Test func aSecondHostHeaderIsRefused() throws {
    let server = try RunningServer()
    defer { server.stop() }
    for second in ["evil.example:\(server.port)", "127.0.0.1:\(server.port)"] {
      let reply = try RawHTTP.send(port: server.port, method: "GET", path: "/api/decks", extraLines: ["Host: \(second)"])
      #expect(reply.status == 400, "\(second)")
      #expect(reply.errorMessage == "the request has more than one Host header; expected one")
    }
    #expect(try server.get("/api/decks").status == 200)
  }

  /// Every page and GET route answers HEAD with the GET's status and headers and no body.
  @Test func headAnswersAsGetWithoutABody() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("alice")
    for path in ["/", "/api/decks", "/api/catalog", "/assets/app.css"] {
      let get = try server.get(path)
      let head = try RawHTTP.send(port: server.port, method: "HEAD", path: path)
      #expect(get.status == 200, "\(path)")
      #expect(head.status == 200, "\(path)")
      #expect(head.body.isEmpty, "\(path)")
      #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
    }
    let missing = try RawHTTP.send(port: server.port, method: "HEAD", path: "/api/nothing")
    #expect(missing.status == 404)
    #expect(missing.body.isEmpty)
  }

  @Test func reportBrowsingStaysInTheReportsFolder() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let folder = server.reports.appendingPathComponent("war-sealed")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("<html><body>report</body></html>".utf8).write(to: folder.appendingPathComponent("report.html"))
    try Data("key,value\nseed,1\n".utf8).write(to: folder.appendingPathComponent("run.csv"))
    let outside = server.reports.deletingLastPathComponent().appendingPathComponent("secret.txt")
    try Data("secret".utf8).write(to: outside)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(atPath: server.reports.appendingPathComponent("up").path, withDestinationPath: server.reports.deletingLastPathComponent().path)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inside.csv").path, withDestinationPath: folder.appendingPathComponent("run.csv").path)

    let page = try server.get("/reports/war-sealed/report.html")
    #expect(page.status == 200 && page.text.contains("report"))
    #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
    #expect(try server.get("/reports/war-sealed/inside.csv").text == "key,value\nseed,1\n")
    try Data("check,kind,verdict,detail\n\"slot common, only commons\",invariant,pass,\"a, b\"\nmythic rate,binomial,fail,x\n".utf8)
      .write(to: folder.appendingPathComponent("checks.csv"))
    let listing = try JSONValue.object(server.get("/api/reports"))
    #expect((listing["reports"] as! [[String: Any]]).map { $0["path"] as! String } == ["war-sealed"])
    // What the folder's run.csv and checks.csv say (a quoted comma is no column).
    let run = try #require((listing["reports"] as! [[String: Any]])[0]["run"] as? [String: Any])
    #expect(run["seed"] as? String == "1" && run["verdicts"] as? [String: Int] == ["pass": 1, "fail": 1], "\(run)")
    #expect(run["verdict"] as? String == "FAIL: 1 of 2 checks failed", "\(run)")
    // Checks none of which could be made are NOT TESTED, as on the page (the list said PASS).
    try Data("check,kind,verdict\nsheet rare,chi_square,not_tested\nmythic rate,binomial,not_tested\n".utf8)
      .write(to: folder.appendingPathComponent("checks.csv"))
    let untested = try JSONValue.object(server.get("/api/reports"))
    let untestedRun = try #require((untested["reports"] as! [[String: Any]])[0]["run"] as? [String: Any])
    #expect(untestedRun["verdict"] as? String == "NOT TESTED: none of the 2 checks could be made", "\(untestedRun)")

    let refused: [(path: String, status: Int)] = [
      ("/reports/../secret.txt", 400), ("/reports/war-sealed/../../secret.txt", 400),
      ("/reports/%2e%2e/secret.txt", 400), ("/reports/%2E%2E%2Fsecret.txt", 400), ("/reports/war-sealed/..%2f..%2fsecret.txt", 400),
      ("/reports/%252e%252e/secret.txt", 404), ("/reports/war-sealed/%00report.html", 400), ("/reports/.%2e/secret.txt", 400),
      ("/reports/war-sealed/link.txt", 403), ("/reports/up/secret.txt", 403), ("/reports/up", 403),
      ("/reports/war-sealed/nothing.csv", 404), ("/reports/%zz", 400),
    ]
    for (path, status) in refused {
      let reply = try server.get(path)
      #expect(reply.status == status, "\(path): \(reply.status) \(reply.text)")
      #expect(!reply.text.contains("secret") || reply.errorMessage != nil, "\(path) leaked the file")
      #expect(reply.errorMessage.map { !$0.contains("\n") } ?? false, "\(path): \(reply.text)")
    }
  }

  @Test func badInputIsA4xxInOneLineAndChangesNothing() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("alice")
    let before = try deckFile(server, "alice")
    let listing = try server.get("/api/decks").text
    let cases: [(path: String, body: String, status: Int, message: String)] = [
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":", 400, "request body:1:24: malformed JSON (unexpected end of the body: the body is cut short); send a JSON object"),
      ("/api/deck/edit", "", 400, "request body:1:1: malformed JSON (the body is empty); send a JSON object"),
      // Neither a name nor a draft (it said "expected an object", as if a name were wrong).
      ("/api/deck/edit", "{\"deck\":5,\"card\":\"war #250\",\"change\":\"add\"}", 400, "request body: field deck: expected a saved deck's name or a draft (an object)"),
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":7,\"change\":\"add\"}", 400, "request body: field card: expected a string"),
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":\"war #9999\",\"change\":\"add\"}", 404, "no card \"war #9999\" in the pool of deck alice; expected an id such as \"war #"),
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":\"war #250\",\"change\":\"steal\"}", 400, "change \"steal\": expected add or remove"),
      // A field the request does not have is refused, not ignored (a review's "count": 5 added one card).
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":\"war #250\",\"change\":\"add\",\"count\":5}", 400,
       "request body: field count: unknown; expected deck, card, change"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"colour\":\"red\"}}", 400,
       "request body: field deck.colour: unknown; expected set, rules, seed, player, booster_max, cards"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"cards\":[{\"id\":\"war #250\",\"copies\":1,\"foil\":true}]}}", 400,
       "request body: field deck.cards[0].foil: unknown; expected id, copies"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"\",\"player\":1}}", 400,
       "Seed: blank; expected the whole number from 0 to 18446744073709551615 that the pool was opened from"),
      ("/api/deck/edit", "{\"deck\":\"nobody\",\"card\":\"war #250\",\"change\":\"add\"}", 404, "no deck \"nobody\" in "),
      ("/api/deck", "{\"deck\":\"../../etc/passwd\"}", 422, "\"../../etc/passwd\" is not a valid deck name"),
      ("/api/deck", "{\"deck\":{\"set\":\"zzz\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1}}", 404, "unknown set \"zzz\""),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"nope\",\"seed\":\"1\",\"player\":1}}", 404, "unknown rule set \"nope\""),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"/etc/passwd\",\"seed\":\"1\",\"player\":1}}", 400, "set \"war\" and rules \"/etc/passwd\": expected codes"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"-1\",\"player\":1}}", 400,
       "Seed \"-1\": expected a whole number from 0 to 18446744073709551615, or leave it blank for a random seed"),
      // A seed given as a number is said as written (it read "-1.0", "1.8446744073709552e+19").
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":-1,\"player\":1}}", 400, "Seed \"-1\": expected a whole number"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":18446744073709551616,\"player\":1}}", 400,
       "Seed \"18446744073709551616\": expected a whole number"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"booster_max\":0}}", 400,
       "Booster range 0: expected a collector number of at least 1"),
      ("/api/deck", "{\"deck\":{\"set\":\"eld\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1}}", 422,
       "set eld has no basic lands, so its booster range is unknown (the data looks partial; its numbers run to 249); give a booster range (boosters draw from collector numbers 1 to it) in the field beside the set on Choose or Checks"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":9}}", 400, "player 9: expected 1 to 8"),
      // Found by an independent review: the command line's --count and --booster-max.
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"cards\":[{\"id\":\"war #250\",\"copies\":-1}]}}", 400,
       "copies -1 of card \"war #250\": expected 1 to 1000"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"booster_max\":100000}}", 422,
       "Booster range 100000: set war's highest collector number is "),
      ("/api/decks/save", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1},\"name\":\"alice\"}", 409,
       "a pool named \"alice\" is already saved; type another name"),
      ("/api/decks/save", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1},\"name\":\"my deck\"}", 422,
       "\"my deck\" is not a valid deck name; use 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit"),
      ("/api/decks/delete", "{\"name\":\"nobody\"}", 404, "no deck \"nobody\" in "),
      // Values the fields' decoder skips and the unknown-field check cannot read were let
      // through unchecked; nesting past the decoders' limit was "malformed JSON" alone.
      ("/api/decks/delete", "{\"name\":\"nobody\",\"y\":1e400}", 400,
       "request body: a value that cannot be read (Number 1e400 is not representable in Swift)"),
      ("/api/decks/delete", "{\"name\":\"nobody\",\"y\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", 400,
       "request body:1:533: malformed JSON (more than 512 arrays and objects nested, the most a JSON decoder here reads); send a JSON object"),
      // A key twice: the decoder took the first, the unknown-field check the last (a review's
      // delete of two names deleted d1, and a draft's unknown field went unseen).
      ("/api/decks/delete", "{\"name\":\"alice\",\"name\":\"nobody\"}", 400,
       "request body:1:17: key \"name\" is written twice in one object; expected each key once"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"count\":5},\"deck\":\"bob\"}", 400,
       "request body:1:72: key \"deck\" is written twice in one object; expected each key once"),
      ("/api/deck/edit", "{\"deck\":\"alice\",\"card\":\"war #250\",\"change\":\"add\",\"ch\\u0061nge\":\"remove\"}", 400,
       "request body:1:50: key \"change\" is written twice in one object; expected each key once"),
      // A whole number's field given a fraction or a number past its range was "malformed JSON".
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1.5}}", 400,
       "request body: field deck.player: expected a whole number, found 1.5"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"cards\":[{\"id\":\"war #250\",\"copies\":1},{\"id\":\"war #251\",\"copies\":2.5}]}}", 400,
       "request body: field deck.cards[1].copies: expected a whole number, found 2.5"),
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1,\"booster_max\":99999999999999999999}}", 400,
       "request body: field deck.booster_max: expected a whole number, found 99999999999999999999"),
      // Two such fields: the first named (it was "malformed JSON", no one replacement decoding).
      ("/api/deck", "{\"deck\":{\"set\":\"war\",\"rules\":\"sealed\",\"seed\":\"1\",\"player\":1.5,\"booster_max\":2.5}}", 400,
       "request body: field deck.booster_max: expected a whole number, found 2.5"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":0}", 400, "Pools: 0 is out of range; enter a whole number from 1 to 10,000,000"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":1e30}", 400,
       "Pools: 1e+30 is out of range; enter a whole number from 1 to 10,000,000 (a larger run: sealed check on the command line)"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":\"1e30\"}", 400, "Pools: 1e30 is out of range;"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":2.5}", 400, "Pools: 2.5 is not a whole number; enter a whole number from 1 to 10,000,000"),
      // A blank field is named as one (it read "Pools:  is not a whole number", two spaces).
      ("/api/checks", "{\"set\":\"war\",\"pools\":\" \"}", 400, "Pools: blank; enter a whole number from 1 to 10,000,000"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":true}", 400, "Pools: expected a whole number of pools, such as 100000"),
      ("/api/checks", "{\"set\":\"war\",\"pools\":100,\"seed\":\"x\"}", 400, "Seed \"x\": expected a whole number"),
      ("/api/checks", "{\"set\":\"eld\",\"pools\":100}", 422, "set eld has no basic lands, so its booster range is unknown"),
      ("/api/checks", "{\"set\":\"war\",\"rules\":\"mkm-play\",\"pools\":100}", 404,
       "product mkm-play is a product of set mkm, not war: put mkm in Set, or choose a rule set that covers war"),
      ("/api/checks", "{\"set\":\"war\",\"rules\":\"nope\",\"pools\":100}", 404,
       "unknown rule set \"nope\"; built-in rule sets: sealed, retail, retail-lethe, mtgwtf, or the code of a product of the booster data in use (shipped; Choose lists them)"),
    ]
    for (path, body, status, message) in cases {
      let reply = try server.post(path, json: body)
      #expect(reply.status == status, "\(path) \(body): \(reply.status) \(reply.text)")
      let line = reply.errorMessage ?? ""
      #expect(line.hasPrefix(message), "\(path) \(body): \(line)")
      #expect(!line.contains("\n"))
      // The page's words: no command-line remedy the page cannot follow.
      #expect(!line.contains("--force") && !line.contains("--booster-max") && !line.contains("sealed deck add"), "\(line)")
    }
    // A job's number in the address: a check's or a download's, never anything else.
    for (path, message) in [
      ("/api/checks/x", "check \"x\": expected a check number, as /api/checks lists them"),
      ("/api/fetches/1e3/cancel", "fetch \"1e3\": expected a fetch number, as /api/fetches lists them"),
    ] {
      let reply = path.hasSuffix("/cancel") ? try server.post(path, json: "{}") : try server.get(path)
      #expect(reply.status == 400 && reply.errorMessage == message, "\(path): \(reply.status) \(reply.text)")
    }
    // A body that is not UTF-8 is named so (it was "malformed JSON", or "expected an object").
    let latin1 = Data("{\"name\":\"caf".utf8) + Data([0xE9]) + Data("\"}".utf8)
    let headers = ["Content-Type": "application/json", "Origin": server.origin]
    let notUTF8 = try RawHTTP.send(port: server.port, method: "POST", path: "/api/decks/delete", headers: headers, body: latin1)
    #expect(
      notUTF8.status == 400 && notUTF8.errorMessage == "request body: byte 13 is not UTF-8 text; send a JSON object in UTF-8",
      "\(notUTF8.status) \(notUTF8.text)")
    // A refused check leaves no report folder behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: server.reports.path).isEmpty)
    // An oversized body is refused before it is read whole.
    let huge = "{\"deck\":\"alice\",\"card\":\"" + String(repeating: "x", count: 200_000) + "\",\"change\":\"add\"}"
    let oversized = try server.post("/api/deck/edit", json: huge)
    #expect(oversized.status == 413)
    #expect(oversized.errorMessage == "the request body is \(huge.utf8.count) bytes; at most 65536 are read")
    #expect(try deckFile(server, "alice") == before)
    #expect(try server.get("/api/decks").text == listing)
    #expect(try server.get("/api/pools?set=zzz").status == 404)
    #expect(try server.get("/api/pools?set=war&players=99").errorMessage == "players \"99\": expected 1 to 8")
  }
}
