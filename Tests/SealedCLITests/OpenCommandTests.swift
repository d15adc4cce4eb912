import Foundation
import SealedTestSupport
import Testing

@Suite struct OpenCommandTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func openJSON(_ arguments: [String]) throws -> [String: Any] {
    let result = try SealedExecutable.run(["open"] + arguments + cards + ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
  }

  @Test func warUnderSealedWithSeedOne() throws {
    let json = try openJSON(["war", "--rules", "sealed", "--seed", "1"])
    #expect(json["set"] as? String == "war")
    #expect(json["rules"] as? String == "sealed")
    #expect(json["seed"] as? Int == 1)
    let boosters = try #require(json["boosters"] as? [[String: Any]])
    #expect(boosters.count == 6)
    #expect(boosters.map { $0["index"] as? Int } == [1, 2, 3, 4, 5, 6])
    var mythics = 0
    for booster in boosters {
      let cards = try #require(booster["cards"] as? [[String: Any]])
      #expect(cards.count == 14)
      for card in cards {
        for key in ["set", "collector_number", "name", "rarity", "type_line", "mana_cost"] {
          #expect(card[key] is String, "card lacks \(key)")
        }
      }
      #expect(cards.filter { ($0["type_line"] as! String).contains("Planeswalker") }.count == 1)
      mythics += cards.filter { $0["rarity"] as? String == "mythic" }.count
    }
    #expect(mythics == 1)
    let top = try #require(json["top_cards"] as? [[String: Any]])
    #expect(top.count == 6)
    let pool = try #require(json["pool"] as? [[String: Any]])
    #expect(pool.reduce(0) { $0 + ($1["copies"] as! Int) } == 84)
    let numbers = pool.map { Int($0["collector_number"] as! String)! }
    #expect(numbers == numbers.sorted())
  }

  @Test func sameSeedSameBytes() throws {
    let a = try SealedExecutable.run(["open", "war", "--seed", "77", "--format", "json"] + cards)
    let b = try SealedExecutable.run(["open", "war", "--seed", "77", "--format", "json"] + cards)
    #expect(a.stdout == b.stdout)
    let text1 = try SealedExecutable.run(["open", "war", "--seed", "77"] + cards)
    let text2 = try SealedExecutable.run(["open", "war", "--seed", "77"] + cards)
    #expect(text1.stdout == text2.stdout)
    #expect(text1.stdout.contains("Booster 6"))
    #expect(text1.stdout.contains("Top cards (6)"))
    #expect(text1.stdout.contains("{"))
  }

  @Test func withoutASeedARandomOneIsShown() throws {
    let result = try SealedExecutable.run(["open", "war", "--format", "json"] + cards)
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    let seed = try #require(json["seed"] as? Int)
    #expect(result.stderr.contains("random seed \(seed) (repeat with --seed \(seed))"))
  }

  @Test func dominariaAndRavnicaQuirks() throws {
    let dom = try openJSON(["dom", "--seed", "3"])
    for booster in dom["boosters"] as! [[String: Any]] {
      let cards = booster["cards"] as! [[String: Any]]
      #expect(cards.filter { $0["rarity"] as? String == "uncommon" && ($0["type_line"] as! String).contains("Legendary") }.count == 1)
    }
    let grn = try openJSON(["grn", "--seed", "3"])
    for booster in grn["boosters"] as! [[String: Any]] {
      let cards = booster["cards"] as! [[String: Any]]
      #expect(cards.count == 15)
      #expect((cards.last!["name"] as! String).contains("Guildgate"))
    }
  }

  @Test(arguments: [("war", "retail"), ("war", "retail-lethe"), ("dom", "retail-lethe"), ("rna", "retail")])
  func retailPacks(_ set: String, _ rules: String) throws {
    let json = try openJSON([set, "--rules", rules, "--seed", "11"])
    for booster in json["boosters"] as! [[String: Any]] {
      let cards = booster["cards"] as! [[String: Any]]
      #expect(cards.count == 15)
      let land = cards.last!
      #expect(land["slot"] as? String == "land")
      if set == "rna" {
        #expect((land["name"] as! String).contains("Guildgate"))
      } else {
        #expect((land["type_line"] as! String).hasPrefix("Basic Land"))
      }
    }
  }

  @Test func aFieldSetOpensFromTheShippedDataAndOthersSayWhyNot() throws {
    let dir = try Fixtures.temporaryDirectory()
    let env = ["SEALED_CARDS": "", "SEALED_HOME": dir.appendingPathComponent("home").path]
    let afr = try SealedExecutable.run(["open", "afr", "--seed", "1", "--format", "json"], environment: env)
    #expect(afr.status == 0, "\(afr.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(afr.stdout.utf8)) as? [String: Any])
    let boosters = try #require(json["boosters"] as? [[String: Any]])
    #expect(boosters.count == 6)
    let cards = boosters.flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }
    #expect(cards.count == 6 * 14)
    #expect(cards.allSatisfy { $0["set"] as? String == "afr" && !(($0["type_line"] as? String) ?? "").isEmpty })

    for (set, message) in [
      ("dgm", "sealed: error: set dgm has no basic lands, so its booster range is unknown"),
      ("spg", "sealed: error: set spg has no card data: the field's booster data names it"),
    ] {
      let result = try SealedExecutable.run(["open", set], environment: env)
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix(message))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test func aDamagedShippedFileIsOneLineAndStatusTwo() throws {
    // A copy of the shipped resources with afr's file cut in half.
    let dir = try Fixtures.temporaryDirectory()
    let resources = dir.appendingPathComponent("resources")
    try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.shippedCards, toPath: resources.appendingPathComponent("cards").path)
    let file = resources.appendingPathComponent("cards/field/afr.json.gz")
    let bytes = try Data(contentsOf: file)
    try bytes.prefix(bytes.count / 2).write(to: file)
    let env = ["SEALED_CARDS": "", "SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_RESOURCES": resources.path]
    let result = try SealedExecutable.run(["open", "afr"], environment: env)
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: \(file.path): gzip data is truncated (the file ends inside the compressed stream)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func badRuleFileAndUnknownSet() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("name: broken\npool: { boosters: 6, mythic_booster: one }\nslots:\n  - { name: c, count: 10, sheet: nope }\n", to: "broken.yaml", in: dir)
    let result = try SealedExecutable.run(["open", "war", "--rules", path] + cards)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("sealed: error: \(path):4:"))
    #expect(result.stderr.contains("unknown sheet \"nope\""))
    #expect(result.stderr.split(separator: "\n").count == 1)

    let unknown = try SealedExecutable.run(["open", "zzz"] + cards)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown set \"zzz\"; available sets: dom, eld, grn, m19, m20, rix, rna, war, xln"))
    // A product's rules list their cards one by one: a booster range was ignored (exit 0, war #259 in the pool).
    let ranged = try SealedExecutable.run(["open", "war", "--rules", "war-draft", "--booster-max", "100", "--seed", "1"] + cards)
    #expect(ranged.status == 2)
    #expect(ranged.stderr == "sealed: error: --booster-max 100: the rules war-draft list their cards one by one and draw from no booster range of war; leave --booster-max out (it is for rules that filter a set's cards, such as sealed and retail)\n", "\(ranged.stderr)")

    let partial = try SealedExecutable.run(["open", "m20"] + cards)
    #expect(partial.status == 2)
    #expect(partial.stderr.contains("--booster-max"))
    let given = try SealedExecutable.run(["open", "m20", "--booster-max", "249", "--seed", "1"] + cards)
    #expect(given.status == 0)
  }
}
