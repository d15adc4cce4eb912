import Foundation
import FuzzSupport
import SealedSupport
import SealedRules

/// Spec YAML (`check --spec FILE`): any bytes give a spec or a one-line `DataError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecs(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  _ = try? SpecLoader.parse(text, source: "fuzz.yaml")
  return 0
}

@_cdecl("FuzzSpecs_main")
public func fuzzSpecsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzSpecs)
}
