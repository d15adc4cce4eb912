import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// Files a user names are read whole, pipes and devices too; a folder or a missing file is one
/// line naming it.
@Suite struct FileBytesTests {
  @Test func readsARegularFileWhole() throws {
    let dir = try Fixtures.temporaryDirectory()
    let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let path = dir.appendingPathComponent("big.bin").path
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(try FileBytes.read(path) == bytes)
    #expect(try FileBytes.read("/dev/null") == Data())
  }

  @Test func readsAPipe() throws {
    let dir = try Fixtures.temporaryDirectory()
    let fifo = dir.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // 3.6 MB: past the first blocks, so the doubling ones are read too.
    let text = String(repeating: "name: piped\n", count: 300_000)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)!
      handle.write(Data(text.utf8))
      try? handle.close()
    }
    writer.start()
    #expect(String(decoding: try FileBytes.read(fifo), as: UTF8.self) == text)
  }

  @Test func aFolderOrAMissingFileIsOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    #expect(throws: DataError("is a folder; expected a file", at: dir.path)) { try FileBytes.read(dir.path) }
    let missing = dir.appendingPathComponent("none.yaml").path
    #expect(throws: DataError("cannot read the file (no such file or directory)", at: missing)) { try FileBytes.read(missing) }
  }
}
