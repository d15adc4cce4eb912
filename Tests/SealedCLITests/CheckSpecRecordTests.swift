import Foundation
import SealedTestSupport
import Testing

/// A check's `run.csv` and page name the spec whose claims it tested, and say when there was
/// none (the terminal's NO SPEC; the page had no word of it, so a page of the rules' checks alone
/// read as one that had tested the maker's claims).
@Suite struct CheckSpecRecordTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test func theSpecOrItsAbsenceIsRecordedAndShown() throws {
    let dir = try Fixtures.temporaryDirectory()
    for (name, spec) in [("without", ["--spec", "none"]), ("with", ["--spec", "sealed"])] {
      let out = dir.appendingPathComponent(name)
      let result = try SealedExecutable.run(["check", "war", "--pools", "4096", "--seed", "1", "--out", out.path, "--quiet"] + spec + cards)
      #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
      let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
      let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
      if name == "without" {
        #expect(run.contains("\nspec,\n"), "\(run)")
        #expect(page.contains("<dt>spec</dt><dd>none: only the rules&#39; own expectations are checked, no claim of a spec</dd>"))
      } else {
        #expect(run.contains("\nspec,sealed\n"), "\(run)")
        #expect(page.contains("<dt>spec</dt><dd>sealed</dd>"))
      }
    }
  }
}
