import Foundation

/// Deterministic JSON for command output: sorted keys, two-space indentation, a final newline.
enum JSONOutput {
  static func encode<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      preconditionFailure("encoding \(T.self) as JSON failed: \(error)")
    }
  }
}
