import Foundation

/// Reads Swift source text for `SourceStructureTests`: where its functions begin and end, and
/// whether one is marked as an allowed exception to the length limit.
///
/// String literals (`"…"`, multi-line `"""…"""`, raw `#"…"#` of any number of `#`, with the
/// code of their interpolations kept as code) and comments (`//`, nested `/* */`) are blanked
/// first, so a brace inside one is not counted. Bare regex literals (`/…/`) are not recognised;
/// the sources use none.
enum SourceStructure {
  /// The comment that allows one declaration to exceed the length limit, followed by the reason
  /// (at least three words). It stands in the comment and attribute lines just above the
  /// declaration.
  static let exceptionMarker = "// structure-exception:"

  /// A function-like declaration with a body: `func`, `init`, `deinit`, `subscript`, or a
  /// computed property (`var name: Type {`).
  struct Declaration: Equatable {
    /// `Type.name`, with the enclosing types' names (`init` for initialisers).
    var name: String
    /// The line of its keyword (from 1).
    var line: Int
    /// Lines from its keyword's to its closing brace's, both included.
    var length: Int
    /// The reason given by an exception marker above it, if any.
    var exception: String?
  }

  // MARK: Blanking literals and comments

  private enum Mode {
    /// Code; in an interpolation, the parentheses open inside it.
    case code(interpolationParentheses: Int?)
    case string(hashes: Int, multiline: Bool)
    case blockComment(depth: Int)
  }

  /// `text` with the contents of every string literal and comment replaced by spaces (line
  /// breaks kept, so lines keep their numbers); an interpolation's code stays.
  static func blanked(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out = bytes
    var modes: [Mode] = [.code(interpolationParentheses: nil)]
    var index = 0
    func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    func hashes(from start: Int) -> Int {
      var count = 0
      while start + count < bytes.count, bytes[start + count] == UInt8(ascii: "#") { count += 1 }
      return count
    }
    func blank(_ count: Int) {
      for offset in 0..<count where index + offset < out.count && out[index + offset] != UInt8(ascii: "\n") {
        out[index + offset] = UInt8(ascii: " ")
      }
      index += count
    }
    let quote = UInt8(ascii: "\"")
    while index < bytes.count {
      let byte = bytes[index]
      switch modes[modes.count - 1] {
      case .code(let parentheses):
        if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "/") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { blank(1) }
        } else if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
          modes.append(.blockComment(depth: 1))
          blank(2)
        } else if byte == UInt8(ascii: "#") || byte == quote {
          let count = hashes(from: index)
          guard at(count) == quote else {
            index += max(count, 1)
            continue
          }
          let multiline = at(count + 1) == quote && at(count + 2) == quote
          modes.append(.string(hashes: count, multiline: multiline))
          blank(count + (multiline ? 3 : 1))
        } else if let parentheses, byte == UInt8(ascii: "(") {
          modes[modes.count - 1] = .code(interpolationParentheses: parentheses + 1)
          index += 1
        } else if let parentheses, byte == UInt8(ascii: ")") {
          if parentheses == 0 {
            modes.removeLast()
            blank(1)
          } else {
            modes[modes.count - 1] = .code(interpolationParentheses: parentheses - 1)
            index += 1
          }
        } else {
          index += 1
        }
      case .string(let count, let multiline):
        if byte == UInt8(ascii: "\\") && hashes(from: index + 1) >= count {
          if at(count + 1) == UInt8(ascii: "(") {
            modes.append(.code(interpolationParentheses: 0))
            blank(count + 2)
          } else {
            blank(count + 2)  // the escaped character too (`\"`, `\\`)
          }
        } else if byte == quote && (!multiline || (at(1) == quote && at(2) == quote))
          && hashes(from: index + (multiline ? 3 : 1)) >= count
        {
          modes.removeLast()
          blank((multiline ? 3 : 1) + count)
        } else {
          blank(1)
        }
      case .blockComment(let depth):
        if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
          modes[modes.count - 1] = .blockComment(depth: depth + 1)
          blank(2)
        } else if byte == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
          if depth == 1 { modes.removeLast() } else { modes[modes.count - 1] = .blockComment(depth: depth - 1) }
          blank(2)
        } else {
          blank(1)
        }
      }
    }
    return out
  }

  // MARK: Declarations and their bodies

  private static let functionKeywords: Set<String> = ["func", "init", "deinit", "subscript"]
  private static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]
  /// Words after which a declaration seen before them has no body (a protocol's requirement).
  private static let otherDeclarations: Set<String> = ["let", "case", "typealias", "associatedtype", "import"]

  /// A declaration whose body's `{` has not been met yet.
  private struct Pending {
    enum Kind { case function, property, type }
    var kind: Kind
    var name: String
    var line: Int
    /// The depth of parentheses and brackets at its keyword; its body's brace is at this depth.
    var depth: Int
    /// Whether the next word is its name.
    var awaitsName: Bool
  }

  private struct Brace {
    var declaration: Pending?
  }

  /// Every function-like declaration with a body in `text`, in the order their bodies close.
  static func declarations(in text: String) -> [Declaration] {
    let code = blanked(text)
    let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [Declaration] = []
    var braces: [Brace] = []
    var pending: Pending?
    var depth = 0
    var line = 1
    var index = 0
    func isWordByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    func enclosingTypes() -> String {
      braces.compactMap { $0.declaration?.kind == .type ? $0.declaration?.name : nil }.map { $0 + "." }.joined()
    }
    while index < code.count {
      let byte = code[index]
      if isWordByte(byte) {
        var end = index
        while end < code.count && (isWordByte(code[end]) || (pending?.kind == .type && code[end] == UInt8(ascii: "."))) {
          end += 1
        }
        let word = String(decoding: code[index..<end], as: UTF8.self)
        let afterDot = index > 0 && code[index - 1] == UInt8(ascii: ".")
        index = end
        if var awaiting = pending, awaiting.awaitsName, !functionKeywords.contains(word), word != "var" {
          awaiting.name = enclosingTypes() + word
          awaiting.awaitsName = false
          pending = awaiting
        } else if afterDot {
          continue
        } else if functionKeywords.contains(word) {
          let named = word == "func"
          pending = Pending(
            kind: .function, name: named ? "" : enclosingTypes() + word, line: line, depth: depth, awaitsName: named)
        } else if word == "var" {
          pending = Pending(kind: .property, name: "", line: line, depth: depth, awaitsName: true)
        } else if typeKeywords.contains(word) {
          pending = Pending(kind: .type, name: "", line: line, depth: depth, awaitsName: true)
        } else if otherDeclarations.contains(word) || (word == "in" && pending?.kind == .property) {
          pending = nil
        }
        continue
      }
      if var open = pending, open.awaitsName, open.kind == .function, !" \n".utf8.contains(byte) {
        // An operator's name: `func ==(…)`.
        var end = index
        while end < code.count && !isWordByte(code[end]) && !" (<\n".utf8.contains(code[end]) { end += 1 }
        end = max(end, index + 1)
        open.name = enclosingTypes() + String(decoding: code[index..<end], as: UTF8.self)
        open.awaitsName = false
        pending = open
        index = end
        continue
      }
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        if pending?.kind == .property { pending = nil }
      case UInt8(ascii: "("), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        depth -= 1
        if let open = pending, depth < open.depth { pending = nil }
      case UInt8(ascii: "="), UInt8(ascii: ";"):
        // `var x = …` is stored (a closure after it is not a body); `;` ends a requirement.
        if let open = pending, open.kind == .property || byte == UInt8(ascii: ";"), depth == open.depth { pending = nil }
      case UInt8(ascii: "{"):
        // A brace deeper than the declaration's keyword is a closure in its signature.
        if let open = pending, depth == open.depth {
          braces.append(Brace(declaration: open.awaitsName ? nil : open))
          pending = nil
        } else {
          braces.append(Brace(declaration: nil))
        }
      case UInt8(ascii: "}"):
        if let open = pending, depth == open.depth { pending = nil }
        guard let closed = braces.popLast() else { break }
        if let declaration = closed.declaration, declaration.kind != .type {
          found.append(
            Declaration(
              name: declaration.name, line: declaration.line, length: line - declaration.line + 1,
              exception: exception(above: declaration.line, in: rawLines)))
        }
      default:
        break
      }
      index += 1
    }
    return found
  }

  /// The reason of an exception marker in the comment and attribute lines just above line
  /// `line` (from 1), if one stands there.
  static func exception(above line: Int, in lines: [String]) -> String? {
    var index = line - 2
    while index >= 0 {
      let text = lines[index].drop { $0 == " " }
      guard text.hasPrefix("//") || text.hasPrefix("@") else { return nil }
      if let range = text.range(of: exceptionMarker) {
        return String(text[range.upperBound...].drop { $0 == " " })
      }
      index -= 1
    }
    return nil
  }
}
