import Foundation
import SealedTestSupport
import Testing

/// A command's printed "whole run" set against its own wall time, measured by bash's `time`
/// (which leaves out the test's spawning of bash).
enum CommandWallTime {
  /// The whole run each of up to three runs of `sealed arguments` gives, over the command's
  /// wall time; stops at the first run at or above `enough`. Under the parallel test run a
  /// process may wait before its first line, which no clock of its own can see, hence the best
  /// of three; a command that leaves a stage out of its whole run does so every time.
  /// `whole` reads the whole run's seconds from a finished run.
  static func fractions(
    _ arguments: [String], environment: [String: String], enough: Double = 0.8,
    whole: (CommandResult) throws -> Double
  ) throws -> [Double] {
    let script = #"TIMEFORMAT=%R; time "$0" "$@""#
    var fractions: [Double] = []
    for _ in 0..<3 where fractions.allSatisfy({ $0 < enough }) {
      let result = try SealedExecutable.run(
        ["-c", script, SealedExecutable.url.path] + arguments, environment: environment,
        executable: URL(fileURLWithPath: "/bin/bash"))
      #expect(result.status == 0, "\(result.stderr)")
      let wall = try #require(result.stderr.split(separator: "\n").last.flatMap { Double($0) })
      fractions.append(try whole(result) / wall)
    }
    return fractions
  }
}
