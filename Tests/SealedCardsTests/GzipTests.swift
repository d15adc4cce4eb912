import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// `Gzip.inflate` on bytes made by Python's gzip module (`gzip.compress(b"hello\n", mtime=0)`).
@Suite struct GzipTests {
  static let hello: [UInt8] = [
    0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0xE7, 0x02, 0x00, 0x20,
    0x30, 0x3A, 0x36, 0x06, 0x00, 0x00, 0x00,
  ]
  static let world: [UInt8] = [
    0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x2B, 0xCF, 0x2F, 0xCA, 0x49, 0xE1, 0x02, 0x00, 0xA8,
    0x61, 0x38, 0xDD, 0x06, 0x00, 0x00, 0x00,
  ]

  @Test func inflatesOneMemberAndSeveral() throws {
    #expect(Gzip.isCompressed(Data(Self.hello)))
    #expect(!Gzip.isCompressed(Data("[]".utf8)))
    #expect(try Gzip.inflate(Data(Self.hello), source: "x") == Data("hello\n".utf8))
    #expect(try Gzip.inflate(Data(Self.hello + Self.world), source: "x") == Data("hello\nworld\n".utf8))
  }

  @Test func damageIsOneLineNamingTheSource() {
    var corrupt = Self.hello
    corrupt[10] = 0xFF
    #expect(throws: DataError("gzip data is corrupt (invalid block type)", at: "f.gz")) {
      try Gzip.inflate(Data(corrupt), source: "f.gz")
    }
    #expect(throws: DataError("gzip data is truncated (the file ends inside the compressed stream)", at: "f.gz")) {
      try Gzip.inflate(Data(Self.hello.prefix(15)), source: "f.gz")
    }
    #expect(throws: DataError("gzip data is corrupt (incorrect header check)", at: "f.gz")) {
      try Gzip.inflate(Data(Self.hello + [0x00, 0x01]), source: "f.gz")
    }
  }

  @Test func aGzippedCardFileReadsLikeThePlainOne() throws {
    let dir = try Fixtures.temporaryDirectory()
    let text = "[\(Fixtures.cardJSON(number: "1", name: "A")),\n\(Fixtures.cardJSON(number: "2", name: "B"))]"
    try FieldDataLocationTests.gzip(text, to: dir.appendingPathComponent("tst.json.gz").path)
    let folder = try CardDatabase.load(path: dir.path)
    #expect(folder.setCodes == ["tst"])
    #expect(try folder.cards(ofSet: "tst").map(\.name) == ["A", "B"])
    #expect(try CardFileReader.read(path: dir.appendingPathComponent("tst.json.gz").path).count == 2)
  }
}
