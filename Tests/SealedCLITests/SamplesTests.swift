import Foundation
import SealedTestSupport
import Testing

/// `pools.csv` (the samples of `simulate --samples`) and `sealed open --format csv` describe the
/// same opened cards: pools.csv has every column the pack file has, and for a seed its rows are
/// `open`'s card for card, foils included.
@Suite struct SamplesTests {
  let cards = ["--cards", Fixtures.shippedCards]

  /// The rows of a CSV text as dictionaries by column, and its header.
  static func rows(_ text: String) -> (header: [String], rows: [[String: String]]) {
    let lines = text.split(separator: "\n").map(String.init)
    let header = CSVLine.fields(lines[0])
    let rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, CSVLine.fields($0))) }
    return (header, rows)
  }

  @Test(.heavy, arguments: ["retail", "sealed"]) func samplesAreTheSeedsOpenedPoolsCardForCard(_ rules: String) throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("report")
    let pools = 30
    let simulated = try SealedExecutable.run(
      ["simulate", "war", "--rules", rules, "--pools", "100", "--samples", String(pools), "--seed", "11", "--out", out.path, "--quiet"] + cards)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", rules, "--pools", String(pools), "--seed", "11", "--format", "csv"] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let samples = Self.rows(try String(contentsOf: out.appendingPathComponent("pools.csv"), encoding: .utf8))
    let pack = Self.rows(opened.stdout)

    #expect(Set(pack.header).isSubset(of: Set(samples.header)), "pools.csv lacks \(Set(pack.header).subtracting(samples.header))")
    #expect(samples.header.starts(with: ["pool", "booster", "slot", "set", "collector_number", "name", "rarity", "colors"]))
    try #require(samples.rows.count == pack.rows.count)
    let boostersPerPool = 6
    for (sample, card) in zip(samples.rows, pack.rows) {
      // open numbers boosters through the file; pools.csv within the pool.
      let booster = (Int(sample["pool"]!)! - 1) * boostersPerPool + Int(sample["booster"]!)!
      #expect(String(booster) == card["booster"])
      for column in pack.header where column != "booster" {
        #expect(sample[column] == card[column], "\(column) of booster \(booster)")
      }
    }
    let foils = samples.rows.filter { $0["foil"] == "true" }
    if rules == "retail" {
      // A foil replaces a common in about 9 of 40 retail packs, and may be of any rarity: without
      // the foil column a foil rare in the common slot read as a rare in the common slot.
      #expect(foils.count > 10)
      #expect(foils.allSatisfy { $0["slot"] == "common" })
      #expect(foils.contains { $0["rarity"] != "common" })
    } else {
      #expect(foils.isEmpty)
      #expect(samples.rows.allSatisfy { $0["foil"] == "false" })
    }
  }
}

/// `pools.csv` tells a colourless card (empty `colors`) from one whose data gives no colours
/// (`?`): mkm's shipped field data has no type lines or colours, and its cards read as
/// colourless (81,004 of 84,000 in a review's sample).
@Suite struct SampleColourTests {
  @Test func cardsWithoutColourDataAreMarked() throws {
    let dir = try Fixtures.temporaryDirectory()
    var marks: [String: [String]] = [:]
    for (set, rules) in [("mkm", "mkm-play"), ("war", "sealed")] {
      let out = dir.appendingPathComponent(rules)
      let run = try SealedExecutable.run(
        ["simulate", set, "--rules", rules, "--pools", "100", "--samples", "5", "--seed", "1", "--out", out.path, "--quiet"])
      #expect(run.status == 0, "\(run.stderr)")
      let text = try String(contentsOf: out.appendingPathComponent("pools.csv"), encoding: .utf8)
      let lines = text.split(separator: "\n").map(String.init)
      let colors = try #require(CSVLine.fields(lines[0]).firstIndex(of: "colors"))
      marks[set] = lines.dropFirst().map { CSVLine.fields($0)[colors] }
    }
    #expect(marks["mkm"]!.contains("?"), "mkm's cards without colour data")
    #expect(!marks["war"]!.contains("?"), "war's data gives every card's colours")
    #expect(marks["war"]!.contains(""), "war's colourless cards (artifacts, lands) stay empty")
  }
}
