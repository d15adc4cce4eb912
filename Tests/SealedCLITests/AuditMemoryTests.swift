import Foundation
import SealedTestSupport
import Testing

/// `sealed audit` reads its file as a stream: the peak memory of an audit of four times as many
/// boosters grows by far less than the file. Each audit runs in a process of its own, whose peak
/// resident set size is read while it runs.
@Suite(.heavy) struct AuditMemoryTests {
  /// Runs `sealed` with `arguments` and returns its exit status and peak resident set size in
  /// kB: the largest `VmHWM` of /proc/PID/status seen while it runs, polled every 10 ms. (The
  /// peak `wait4` reports would include the test process's own memory, which the child shares
  /// until it executes `sealed`, and which other tests running in parallel make vary.)
  /// `environment` entries are added to the test process's environment for the child.
  static func peakKilobytes(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, kilobytes: Int) {
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let status = "/proc/\(process.processIdentifier)/status"
    var peak = 0
    while process.isRunning {
      if let text = try? String(contentsOfFile: status, encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        peak = max(peak, kilobytes)
      }
      usleep(10_000)
    }
    process.waitUntilExit()
    return (process.terminationStatus, peak)
  }

  @Test(.heavy) func anAuditOfFourTimesTheBoostersTakesTheSameMemory() throws {
    let dir = try Fixtures.temporaryDirectory()
    var peaks: [Int] = []
    var sizes: [Int] = []
    for pools in [2000, 8000] {
      let file = dir.appendingPathComponent("packs-\(pools).csv").path
      let opened = try SealedExecutable.run(
        ["open", "war", "--rules", "mtgwtf", "--pools", String(pools), "--seed", "2", "--format", "17lands", "--out", file, "--cards", Fixtures.shippedCards])
      #expect(opened.status == 0, "\(opened.stderr)")
      sizes.append(Int((try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0))
      let (status, peak) = try Self.peakKilobytes(
        ["audit", "war", "--rules", "mtgwtf", "--packs", file, "--resamples", "0", "--out", dir.appendingPathComponent("r\(pools)").path,
         "--quiet", "--cards", Fixtures.shippedCards])
      #expect(status == 0)
      peaks.append(peak)
    }
    // 12,000 and 48,000 boosters, both past the 10,000 that boosters.csv lists one by one; the
    // file grows by about 20 MB, and a reader that kept it (or its boosters) would grow by more.
    #expect(sizes[1] - sizes[0] > 20_000_000)
    #expect(peaks[1] - peaks[0] < 4_000, "peak memory \(peaks[0]) kB for 12,000 boosters, \(peaks[1]) kB for 48,000")
  }
}
