import Foundation
@testable import SealedSupport
import SealedTestSupport
import Testing

/// A killed import's hidden partial files are removed by a later write into the folder, once
/// their process is gone and an hour has passed; a live writer's and a recent one are kept.
@Suite struct AbandonedPartialsTests {
  /// The id of a process that has ended.
  func endedProcess() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func onlyOldFilesOfEndedProcessesAreRemoved() throws {
    let folder = try Fixtures.temporaryDirectory()
    let ended = try endedProcess()
    let old = Date(timeIntervalSinceNow: -7200)
    func make(_ name: String, modified: Date) throws {
      let path = folder.appendingPathComponent(name).path
      try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }
    try make(".war.json.partial-\(ended)-12345", modified: old)
    try make(".dom.json.partial-\(ended)-99", modified: Date())
    try make(".rix.json.partial-\(getpid())-7", modified: old)
    try make(".notes.partial-x-y", modified: old)
    try make("war.json", modified: old)
    #expect(AbandonedPartials.remove(in: folder.path) == [".war.json.partial-\(ended)-12345"])
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == [".dom.json.partial-\(ended)-99", ".rix.json.partial-\(getpid())-7", ".notes.partial-x-y", "war.json"])
    #expect(AbandonedPartials.writer(of: ".a.json.partial-123-456") == 123)
    #expect(AbandonedPartials.writer(of: ".a.json.partial-123") == nil)
    // A file written beside a temporary one (a compiled loop's source, which the loop cache
    // swept by age alone) is the same writer's.
    #expect(AbandonedPartials.writer(of: ".KEY.so.partial-123-456.c") == 123)
    #expect(AbandonedPartials.writer(of: ".KEY.so.partial-123-x.c") == nil)
  }
}
