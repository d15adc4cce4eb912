import Foundation
import FuzzSupport
import SealedSupport
import SealedDecks

/// Saved pool and deck JSON (the library): each input is read both as a pool and as a deck.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibrary(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let data = Data(bytes: bytes, count: count)
  if let pool = try? Library.decodePool(data, path: "pools/fuzz.json") {
    _ = Library.file(for: pool, named: "fuzz").text
  }
  if let deck = try? Library.decodeDeck(data, name: "fuzz", path: "decks/fuzz.json") {
    _ = Library.file(for: deck).text
    _ = DeckSummary(deck).sizeNote
  }
  return 0
}

@_cdecl("FuzzLibrary_main")
public func fuzzLibraryMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzLibrary)
}
