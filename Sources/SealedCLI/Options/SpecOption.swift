import ArgumentParser
import SealedSupport
import SealedRules

/// `--spec NAME|FILE|none`: the claims `check` and `audit` test besides the rules' own.
struct SpecOption: ParsableArguments {
  @Option(help: ArgumentHelp("A built-in spec (sealed, or a product's published odds: mkm-play, otj-play, ...) or a YAML spec file; 'none' for the rules' own checks only. Default: the spec the rules name with their 'spec:' key, if any.", valueName: "name|file"))
  var spec: String?

  /// `--spec`, else the spec the rules (`--rules`, a product's code looked up in `data`) name
  /// with their `spec:` key, else none.
  func load(rules: String, data: String? = nil) throws(DataError) -> SpecDefinition? {
    if let spec { return spec == "none" ? nil : try SpecLoader.load(spec) }
    let release = RuleSetLoader.namesProduct(rules) ? try BoosterRelease.resolve(data) : nil
    return try SpecLoader.load(namedBy: RuleSetLoader.load(rules, release: release))
  }
}
