import Foundation
import SealedCLI
import SealedTestSupport
import Testing

/// Issue 24, item 14: every command's `--help` ends with two or three examples that work, and a
/// mistyped subcommand names the nearest one.
@Suite struct HelpExampleTests {
  /// Every command path, found from the help texts' SUBCOMMANDS sections (so a new command
  /// cannot be left out), parents before their subcommands.
  func commandPaths(_ path: [String] = []) throws -> [[String]] {
    let help = try SealedExecutable.run(path + ["--help"]).stdout
    guard let rest = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first,
      let section = rest.components(separatedBy: "\n\n").first
    else { return [path] }
    let names = section.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
      return String(name)
    }
    return try [path] + names.filter { $0 != "help" }.flatMap { try commandPaths(path + [$0]) }
  }

  /// The example command lines that end `sealed PATH --help`.
  func examples(_ path: [String]) throws -> [String] {
    let help = try SealedExecutable.run(path + ["--help"]).stdout
    let section = try #require(help.components(separatedBy: "\nEXAMPLES:\n").dropFirst().first, "sealed \(path.joined(separator: " ")) --help has no examples")
    let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.hasPrefix("  ") || $0.isEmpty }, "the examples end the help of \(path)")
    return lines.filter { $0.hasPrefix("  sealed ") }.map { String($0.dropFirst(2)) }
  }

  /// A command line split into words as a shell splits this simple form (double quotes only).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    var started = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character == " " && !quoted {
        if started { words.append(word) }
        word = ""
        started = false
      } else {
        word.append(character)
        started = true
      }
    }
    if started { words.append(word) }
    return words
  }

  /// Examples that need the network or files Sealed does not ship: they must parse.
  /// Examples whose documented outcome is exit status 1 (something changed).
  static let reportsChanges = ["sealed rules diff sealed_basic_data.json --out "]

  static let parsedOnly = ["sealed cards fetch ", "sealed cards import ", "sealed export tts alice --sheet "]

  @Test(.heavy) func everyHelpEndsWithExamplesThatWork() throws {
    let paths = try commandPaths()
    #expect(paths.count >= 25)
    #expect(paths.contains(["export", "arena"]))
    // Run in this order from an empty folder with an empty library: each command's examples
    // use what the earlier ones wrote (box.txt, the pool alice, the shards).
    let order = ["sets", "cards", "rules", "open", "simulate", "merge", "check", "report", "audit", "decks", "deck", "hand", "export"]
    let sorted = paths.sorted { (order.firstIndex(of: $0.first ?? "") ?? order.count) < (order.firstIndex(of: $1.first ?? "") ?? order.count) }
    let dir = try Fixtures.temporaryDirectory()
    try FileManager.default.copyItem(
      at: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json"),
      to: dir.appendingPathComponent("sealed_basic_data.json"))
    let environment = ["SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_CARDS": ""]
    var ran = Set<String>()
    for path in sorted {
      let examples = try examples(path)
      #expect((2...3).contains(examples.count), "sealed \(path.joined(separator: " ")): \(examples.count) examples")
      for example in examples where ran.insert(example).inserted {
        let arguments = Array(Self.words(example).dropFirst())
        if Self.parsedOnly.contains(where: example.hasPrefix) {
          #expect(throws: Never.self, "\(example)") { _ = try SealedCommand.parseAsRoot(arguments) }
          continue
        }
        let result = try SealedExecutable.run(arguments, environment: environment, workingDirectory: dir)
        // A diff of two different releases says so with exit status 1, as its help says.
        let expected: Int32 = Self.reportsChanges.contains(where: example.hasPrefix) ? 1 : 0
        #expect(result.status == expected, "\(example): \(result.stderr)")
      }
    }
  }

  @Test func aMistypedSubcommandNamesTheNearestOne() throws {
    let cases: [([String], String)] = [
      (["simulat", "war"], "unknown command \"simulat\"; did you mean \"simulate\"? (see 'sealed --help')"),
      (["chek", "war"], "unknown command \"chek\"; did you mean \"check\"? (see 'sealed --help')"),
      (["deck", "ad", "alice", "island"], "unknown command \"ad\"; did you mean \"add\"? (see 'sealed deck --help')"),
      (["export", "arna", "alice"], "unknown command \"arna\"; did you mean \"arena\"? (see 'sealed export --help')"),
      (["zzz"], "unknown command \"zzz\"; expected one of sets, cards, rules, open, simulate, check, check-products, audit, merge, report, decks, deck, hand, export (see 'sealed --help')"),
    ]
    for (arguments, message) in cases {
      let result = try SealedExecutable.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == "sealed: error: \(message)\n")
    }
    // An unknown option is still the argument parser's own message.
    let option = try SealedExecutable.run(["open", "war", "--sed", "1"])
    #expect(option.status == 2)
    #expect(option.stderr.contains("Unknown option '--sed'"))
  }
}
