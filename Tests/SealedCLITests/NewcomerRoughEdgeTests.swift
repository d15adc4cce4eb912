import Foundation
import SealedEngine
import SealedTestSupport
import Testing

/// The rough edges a newcomer hits first (issue 33), each a test that failed before its fix.
@Suite struct NewcomerRoughEdgeTests {
  let environment: [String: String]

  init() throws {
    environment = ["SEALED_HOME": try Fixtures.temporaryDirectory().path, "SEALED_CARDS": ""]
  }

  func run(_ arguments: [String]) throws -> CommandResult {
    try SealedExecutable.run(arguments, environment: environment)
  }

  /// A product's code or a set's name where a set code goes points to what was meant, and the
  /// count the message gives is the count `sealed sets` shows.
  @Test func aProductCodeOrASetNameGetsAPointerToTheSetCode() throws {
    let message = #"unknown set "blb-play": that looks like a product of the field's booster data, of set blb: give it as the rules, as in sealed check blb --rules blb-play (sealed rules import --list lists the products)"#
    let product = try run(["open", "blb-play"])
    #expect(product.status == 2)
    #expect(product.stderr == "sealed: error: \(message)\n")
    // The command it names works.
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    #expect(try run(["check", "blb", "--rules", "blb-play", "--pools", "100", "--seed", "1", "--out", out, "--quiet"]).status == 0)
    let name = try run(["sets", "bloomburrow"])
    #expect(name.stderr == "sealed: error: unknown set \"bloomburrow\": sets are named by their code; did you mean blb (Bloomburrow)?\n")
    let unknown = try run(["sets", "zzz"])
    let count = try #require(unknown.stderr.firstMatch(of: /; (\d+) sets have card data here \(sealed sets lists them\); sealed cards fetch zzz downloads a set from Scryfall/))
    let rows = try run(["sets", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
    #expect(Int(count.1) == rows.filter { $0.split(separator: ",", omittingEmptySubsequences: false)[2] != "0" }.count)
    #expect(Int(count.1)! < rows.count)  // sets the field names without data are listed, not counted
    // A short word is no set name: no guess.
    #expect(!(try run(["sets", "blb2"]).stderr.contains("did you mean")))
  }

  /// A set code with its letters swapped and a rule set's name misspelt get a guess; a
  /// built-in rule set is read in any case, as set and product codes are.
  @Test func typosOfASetOrRuleSetGetAGuess() throws {
    let set = try run(["open", "wra", "--seed", "1"])
    #expect(set.status == 2)
    #expect(set.stderr == "sealed: error: unknown set \"wra\"; did you mean war (War of the Spark)?\n")
    // A letter typed twice, and spaces around the code (a review: neither had a guess).
    for typed in ["warr", "war "] {
      let typo = try run(["open", typed, "--seed", "1"])
      #expect(typo.status == 2)
      #expect(typo.stderr == "sealed: error: unknown set \"\(typed)\"; did you mean war (War of the Spark)?\n", "\(typo.stderr)")
    }
    let rules = try run(["open", "war", "--rules", "retali", "--seed", "1"])
    #expect(rules.stderr.hasPrefix("sealed: error: unknown rule set \"retali\"; did you mean \"retail\"?; built-in rule sets: "), "\(rules.stderr)")
    let product = try run(["open", "war", "--rules", "war-drfat", "--seed", "1"])
    #expect(product.stderr.hasPrefix("sealed: error: unknown rule set \"war-drfat\"; did you mean \"war-draft\"?; built-in rule sets: "), "\(product.stderr)")
    // A name far from every code gets no guess.
    #expect(!(try run(["open", "war", "--rules", "war-nope", "--seed", "1"])).stderr.contains("did you mean"))
    let upper = try run(["open", "war", "--rules", "RETAIL", "--seed", "1"])
    #expect(upper.status == 0, "\(upper.stderr)")
    #expect(upper.stdout == (try run(["open", "war", "--rules", "retail", "--seed", "1"])).stdout)
  }

  /// An error in a rule file that ships inside Sealed says how to see that file.
  @Test func anErrorInShippedRulesSaysWhereToSeeThem() throws {
    let product = try run(["open", "one", "--rules", "one-draft"])
    #expect(product.status == 2)
    #expect(product.stderr.hasPrefix("sealed: error: product:one-draft:"))
    #expect(product.stderr.hasSuffix(" (product:one-draft is the rule file sealed rules import --product one-draft prints)\n"))
    #expect(try run(["rules", "import", "--product", "one-draft"]).status == 0)
    let builtIn = try run(["open", "lea"])
    #expect(builtIn.status == 2)
    let guide = try #require(builtIn.stderr.firstMatch(of: /\(built-in:sealed is the rule set (\S+) or the spec (\S+), shipped with Sealed\)\n$/))
    #expect(String(guide.1).hasSuffix("/rules/sealed.yaml") && FileManager.default.fileExists(atPath: String(guide.1)))
    #expect(String(guide.2).hasSuffix("/specs/sealed.yaml") && FileManager.default.fileExists(atPath: String(guide.2)))
  }

  /// The listings fit a terminal: their warnings go under each row instead of a column of
  /// hundreds of characters (the file of `cards list` is a path as long as the build's).
  @Test func listingsFitATerminal() throws {
    let sets = try run(["sets"]).stdout.split(separator: "\n")
    #expect(sets.count > 273)
    #expect(sets.allSatisfy { $0.count <= 120 }, "\(sets.map(\.count).max() ?? 0) columns")
    let cards = try run(["cards", "list"]).stdout.split(separator: "\n")
    #expect(cards.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("file: ") }.allSatisfy { $0.count <= 120 }, "\(cards.map(\.count).max() ?? 0) columns")
    #expect(cards.contains { $0.hasPrefix("      collector numbers missing: ") })
  }

  @Test func setsComeInTheOrderAsked() throws {
    let listed = try run(["sets", "war", "blb", "fdn", "war", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
    #expect(listed.map { $0.prefix { $0 != "," } } == ["war", "blb", "fdn"])
    let cards = try run(["cards", "list", "war", "afr", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
    #expect(cards.map { $0.prefix { $0 != "," } } == ["war", "afr"])
  }

  @Test func aBoosterRangePastTheSetsLastCardIsRefused() throws {
    let refused = try run(["open", "war", "--booster-max", "99999", "--seed", "1"])
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: --booster-max 99999: set war's highest collector number is 275; expected 1 to 275\n")
    #expect(try run(["open", "war", "--booster-max", "275", "--seed", "1"]).status == 0)
  }

  /// `check`'s "whole run" is the whole command: reading the options' files, loading the cards
  /// and the product and compiling them too (0.76 of 0.81 s were once left out, then the 0.4 s
  /// of finding the rules before the job was made), measured against the command's own wall
  /// time (`CommandWallTime`).
  @Test func checksWholeRunIsTheWholeCommand() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    let arguments = ["check", "mkm", "--rules", "mkm-play", "--pools", "100", "--seed", "1", "--out", out, "--quiet"]
    let fractions = try CommandWallTime.fractions(arguments, environment: environment) { result in
      let whole = try #require(result.stdout.firstMatch(of: /whole run: (\d+\.\d\d) s/))
      return Double(whole.1)!
    }
    #expect(fractions.contains { $0 >= 0.8 }, "whole run over the command's wall time: \(fractions)")
  }

  /// A seed's pools belong to a generator version; the binary says which it has.
  @Test func theVersionNamesTheGenerator() throws {
    #expect(try run(["--version"]).stdout == "0.2.0 (generator version \(Simulation.generatorVersion))\n")
    #expect(try run(["simulate", "--version"]).stdout == "0.2.0 (generator version \(Simulation.generatorVersion))\n")
    // Anything beside it was ignored, a mistyped command among it: the version printed, exit 0.
    for (arguments, message) in [
      (["--version", "extra"], "unknown command \"extra\"; did you mean \"export\"? (see 'sealed --help')"),
      (["simulat", "--version"], "unknown command \"simulat\"; did you mean \"simulate\"? (see 'sealed --help')"),
      (["simulate", "war", "--version"], "--version takes no other arguments; got \"war\" (see 'sealed simulate --help')"),
      (["--version", "--version"], "--version given more than once (see 'sealed --help')"),
    ] {
      let result = try run(arguments)
      #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == "sealed: error: \(message)\n", "\(arguments): \(result)")
    }
    let help = try run(["open", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("the same seed gives the same result with the same generator version (sealed --version); an older version's pools cannot be asked for."))
  }
}
