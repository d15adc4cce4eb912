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

  /// The examples that end `sealed PATH --help`: each command line and its purpose.
  func examples(_ path: [String]) throws -> [(command: String, purpose: String)] {
    let help = try SealedExecutable.run(path + ["--help"]).stdout
    let section = try #require(help.components(separatedBy: "\nEXAMPLES:\n").dropFirst().first, "sealed \(path.joined(separator: " ")) --help has no examples")
    let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.hasPrefix("  ") || $0.isEmpty }, "the examples end the help of \(path)")
    var examples: [(command: String, purpose: String)] = []
    for line in lines where !line.isEmpty {
      if line.hasPrefix("  sealed ") {
        examples.append((String(line.dropFirst(2)), ""))
      } else if !examples.isEmpty {
        examples[examples.count - 1].purpose += line.trimmingCharacters(in: .whitespaces)
      }
    }
    return examples
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

  /// Examples whose documented outcome is exit status 1 (something changed, or a lint warned).
  static let reportsChanges = ["sealed rules diff sealed_basic_data.json --out ", "sealed rules lint --products \"*-play\" --strict"]

  /// What an example needs beyond the shipped card data and the examples before it, as its
  /// help says it: `(needs the network)`; nil when it runs as it is.
  static func needs(_ purpose: String) -> String? {
    guard purpose.hasSuffix(")"), let range = purpose.range(of: " (needs ", options: .backwards) else { return nil }
    return String(purpose[range.upperBound...].dropLast())
  }

  /// Every command's examples run from an empty folder with an empty library, in the order of
  /// the command list (each command after its parent; the overview's, which repeat commands'
  /// examples, last): each uses only what earlier ones wrote (box.txt, the pool alice, the
  /// shards) and writes nothing an earlier one wrote (no --force needed). An example already run
  /// is not run again. Those that say they need the network or a downloaded file are parsed.
  @Test(.heavy) func everyHelpEndsWithExamplesThatWork() throws {
    let paths = try commandPaths()
    #expect(paths.count >= 25)
    #expect(paths.contains(["export", "arena"]))
    #expect(paths.first == [])
    let dir = try Fixtures.temporaryDirectory()
    // mtg.wtf's file of 2023, which the rules diff, rules lint and check-products examples name.
    try FileManager.default.copyItem(
      at: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json"),
      to: dir.appendingPathComponent("sealed_basic_data.json"))
    let environment = ["SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_CARDS": ""]
    var ran = Set<String>()
    var parsedOnly: [String] = []
    for path in paths.dropFirst() + [[]] {
      let examples = try examples(path)
      #expect((2...3).contains(examples.count), "sealed \(path.joined(separator: " ")): \(examples.count) examples")
      for (example, purpose) in examples where ran.insert(example).inserted {
        let arguments = Array(Self.words(example).dropFirst())
        if let needs = Self.needs(purpose) {
          parsedOnly.append("\(example) (needs \(needs))")
          #expect(throws: Never.self, "\(example)") { _ = try SealedCommand.parseAsRoot(arguments) }
          continue
        }
        let result = try SealedExecutable.run(arguments, environment: environment, workingDirectory: dir)
        // A diff of two different releases says so with exit status 1, as its help says.
        let expected: Int32 = Self.reportsChanges.contains(where: example.hasPrefix) ? 1 : 0
        #expect(result.status == expected, "\(example): \(result.stderr)")
      }
    }
    // Only the examples that cannot run offline from an empty folder say they need more.
    #expect(parsedOnly.allSatisfy { $0.hasPrefix("sealed cards fetch ") || $0.hasPrefix("sealed cards import ") || $0.hasPrefix("sealed export tts alice --sheet ") || $0.hasPrefix("sealed serve") || $0.hasPrefix("sealed rules fetch") }, "\(parsedOnly)")
    #expect(parsedOnly.contains("sealed rules fetch (needs the network)"))
    #expect(parsedOnly.contains("sealed cards fetch mh3 (needs the network)"))
    #expect(parsedOnly.contains("sealed cards import default-cards.json (needs a bulk-data file downloaded from Scryfall)"))
    #expect(parsedOnly.contains("sealed serve (needs sealed-serve built beside sealed; it serves until Ctrl-C)"))
  }

  @Test func aMistypedSubcommandNamesTheNearestOne() throws {
    let cases: [([String], String)] = [
      (["simulat", "war"], "unknown command \"simulat\"; did you mean \"simulate\"? (see 'sealed --help')"),
      (["chek", "war"], "unknown command \"chek\"; did you mean \"check\"? (see 'sealed --help')"),
      (["deck", "ad", "alice", "island"], "unknown command \"ad\"; did you mean \"add\"? (see 'sealed deck --help')"),
      (["export", "arna", "alice"], "unknown command \"arna\"; did you mean \"arena\"? (see 'sealed export --help')"),
      // `sealed help NAME` once showed the overview with exit 0 for any NAME.
      (["help", "simulat"], "unknown command \"simulat\"; did you mean \"simulate\"? (see 'sealed --help')"),
      (["help", "deck", "ad"], "unknown command \"ad\"; did you mean \"add\"? (see 'sealed deck --help')"),
      (["zzz"], "unknown command \"zzz\"; expected one of sets, cards, rules, open, simulate, check, check-products, audit, merge, report, decks, deck, hand, export, serve (see 'sealed --help')"),
    ]
    for (arguments, message) in cases {
      let result = try SealedExecutable.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == "sealed: error: \(message)\n")
    }
    let help = try SealedExecutable.run(["help", "deck", "add"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: "))
    // An unknown option is still the argument parser's own message.
    let option = try SealedExecutable.run(["open", "war", "--sed", "1"])
    #expect(option.status == 2)
    #expect(option.stderr.contains("Unknown option '--sed'"))
  }
}
