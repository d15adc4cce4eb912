import FuzzSupport
import SealedSupport
import SealedPackFiles

/// Pack files (`sealed audit --packs`): any bytes, gzipped or not, read as each format and as
/// detected, give boosters or a one-line `DataError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackFiles(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let pointer else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: pointer, count: count))
  for format in [nil] + PackFileFormat.allCases {
    do {
      var reader = try PackFileReader(bytes: bytes, source: "input", format: format)
      while let booster = try reader.next() {
        precondition(!booster.cards.isEmpty || reader.format == .seventeenLands, "a booster without cards")
      }
    } catch {
      requireOneLine(error.description)
    }
  }
  return 0
}

@_cdecl("FuzzPackFiles_main")
public func fuzzPackFilesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzPackFiles)
}
