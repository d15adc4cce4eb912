import Foundation
import SealedSupport
import SealedTestSupport
import Testing

@testable import SealedCards

/// `ScryfallCardScanner` reads card files as `JSONDecoder` decodes them, and leaves to the
/// decoder what it cannot read exactly so.
@Suite struct ScryfallCardScannerTests {
  static func decoded(_ text: String) throws -> [ScryfallCard] {
    try JSONDecoder().decode([ScryfallCard].self, from: Data(text.utf8))
  }

  static func error(reading path: String) -> String? {
    do {
      _ = try CardFileReader.read(path: path)
      return nil
    } catch {
      return error.description
    }
  }

  static func scanned(_ text: String) -> [ScryfallCard]? {
    ScryfallCardScanner.cards(in: Data(text.utf8))
  }

  /// Every card file shipped with Sealed (the nine Scryfall sets, the field's composed sets and
  /// war's full data): the scanner reads each, and reads it as the decoder does.
  @Test func readsEveryShippedCardFileAsTheDecoderDoes() throws {
    let folders = ["", "field", "full"].map { (Fixtures.shippedCards as NSString).appendingPathComponent($0) }
    let files = try folders.flatMap { folder throws(DataError) in try CardDatabase.files(path: folder) }
    #expect(files.count > 200)
    for file in files {
      let data = try CardFileReader.contents(ofFile: file)
      let scanned = try #require(ScryfallCardScanner.cards(in: data), "\(file)")
      #expect(scanned == (try JSONDecoder().decode([ScryfallCard].self, from: data)), "\(file)")
    }
  }

  /// Escapes (surrogate pairs among them), nulls, numbers in their forms, nested values of keys
  /// it does not keep (with brackets and quotes inside strings), faces and image links.
  @Test func readsWhatTheDecoderReads() throws {
    let text = #"""
      [ {"object":"card","name":"Lim-D\u00fbl's \"Vault\"\n\/ \ud83d\ude00","set":"war","collector_number":"1",
         "rarity":"rare","cmc":3,"colors":["W","U"],"color_identity":[],"layout":null,
         "legalities":{"a":["]","}",{"b":[1,2.5e3,-0,true,false,null]}]},"prices":{"usd":"1.\"5"},
         "image_uris":{"normal":"https://x/a.jpg","small":"s\u0041"}},
        {"name":"Fire // Ice","set":"mh2","collector_number":"290","rarity":"uncommon","cmc":4.5e0,
         "card_faces":[{"name":"Fire","mana_cost":"{1}{R}","colors":["R"],"image_uris":null},
                       {"name":"Ice","type_line":"Instant","extra":{}}]},
        {"cmc":-0.0},{"cmc":1E-2},{"cmc":0.0e5},{}
      ]
      """#
    let scanned = try #require(Self.scanned(text))
    #expect(scanned == (try Self.decoded(text)))
    #expect(scanned[0].name == "Lim-Dûl's \"Vault\"\n/ 😀")
    #expect(scanned[1].card_faces?.count == 2)
    #expect(scanned.count == 6)
    #expect(Self.scanned("[]") == [])
  }

  /// Random one-byte changes to a card file: wherever the scanner reads the text, the decoder
  /// reads it to the same cards; wherever the decoder refuses it, the scanner leaves it.
  @Test func agreesWithTheDecoderOnRandomChanges() {
    let sample = #"""
      [{"object":"card","name":"Fire // Ice","set":"mh2","collector_number":"290","rarity":"uncommon","cmc":4.5,
        "colors":["R","U"],"card_faces":[{"name":"Fire","mana_cost":"{1}{R}","image_uris":{"normal":"a\u00e9"}}],
        "legalities":{"x":[1,true,null,"]"]}},
       {"name":"Lim-D\u00fbl","set":"war","collector_number":"1","rarity":"rare","cmc":0,"layout":null}]
      """#
    let alphabet = Array("{}[]\",:0123456789.eE+-tfnul \\u\n".utf8) + [0x00, 0x1F, 0xC3]
    var read = 0
    for changed in OneByteChanges(of: Array(sample.utf8), alphabet: alphabet, count: 4000, seed: 11) {
      let data = Data(changed)
      let decoded = try? JSONDecoder().decode([ScryfallCard].self, from: data)
      guard let scanned = ScryfallCardScanner.cards(in: data) else { continue }
      read += 1
      #expect(scanned == decoded, "\(String(decoding: changed, as: UTF8.self))")
    }
    #expect(read > 1000)
  }

  /// Numbers in the forms JSON allows, and a few it does not: where the scanner reads one, the
  /// decoder reads the same value; where the decoder refuses one (it refuses `0e5`, and a number
  /// that underflows to 0), the scanner leaves it.
  @Test(arguments: [
    "0", "-0", "0.5", "-0.5", "3", "10", "1e5", "1E+5", "1e-5", "1.5E-3", "0e5", "0E5", "-0e5", "0.0e5", "10e5",
    "123456789012345678901234567890", "1e308", "1e309", "1e-310", "1e-400", "4.9e-324", "2.5e3", "01", "1.", ".5", "+1",
  ])
  func readsNumbersAsTheDecoderDoes(_ number: String) {
    let text = #"[{"cmc":"# + number + "}]"
    let decoded = try? Self.decoded(text)
    if let scanned = Self.scanned(text) {
      #expect(scanned == decoded)
    } else {
      // Left to the decoder: only forms it refuses or reads to a value the scanner does not
      // hold exactly (subnormal).
      #expect(decoded == nil || decoded?.first?.cmc?.isNormal == false)
    }
  }

  /// What the scanner leaves to the decoder, which decodes it or says what is wrong.
  @Test(arguments: [
    #"[{"name":3}]"#,  // a field of the wrong type
    #"[{"colors":["W",null]}]"#,  // a null element
    #"[{"image_uris":{"normal":null}}]"#,
    #"[{"card_faces":[3]}]"#,
    #"[{"cmc":"3"}]"#,
    #"[{"cmc":1e400}]"#,  // beyond a Double
    #"[{"cmc":1e-400}]"#,  // so small it would be 0
    #"[{"name":"a","name":"b"}]"#,  // a key written twice
    #"[{"image_uris":{"a":"1","a":"2"}}]"#,
    #"[{"na\u006de":"x"}]"#,  // a key with an escape
    #"[{"name":"\ud800"}]"#,  // a lone surrogate
    #"[{"name":"\udc00x"}]"#,
    #"[null]"#,
    #"[1]"#,
    #"{"object":"list","data":[]}"#,  // not an array at the top
    #"[{}] x"#,
    #"[{"name":"cut"#,
  ])
  func leavesToTheDecoder(_ text: String) {
    #expect(Self.scanned(text) == nil)
  }

  /// A string that is not valid UTF-8 is left to the decoder too.
  @Test func leavesInvalidUTF8ToTheDecoder() {
    var bytes = Array(#"[{"name":"ab"}]"#.utf8)
    bytes[10] = 0xFF
    #expect(ScryfallCardScanner.cards(in: Data(bytes)) == nil)
  }

  /// A file the scanner leaves fails as before, with the decoder's error: a field of the wrong
  /// type names the card and field; a zero with an exponent, valid JSON that the decoder
  /// refuses, is still refused.
  @Test func aFileTheScannerLeavesGivesTheDecodersError() throws {
    let dir = try Fixtures.temporaryDirectory("scanner-fallback")
    let path = dir.appendingPathComponent("cards.json").path
    let card = #"{"name":"A","set":"war","collector_number":"1","rarity":"rare""#
    try "[\(card)},\(card),\"cmc\":\"x\"}]".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Self.error(reading: path) == "\(path):1: card 2: field \"cmc\": expected a number")
    try "[\(card),\"cmc\":0e5}]".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Self.error(reading: path) == "\(path): malformed JSON; expected a JSON array of Scryfall card objects")
  }
}
