import Foundation
import FuzzSupport
import SealedSupport
import SealedCards
import SealedRules
import SealedAnalysis

/// Rule YAML (`--rules FILE`): parsed, and when it parses, compiled for a small fixed set.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  if let rules = try? RuleSetLoader.parse(text, source: "fuzz.yaml"), let set = FuzzSet.set {
    if let plan = try? PlanCompiler.compile(rules, for: set) {
      _ = try? Expectations(plan: plan)
    }
  }
  return 0
}

/// A small set of 40 cards of every rarity, with basic lands, to compile rules against.
enum FuzzSet {
  static let set: CardSet? = {
    let rarities = ["common", "uncommon", "rare", "mythic"]
    var objects: [String] = []
    for number in 1...40 {
      let rarity = rarities[number % 4]
      let type = number > 35 ? "Basic Land — Plains" : (number % 5 == 0 ? "Legendary Planeswalker — Fuzz" : "Creature — Test")
      let name = number > 35 ? "Plains" : "Card \(number)"
      objects.append(
        #"{"object":"card","id":"fz-\#(number)","name":"\#(name)","set":"fzz","set_name":"Fuzz","collector_number":"\#(number)","rarity":"\#(number > 35 ? "common" : rarity)","type_line":"\#(type)","mana_cost":"{1}{W}","cmc":2,"colors":["W"],"color_identity":["W"],"layout":"normal"}"#)
    }
    let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
    guard let cards = try? CardFileReader.parse(data, source: "fuzz-set.json") else { return nil }
    return try? CardSet(code: "fzz", in: CardDatabase(cards: cards), boosterMax: 40)
  }()
}

@_cdecl("FuzzRules_main")
public func fuzzRulesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzRules)
}
