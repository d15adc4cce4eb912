import Foundation

/// Finds rule sets by name (the built-ins shipped with Sealed) or by path (a user's file).
///
/// The built-ins are YAML files bundled as package resources (`Resources/rules/*.yaml`) and go
/// through exactly the same parser and compiler as a user's file.
public enum RuleSetLoader {
  /// The names of the built-in rule sets, in the order they are documented.
  public static let builtInNames = ["sealed", "retail", "retail-lethe"]

  /// Loads `--rules NAME|FILE`: a path to an existing file (or one ending in .yaml/.yml), else
  /// a built-in name. Throws a one-line `DataError` for an unknown name or a bad file.
  public static func load(_ nameOrPath: String) throws(DataError) -> RuleSetDefinition {
    let looksLikePath =
      nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
    if looksLikePath || FileManager.default.fileExists(atPath: nameOrPath) {
      return try RuleSetParser.parse(try readText(nameOrPath), source: nameOrPath)
    }
    guard builtInNames.contains(nameOrPath) else {
      throw DataError(
        "unknown rule set \"\(nameOrPath)\"; built-in rule sets: \(builtInNames.joined(separator: ", ")), or give the path of a YAML rule file")
    }
    return try builtIn(nameOrPath)
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
    guard FileManager.default.fileExists(atPath: path) else {
      throw DataError("no such file", at: path)
    }
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw DataError("cannot read the file as UTF-8 text (\(systemErrorReason(error)))", at: path)
    }
  }
}

/// Locates files that SwiftPM copies into `sealed_SealedCore.resources` beside the built
/// executable, without the generated accessor's `fatalError` when they are missing.
enum BundledResources {
  static let bundleName = "sealed_SealedCore.resources"

  static func path(folder: String, file: String) throws(DataError) -> String {
    var candidates: [String] = []
    if let override = ProcessInfo.processInfo.environment["SEALED_RESOURCES"], !override.isEmpty {
      candidates.append(override)
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    candidates.append(executable.appendingPathComponent(bundleName).path)
    candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).path)
    if let arg0 = CommandLine.arguments.first {
      candidates.append(URL(fileURLWithPath: arg0).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(bundleName).path)
    }
    for directory in candidates {
      let path = "\(directory)/\(folder)/\(file)"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    throw DataError(
      "the built-in file \(folder)/\(file) was not found in \(bundleName) beside the executable; rebuild with swift build, or pass a file path")
  }
}
