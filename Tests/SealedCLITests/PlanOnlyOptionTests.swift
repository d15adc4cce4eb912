import Foundation
import SealedTestSupport
import Testing

/// `--deviation`, `--ratio` and `--power` size a `--plan`: without it, a run ignored them
/// silently; now they are a usage error naming them (exit 2, one line, before any work).
@Suite struct PlanOnlyOptionTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try SealedExecutable.run(arguments + cards)
    #expect(result.status == 2, "sealed \(arguments.joined(separator: " ")) exited \(result.status)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    return result.stderr
  }

  @Test func planSizesWithoutPlanAreAUsageErrorInEachCommand() throws {
    let check = try usageError(["check", "war", "--deviation", "0.01"])
    #expect(check.contains("--deviation only sizes a --plan; add --plan, or leave it out"), "\(check)")
    let audit = try usageError(["audit", "war", "--packs", "-", "--ratio", "3", "--power", "0.9"])
    #expect(audit.contains("--ratio and --power only size a --plan; add --plan, or leave them out"), "\(audit)")
    let products = try usageError(["check-products", "--power", "0.8", "--deviation", "0.1", "--ratio", "2"])
    #expect(products.contains("--deviation, --ratio and --power only size a --plan"), "\(products)")
  }

  /// A deviation so small that no run could size it is one line that says so, not GSL's loss
  /// of accuracy in a binomial term of 10^12 trials; however small (1e-10 said "more than 2^53
  /// trials" without the advice, 1e-17, too small to move a share at all, printed a plan of rows
  /// "beyond 2^40", exit 0: a sweep of bad input).
  @Test func aDeviationTooSmallToSizeSaysSo() throws {
    for (command, deviations) in [(["audit", "war", "--rules", "retail"], ["1e-6", "1e-17"]), (["check", "war"], ["1e-6", "1e-10", "1e-300"])] {
      for deviation in deviations {
        let result = try SealedExecutable.run(command + ["--plan", "--deviation", deviation] + cards)
        #expect(result.status == 2, "\(deviation): \(result.stdout)")
        #expect(result.stdout.isEmpty && result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasSuffix("2^31 trials; ask for a larger deviation\n") || result.stderr.hasSuffix("2^31 trials detects it); ask for a larger deviation\n"), "\(deviation): \(result.stderr)")
        #expect(!result.stderr.contains("loss of accuracy") && !result.stderr.contains("2^53"))
      }
    }
  }

  /// A deviation so large that some proportion has no share that far on either side is one
  /// line naming the check (it printed a row of 0 trials and "no feasible run", exit 0).
  @Test func aDeviationTooLargeForAProportionSaysSo() throws {
    for command in [["audit", "war", "--rules", "retail"], ["check", "war"]] {
      let result = try SealedExecutable.run(command + ["--plan", "--deviation", "0.9"] + cards)
      #expect(result.status == 2, "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(result.stderr.contains(": --deviation 0.9: "), "\(result.stderr)")
      #expect(result.stderr.hasSuffix(", which has no share 0.9 away on either side (they fall below 0 and above 1); ask for a smaller deviation\n"), "\(result.stderr)")
    }
    // A run of products refuses the product, as it refuses one it cannot plan for any reason.
    let products = try SealedExecutable.run(["check-products", "--products", "war-draft", "--plan", "--deviation", "0.9"])
    #expect(products.stdout.contains("refused: statistics failed: invalid argument: --deviation 0.9: "), "\(products.stdout)")
  }

  /// The other way round: a --plan runs nothing, so the options only a run reads are refused
  /// beside it (they exited 0 having done nothing they asked for: a review).
  @Test func runOptionsBesideAPlanAreAUsageError() throws {
    let check = try usageError(["check", "war", "--plan", "--shard", "1/2", "--out", "planout", "--pools", "7", "--samples", "5"])
    #expect(check.contains("--plan prints the pools each check needs and runs nothing: --pools, --out, --shard and --samples are for a run; leave them out, or the --plan"), "\(check)")
    let audit = try usageError(["audit", "war", "--plan", "--packs", "nonexist.csv"])
    #expect(audit.contains("--plan prints the pools each check needs and runs nothing: --packs is for a run; leave it out, or the --plan"), "\(audit)")
    // check-products' --plan took --out and --shard (asking for a --seed its plan never read).
    let products = try usageError(["check-products", "--products", "war-draft", "--plan", "--out", "planout", "--shard", "1/2", "--strict"])
    #expect(products.contains("--plan prints the pools each check needs and runs nothing: --out, --shard and --strict are for a run; leave them out, or the --plan"), "\(products)")
    #expect(!FileManager.default.fileExists(atPath: "planout"))
  }

  @Test func withPlanTheyAreTaken() throws {
    let result = try SealedExecutable.run(["check", "war", "--plan", "--deviation", "0.05"] + cards)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("0.05"), "\(result.stdout)")
  }
}

/// `rules diff --top` and `rules fetch --top` read a negative count as the option's value and
/// refuse it in their own words (the argument parser took `-1` for an option: "Missing value").
@Suite struct TopOptionTests {
  @Test(arguments: [["rules", "diff", Fixtures.boosters2023], ["rules", "fetch", "--from", "http://127.0.0.1:9/data.json"]])
  func aNegativeTopIsRefusedInOneLine(command: [String]) throws {
    for (top, expected) in [("-1", "--top -1: expected 0 or more changes to print"),
                            ("x", "--top x: expected 0 or more changes to print (a whole number, written like 1000, 1_000 or 1e3)")] {
      let result = try SealedExecutable.run(command + ["--top", top])
      #expect(result.status == 2, "\(result.stderr)")
      #expect(result.stderr == "sealed: error: \(expected)\n", "\(result.stderr)")
    }
  }
}
