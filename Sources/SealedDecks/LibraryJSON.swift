import Foundation
import SealedSupport

/// A JSON value that keeps the order of its object keys, written so that people can read and
/// edit it: an object or array whose members are all scalars (or arrays of scalars) sits on one
/// line, anything deeper is indented by two spaces. A saved pool therefore has one line per card.
enum LibraryJSON: Equatable {
  case object([(String, LibraryJSON)])
  case array([LibraryJSON])
  case string(String)
  case integer(Int64)
  case unsigned(UInt64)
  case number(Double)
  case bool(Bool)
  case null

  static func == (lhs: LibraryJSON, rhs: LibraryJSON) -> Bool { lhs.text == rhs.text }

  /// `.string(value)`, or `null` for nil.
  static func optional(_ value: String?) -> LibraryJSON { value.map(LibraryJSON.string) ?? .null }

  /// `.integer(value)`, or `null` for nil.
  static func optional(_ value: Int?) -> LibraryJSON { value.map { .integer(Int64($0)) } ?? .null }

  /// The document as text, with a final newline.
  var text: String {
    var output = ""
    write(to: &output, indent: 0)
    return output + "\n"
  }

  /// Whether this value may sit inside a one-line container: a scalar or an array of scalars.
  private var isFlat: Bool {
    switch self {
    case .object(let members): members.isEmpty
    case .array(let elements): elements.allSatisfy(\.isScalar)
    default: true
    }
  }

  private var isScalar: Bool {
    switch self {
    case .object, .array: false
    default: true
    }
  }

  private func write(to output: inout String, indent: Int) {
    switch self {
    case .object(let members):
      if members.isEmpty {
        output += "{}"
      } else if members.allSatisfy({ $0.1.isFlat }) {
        output += "{"
        for (index, (key, value)) in members.enumerated() {
          if index > 0 { output += ", " }
          Self.writeString(key, to: &output)
          output += ": "
          value.write(to: &output, indent: indent)
        }
        output += "}"
      } else {
        let inner = String(repeating: "  ", count: indent + 1)
        output += "{\n"
        for (index, (key, value)) in members.enumerated() {
          output += inner
          Self.writeString(key, to: &output)
          output += ": "
          value.write(to: &output, indent: indent + 1)
          output += index == members.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + "}"
      }
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
      } else if elements.allSatisfy(\.isScalar) {
        output += "["
        for (index, element) in elements.enumerated() {
          if index > 0 { output += ", " }
          element.write(to: &output, indent: indent)
        }
        output += "]"
      } else {
        let inner = String(repeating: "  ", count: indent + 1)
        output += "[\n"
        for (index, element) in elements.enumerated() {
          output += inner
          element.write(to: &output, indent: indent + 1)
          output += index == elements.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + "]"
      }
    case .string(let string):
      Self.writeString(string, to: &output)
    case .integer(let value):
      output += String(value)
    case .unsigned(let value):
      output += String(value)
    case .number(let value):
      if !value.isFinite {
        output += "null"
      } else if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
      } else {
        output += "\(value)"
      }
    case .bool(let value):
      output += value ? "true" : "false"
    case .null:
      output += "null"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped, everything else
  /// (slashes, non-ASCII letters) as is.
  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        output += String(format: "\\u%04x", scalar.value)
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
