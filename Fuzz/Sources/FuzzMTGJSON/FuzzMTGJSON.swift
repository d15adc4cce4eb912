import FuzzSupport
import SealedSupport
import SealedCards
import SealedRules
import SealedAnalysis
import SealedMTGJSON

/// MTGJSON files (`sealed cards import`, `sealed rules import`): any bytes, gzipped or not, give
/// sets of cards and booster products, each product then written as a rule file and compiled
/// against its set's cards, or a one-line `DataError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMTGJSON(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let pointer else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: pointer, count: count))
  do {
    let contents = try MTGJSONContents.read(bytes: bytes, source: "input")
    for set in contents.sets {
      precondition(Set(set.cards.map(\.key)).count == set.cards.count, "two cards with one key")
      for product in set.products {
        do {
          let text = try CompiledBoosterRules.ruleFile([product], name: "fuzz", source: "input")
          let plan = try PlanCompiler.compile(try RuleSetLoader.parse(text, source: "input"), for: CardSet(code: set.code, cards: set.cards))
          _ = try Expectations(plan: plan)
        } catch {
          requireOneLine(error.description)
        }
      }
    }
  } catch {
    requireOneLine(error.description)
  }
  return 0
}

@_cdecl("FuzzMTGJSON_main")
public func fuzzMTGJSONMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzMTGJSON)
}
