import Foundation
import FuzzSupport
import SealedRules

/// mtg.wtf's compiled booster data (`rules import FILE`, the shipped `.json.gz`): any bytes give
/// products or a one-line `DataError`, and the products read (by `CompiledProductScanner` where
/// it can, `JSONDecoder` elsewhere) are the products `JSONDecoder` alone decodes from the same
/// JSON; each product is then written as a rule file and parsed back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoosterData(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let data = Data(bytes: bytes, count: count)
  do {
    let products = try CompiledBoosterData.read(contents: data, source: "input").products
    // Gzipped input is inflated by `read`; the comparison takes plain JSON.
    if !data.starts(with: [0x1F, 0x8B]) {
      let decoded = try? JSONDecoder().decode([CompiledBoosterData.Product].self, from: data)
      precondition(decoded == products, "the products read are not the products JSONDecoder decodes")
    }
    for product in products.prefix(3) {
      do {
        let text = try CompiledBoosterRules.ruleFile([product], name: "fuzz", source: "input")
        _ = try RuleSetLoader.parse(text, source: "input")
      } catch {
        requireOneLine(error.description)
      }
    }
  } catch {
    requireOneLine(error.description)
  }
  return 0
}

@_cdecl("FuzzBoosterData_main")
public func fuzzBoosterDataMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzBoosterData)
}
