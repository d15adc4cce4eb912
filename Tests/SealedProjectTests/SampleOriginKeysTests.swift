import Foundation
import SealedJobs
import SealedTestSupport
import Testing

/// The keys that say whether samples are a report's (`SampleOrigin.decidingKeys`) are written
/// out again in `notebooks/sample_origin.py`, which the notebook (refusing another run's samples)
/// and `scripts/run-notebook` (drawing the report's own when they are another run's) both read:
/// the two lists must be one, or a key Sealed adds to `pools_run.csv`'s deciding facts would go
/// unchecked. Once the notebook and the script each held a copy of the comparison, which could
/// disagree (the script passing samples the notebook then refused).
@Suite struct SampleOriginKeysTests {
  static let expected = "[" + SampleOrigin.decidingKeys.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
  static let module = "notebooks/sample_origin.py"

  private func text(_ path: String) throws -> String {
    try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theModuleComparesTheSameKeys() throws {
    let module = try text(Self.module)
    #expect(module.contains("DECIDING = \(Self.expected)"))
    #expect(module.contains("\"cardsFingerprint\""))
  }

  @Test func theNotebookAndRunNotebookReadTheModule() throws {
    // The notebook's source lines are JSON strings: its quotes are escaped there.
    let notebook = try text("notebooks/sealed.ipynb").replacingOccurrences(of: "\\\"", with: "\"")
    #expect(notebook.contains("from sample_origin import differences"))
    #expect(!notebook.contains("DECIDING =") && !notebook.contains("\"set\", \"rules\""))
    let script = try text("scripts/run-notebook")
    #expect(script.contains("python3 \(Self.module) \"$report\""))
    #expect(!script.contains("\"set\", \"rules\""))
  }

  /// The module's verdict on real facts: samples of the report's run pass, another seed, other
  /// card data or missing facts do not, and a fingerprint the samples do not record is not held
  /// against them, unless a `tallies.json` beside their facts records another.
  @Test func theModuleTellsTheReportsSamplesFromAnotherRuns() throws {
    let dir = try Fixtures.temporaryDirectory()
    let report = dir.appendingPathComponent("report")
    try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
    let run = "key,value\nset,war\nrules,sealed\nrules_sha256,ab12\nbooster_data,\nbooster_range,\nseed,7\ngenerator,5\npools,1000\n"
    try run.write(to: report.appendingPathComponent("run.csv"), atomically: true, encoding: .utf8)
    let ours = String(repeating: "c", count: 64)
    try "{\"cardsFingerprint\": \"\(ours)\"}".write(to: report.appendingPathComponent("tallies.json"), atomically: true, encoding: .utf8)
    func verdict(_ facts: String?) throws -> Int32 {
      let path = dir.appendingPathComponent("pools_run.csv")
      try? FileManager.default.removeItem(at: path)
      if let facts { try facts.write(to: path, atomically: true, encoding: .utf8) }
      let script = Fixtures.repositoryRoot.appendingPathComponent(Self.module).path
      let result = try SealedExecutable.run(["python3", script, report.path, path.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      return result.status
    }
    #expect(try verdict(SampleOrigin.text(run: run.replacingOccurrences(of: "pools,1000", with: "pools,4096"), cardsFingerprint: ours, samples: 3)) == 0)
    #expect(try verdict(SampleOrigin.text(run: run.replacingOccurrences(of: "seed,7", with: "seed,8"), cardsFingerprint: ours, samples: 3)) == 1)
    #expect(try verdict(SampleOrigin.text(run: run, cardsFingerprint: String(repeating: "d", count: 64), samples: 3)) == 1)
    #expect(try verdict(SampleOrigin.text(run: run, cardsFingerprint: "", samples: 3)) == 0)
    #expect(try verdict(nil) == 1)
    // Facts without a fingerprint row take the one of a tallies.json beside them.
    let bare = run + "samples,3\n"
    #expect(try verdict(bare) == 0)
    try "{\"cardsFingerprint\": \"\(String(repeating: "d", count: 64))\"}".write(
      to: dir.appendingPathComponent("tallies.json"), atomically: true, encoding: .utf8)
    #expect(try verdict(bare) == 1)
    #expect(try verdict(SampleOrigin.text(run: run, cardsFingerprint: ours, samples: 3)) == 0)
  }
}
