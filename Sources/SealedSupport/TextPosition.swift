import Foundation

/// Converts a byte offset in UTF-8 text into a 1-based line and column.
///
/// Cost: O(offset).
package func lineAndColumn(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
  var line = 1
  var column = 1
  for (index, byte) in bytes.enumerated() {
    if index >= offset { break }
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }
  return (line, column)
}

/// A one-line error for JSON that does not parse, at the line and column where it stops being
/// valid (JSONSerialization reports a character offset); `expected` says what the file should be.
///
/// `detail` is the decoder's own description, used when the text does parse as JSON (a number
/// too large for its field, for instance): the error then names the line and column of the
/// number it quotes, if any. With `wholeNumbersOnly` (a file whose every number is whole but
/// those of `fractionalKeys`), the first number written with a fraction or an exponent is
/// named, line, column and field, as JSONDecoder names nothing of it.
package func malformedJSONError(
  _ data: Data, source: String, expected: String, detail: String? = nil, wholeNumbersOnly: Bool = false,
  fractionalKeys: Set<String> = [], unsignedKeys: Set<String> = []
) -> DataError {
  do {
    _ = try JSONSerialization.jsonObject(with: data)
  } catch {
    let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    if let range = text.range(of: "character "),
      let offset = Int(text[range.upperBound...].prefix(while: \.isNumber))
    {
      let (line, column) = lineAndColumn(ofOffset: offset, in: data)
      let problem = text.components(separatedBy: " around").first ?? text
      return DataError(
        "malformed JSON (\(problem.lowercased())); \(expected)",
        at: DataError.location(source, line: line, column: column))
    }
    return DataError("malformed JSON (\(text)); \(expected)", at: source)
  }
  if let number = firstOutOfRangeInteger(in: data, unsignedKeys: unsignedKeys) {
    let (line, column) = lineAndColumn(ofOffset: number.offset, in: data)
    return DataError(
      "\(number.fieldLabel)\(number.text) is out of range (expected a whole number from \(Int.min) to \(Int.max)); \(expected)",
      at: DataError.location(source, line: line, column: column))
  }
  // Foundation says only "not valid JSON" of a number that does not fit an integer field: a
  // negative one where the field is unsigned (a saved pool's "seed": -1) too.
  if let number = JSONNumberToken.first(in: data, onlyKeys: unsignedKeys, where: { text, _ in text.hasPrefix("-") && text != "-0" }) {
    let (line, column) = lineAndColumn(ofOffset: number.offset, in: data)
    return DataError(
      "\(number.fieldLabel)\(number.text) is out of range (expected a whole number from 0 to \(UInt64.max)); \(expected)",
      at: DataError.location(source, line: line, column: column))
  }
  if wholeNumbersOnly, let number = firstNonWholeNumber(in: data, fractional: fractionalKeys) {
    let (line, column) = lineAndColumn(ofOffset: number.offset, in: data)
    return DataError("\(number.fieldLabel)\(number.text) is not a whole number; \(expected)", at: DataError.location(source, line: line, column: column))
  }
  if let detail { return DataError("\(detail); \(expected)", at: source) }
  return DataError("malformed JSON; \(expected)", at: source)
}

/// The first integer literal of JSON text that does not fit an `Int`, with its byte offset and
/// the key it is the value of (if it is a member's value). Cost: O(bytes).
/// A value of one of `unsignedKeys` (a seed) that fits a `UInt64` is in range, above `Int.max` too.
func firstOutOfRangeInteger(in data: Data, unsignedKeys: Set<String> = []) -> JSONNumberToken? {
  JSONNumberToken.first(in: data) { text, key in
    guard !text.contains(where: { ".eE".contains($0) }), Int(text) == nil else { return false }
    return !(key.map(unsignedKeys.contains) ?? false) || UInt64(text) == nil
  }
}

/// The first number of `data` that is not written as a whole number (a fraction or an
/// exponent: `1.5`, `1e23`), where its key is, when it has one, outside the keys `fractional`
/// (fields whose numbers may have a fraction).
func firstNonWholeNumber(in data: Data, fractional: Set<String> = []) -> JSONNumberToken? {
  JSONNumberToken.first(in: data, skippingKeys: fractional) { text, _ in text.contains(where: { ".eE".contains($0) }) }
}
