import Yams
import SealedSupport

/// A YAML node together with where it came from, for reading declarative files (rule sets and
/// specs) with one-line errors that name `file:line:column` and the key path.
struct YAMLValue {
  let node: Node
  /// The file the node was read from.
  let file: String
  /// The key path inside the document, such as `sets.war.variants[0]`.
  let path: String

  /// Parses YAML text; syntax errors become one-line `DataError`s at the problem's position.
  static func parse(_ text: String, file: String) throws(DataError) -> YAMLValue {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw describe(error, file: file)
    } catch {
      throw DataError("cannot read YAML (\(error))", at: file)
    }
    guard let node else {
      throw DataError("the file is empty; expected a YAML mapping", at: file)
    }
    return YAMLValue(node: node, file: file, path: "")
  }

  private static func describe(_ error: YamlError, file: String) -> DataError {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { " \($0.text)" } ?? ""
      let at = DataError.location(file, line: mark.line, column: mark.column)
      // libyaml's own words named its C function ("set with yaml_set_max_nest_level()").
      if problem.hasPrefix("Maximum nesting level reached") {
        return DataError("YAML nested more deeply than a reader takes; expected a rule or spec file of a few levels", at: at)
      }
      return DataError("YAML syntax error: \(problem)\(detail)", at: at)
    case .reader(let problem, _, _, _):
      return DataError("YAML syntax error: \(problem)", at: file)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return DataError(
        "duplicate key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")); each key may appear once",
        at: DataError.location(file, line: context.mark.line, column: context.mark.column))
    default:
      return DataError("cannot read YAML (\(error))", at: file)
    }
  }

  // MARK: - Location and errors

  /// `file:line:column` of this node.
  var location: String {
    guard let mark = node.mark else { return file }
    return DataError.location(file, line: mark.line, column: mark.column)
  }

  /// An error at this node, mentioning its key path.
  func error(_ message: String) -> DataError {
    DataError(path.isEmpty ? message : "\(path): \(message)", at: location)
  }

  func child(_ key: String, _ node: Node) -> YAMLValue {
    YAMLValue(node: node, file: file, path: path.isEmpty ? key : "\(path).\(key)")
  }

  // MARK: - Shapes

  /// The entries of a mapping, in file order, rejecting keys outside `allowed`.
  func mapping(allowed: [String]? = nil) throws(DataError) -> [(key: String, value: YAMLValue)] {
    guard case .mapping(let mapping) = node else {
      throw error("expected a mapping (key: value lines), found \(kindDescription)")
    }
    var entries: [(key: String, value: YAMLValue)] = []
    for (keyNode, valueNode) in mapping {
      guard case .scalar(let scalar) = keyNode else {
        throw YAMLValue(node: keyNode, file: file, path: path).error("expected a plain key")
      }
      let key = scalar.string
      if let allowed, !allowed.contains(key) {
        throw YAMLValue(node: keyNode, file: file, path: path).error(
          "unknown key \(quotedExcerpt(key)); expected one of \(allowed.joined(separator: ", "))")
      }
      entries.append((key, child(key, valueNode)))
    }
    return entries
  }

  /// A mapping's values by key, rejecting unknown keys and requiring `required` ones.
  func fields(allowed: [String], required: [String] = []) throws(DataError) -> Fields {
    let entries = try mapping(allowed: allowed)
    let fields = Fields(owner: self, entries: entries)
    for key in required where fields[key] == nil {
      throw error("missing key \"\(key)\"")
    }
    return fields
  }

  /// The items of a sequence.
  func sequence() throws(DataError) -> [YAMLValue] {
    guard case .sequence(let sequence) = node else {
      throw error("expected a list, found \(kindDescription)")
    }
    return sequence.enumerated().map { index, item in
      YAMLValue(node: item, file: file, path: "\(path)[\(index)]")
    }
  }

  /// One string, or a list of strings (a single scalar counts as a one-item list).
  func strings() throws(DataError) -> [String] {
    if case .sequence = node {
      var result: [String] = []
      for item in try sequence() { result.append(try item.string()) }
      return result
    }
    return [try string()]
  }

  var isScalar: Bool {
    if case .scalar = node { return true }
    return false
  }

  var isMapping: Bool {
    if case .mapping = node { return true }
    return false
  }

  func string() throws(DataError) -> String {
    guard case .scalar(let scalar) = node else {
      throw error("expected a single value, found \(kindDescription)")
    }
    return scalar.string
  }

  func int() throws(DataError) -> Int {
    let text = try string()
    guard let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
      throw error("expected a whole number, found \(quotedExcerpt(text))")
    }
    return value
  }

  /// A number, written as a decimal (`0.78`), an integer, or a fraction (`92/121`).
  func double() throws(DataError) -> Double {
    let text = try string().trimmingCharacters(in: .whitespaces)
    if let value = Double(text), value.isFinite { return value }
    let parts = text.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
    if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]),
      denominator != 0, numerator.isFinite, denominator.isFinite
    {
      return numerator / denominator
    }
    throw error("expected a number such as 0.78 or 92/121, found \(quotedExcerpt(text))")
  }

  func bool() throws(DataError) -> Bool {
    switch try string().lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    case let text: throw error("expected true or false, found \(quotedExcerpt(text))")
    }
  }

  private var kindDescription: String {
    switch node {
    case .scalar(let scalar): "the value \(quotedExcerpt(scalar.string))"
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .alias: "an alias"
    }
  }

  /// The entries of a mapping, looked up by key.
  struct Fields {
    let owner: YAMLValue
    let entries: [(key: String, value: YAMLValue)]

    subscript(key: String) -> YAMLValue? {
      entries.first { $0.key == key }?.value
    }
  }
}

import Foundation
import SealedSupport
