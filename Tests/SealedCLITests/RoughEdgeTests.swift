import Foundation
import SealedTestSupport
import Testing

/// Argument errors and rough edges of issue 20, each a test that failed before its fix.
@Suite struct RoughEdgeTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func oneLine(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try SealedExecutable.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
    return result.stderr
  }

  @Test(.heavy) func poolCountsSayWhatIsWrong() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    let base = ["simulate", "war", "--out", out, "--quiet"] + cards
    #expect(try oneLine(base + ["--pools", "-5"]) == "sealed: error: --pools -5: expected a positive number of pools\n")
    let limit = "at most 107228562556440 pools for this rule set"
    #expect(try oneLine(base + ["--pools", "1e30"]) == "sealed: error: --pools 1e30: too large to count exactly; \(limit) (split the run with --shard)\n")
    #expect(try oneLine(base + ["--pools", "99999999999999999999"]).contains("--pools 99999999999999999999: too large to count exactly; \(limit)"))
    #expect(try oneLine(base + ["--pools", "1e17"]).contains("--pools 1e17: too large to count exactly; \(limit)"))
    #expect(try oneLine(base + ["--threads", "-1"]).contains("--threads -1: expected between 1 and 1024"))
    // --samples takes the forms --pools takes.
    #expect(try oneLine(base + ["--pools", "10", "--samples", "1e3"]).contains("--samples 1e3: expected 0 to 10 pools"))
    let dir = try Fixtures.temporaryDirectory()
    let accepted = try SealedExecutable.run(
      ["simulate", "war", "--pools", "1e4", "--samples", "1e1", "--seed", "1", "--quiet"] + cards, workingDirectory: dir)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let samples = try String(contentsOf: dir.appendingPathComponent("notebooks-data/war-sealed/pools.csv"), encoding: .utf8)
    #expect(samples.split(separator: "\n").count == 1 + 10 * 6 * 14)
  }

  /// An endless input as a rule or spec file is refused at once (`--rules /dev/zero` read on
  /// for minutes, `--spec /dev/zero` until the machine's memory ran out: a review).
  @Test func anEndlessRuleOrSpecFileIsRefused() throws {
    for option in ["--rules", "--spec"] {
      let error = try oneLine(["check", "war", "--pools", "10", "--seed", "1", option, "/dev/zero"] + cards)
      #expect(error == "sealed: error: /dev/zero: holds more than 64 MiB; expected a rule or spec file, which holds far less\n")
    }
    // A baseline past its limit is named once as what it should be, not twice.
    #expect(
      try oneLine(["rules", "lint", "--baseline", "/dev/zero"])
        == "sealed: error: /dev/zero: holds more than 256 MiB; expected a findings.csv of an earlier run as --baseline, which holds far less\n")
    // A loop of symbolic links is no missing file (it said "no such file").
    let dir = try Fixtures.temporaryDirectory()
    let loop = dir.appendingPathComponent("loop1.yaml").path
    #expect(symlink(dir.appendingPathComponent("loop2.yaml").path, loop) == 0 && symlink(loop, dir.appendingPathComponent("loop2.yaml").path) == 0)
    #expect(try oneLine(["open", "war", "--seed", "1", "--rules", loop] + cards) == "sealed: error: \(loop): cannot read the file (too many levels of symbolic links)\n")
    // The same loop as a folder on the way to the file.
    let inside = loop + "/x.yaml"
    #expect(try oneLine(["open", "war", "--seed", "1", "--rules", inside] + cards) == "sealed: error: \(inside): cannot read the file (too many levels of symbolic links)\n")
  }

  /// An option of one value given twice is refused, naming both values (the parser kept the
  /// last: an audit read one of the two pack files named); options that collect their values,
  /// and negative numbers, are not repeats.
  @Test func anOptionOfOneValueGivenTwiceIsRefused() throws {
    #expect(
      try oneLine(["audit", "war", "--packs", "a.csv", "--packs=b.csv"])
        == "sealed: error: --packs given twice (a.csv, then b.csv); expected it once (see 'sealed audit --help')\n")
    #expect(
      try oneLine(["rules", "lint", "--out", "a", "--baseline", "x.csv", "--out", "b", "--out", "c"])
        == "sealed: error: --out given 3 times (a, then b); expected it once (see 'sealed rules lint --help')\n")
    let collected = try SealedExecutable.run(["check-products", "--products", "nosuch-a", "--products", "nosuch-b", "--pools", "-1", "--pools", "-2"])
    #expect(collected.stderr == "sealed: error: --pools given twice (-1, then -2); expected it once (see 'sealed check-products --help')\n")
    let negative = try SealedExecutable.run(["check-products", "--products", "nosuch-a", "--products", "nosuch-b", "--pools", "-1"])
    #expect(!negative.stderr.contains("given twice") && negative.status == 2, "\(negative.stderr)")
  }

  @Test func helpTextsAndHints() throws {
    #expect(try oneLine(["nosuch"]).hasPrefix("sealed: error: unknown command \"nosuch\"; expected one of sets, cards"))
    #expect(try oneLine(["deck", "add"]).hasSuffix("(see 'sealed deck add --help')\n"))
    let hand = try SealedExecutable.run(["hand", "--help"]).stdout
    #expect(!hand.contains("same packs"))
    let simulate = try SealedExecutable.run(["simulate", "--help"]).stdout
    let threads = simulate.components(separatedBy: "  --threads <n>")[1].components(separatedBy: "  --out")[0]
    #expect(threads.components(separatedBy: "default").count == 2, "\(threads)")
  }

  @Test func deckEditsCountRepeatedCardsAndTheLimit() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "a")
    // Finale of Devastation (#160) is in the deck once.
    #expect(try sealed.fails(["deck", "remove", "a", "#160", "#160"]) == "Finale of Devastation: 1 in the deck, cannot remove 2")
    #expect(try sealed.ok(["deck", "remove", "a", "#160"]).hasPrefix("-1 Finale of Devastation (0 in the deck, 1 opened)"))
    #expect(try sealed.fails(["deck", "add", "a", "island", "--count", "1000"]) == "Island: 1000 more would make 1005 cards; a deck holds at most 1000 (995 more can go in)")
    #expect(try sealed.ok(["deck", "add", "a", "island", "island", "--count", "2"]).hasPrefix("+4 Island (4 in the deck, unlimited)"))
  }

  @Test func aNumberTooLargeForItsFieldIsNamed() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "a")
    let file = sealed.deckFile("a")
    let text = try String(contentsOf: file, encoding: .utf8)
    let range = try #require(text.range(of: "\"copies\": 1}"))
    try Data(text.replacingCharacters(in: range, with: "\"copies\": 99999999999999999999}").utf8).write(to: file)
    let lines = text[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines.count
    let column = lines.last!.count + "\"copies\": ".count + 1
    #expect(try sealed.fails(["deck", "show", "a"]) == "\(file.path):\(line):\(column): field cards[0].copies: 99999999999999999999 is out of range (expected a whole number from -9223372036854775808 to 9223372036854775807); fix the file or delete it")
    // A fraction or an exponent: JSONDecoder says only "The given data was not valid JSON."
    for number in ["1.5", "1e23"] {
      // A half-mana card's mana value may have a fraction (written after the copies, in the pool).
      let halfMana = text.replacingCharacters(in: range, with: "\"copies\": \(number)}")
        .replacingOccurrences(of: "\"mana_value\": 2", with: "\"mana_value\": 0.5")
      try Data(halfMana.utf8).write(to: file)
      #expect(try sealed.fails(["deck", "show", "a"]) == "\(file.path):\(line):\(column): field cards[0].copies: \(number) is not a whole number; fix the file or delete it")
    }
    // A key written twice by hand: the first value was read, and the next write dropped the
    // second (a review); it is refused at the second, and the file is left as it is.
    let twice = text.replacingCharacters(in: range, with: "\"copies\": 1, \"copies\": 2}")
    try Data(twice.utf8).write(to: file)
    let secondColumn = lines.last!.count + "\"copies\": 1, ".count + 1
    #expect(try sealed.fails(["deck", "show", "a"]) == "\(file.path):\(line):\(secondColumn): key \"copies\" is written twice in one object; expected each key once")
    #expect(try sealed.fails(["deck", "add", "a", "island"]).hasSuffix("key \"copies\" is written twice in one object; expected each key once"))
    #expect(try String(contentsOf: file, encoding: .utf8) == twice)
  }

  @Test func checkPrintsTheWholeRunsTime() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    let result = try SealedExecutable.run(["check", "war", "--pools", "4096", "--seed", "1", "--compare", "retail", "--out", out, "--quiet"] + cards)
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains(#/whole run: \d+\.\d\d s \(simulation \d+\.\d\d s, 1 of 1 --compare simulation\(s\) \d+\.\d\d s, checks and reports the rest\)\n/#))
  }

  static let scipyAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import scipy"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  func verify(_ folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Fixtures.repositoryRoot.appendingPathComponent("scripts/verify-with-scipy.py").path, folder]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
  }

  @Test(.heavy, .enabled(if: scipyAvailable, "needs python3 with scipy"))
  func verifyWithScipySaysWhatIsMissingAndPrintsPlainNumbers() throws {
    let dir = try Fixtures.temporaryDirectory()
    let simulated = dir.appendingPathComponent("simulated").path
    #expect(try SealedExecutable.run(["simulate", "war", "--pools", "1000", "--seed", "1", "--out", simulated, "--quiet"] + cards).status == 0)
    let refused = try verify(simulated)
    #expect(refused.status == 2)
    #expect(refused.stderr == "verify-with-scipy: \(simulated): a report folder without checks.csv (sealed simulate writes no checks); expected the folder of a sealed check report\n")
    // A folder that is not there says so (it said "no report folder without checks.csv").
    let missing = try verify(dir.appendingPathComponent("nowhere").path)
    #expect(missing.status == 2)
    #expect(missing.stderr == "verify-with-scipy: \(dir.appendingPathComponent("nowhere").path): no such folder; expected the folder of a sealed check report\n")
    let checked = dir.appendingPathComponent("checked").path
    let check = try SealedExecutable.run(["check", "war", "--pools", "4096", "--seed", "1", "--compare", "none", "--out", checked, "--quiet"] + cards)
    #expect(check.status == 0, "\(check.stdout)")
    let verified = try verify(checked)
    #expect(verified.status == 0, "\(verified.stderr)")
    #expect(verified.stdout.contains(" checks recomputed with scipy "))
    #expect(!verified.stdout.contains("np.float64"))
  }
}
