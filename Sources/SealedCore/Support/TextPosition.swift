import Foundation

/// Converts a byte offset in UTF-8 text into a 1-based line and column.
///
/// Cost: O(offset).
func lineAndColumn(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
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
func malformedJSONError(_ data: Data, source: String, expected: String) -> DataError {
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
  return DataError("malformed JSON; \(expected)", at: source)
}
