import Foundation
import SealedJobs
import SealedTestSupport
import Testing

/// The keys that say whether samples are a report's (`SampleOrigin.decidingKeys`) are written
/// out again in the notebook, which refuses another run's samples, and in `scripts/run-notebook`,
/// which draws the report's own when they are another run's: the three lists must be one, or a
/// key added to one would pass samples the other refuses, or redraw them forever.
@Suite struct SampleOriginKeysTests {
  static let expected = "[" + SampleOrigin.decidingKeys.map { "\"\($0)\"" }.joined(separator: ", ") + "]"

  private func text(_ path: String) throws -> String {
    try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theNotebookComparesTheSameKeys() throws {
    // The notebook's source lines are JSON strings: its quotes are escaped there.
    let notebook = try text("notebooks/sealed.ipynb").replacingOccurrences(of: "\\\"", with: "\"")
    #expect(notebook.contains("DECIDING = \(Self.expected)"))
    #expect(notebook.contains("\"cards_fingerprint\""))
  }

  @Test func runNotebookComparesTheSameKeys() throws {
    let script = try text("scripts/run-notebook")
    #expect(script.contains("deciding = \(Self.expected)"))
    #expect(script.contains("cardsFingerprint"))
  }
}
