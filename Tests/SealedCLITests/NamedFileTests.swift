import Foundation
import SealedTestSupport
import Testing

/// Files named on the command line may be pipes (`<(...)`) and never folders: an independent
/// review found `--rules <(cat rules.yaml)` refused as "You don't have permission" and a folder
/// named as a rule file described by Foundation's "NSCocoaErrorDomain error 256".
@Suite struct NamedFileTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test func aRuleFileMayComeThroughAPipe() throws {
    let sealed = SealedExecutable.url.path
    let direct = try SealedExecutable.run(["open", "war", "--rules", "sealed", "--seed", "3", "--format", "list"] + cards)
    #expect(direct.status == 0)
    let rules = Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/rules/sealed.yaml").path
    let piped = try SealedExecutable.run(
      ["-c", "'\(sealed)' open war --rules <(cat '\(rules)') --seed 3 --format list --cards '\(Fixtures.shippedCards)'"],
      executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == direct.stdout)
  }

  @Test func aFolderNamedAsAFileIsOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    for arguments in [["open", "war", "--rules", dir.path], ["check", "war", "--spec", dir.path, "--pools", "10"]] {
      let result = try SealedExecutable.run(arguments + cards)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == "sealed: error: \(dir.path): is a folder; expected a file\n", "\(arguments)")
    }
  }

  /// A folder or file in the working folder named like a built-in (a report folder made with
  /// `--out retail`) once hid the built-in from every command run there, and the app with them.
  @Test func aBuiltInNameIsNotHiddenByAFileOfThatName() throws {
    let dir = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("retail"), withIntermediateDirectories: true)
    _ = try Fixtures.write("not rules\n", to: "sealed", in: dir)
    _ = try Fixtures.write(try String(contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/rules/sealed.yaml").path, encoding: .utf8), to: "mine", in: dir)
    for rules in ["retail", "sealed"] {
      let elsewhere = try SealedExecutable.run(["open", "war", "--rules", rules, "--seed", "1"] + cards)
      let here = try SealedExecutable.run(["open", "war", "--rules", rules, "--seed", "1"] + cards, workingDirectory: dir)
      #expect(here.status == 0, "\(rules): \(here.stderr)")
      #expect(here.stdout == elsewhere.stdout, "\(rules)")
    }
    // A path names the file; a file whose name is no built-in's is still read as one.
    let file = try SealedExecutable.run(["open", "war", "--rules", "./sealed", "--seed", "1"] + cards, workingDirectory: dir)
    #expect(file.status == 2)
    #expect(file.stderr.hasPrefix("sealed: error: ./sealed:1:1: "), "\(file.stderr)")
    let mine = try SealedExecutable.run(["open", "war", "--rules", "mine", "--seed", "1"] + cards, workingDirectory: dir)
    #expect(mine.status == 0, "\(mine.stderr)")
  }
}
