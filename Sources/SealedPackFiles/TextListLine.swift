import SealedSupport

/// One line of a pasted booster list, taken apart: `1 Ob Nixilis, the Hate-Twisted (WAR) 100`,
/// `WAR 100`, `Ob Nixilis, the Hate-Twisted (WAR) 100`, `2x Island (WAR) 254`, a bare name, or
/// `Name (WAR)`, each optionally ending with a foil marker `*F*` or `(foil)`.
///
/// Works on the line's UTF-8 bytes (every delimiter is ASCII) and makes a String only of what it
/// returns, so a line costs a few passes over its bytes.
enum TextListLine: Equatable {
  /// Blank, or a comment (`#`, `//`).
  case nothing
  /// `Booster 3`, `Pack 3:`, or any line ending with a colon, as the first line of a block;
  /// `Booster 3`, `Pack #3` (with or without a colon) anywhere, where it starts a new booster.
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

  /// What ends a foil card's line (in lower case; matched ignoring case).
  private static let foilMarkers: [[UInt8]] = [Array("*f*".utf8), Array("(foil)".utf8)]
  private static let headerWords: [[UInt8]] = [Array("booster".utf8), Array("pack".utf8)]
  private static let hash: [UInt8] = [0x23]
  private static let slashes: [UInt8] = [0x2F, 0x2F]
  private static let star: [UInt8] = Array("★".utf8)

  /// The largest count a line may give; more is taken as a mistake.
  static let maximumCount = 100

  /// Parses `line` (one line of valid UTF-8, without its line break); `blockStart` says whether
  /// it is the first line of a block, where a header may be.
  static func parse(_ line: UnsafeBufferPointer<UInt8>, blockStart: Bool) throws(Problem) -> TextListLine {
    let line = LineBytes(line).trimmed
    if line.isEmpty || line.hasPrefix(hash) || line.hasPrefix(slashes) { return .nothing }
    if let label = blockStart ? header(line) : numberedHeader(line) { return .header(label) }

    var rest = line
    var foil: Bool?
    for marker in foilMarkers where rest.hasSuffixIgnoringCase(marker) {
      rest = rest.dropLast(marker.count).trimmed
      foil = true
    }

    var count = 1
    if let space = rest.firstIndex(where: isSpace) {
      let token = rest.prefix(upTo: space)
      var digits = token
      if let last = digits.last, last | 0x20 == 0x78 { digits = digits.dropLast(1) }
      if !digits.isEmpty && digits.allSatisfy(isDigit) {
        guard digits.count <= 9 else { throw .countNotANumber(token.string) }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard value > 0 else { throw .zeroCount }
        guard value <= maximumCount else { throw .absurdCount(value) }
        count = value
        rest = rest.suffix(from: space).trimmed
      } else if looksNumeric(token) {
        throw .countNotANumber(token.string)
      }
    }
    guard !rest.isEmpty else { throw .unknownForm }

    // Name (SET) NUMBER, or Name (SET).
    if let (name, set, number) = nameSetNumber(rest) {
      return .card(setCode: set.lowercasedString, collectorNumber: number?.string, name: name.string, foil: foil, count: count)
    }
    // SET NUMBER.
    if let space = rest.firstIndex(where: isSpace) {
      let set = rest.prefix(upTo: space)
      let number = rest.suffix(from: space).trimmed
      if isSetCode(set), !isCapitalizedWord(set), isCollectorNumber(number) {
        return .card(setCode: set.lowercasedString, collectorNumber: number.string, name: nil, foil: foil, count: count)
      }
    }
    // A bare name.
    guard isName(rest) else { throw .unknownForm }
    return .card(setCode: nil, collectorNumber: nil, name: rest.string, foil: foil, count: count)
  }

  /// The label of a header line, or nil.
  private static func header(_ line: LineBytes) -> String? {
    if let label = numberedHeader(line) { return label }
    if line.last == 0x3A {
      let label = line.dropLast(1).trimmed
      return label.isEmpty || label.count > 400 ? nil : label.string
    }
    return nil
  }

  /// The label of `Booster 3`, `Pack #3`, `pack 12` (a colon after it is dropped), or nil: a
  /// line no card line looks like, so it starts a booster wherever it is.
  private static func numberedHeader(_ line: LineBytes) -> String? {
    let label = line.last == 0x3A ? line.dropLast(1).trimmed : line
    for word in headerWords where label.hasPrefixIgnoringCase(word) {
      var tail = label.dropFirst(word.count).trimmed
      if tail.first == 0x23 { tail = tail.dropFirst(1).trimmed }
      if !tail.isEmpty && tail.count <= 9 && tail.allSatisfy(isDigit) { return label.string }
    }
    return nil
  }

  /// `Name (SET) NUMBER` or `Name (SET)`, taking the last parenthesis as the set.
  private static func nameSetNumber(_ text: LineBytes) -> (LineBytes, LineBytes, LineBytes?)? {
    var head = text
    var number: LineBytes?
    if text.last != 0x29 {
      guard let space = text.lastIndex(where: isSpace) else { return nil }
      let tail = text.suffix(from: space + 1)
      guard isCollectorNumber(tail) else { return nil }
      number = tail
      head = text.prefix(upTo: space).trimmed
    }
    guard head.last == 0x29, let open = head.lastIndex(where: { $0 == 0x28 }) else { return nil }
    let set = head.suffix(from: open + 1).dropLast(1)
    guard isSetCode(set) else { return nil }
    let name = head.prefix(upTo: open).trimmed
    guard isName(name) else { return nil }
    return (name, set, number)
  }

  /// Two to six ASCII letters and digits, at least one a letter: `WAR`, `m21`, `pwar`.
  static func isSetCode(_ text: LineBytes) -> Bool {
    (2...6).contains(text.count) && text.allSatisfy { isDigit($0) || isLetter($0) } && text.contains(where: isLetter)
  }

  /// `Swamp`: an upper-case letter followed by lower-case ones, which in `Swamp 12` is a name
  /// rather than a set code (codes are written `WAR` or `war`).
  static func isCapitalizedWord(_ text: LineBytes) -> Bool {
    guard let first = text.first, first >= 0x41 && first <= 0x5A else { return false }
    return text.dropFirst(1).contains { $0 >= 0x61 && $0 <= 0x7A }
  }

  /// At most 16 bytes with no space, comma, parenthesis or bracket, starting with a digit or `★`,
  /// or ending with a digit (`100`, `221a`, `★12`, `A-12`).
  static func isCollectorNumber(_ text: LineBytes) -> Bool {
    guard (1...16).contains(text.count), !text.contains(where: isNumberForbidden) else { return false }
    return isDigit(text.first!) || text.hasPrefix(star) || isDigit(text.last!)
  }
  private static func isNumberForbidden(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x28, 0x29, 0x5B, 0x5D, 0x2C: true  // space, tab ( ) [ ] ,
    default: false
    }
  }

  /// A card name: has a letter, does not start with a digit, and has none of the characters a
  /// name never has (parentheses, brackets, braces, `<>;|=@`, tabs); no comma-separated part of
  /// it is a bare number (a CSV row pasted by mistake).
  static func isName(_ text: LineBytes) -> Bool {
    guard let first = text.first, !isDigit(first), text.count <= 600 else { return false }
    guard text.contains(where: { isLetter($0) || $0 >= 0x80 }) else { return false }
    guard !text.contains(where: isNameForbidden) else { return false }
    var partStart = text.lower
    for index in text.lower...text.upper where index == text.upper || text.base[index] == 0x2C {
      let part = LineBytes(text.base, partStart, index).trimmed
      if !part.isEmpty && part.allSatisfy(isDigit) { return false }
      partStart = index + 1
    }
    return true
  }
  private static func isNameForbidden(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x3C, 0x3E, 0x3B, 0x7C, 0x3D, 0x40, 0x09: true  // ()[]{}<>;|=@ tab
    default: false
    }
  }

  /// A token that was meant as a count but is not a positive whole number: `-1`, `1.5`, `2.0x`.
  private static func looksNumeric(_ token: LineBytes) -> Bool {
    var body = token
    if let last = body.last, last | 0x20 == 0x78 { body = body.dropLast(1) }
    guard let first = body.first, body.contains(where: isDigit) else { return false }
    return body.allSatisfy { isDigit($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2C } && (isDigit(first) || first == 0x2D)
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}

/// A range of a line's bytes, with the few operations the text list needs.
struct LineBytes {
  let base: UnsafeBufferPointer<UInt8>
  let lower: Int
  let upper: Int

  init(_ base: UnsafeBufferPointer<UInt8>) { self.init(base, 0, base.count) }
  init(_ base: UnsafeBufferPointer<UInt8>, _ lower: Int, _ upper: Int) {
    self.base = base
    self.lower = lower
    self.upper = upper
  }

  var isEmpty: Bool { lower >= upper }
  var count: Int { upper - lower }
  var first: UInt8? { isEmpty ? nil : base[lower] }
  var last: UInt8? { isEmpty ? nil : base[upper - 1] }

  var trimmed: LineBytes {
    var lower = lower
    var upper = upper
    while lower < upper && TextListLine.isSpace(base[lower]) { lower += 1 }
    while upper > lower && TextListLine.isSpace(base[upper - 1]) { upper -= 1 }
    return LineBytes(base, lower, upper)
  }

  func dropFirst(_ n: Int) -> LineBytes { LineBytes(base, min(lower + n, upper), upper) }
  func dropLast(_ n: Int) -> LineBytes { LineBytes(base, lower, max(upper - n, lower)) }
  /// The bytes before absolute index `index`.
  func prefix(upTo index: Int) -> LineBytes { LineBytes(base, lower, index) }
  /// The bytes from absolute index `index`.
  func suffix(from index: Int) -> LineBytes { LineBytes(base, index, upper) }

  func allSatisfy(_ test: (UInt8) -> Bool) -> Bool {
    for index in lower..<upper where !test(base[index]) { return false }
    return true
  }
  func contains(where test: (UInt8) -> Bool) -> Bool { !allSatisfy { !test($0) } }
  func reduce<T>(_ initial: T, _ next: (T, UInt8) -> T) -> T {
    var value = initial
    for index in lower..<upper { value = next(value, base[index]) }
    return value
  }
  /// Absolute index of the first byte passing `test`.
  func firstIndex(where test: (UInt8) -> Bool) -> Int? {
    for index in lower..<upper where test(base[index]) { return index }
    return nil
  }
  /// Absolute index of the last byte passing `test`.
  func lastIndex(where test: (UInt8) -> Bool) -> Int? {
    for index in (lower..<upper).reversed() where test(base[index]) { return index }
    return nil
  }

  func hasPrefix(_ bytes: [UInt8]) -> Bool {
    matches(bytes, at: lower, ignoringCase: false)
  }
  /// `bytes` are ASCII lower case.
  func hasPrefixIgnoringCase(_ bytes: [UInt8]) -> Bool {
    matches(bytes, at: lower, ignoringCase: true)
  }
  /// `bytes` are ASCII lower case.
  func hasSuffixIgnoringCase(_ bytes: [UInt8]) -> Bool {
    matches(bytes, at: upper - bytes.count, ignoringCase: true)
  }

  private func matches(_ bytes: [UInt8], at start: Int, ignoringCase: Bool) -> Bool {
    guard start >= lower, start + bytes.count <= upper else { return false }
    for offset in 0..<bytes.count {
      let here = ignoringCase ? Self.lowered(base[start + offset]) : base[start + offset]
      guard here == bytes[offset] else { return false }
    }
    return true
  }

  static func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

  /// The bytes as text (the line was checked to be valid UTF-8, and every cut is at an ASCII byte).
  var string: String { String(decoding: UnsafeBufferPointer(rebasing: base[lower..<upper]), as: UTF8.self) }
  var lowercasedString: String {
    String(decoding: (lower..<upper).map { Self.lowered(base[$0]) }, as: UTF8.self)
  }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
