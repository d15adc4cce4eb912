import Foundation
import SealedTestSupport
import Testing

/// scripts/time-loop-variants.py, whose figures docs/speed.md quotes, still builds and times every
/// variant of war mtgwtf's and war sealed's loops from the source the current `sealed` writes: the variants are
/// written against that source's names, and a change of the loop writer that moved them would
/// leave the page's command failing ("the variants need updating").
@Suite(.heavy) struct LoopVariantsScriptTests {
  @Test func everyVariantIsBuiltAndTimed() throws {
    let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/time-loop-variants.py").path
    let result = try SealedExecutable.run(
      ["python3", script, SealedExecutable.url.path, "1", "20000"], executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let names = lines.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first }
    #expect(
      names == [
        "written", "tables", "grouped", "joint", "both", "per-program", "uniform-rest", "joint-unrejected", "no-pool-counts", "constant-rows", "neither",
        "two-chunks", "by-program", "folded", "by-program-folded", "war-sealed", "war-sealed-tables", "war-sealed-by-program",
        "war-sealed-two-chunks",
      ])
    for line in lines {
      let rate = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Double($0) }
      #expect((rate ?? 0) > 0, "\(line)")
      #expect(line.hasSuffix(" M boosters/s (best of 7)"), "\(line)")
    }
  }
}
