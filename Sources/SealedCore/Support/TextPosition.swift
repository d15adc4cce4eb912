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
