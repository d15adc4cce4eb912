import Foundation
import FuzzSupport
import SealedCards

/// Scryfall card JSON (`--cards`), plain or gzipped: any bytes give cards or a one-line
/// `DataError`, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCards(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let data = Data(bytes: bytes, count: count)
  if let cards = try? CardFileReader.parse(fileContents: data, source: "fuzz.json") {
    // Cards that load must also make a set summary without trapping.
    for code in Set(cards.map(\.setCode)).prefix(3) {
      _ = try? CardSet(code: code, in: CardDatabase(cards: cards))
    }
  }
  return 0
}

@_cdecl("FuzzCards_main")
public func fuzzCardsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzCards)
}
