import Foundation
import SealedEngine
import SealedTestSupport
import Testing

/// scripts/mtgwtf-balance-as-coded.py, whose output docs/rules.md shows (colour balancing: how
/// mtg.wtf's code draws otherwise than the weights), prints what the page shows, and its
/// `mtg.wtf` column is what mtg.wtf's algorithm draws: a port of `random_cards_without_duplicates`
/// (its `rand(den)` and `<= 0` group choice, a uniform card of the group's whole subsheet, `redo`
/// on a card already held) opening war's commons, far enough from the rules' column that a
/// script computing the rules' value there would fail.
@Suite struct MtgwtfBalanceScriptTests {
  static let command = "scripts/mtgwtf-balance-as-coded.py"

  private func scriptOutput(_ arguments: [String] = []) throws -> [String] {
    let script = Fixtures.repositoryRoot.appendingPathComponent(Self.command).path
    let result = try SealedExecutable.run(["python3", script] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// The group rows (W to other) of the script's output: the rules' and mtg.wtf's copies.
  private func columns(_ lines: [String]) -> [(rules: Double, mtgwtf: Double)] {
    lines.suffix(6).map { line in
      let fields = line.split(separator: " ").compactMap { Double($0) }
      return (fields[0], fields[1])
    }
  }

  @Test func printsWhatRulesMdShows() throws {
    let page = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "$ " + Self.command))
    let end = try #require(lines[start...].firstIndex(of: "```"))
    #expect(Array(lines[(start + 1)..<end]) == (try scriptOutput()))
  }

  /// War's boosters of 10 commons and those of 9 (beside a foil), 2,000,000 each: each group's
  /// copies of a card in the port against the script's `mtg.wtf` column, and its `rules` column
  /// at exactly count / 101.
  @Test(.heavy, arguments: [10, 9]) func mtgwtfColumnIsWhatItsAlgorithmDraws(_ count: Int) throws {
    let sizes = [19, 19, 19, 19, 19, 6], boosters = 2_000_000
    let expected = columns(try scriptOutput([String(count)] + sizes.map(String.init)))
    #expect(expected.count == 6)
    let weights = sizes.enumerated().map { $0.offset < 5 ? count * $0.element - 101 : count * $0.element }
    let den = weights.reduce(0, +)
    var rng = Xoshiro256StarStar(seed: 20261207)
    var copies = [Int](repeating: 0, count: 6)
    var held = [Int](repeating: 0, count: count)  // group × 32 + card, of the booster's cards
    for _ in 0..<boosters {
      for group in 0..<5 { held[group] = group * 32 + Int(rng.next() % UInt64(sizes[group])) }
      var taken = 5
      while taken < count {
        // rand(den) (a remainder: its bias is under den / 2^64), the weights subtracted in turn,
        // stopping at the first result <= 0.
        var number = Int(rng.next() % UInt64(den)), group = 0
        while true {
          number -= weights[group]
          if number <= 0 { break }
          group += 1
        }
        let card = group * 32 + Int(rng.next() % UInt64(sizes[group]))
        if held[0..<taken].contains(card) { continue }  // redo: the group is drawn again too
        held[taken] = card
        taken += 1
      }
      for card in held { copies[card / 32] += 1 }
    }
    for group in 0..<6 {
      #expect(abs(expected[group].rules - Double(count) / 101) < 5e-7, "group \(group): \(expected[group].rules)")
      let mean = Double(copies[group]) / Double(boosters * sizes[group])
      // A card is in a booster or not: its group's mean over sizes × boosters such draws has a
      // standard deviation below sqrt(mean / (sizes × boosters)) (about 0.00009 for the six
      // others, 0.00005 for a colour).
      let deviation = (mean / Double(boosters * sizes[group])).squareRoot()
      #expect(abs(mean - expected[group].mtgwtf) < 4 * deviation, "group \(group): \(mean) against \(expected[group].mtgwtf)")
      if group == 5 {
        #expect(abs(expected[group].rules - expected[group].mtgwtf) > 8 * deviation)
      }
    }
  }
}
