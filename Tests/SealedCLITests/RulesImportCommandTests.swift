import Foundation
import SealedTestSupport
import Testing

/// `sealed rules import` on mtg.wtf's compiled booster data (a copy in Tests/Fixtures/mtgwtf).
@Suite struct RulesImportCommandTests {
  let data = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json").path
  let cards = ["--cards", Fixtures.shippedCards]

  @Test(.heavy) func listSaysWhichProductsTheCardDataOpens() throws {
    let result = try SealedExecutable.run(["rules", "import", data, "--list"] + cards)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.last?.hasPrefix("329 products; with this card data 40 simulate with names, ") == true, "\(lines.last ?? "")")
    // A product's row, and the lines under it that say why it simulates on card keys or not at
    // all (as a column they made every line hundreds of characters wide).
    func row(_ code: String) -> (row: String, why: String) {
      guard let index = lines.firstIndex(where: { $0.hasPrefix(code + " ") }) else { return ("", "") }
      let why = lines[(index + 1)...].prefix { $0.hasPrefix(" ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      return (lines[index], why.joined(separator: " "))
    }
    #expect(row("war").row.contains(" yes, with names ") && row("war").why.isEmpty)
    #expect(row("lea").row.contains(" on card keys ") && row("lea").why == "295 of 295 cards lack card data (set lea); sealed cards fetch --product lea")
    #expect(row("akh").row.contains(" no ") && row("akh").why.contains("is colour-balanced, and ") && row("akh").why.contains("sealed cards fetch akh"))
    #expect(row("war-jp").why.hasPrefix("36 of 300 cards lack card data (set war)") && row("war-jp").why.contains("sealed cards fetch --product war-jp"))
  }

  @Test(.heavy) func aProductBecomesARuleFileThatOpensPacks() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-draft.yaml").path
    let result = try SealedExecutable.run(["rules", "import", data, "--product", "war", "--out", out] + cards)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "sealed: wrote \(out) (1 product)\n")
    let opened = try SealedExecutable.run(["open", "war", "--rules", out, "--seed", "9", "--format", "json"] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any]
    let boosters = json?["boosters"] as? [[String: Any]] ?? []
    #expect(boosters.count == 6)
    #expect(boosters.allSatisfy { ($0["cards"] as? [Any])?.count == 15 })
    #expect(json?["rules"] as? String == "war")
    let checked = try SealedExecutable.run(
      ["check", "war", "--rules", out, "--pools", "2000", "--seed", "1", "--compare", "none", "--out", dir.appendingPathComponent("r").path, "--quiet"] + cards)
    #expect(checked.status == 0, "\(checked.stdout)")
  }

  /// Without a file, the data shipped with Sealed (2025); an old code finds its new product.
  @Test(.heavy) func theShippedDataIsTheDefaultAndOldCodesFindTheirProducts() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war.yaml").path
    let result = try SealedExecutable.run(["rules", "import", "--product", "war", "--out", out] + cards)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr == """
        sealed: note: product war is war-draft in this data (mtg.wtf renamed its draft boosters SET-draft in 2024)
        sealed: wrote \(out) (1 product)

        """)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("name: war-draft\n") && text.contains("from sealed_basic_data_2025-07.json.gz"))
    let listed = try SealedExecutable.run(["rules", "import", "--list"] + cards)
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("538 products"))
  }

  /// `--rules PRODUCT` names a product of the shipped data; its report folder is named after it.
  @Test(.heavy) func aShippedProductIsARuleSetNamedAfterIt() throws {
    let dir = try Fixtures.temporaryDirectory()
    let checked = try SealedExecutable.run(
      ["check", "war", "--rules", "war-draft", "--pools", "2000", "--seed", "1", "--compare", "none", "--quiet"] + cards,
      workingDirectory: dir)
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    #expect(checked.stdout.contains("reports: \(dir.appendingPathComponent("reports/war-draft").standardizedFileURL.path)/"), "\(checked.stdout)")
    let unknown = try SealedExecutable.run(["open", "war", "--rules", "war-nope"] + cards)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("the code of a product of the booster data in use (shipped; sealed rules import --list lists them)"), "\(unknown.stderr)")
  }

  @Test func errorsAreOneLineWithStatusTwo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let broken = try Fixtures.write("[{", to: "broken.json", in: dir)
    let cases: [([String], String)] = [
      (["rules", "import", data, "--product", "nope"], "no product \"nope\" in the data (329 products)"),
      (["rules", "import", data, "--product", "war", "--product", "war-arena"], "products war and war-arena are both of set war; a rule file holds one product per set"),
      (["rules", "import", data, "--product", "war", "--list"], "give either --list or --product CODE"),
      (["rules", "import", broken, "--list"], "\(broken):1:3: malformed JSON (unexpected end of file: the file is cut short)"),
      (["rules", "import", dir.appendingPathComponent("missing.json").path, "--list"], "\(dir.path)/missing.json: no such file"),
    ]
    for (arguments, message) in cases {
      let result = try SealedExecutable.run(arguments + cards)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("sealed: error: "), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  /// Booster data no real release holds, each refused in one line at the input file and its
  /// product (an independent review found negative counts dropped without a word, errors put
  /// at a rule file that was never written, and two products of one code accepted).
  @Test func fieldsNoDataCanMeanAreRefusedAtTheInput() throws {
    let dir = try Fixtures.temporaryDirectory()
    func product(code: String = "war", boosters: String = #"[{"sheets": {"common": 2}, "weight": 1}]"#, cards: String = #"{"war:5": 1, "war:7": 1, "war:8": 1}"#) -> String {
      #"{"name": "Test", "code": "\#(code)", "set_code": "war", "boosters": \#(boosters), "sheets": {"common": {"cards": \#(cards)}}}"#
    }
    let cases: [(String, String)] = [
      (product(boosters: #"[{"sheets": {"common": -1}, "weight": 1}, {"sheets": {"common": 2}, "weight": 1}]"#),
       "product war: boosters[0].sheets.common is -1; expected a count of cards of at least 0"),
      (product(boosters: #"[{"sheets": {"common": 2}, "weight": -5}]"#), "product war: boosters[0].weight is -5; expected a weight of at least 0"),
      (product(boosters: #"[{"sheets": {"common": 2}, "weight": 0}]"#), "product war: every booster variant has weight 0; expected at least one positive weight"),
      (product(cards: #"{"war:5": 1, "war:7": -2}"#), "product war: sheets.common.cards[\"war:7\"] is -2; expected a weight of at least 0"),
      (product(cards: #"{"war:5": 1, "garbage": 1}"#),
       "product war: card \"garbage\": expected set:number or set:number:foil, like war:97 or war:97:foil (line "),
      (product(boosters: #"[{"sheets": {"rare": 1}, "weight": 1}]"#), "product war: a booster draws from sheet rare, which the product does not define"),
      // A key written twice: Foundation kept the first value, Python and Ruby keep the last.
      // At its line and column, and its product by code (a review: a pretty-printed file's
      // repeat on line 233068 was "product [501]" alone).
      (product(cards: #"{"war:5": 5, "war:5": 1, "war:7": 1}"#),
       ":1:151: product [0] \"war\": key \"war:5\" is written twice in one object; expected each key once (JSON readers differ"),
      (product() + ", " + product(code: "war-x", cards: #"{"war:5": 5, "war:7": 1, "war:5": 1}"#),
       ":1:342: product [1] \"war-x\": key \"war:5\" is written twice in one object; expected each key once (JSON readers differ"),
      // (rules fetch installed it; every command then refused the rule file it makes.)
      (product(cards: "{}"), "product war: sheets.common.cards is empty, and boosters[0] draws 2 from it; expected at least one card"),
      (product() + ", " + product(), "products [0] and [1] both have code \"war\"; expected each product's code once"),
      // Codes are read in any case: WAR beside war shared a report folder, check-products dying
      // midway.
      (product() + ", " + product(code: "WAR"),
       "products [0] and [1] both have codes \"war\" and \"WAR\", which differ only in case; expected each product's code once"),
      ("", "no products (an empty array); expected mtg.wtf's compiled booster data"),
      (product(code: " "), "product [0] has an empty code; expected each product's code (\"war-draft\")"),
    ]
    for (index, (json, message)) in cases.enumerated() {
      let path = try Fixtures.write("[\(json)]", to: "bad\(index).json", in: dir)
      let out = dir.appendingPathComponent("bad\(index).yaml").path
      let result = try SealedExecutable.run(["rules", "import", path, "--product", "war", "--out", out] + cards)
      #expect(result.status == 2, "\(index): \(result.stderr)")
      let separator = message.hasPrefix(":") ? "" : ": "
      #expect(result.stderr.hasPrefix("sealed: error: \(path)\(separator)\(message)"), "\(index): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(index): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out), "\(index)")
    }
  }

  @Test func aProductThatNamesAnotherSetLoadsThatSetToo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let json = #"[{"name": "Mixed", "code": "mixed", "set_code": "war", "boosters": [{"sheets": {"common": 2, "bonus": 1}, "weight": 1}], "sheets": {"common": {"cards": {"war:5": 1, "war:7": 1, "war:8": 1}}, "bonus": {"cards": {"dom:1": 1, "dom:2": 1}}}}]"#
    let path = try Fixtures.write(json, to: "mixed.json", in: dir)
    let out = dir.appendingPathComponent("mixed.yaml").path
    #expect(try SealedExecutable.run(["rules", "import", path, "--product", "mixed", "--out", out] + cards).status == 0)
    let opened = try SealedExecutable.run(["open", "war", "--rules", out, "--seed", "2", "--format", "json"] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let json2 = try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any]
    let boosters = json2?["boosters"] as? [[String: Any]] ?? []
    #expect(boosters.allSatisfy { (($0["cards"] as? [[String: Any]])?.last?["set"] as? String) == "dom" })
    // Card data without dom: open shows names, so it says in one line what lacks data.
    let warOnly = try SealedExecutable.run(["open", "war", "--rules", out, "--cards", Fixtures.shippedCardFile("war.json")])
    #expect(warOnly.status == 2)
    #expect(
      warOnly.stderr == "sealed: error: sealed open shows cards by name, and 2 of 5 cards lack card data (set dom); sealed cards fetch dom, open it on its card keys with --format csv or list, or check the product on its card keys with sealed check\n",
      "\(warOnly.stderr)")
    // simulate and check count them by their keys, with a note.
    let simulated = try SealedExecutable.run(
      ["simulate", "war", "--rules", out, "--pools", "100", "--seed", "1", "--quiet", "--out", dir.appendingPathComponent("r").path, "--cards", Fixtures.shippedCardFile("war.json")])
    #expect(simulated.status == 0, "\(simulated.stderr)")
    #expect(simulated.stderr.contains("sealed: note: 2 of 5 cards lack card data (set dom): they show as set:number with rarity unknown"), "\(simulated.stderr)")
  }
}
