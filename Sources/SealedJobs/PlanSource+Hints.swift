import SealedSupport
import SealedCards
import SealedRules

extension PlanSource {
  /// `error`, a rule set that did not compile for the set, with the way out a user needs: with
  /// `--booster-max`, that the range it gave is the likely cause; else, with a built-in rule set
  /// (the default `sealed` most of all: older sets have no mythic rares, and `sealed open 10e`
  /// said only that the sheet "mythic" matches no card), the products of the booster data in
  /// use for the set, whose rules open it (not when the error names its own remedy, a booster
  /// range for a set whose data lacks one). An error in `spec`'s file says the spec does not
  /// fit, not the rules. Cost: reading the booster data, on this error only.
  func hinted(_ error: DataError, rules definition: RuleSetDefinition, spec: SpecDefinition? = nil) -> DataError {
    var hints: [String] = []
    // A claim's error names the claim (the built-in rules and spec `sealed` share a source).
    if let spec, error.message.hasPrefix("claim \""), let location = error.location,
      location == spec.source || location.hasPrefix(spec.source + ":")
    {
      // The spec's claim does not fit these rules: the rules may be right for the set.
      hints.append("the spec \(spec.name) does not fit rules \"\(rules)\" for \(set) (--spec none checks the rules alone)")
    } else if let boosterMax {
      hints.append("with --booster-max \(boosterMax) boosters draw from collector numbers 1 to \(boosterMax) only")
    } else if RuleSetLoader.builtInNames.contains(rules), !error.message.contains("--booster-max"),
      let products = productCodes(), !products.isEmpty
    {
      let shown = products.prefix(4).map { "--rules \($0)" }.joined(separator: ", ")
      hints.append("the rule set \(rules) does not fit \(set); the booster data's products for it do: \(shown)\(products.count > 4 ? ", ..." : "") (sealed rules import --list lists them)")
    }
    guard !hints.isEmpty else { return error }
    return DataError(error.message + "; " + hints.joined(separator: "; "), at: error.location)
  }

  /// The codes of the products of the booster data in use made for this set, draft boosters
  /// first; nil when the data cannot be read.
  private func productCodes() -> [String]? {
    guard let release = try? BoosterRelease.resolve(data), let products = try? release.read().products else { return nil }
    let codes = products.filter { $0.set_code.lowercased() == set.lowercased() }.map(\.code)
    return codes.filter { $0.hasSuffix("-draft") } + codes.filter { !$0.hasSuffix("-draft") }
  }
}
