import Foundation
import SealedTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `sealed audit` reads its file as a stream: the peak memory of an audit of four times as many
/// boosters grows by far less than the file. Each audit runs in a process of its own, whose
/// peak resident set size `wait4` reports.
@Suite struct AuditMemoryTests {
  /// Runs `sealed` with `arguments` and returns its exit status and peak resident set size in kB.
  static func peakKilobytes(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
    let path = SealedExecutable.url.path
    var pid: pid_t = 0
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    #expect(spawned == 0)
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    return ((status >> 8) & 0xFF, usage.ru_maxrss)
  }

  @Test func anAuditOfFourTimesTheBoostersTakesTheSameMemory() throws {
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
