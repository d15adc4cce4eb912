import Foundation
import SealedCLI
import SealedTestSupport
import Testing

/// Issue 33: the docs are tests. Every `$ ` example of README.md and docs/*.md runs in an empty
/// folder, in page order, and prints what the page shows (docs/testing.md, "Documentation
/// examples"); a block marked `slow` runs against the release build only (CI's release step).
@Suite struct DocExampleTests {
  static let root = Fixtures.repositoryRoot
  static let pages = (try? DocPage.paths(in: root)) ?? []

  /// Whether this is the release build, which runs the `slow` blocks too.
  static var isRelease: Bool {
    #if DEBUG
      false
    #else
      true
    #endif
  }

  static func page(_ path: String) throws -> DocPage {
    DocPage(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
  }

  @Test func everyPageIsRead() {
    #expect(Self.pages.contains("README.md"))
    #expect(Self.pages.contains("docs/audit.md"))
    #expect(Self.pages.count >= 15)
  }

  @Test(arguments: pages)
  func everyExampleShowsWhatTheBinaryPrints(_ path: String) throws {
    let page = try Self.page(path)
    for problem in page.problems { Issue.record("\(problem)") }
    let session = try DocSession(page: page, binary: SealedExecutable.url)
    defer { try? FileManager.default.removeItem(at: session.folder.deletingLastPathComponent()) }
    for example in page.examples where !example.slow || Self.isRelease {
      let outcome = try session.run(example)
      if let difference = DocSession.difference(example, outcome) { Issue.record(Comment(rawValue: difference)) }
    }
  }

  /// The `sealed` command lines of ```sh blocks are not run (they take long, or need what the
  /// page only describes), but each must be a command line `sealed` accepts.
  @Test(arguments: pages)
  func everyShellCommandOfThePageParses(_ path: String) throws {
    let page = try Self.page(path)
    for command in page.shellCommands {
      let arguments = HelpExampleTests.words(command.arguments)
      do {
        _ = try SealedCommand.parseAsRoot(arguments)
      } catch {
        Issue.record("\(path):\(command.line): sealed \(command.arguments): \(SealedCommand.message(for: error))")
      }
    }
  }
}
