import Foundation
import Testing

/// Whether this build runs the heavy suites and tests: a release build does (CI's release
/// step, `.ci/run`, runs every suite that holds one), a debug build does not unless
/// `SEALED_ALL_TESTS=1` is set, so that the README's `swift test` stays quick while no check is
/// dropped (`ProjectFilesTests` holds every heavy test's suite to CI's release list).
package enum HeavyTests {
  package static let enabled: Bool = {
    #if DEBUG
      ProcessInfo.processInfo.environment["SEALED_ALL_TESTS"] == "1"
    #else
      true
    #endif
  }()
}

extension Trait where Self == ConditionTrait {
  /// A heavy suite or test (a statistical run of many seeds, every product of a data file, a
  /// browser): run in release builds, skipped by a debug `swift test` unless SEALED_ALL_TESTS=1.
  package static var heavy: Self {
    .enabled(if: HeavyTests.enabled, "heavy: runs in CI's release step (swift test -c release), or with SEALED_ALL_TESTS=1")
  }
}
