import Foundation
import SealedSupport
import SealedJobs
import SealedTestSupport
import Testing

/// A `sealed check-products` run holds its folder: a second run into it while the first writes
/// is refused in one line (it once called the first run's product folders foreign), and the
/// folder is free again once the first run's `RunFolder` is gone.
@Suite struct RunFolderLockTests {
  @Test func aSecondRunIntoAFolderBeingWrittenIsRefused() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("run").path
    var first: RunFolder? = try RunFolder(path: out, products: ["war-draft"], force: false)
    #expect(first != nil)
    #expect(throws: DataError("another sealed check-products is writing this folder; wait for it to finish, or choose another --out", at: out)) {
      try RunFolder(path: out, products: ["war-draft"], force: false)
    }
    first = nil
    #expect(try RunFolder(path: out, products: ["war-draft"], force: false).path == out)
    // The folder itself is locked: no lock file in it or beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent) == ["run"])
  }
}
