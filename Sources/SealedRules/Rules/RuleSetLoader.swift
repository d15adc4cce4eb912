import Foundation
import SealedSupport
import SealedCards
import SealedData

/// Finds rule sets by name (the built-ins shipped with Sealed) or by path (a user's file).
///
/// The built-ins are YAML files bundled as package resources (`Resources/rules/*.yaml`) and go
/// through exactly the same parser and compiler as a user's file.
public enum RuleSetLoader {
  /// The names of the built-in rule sets, in the order they are documented.
  package static let builtInNames = ["sealed", "retail", "retail-lethe", "mtgwtf"]

  /// `name` as `--rules` and `--compare` read it: a built-in's name in any case (`RETAIL`), as
  /// set and product codes are read, in lowercase; anything else (a product, a path) as given.
  package static func builtInInAnyCase(_ name: String) -> String {
    builtInNames.contains(name.lowercased()) ? name.lowercased() : name
  }

  /// Loads `--rules NAME|PRODUCT|FILE`: a built-in name, else a path (with a slash, ending in
  /// .yaml/.yml, or an existing file), else the code of a product of `release` (nil: the
  /// release in use, `BoosterRelease.resolve(nil)`: the newest installed, else the data shipped
  /// with Sealed), imported as `sealed rules import --product` writes it and named after the
  /// product. Throws a one-line `DataError` for an unknown name or a bad file.
  package static func load(_ nameOrPath: String, release: BoosterRelease? = nil) throws(DataError) -> RuleSetDefinition {
    if BundledResources.isPath(nameOrPath, builtIns: builtInNames) {
      return try RuleSetParser.parse(try readText(nameOrPath), source: nameOrPath)
    }
    if builtInNames.contains(nameOrPath) { return try builtIn(nameOrPath) }
    let release = if let release { release } else { try BoosterRelease.resolve(nil) }
    let data = try release.read()
    guard let product = data.products.first(where: { $0.code == nameOrPath.lowercased() }) else {
      throw DataError(
        "unknown rule set \"\(nameOrPath)\"\(guess(nameOrPath, among: builtInNames + data.products.map(\.code))); built-in rule sets: \(builtInNames.joined(separator: ", ")), the code of a product of the booster data in use (\(release.reference); sealed rules import --list lists them), or the path of a YAML rule file")
    }
    return try self.product(product, source: release.label)
  }

  /// "; did you mean ..." for a name one or two letters off a built-in's or a product's code
  /// (retali: retail, war-drfat: war-draft), else "": a looser match, or a short word, finds
  /// codes by chance (nope: ice; war-nope: war-jp).
  static func guess(_ name: String, among codes: [String]) -> String {
    let wanted = name.lowercased()
    guard wanted.count >= 5 else { return "" }
    let close = NameMatching.closest(to: wanted, among: codes, limit: 3)
      .filter { NameMatching.editDistance(wanted, $0) <= 2 }
    return NameMatching.suggestion(close)
  }

  /// Whether `--rules` names a product of the booster data (neither a file nor a built-in).
  package static func namesProduct(_ nameOrPath: String) -> Bool {
    !BundledResources.isPath(nameOrPath, builtIns: builtInNames) && !builtInNames.contains(nameOrPath)
  }

  /// A product of the shipped compiled booster data as a rule set named after it.
  package static func shippedProduct(_ product: CompiledBoosterData.Product) throws(DataError) -> RuleSetDefinition {
    try self.product(product, source: CompiledBoosterData.shippedFileName)
  }

  /// A product of compiled booster data read from `source` (a file name, for the rule file's
  /// header) as a rule set named after it, as `sealed rules import --product` writes it.
  /// Made from the product directly when it can be (`CompiledBoosterRules.ruleSet`), else by
  /// writing the file and reading it back; either way the same rule set.
  package static func product(_ product: CompiledBoosterData.Product, source: String) throws(DataError) -> RuleSetDefinition {
    let ruleSource = "product:\(product.code)"
    if let direct = try CompiledBoosterRules.ruleSet(product, name: product.code, source: source, ruleSource: ruleSource) {
      return direct
    }
    let text = try CompiledBoosterRules.ruleFile([product], name: product.code, source: source)
    return try RuleSetParser.parse(text, source: ruleSource)
  }

  /// A built-in rule set by name.
  public static func builtIn(_ name: String) throws(DataError) -> RuleSetDefinition {
    let path = try BundledResources.path(folder: "rules", file: "\(name).yaml")
    return try RuleSetParser.parse(try readText(path), source: "built-in:\(name)")
  }

  /// Parses rule-set YAML held in memory; `source` names it in errors.
  public static func parse(_ text: String, source: String) throws(DataError) -> RuleSetDefinition {
    try RuleSetParser.parse(text, source: source)
  }

  static func readText(_ path: String) throws(DataError) -> String {
    // lstat, not fileExists: a loop of symbolic links is no missing file (it said "no such
    // file"); reading it says what the system says.
    var status = stat()
    guard lstat(path, &status) == 0 || errno != ENOENT else {
      throw DataError("no such file", at: path)
    }
    // No rule set or spec comes near 64 MiB (the largest shipped is a few KB).
    let data = try FileBytes.read(path, limit: 64 << 20, kind: "rule or spec file")
    guard let text = String(data: data, encoding: .utf8) else {
      throw DataError("cannot read the file as UTF-8 text (it holds bytes that are not UTF-8)", at: path)
    }
    return text
  }
}
