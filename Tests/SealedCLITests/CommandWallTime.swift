import Foundation
import SealedTestSupport
import Testing

/// A command's printed "whole run" set against its own wall time, measured by bash's `time`
/// (which leaves out the test's spawning of bash).
enum CommandWallTime {
  /// The whole run each of up to five runs of `sealed arguments` gives, over the command's
  /// wall time less the wall time of `sealed --version` just before it (the process's start and
  /// exit, which reads no data and which no clock of the process can see: on a fast machine a
  /// run of a tenth of a second spends a fifth of its wall time there under the parallel test
  /// run); stops at the first run at or above `enough`. Under the parallel test run a process may
  /// also wait before its first line, hence the best of up to five; a command that leaves a stage
  /// out of its whole run does so every time. `whole` reads the whole run's seconds from a
  /// finished run.
  static func fractions(
    _ arguments: [String], environment: [String: String], enough: Double = 0.8,
    whole: (CommandResult) throws -> Double
  ) throws -> [Double] {
    let script = #"TIMEFORMAT=%R; time "$0" "$@""#
    var fractions: [Double] = []
    func timed(_ arguments: [String]) throws -> (result: CommandResult, wall: Double) {
      let result = try SealedExecutable.run(
        ["-c", script, SealedExecutable.url.path] + arguments, environment: environment,
        executable: URL(fileURLWithPath: "/bin/bash"))
      #expect(result.status == 0, "\(result.stderr)")
      return (result, try #require(result.stderr.split(separator: "\n").last.flatMap { Double($0) }))
    }
    for _ in 0..<5 where fractions.allSatisfy({ $0 < enough }) {
      let startup = try timed(["--version"]).wall
      let (result, wall) = try timed(arguments)
      fractions.append(try whole(result) / max(wall - startup, 0.001))
    }
    return fractions
  }
}
