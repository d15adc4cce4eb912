/// One line of a pasted booster list, taken apart: `1 Ob Nixilis, the Hate-Twisted (WAR) 100`,
/// `WAR 100`, `Ob Nixilis, the Hate-Twisted (WAR) 100`, `2x Island (WAR) 254`, a bare name, or
/// `Name (WAR)`, each optionally ending with a foil marker `*F*` or `(foil)`.
enum TextListLine: Equatable {
  /// Blank, or a comment (`#`, `//`).
  case nothing
  /// `Booster 3`, `Pack 3:`, or any line ending with a colon, as the first line of a block.
  case header(String)
  /// A card, with its count.
  case card(setCode: String?, collectorNumber: String?, name: String?, foil: Bool?, count: Int)

  /// Why a line is not a card line, as the error message says it.
  enum Problem: Error, Equatable {
    case unknownForm
    case zeroCount
    case countNotANumber(String)
    case absurdCount(Int)
  }

  /// The largest count a line may give; more is taken as a mistake.
  static let maximumCount = 100

  /// Parses `text` (one line, without its line break); `blockStart` says whether it is the first
  /// line of a block, where a header may be.
  static func parse(_ text: String, blockStart: Bool) throws(Problem) -> TextListLine {
    let line = text.trimmingSpaces
    if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { return .nothing }
    if blockStart, let label = header(line) { return .header(label) }

    var rest = Substring(line)
    var foil: Bool?
    for marker in ["*f*", "(foil)"] where rest.lowercased().hasSuffix(marker) {
      rest = rest.dropLast(marker.count)
      rest = Substring(String(rest).trimmingSpaces)
      foil = true
    }

    var count = 1
    if let space = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) {
      let token = rest[..<space]
      var digits = token
      if digits.last == "x" || digits.last == "X" { digits = digits.dropLast() }
      if !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) {
        guard let value = Int(digits), digits.count <= 9 else { throw .countNotANumber(String(token)) }
        guard value > 0 else { throw .zeroCount }
        guard value <= maximumCount else { throw .absurdCount(value) }
        count = value
        rest = Substring(String(rest[space...]).trimmingSpaces)
      } else if looksNumeric(token) {
        throw .countNotANumber(String(token))
      }
    }
    guard !rest.isEmpty else { throw .unknownForm }

    // Name (SET) NUMBER, or Name (SET).
    if let (name, set, number) = nameSetNumber(rest) {
      return .card(setCode: set.lowercased(), collectorNumber: number, name: name, foil: foil, count: count)
    }
    // SET NUMBER.
    let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words.count == 2, isSetCode(words[0]), isCollectorNumber(words[1]) {
      return .card(setCode: words[0].lowercased(), collectorNumber: String(words[1]), name: nil, foil: foil, count: count)
    }
    // A bare name.
    guard isName(rest) else { throw .unknownForm }
    return .card(setCode: nil, collectorNumber: nil, name: String(rest), foil: foil, count: count)
  }

  /// The label of a header line, or nil.
  private static func header(_ line: String) -> String? {
    if line.hasSuffix(":") {
      let label = String(line.dropLast()).trimmingSpaces
      return label.isEmpty || label.count > 100 ? nil : label
    }
    // Booster 3, Pack #3, pack 12.
    let lowered = line.lowercased()
    for word in ["booster", "pack"] where lowered.hasPrefix(word) {
      var tail = Substring(lowered.dropFirst(word.count))
      tail = tail.drop { $0 == " " }
      if tail.first == "#" { tail = tail.dropFirst().drop { $0 == " " } }
      if !tail.isEmpty && tail.allSatisfy(\.isASCIIDigit) { return line }
    }
    return nil
  }

  /// `Name (SET) NUMBER` or `Name (SET)`, taking the last parenthesis as the set.
  private static func nameSetNumber(_ text: Substring) -> (String, String, String?)? {
    var head = text
    var number: String?
    if text.last != ")" {
      guard let space = text.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
      let tail = text[text.index(after: space)...]
      guard isCollectorNumber(tail) else { return nil }
      number = String(tail)
      head = Substring(String(text[..<space]).trimmingSpaces)
    }
    guard head.last == ")", let open = head.lastIndex(of: "(") else { return nil }
    let set = head[head.index(after: open)..<head.index(before: head.endIndex)]
    guard isSetCode(set) else { return nil }
    let name = String(head[..<open]).trimmingSpaces
    guard !name.isEmpty, isName(Substring(name)) else { return nil }
    return (name, String(set), number)
  }

  /// Two to six letters and digits, at least one a letter: `WAR`, `m21`, `pwar`.
  static func isSetCode(_ text: Substring) -> Bool {
    (2...6).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      && text.contains { $0.isLetter }
  }

  /// Up to 12 characters with no space or parenthesis, starting with a digit or `★`, or ending
  /// with digits (`100`, `221a`, `★12`, `A-12`).
  static func isCollectorNumber(_ text: Substring) -> Bool {
    guard (1...12).contains(text.count), !text.contains(where: { "()[] \t,".contains($0) }) else { return false }
    return text.first!.isASCIIDigit || text.first == "★" || text.last!.isASCIIDigit
  }

  /// A card name: has a letter, does not start with a digit, and has none of the characters a
  /// name never has (parentheses, brackets, `;`, `|`, `=`, `@`, tabs); no comma-separated
  /// part of it is a bare number (a CSV row pasted by mistake).
  static func isName(_ text: Substring) -> Bool {
    guard let first = text.first, !first.isASCIIDigit, text.count <= 150 else { return false }
    guard text.contains(where: \.isLetter) else { return false }
    guard !text.contains(where: { "()[]{}<>;|=@\t".contains($0) }) else { return false }
    return !text.split(separator: ",").contains { part in
      let trimmed = part.drop { $0 == " " }
      return !trimmed.isEmpty && trimmed.allSatisfy(\.isASCIIDigit)
    }
  }

  /// A token that was meant as a count but is not a positive whole number: `-1`, `1.5`, `2.0x`.
  private static func looksNumeric(_ token: Substring) -> Bool {
    var body = token
    if body.last == "x" || body.last == "X" { body = body.dropLast() }
    guard body.contains(where: \.isASCIIDigit) else { return false }
    return body.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "," } && (body.first!.isASCIIDigit || body.first == "-")
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
