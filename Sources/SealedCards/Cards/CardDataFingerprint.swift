import Foundation
import SealedSupport

extension CardDataLocation {
  /// A SHA-256 of everything `load()` would read: each file's path, size and bytes, in reading
  /// order, so that a set fetched, replaced or removed, a file edited or a different `--cards`
  /// gives a different fingerprint. Nil when a file cannot be listed or read (`load` then says
  /// why). Cost: reading the files' bytes as stored (the shipped data is about 5 MB, mostly
  /// gzipped) and hashing them on every core; nothing is inflated or decoded.
  package func fingerprint() -> String? {
    guard let files = try? files() else { return nil }
    let digests = ParallelMap.map(files.count) { index -> String? in
      guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: files[index])) else { return nil }
      return "\(bytes.count) \(SHA256.hex(of: bytes))"
    }
    var lines = ""
    for (file, digest) in zip(files, digests) {
      guard let digest else { return nil }
      lines += "\(file)\t\(digest)\n"
    }
    return SHA256.hex(of: Array(lines.utf8))
  }
}
