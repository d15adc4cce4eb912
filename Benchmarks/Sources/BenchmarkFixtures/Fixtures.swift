import Foundation
import SealedSupport
import SealedCards
import SealedRules

/// Card data, sets and plans for the benchmarks, loaded once per process in the benchmarks'
/// setup closures (never inside a measured region).
///
/// The card data is found without relying on the working directory, because the benchmark
/// executables are started by the plugin from wherever it likes:
/// 1. `$SEALED_CARDS`, when set (a Scryfall JSON file or a folder of them);
/// 2. else the card data shipped in the repository that holds this source file
///    (`Sources/SealedData/Resources/cards`, located from `#filePath`, i.e. the checkout the
///    executable was built from).
public enum Fixtures {
  /// The path the card data is read from.
  public static let cardsPath: String = locateCards()

  /// Every set of the card data.
  public static let database: CardDatabase = {
    do {
      return try CardDatabase.load(path: cardsPath)
    } catch {
      fatalError("Sealed benchmarks: cannot load the card data at \(cardsPath): \(error)")
    }
  }()

  /// One set of the card data, with its default booster range.
  public static func cardSet(_ code: String) -> CardSet {
    do {
      return try CardSet(code: code, in: database)
    } catch {
      fatalError("Sealed benchmarks: \(error)")
    }
  }

  /// A built-in rule set (`sealed`, `retail`, `retail-lethe`) compiled for a set.
  public static func plan(set code: String, rules name: String) -> BoosterPlan {
    let set = cardSet(code)
    do {
      return try PlanCompiler.compile(try RuleSetLoader.builtIn(name), for: set)
    } catch {
      fatalError("Sealed benchmarks: cannot compile the built-in rules \"\(name)\" for \(code): \(error)")
    }
  }

  private static func locateCards() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let variable = environment[CardDataLocation.environmentVariable], !variable.isEmpty {
      guard FileManager.default.fileExists(atPath: variable) else {
        fatalError(
          "Sealed benchmarks: \(CardDataLocation.environmentVariable)=\(variable) does not exist; point it at a Scryfall JSON file or a folder of them")
      }
      return variable
    }
    // Walk up from this file to the repository root (the folder holding Sources/SealedData),
    // then take the card data shipped in it.
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      let cards = directory.appendingPathComponent("Sources/SealedData/Resources/cards").path
      if FileManager.default.fileExists(atPath: cards) { return cards }
      directory = directory.deletingLastPathComponent()
    }
    fatalError(
      "Sealed benchmarks: cannot find Sources/SealedData/Resources/cards above \(#filePath); set \(CardDataLocation.environmentVariable) to a Scryfall JSON file or a folder of them")
  }
}
