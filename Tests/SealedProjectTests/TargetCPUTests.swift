import Foundation
import SealedTestSupport
import Testing

/// `SEALED_TARGET_CPU` (Package.swift, docs/speed.md): set, every module of Sealed's manifest is
/// compiled for the processor it names; unset or empty, none is (the default build runs on any
/// x86-64 or arm64 processor). Read from `swift package dump-package`, which evaluates the
/// manifest as a build does. That such a build changes no output is `.ci/run`'s to show (the
/// output digests of both builds compared).
@Suite struct TargetCPUTests {
  /// Each target's `unsafeFlags`, by name, with the variable set to `value` (nil: unset).
  static func unsafeFlags(cpu value: String?) throws -> [String: [String]] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sealed-dump-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var environment = ProcessInfo.processInfo.environment
    environment["SEALED_TARGET_CPU"] = value
    let result = try SealedExecutable.run(
      ["swift", "package", "--package-path", Fixtures.repositoryRoot.path, "--scratch-path", scratch.path, "dump-package"],
      executable: URL(fileURLWithPath: "/usr/bin/env"), replacingEnvironment: environment)
    try #require(result.status == 0, "swift package dump-package exited \(result.status): \(result.stderr)")
    let data = Data(result.stdout.utf8)
    let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let targets = try #require(package["targets"] as? [[String: Any]])
    var flags: [String: [String]] = [:]
    for target in targets {
      let name = try #require(target["name"] as? String)
      let settings = target["settings"] as? [[String: Any]] ?? []
      flags[name] = settings.flatMap { setting -> [String] in
        let kind = setting["kind"] as? [String: Any]
        return (kind?["unsafeFlags"] as? [String: Any])?["_0"] as? [String] ?? []
      }
    }
    return flags
  }

  @Test func aNamedProcessorCompilesEveryModuleForIt() throws {
    let flags = try Self.unsafeFlags(cpu: "znver4")
    for name in ["SealedEngine", "SealedJobs", "sealed", "sealed-serve", "SealedEngineTests"] {
      #expect(flags[name] == ["-target-cpu", "znver4"], "\(name): \(flags[name] ?? [])")
    }
    // The C libraries' module maps take no Swift flags.
    #expect(flags["CGSL"] == [])
    #expect(flags.count >= 40)
  }

  @Test(arguments: [nil, ""] as [String?])
  func unsetOrEmptyCompilesForAnyProcessor(_ value: String?) throws {
    let flags = try Self.unsafeFlags(cpu: value)
    #expect(flags["SealedEngine"] == [])
    let flagged = flags.filter { !$0.value.isEmpty }
    #expect(flagged.isEmpty, "\(flagged)")
    #expect(flags.count >= 40)
  }
}
