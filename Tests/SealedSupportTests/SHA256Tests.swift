import Foundation
import SealedSupport
import Testing

/// SHA-256 against FIPS 180-4's examples (and `sha256sum`'s digest of a longer message), whole
/// and fed piece by piece.
@Suite struct SHA256Tests {
  /// FIPS 180-4's test vectors (the last, a million `a`s, from its examples document too; also
  /// `head -c 1000000 /dev/zero | tr '\\0' a | sha256sum`), and `printf 'x%.0s' {1..1000} | sha256sum`.
  static let vectors: [(String, String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    (String(repeating: "x", count: 1000), "44f8354494a5ba03ba1792a8d3e9c534c47a9181980fde7a3f44b06ef2ae7c7f"),
    (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
  ]

  @Test func digestsMatchTheStandardsExamples() {
    for (message, digest) in Self.vectors {
      #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }
  }

  @Test func piecesGiveTheDigestOfTheWhole() {
    let bytes = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) })
    let whole = SHA256.hex(of: bytes)
    for cut in [1, 55, 56, 63, 64, 65, 127, 128, 500] {
      var hasher = SHA256.Hasher()
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + cut)
        bytes[start..<end].withUnsafeBytes { hasher.update($0) }
        start = end
      }
      #expect(hasher.finalizeHex() == whole, "pieces of \(cut)")
    }
  }
}
