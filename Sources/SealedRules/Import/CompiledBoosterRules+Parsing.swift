import SealedSupport

extension CompiledBoosterRules {
  /// The name the converted rule file is parsed under: errors at it are put at the input.
  package static let ruleFileSource = "rule file"

  /// The rule file of `products` of the booster data `source` names (`ruleFile`), and the
  /// rules it parses to. An error is put at `input` (the data's file as the user gave it) and
  /// its products, not at the rule file, which the user may never see (`rules import` prints
  /// it, or writes it to `--out` only when it parses); the rule file's line follows in brackets
  /// for whoever looks at the converted text. Cost: one conversion and one parse.
  package static func convert(
    _ products: [CompiledBoosterData.Product], name: String, source: String, input: String
  ) throws(DataError) -> (text: String, rules: RuleSetDefinition) {
    do {
      let text = try ruleFile(products, name: name, source: source)
      return (text, try RuleSetLoader.parse(text, source: ruleFileSource))
    } catch {
      throw convertedError(error, products: products.map(\.code), input: input)
    }
  }

  /// `error`, raised converting `products` of `input` or by the rule file written for them, put
  /// at the input, naming the products once.
  package static func convertedError(_ error: DataError, products: [String], input: String) -> DataError {
    let place = products.count == 1 ? "product \(products[0])" : "products \(products.joined(separator: ", "))"
    let message = error.message.hasPrefix("product") ? error.message : "\(place): \(error.message)"
    return DataError("\(message)\(ruleFileLine(error.location))", at: input)
  }

  /// " (line N of the rule file it converts to)" for a location in the rule file `convert`
  /// parses, "" for none.
  private static func ruleFileLine(_ location: String?) -> String {
    guard let location else { return "" }
    let parts = location.split(separator: ":")
    guard parts.count >= 2, parts[0] == ruleFileSource else { return " (at \(location))" }
    return " (line \(parts[1]) of the rule file it converts to)"
  }
}
