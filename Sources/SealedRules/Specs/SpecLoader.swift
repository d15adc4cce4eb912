import Foundation
import SealedSupport
import SealedData

/// Finds specs by name (the built-ins shipped with Sealed) or by path (a user's file).
public enum SpecLoader {
  /// The names of the built-in specs.
  package static let builtInNames = [
    "sealed", "mkm-play", "otj-play", "mh3-play", "blb-play", "dft-play", "tdm-play", "fin-play", "eoe-play", "mom-draft",
  ]

  /// Loads `--spec NAME|FILE`.
  package static func load(_ nameOrPath: String) throws(DataError) -> SpecDefinition {
    if BundledResources.isPath(nameOrPath, builtIns: builtInNames) {
      return try SpecParser.parse(try RuleSetLoader.readText(nameOrPath), source: nameOrPath)
    }
    guard builtInNames.contains(nameOrPath) else {
      throw DataError(
        "unknown spec \"\(nameOrPath)\"\(RuleSetLoader.guess(nameOrPath, among: builtInNames)); built-in specs: \(builtInNames.joined(separator: ", ")), or give the path of a YAML spec file")
    }
    return try builtIn(nameOrPath)
  }

  /// Loads the spec a rule set names with its `spec:` key: a built-in spec's name, or a path
  /// relative to the rule file's folder.
  package static func load(namedBy rules: RuleSetDefinition) throws(DataError) -> SpecDefinition? {
    guard let name = rules.spec else { return nil }
    guard BundledResources.isPath(name, builtIns: builtInNames), !rules.source.hasPrefix("built-in:") else {
      do {
        return try load(name)
      } catch where error.location == nil {
        // "unknown spec": say which rule file names it.
        throw DataError("spec: \(error.message)", at: rules.source)
      }
    }
    let relative = !name.hasPrefix("/")
    let path = relative ? URL(fileURLWithPath: rules.source).deletingLastPathComponent().path + "/" + name : name
    // A file that is not there: say which rule file names it, and where it was looked for (the
    // error named only the missing path: a review).
    guard FileManager.default.fileExists(atPath: path) else {
      throw DataError("spec: \(name): no such file (looked for \(path)\(relative ? ", relative to the rule file's folder" : ""))", at: rules.source)
    }
    return try load(path)
  }

  /// The spec shipped with Sealed as `specs/NAME.yaml`, its source `built-in:NAME`. Throws a
  /// `DataError` when there is no such spec or its text does not parse.
  public static func builtIn(_ name: String) throws(DataError) -> SpecDefinition {
    let path = try BundledResources.path(folder: "specs", file: "\(name).yaml")
    return try SpecParser.parse(try RuleSetLoader.readText(path), source: "built-in:\(name)")
  }

  /// Parses spec YAML held in memory; `source` names it in errors.
  public static func parse(_ text: String, source: String) throws(DataError) -> SpecDefinition {
    try SpecParser.parse(text, source: source)
  }
}
