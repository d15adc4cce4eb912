import Foundation
import SealedTestSupport
import Testing

/// A rule set that does not compile for a set says what to do: the default `sealed` rules on a
/// set without mythic rares (`sealed sets` lists 10e, whose opening said only that the sheet
/// "mythic" matches no card) name the booster data's products for the set, and a
/// `--booster-max` that leaves too few cards is named as the likely cause.
@Suite struct RuleSetHintTests {
  @Test func theDefaultRulesOnASetWithoutMythicsNameItsProducts() throws {
    let home = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(["open", "10e", "--seed", "1"], environment: ["SEALED_HOME": home.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("matches no card of 10e"), "\(result.stderr)")
    #expect(result.stderr.contains("; the rule set sealed does not fit 10e; the booster data's products for it do: --rules 10e-draft (sealed rules import --list lists them)"), "\(result.stderr)")
    let opened = try SealedExecutable.run(["open", "10e", "--rules", "10e-draft", "--seed", "1"], environment: ["SEALED_HOME": home.path])
    #expect(opened.status == 0, "\(opened.stderr)")
  }

  @Test func aBoosterRangeTooSmallIsNamed() throws {
    let result = try SealedExecutable.run(["open", "war", "--booster-max", "10", "--seed", "1", "--cards", Fixtures.shippedCards])
    #expect(result.status == 2)
    #expect(result.stderr.contains("which has only 5 card(s) in war; with --booster-max 10 boosters draw from collector numbers 1 to 10 only"), "\(result.stderr)")
    #expect(!result.stderr.contains("products for it"), "\(result.stderr)")
  }

  /// A spec whose claim names what the rules lack (eoe-play's wildcard slot, with retail war)
  /// is the spec's misfit: it said the rule set retail does not fit war and listed products.
  @Test(arguments: [["check", "war", "--pools", "10"], ["audit", "war", "--plan"]])
  func aSpecThatDoesNotFitIsTheSpecsMisfit(command: [String]) throws {
    let home = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(command + ["--rules", "retail", "--spec", "eoe-play"], environment: ["SEALED_HOME": home.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown slot \"wildcard\"; the slots of rules \"retail\" for war: common, uncommon, rare, land; the spec eoe-play does not fit rules \"retail\" for war (--spec none checks the rules alone)"), "\(result.stderr)")
    #expect(!result.stderr.contains("products for it"), "\(result.stderr)")
  }

  /// The default rules and spec (`sealed`, which share the source `built-in:sealed`): an error
  /// of the rules keeps the rules' hints under `check` and `audit`, which apply the spec.
  @Test(arguments: [["check", "10e", "--pools", "10"], ["audit", "10e", "--plan"]])
  func theDefaultSpecLeavesTheRulesHints(command: [String]) throws {
    let home = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(command, environment: ["SEALED_HOME": home.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("; the rule set sealed does not fit 10e; the booster data's products for it do: --rules 10e-draft"), "\(result.stderr)")
    #expect(!result.stderr.contains("the spec sealed does not fit"), "\(result.stderr)")
    let narrow = try SealedExecutable.run(["check", "war", "--booster-max", "10", "--pools", "10", "--cards", Fixtures.shippedCards])
    #expect(narrow.stderr.contains("; with --booster-max 10 boosters draw from collector numbers 1 to 10 only"), "\(narrow.stderr)")
  }
}
