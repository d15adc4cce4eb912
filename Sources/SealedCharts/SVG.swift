/// A small SVG writer: elements with class names (colours live in the page's CSS, so dark
/// mode and print restyle every chart), real `<text>` elements, and coordinates written with at
/// most one decimal so that charts stay small. Appending is amortised O(length).
package struct SVG: Sendable {
  package let width: Double
  package let height: Double
  private var body = ""

  /// An empty drawing `width` by `height` units.
  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A coordinate or length as text: at most one decimal, no trailing ".0", no "-0".
  package static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
  }

  /// Escapes text for XML and HTML content and attribute values: `&`, `<`, `>`, `"` and `'`,
  /// byte by byte (a quote that a combining mark follows is one `Character` in Swift, and is
  /// escaped all the same). Cost: one pass over the bytes; text with nothing to escape, as
  /// most is, is returned as it is.
  package static func escape(_ text: String) -> String {
    let utf8 = text.utf8
    let needsEscape =
      utf8.withContiguousStorageIfAvailable { $0.contains(where: isSpecial) } ?? utf8.contains(where: isSpecial)
    guard needsEscape else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes += "&amp;".utf8
      case UInt8(ascii: "<"): bytes += "&lt;".utf8
      case UInt8(ascii: ">"): bytes += "&gt;".utf8
      case UInt8(ascii: "\""): bytes += "&quot;".utf8
      case UInt8(ascii: "'"): bytes += "&#39;".utf8
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
      || byte == UInt8(ascii: "'")
  }

  private static func attribute(_ name: String, _ value: String?) -> String {
    guard let value, !value.isEmpty else { return "" }
    return " \(name)=\"\(escape(value))\""
  }

  /// Appends a rectangle (negative sizes drawn as zero), with `title` as its tooltip when given.
  package mutating func rect(x: Double, y: Double, width: Double, height: Double, class name: String, title: String? = nil) {
    let open = "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" height=\"\(Self.number(max(height, 0)))\"\(Self.attribute("class", name))"
    body += title.map { "\(open)><title>\(Self.escape($0))</title></rect>" } ?? "\(open)/>"
  }

  /// Appends a line from (x1, y1) to (x2, y2).
  package mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: String) {
    body += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"\(Self.attribute("class", name))/>"
  }

  /// Appends a circle centred on (cx, cy) of radius `r`, with `title` as its tooltip when given.
  package mutating func circle(cx: Double, cy: Double, r: Double, class name: String, title: String? = nil) {
    let open = "<circle cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(r))\"\(Self.attribute("class", name))"
    body += title.map { "\(open)><title>\(Self.escape($0))</title></circle>" } ?? "\(open)/>"
  }

  /// A marker shape centred on (x, y) of half-size `r`: a diamond, a triangle or a square, for
  /// telling series apart without colour.
  package mutating func marker(_ shape: MarkerShape, x: Double, y: Double, r: Double, class name: String, title: String? = nil) {
    let points: [(Double, Double)]
    switch shape {
    case .circle:
      circle(cx: x, cy: y, r: r, class: name, title: title)
      return
    case .diamond: points = [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)]
    case .triangle: points = [(x, y - r * 1.2), (x + r * 1.2, y + r), (x - r * 1.2, y + r)]
    case .square: points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    }
    let text = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
    let open = "<polygon points=\"\(text)\"\(Self.attribute("class", name))"
    body += title.map { "\(open)><title>\(Self.escape($0))</title></polygon>" } ?? "\(open)/>"
  }

  /// Which point of a text `x` names: its start, middle or end (SVG's `text-anchor`).
  package enum Anchor: String, Sendable { case start, middle, end }

  /// Real, selectable text.
  package mutating func text(_ string: String, x: Double, y: Double, anchor: Anchor = .start, class name: String? = nil) {
    let anchorAttribute = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
    body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(anchorAttribute)\(Self.attribute("class", name))>\(Self.escape(string))</text>"
  }

  /// The finished `<svg>` element, accessible as an image named by `title` and described by
  /// `description` (both also real text for search).
  package func element(title: String, description: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\"><title>\(Self.escape(title))</title><desc>\(Self.escape(description))</desc>\(body)</svg>"
  }
}

/// The shapes `SVG.marker` draws.
package enum MarkerShape: Sendable { case circle, diamond, triangle, square }
