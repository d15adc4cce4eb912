import Foundation

/// Runs a page's examples as a new user would (docs/testing.md, "Documentation examples"): in
/// an empty folder, with an empty home folder (so the library and card folder are
/// `~/.local/share/sealed`, empty, the cache `~/.cache/sealed`) and no `SEALED_HOME`,
/// `SEALED_CARDS`, `XDG_DATA_HOME` or `XDG_CACHE_HOME`, each
/// `$ ` line by `/bin/sh -c` in page order, `sealed` being the binary under test. The page's
/// fixture folder `docs/examples/PAGE/`, if there is one, is copied into the folder first (its
/// `home/` into the home folder), symbolic links followed.
package struct DocSession {
  package let page: DocPage
  package let folder: URL
  package let home: URL
  let binary: URL

  /// Prepares the folders of `page` for `binary`, the `sealed` under test.
  package init(page: DocPage, binary: URL, root: URL = Fixtures.repositoryRoot) throws {
    self.page = page
    self.binary = binary
    let base = try Fixtures.temporaryDirectory("sealed-docs-\(page.fixtureName)")
    folder = base.appendingPathComponent("work")
    home = base.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let fixtures = root.appendingPathComponent("docs/examples/\(page.fixtureName)")
    if FileManager.default.fileExists(atPath: fixtures.path) {
      for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
        let target = name == "home" ? home : folder.appendingPathComponent(name)
        try Self.copy(fixtures.appendingPathComponent(name), to: target)
      }
    }
  }

  /// Copies a file or folder, following symbolic links, merging into an existing folder.
  static func copy(_ source: URL, to target: URL) throws {
    let resolved = source.resolvingSymlinksInPath()
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder)
    guard isFolder.boolValue else {
      try FileManager.default.copyItem(at: resolved, to: target)
      return
    }
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: resolved.path) {
      try copy(resolved.appendingPathComponent(name), to: target.appendingPathComponent(name))
    }
  }

  /// What one example printed and how it ended.
  package struct Outcome: Sendable {
    package var status: Int32
    /// Standard error then standard output (Sealed writes its notes before its output, so a
    /// terminal shows them in this order), as lines to compare (`DocOutput.lines`).
    package var lines: [String]

    package init(status: Int32, lines: [String]) {
      self.status = status
      self.lines = lines
    }
  }

  /// Runs one example's command in the session's folder.
  package func run(_ example: DocExample) throws -> Outcome {
    let binFolder = binary.deletingLastPathComponent()
    var environment = ProcessInfo.processInfo.environment
    for name in ["SEALED_HOME", "SEALED_CARDS", "XDG_DATA_HOME", "XDG_CACHE_HOME"] { environment[name] = nil }
    environment["HOME"] = home.path
    environment["PATH"] = binFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let result = try SealedExecutable.run(
      ["-c", example.command], environment: [:], workingDirectory: folder, executable: URL(fileURLWithPath: "/bin/sh"),
      replacingEnvironment: environment)
    let shownPaths: [(String, String)] = [
      (folder.path, "/…"), (folder.resolvingSymlinksInPath().path, "/…"), (home.path, "~"), (home.resolvingSymlinksInPath().path, "~"),
      (binFolder.path, "/…"), (binFolder.resolvingSymlinksInPath().path, "/…"),
    ]
    return Outcome(status: result.status, lines: DocOutput.lines(of: result.stderr + result.stdout, replacing: shownPaths))
  }

  /// The exit status an example must end with: 2 when its shown output has a `sealed: error:`
  /// line, 1 when a line starts with `FAIL` (a check failed, releases differ) or `CHANGED` (a
  /// fetch installed a release that differs from the one before), else 0.
  package static func expectedStatus(_ example: DocExample) -> Int32 {
    if example.expected.contains(where: { $0.contains("sealed: error:") }) { return 2 }
    if example.expected.contains(where: { $0.hasPrefix("FAIL") || $0.hasPrefix("CHANGED") }) { return 1 }
    return 0
  }

  /// Compares one example's outcome with what its page shows; nil when they agree, else the
  /// message a failing test prints: page, line, command, the first difference and the output.
  package static func difference(_ example: DocExample, _ outcome: Outcome) -> String? {
    let shown = example.expected.map(DocOutput.mask)
    let mismatch = DocOutput.mismatch(expected: shown, actual: outcome.lines)
    let status = expectedStatus(example)
    guard mismatch != nil || outcome.status != status else { return nil }
    var message = "\(example.location): $ \(example.command)\n"
    if let mismatch {
      if let index = mismatch.expected {
        message += "  \(example.page):\(example.expectedLines[index]): the page shows: \(example.expected[index])\n"
        message += "  the output has: " + (mismatch.actual.map { outcome.lines[$0] } ?? "(nothing more)") + "\n"
      } else {
        message += "  the page shows no more, the output goes on: \(mismatch.actual.map { outcome.lines[$0] } ?? "")\n"
      }
    }
    if outcome.status != status { message += "  exit status \(outcome.status), expected \(status)\n" }
    message += "  the whole output (masked):\n" + outcome.lines.map { "  | \($0)" }.joined(separator: "\n")
    return message
  }
}
