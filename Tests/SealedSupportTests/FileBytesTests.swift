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

  /// An endless input (`--rules /dev/zero`) or a file past what its kind ever holds is refused
  /// once the limit is passed, not read until the machine runs out of memory; so is gzip data
  /// that inflates past it (a few MB of gzip can hold gigabytes).
  @Test func aFilePastItsLimitIsRefusedInOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = dir.appendingPathComponent("big.yaml").path
    try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
    let refusal = DataError("holds more than 1 MiB; expected a rule file, which holds far less", at: path)
    #expect(throws: refusal) { try FileBytes.read(path, limit: 1 << 20, kind: "rule file") }
    #expect(try FileBytes.read(path, limit: (1 << 20) + 1).count == (1 << 20) + 1)
    // A regular file past the limit is refused by its size, unread: a sparse 16 GiB file read
    // whole would take 16 GiB of memory.
    let sparse = dir.appendingPathComponent("sparse.yaml").path
    #expect(FileManager.default.createFile(atPath: sparse, contents: nil) && truncate(sparse, 1 << 34) == 0)
    #expect(throws: DataError("holds more than 4 GiB; expected a file of card or booster data, which holds far less", at: sparse)) {
      try FileBytes.read(sparse)
    }
    #expect(throws: DataError("holds more than 1 MiB; expected a rule file, which holds far less", at: "/dev/zero")) {
      try FileBytes.read("/dev/zero", limit: 1 << 20, kind: "rule file")
    }
    let packed = Gzip.deflate(Data(repeating: 32, count: 3 << 20))
    #expect(packed.count < 1 << 16)
    #expect(throws: DataError("inflates to more than 2 MiB; expected a file of card or booster data, which holds far less", at: "spaces.json.gz")) {
      try Gzip.inflate(packed, source: "spaces.json.gz", limit: 2 << 20)
    }
    #expect(try Gzip.inflate(packed, source: "spaces.json.gz").count == 3 << 20)
  }

  @Test func aFolderOrAMissingFileIsOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    #expect(throws: DataError("is a folder; expected a file", at: dir.path)) { try FileBytes.read(dir.path) }
    let missing = dir.appendingPathComponent("none.yaml").path
    #expect(throws: DataError("cannot read the file (no such file or directory)", at: missing)) { try FileBytes.read(missing) }
  }
}
