/// `text` in double quotes for an error message, cut after `limit` characters with what was
/// left out said ("…" and the whole length), so that a file's text quoted in an error (a rule
/// file that is one long line, a spec path naming some other file) gives one readable line.
/// Line breaks become spaces. Cost: at most `limit` characters copied, one count of the rest.
package func quotedExcerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
  let flat = { (part: Substring) in part.replacing("\r\n", with: " ").replacing("\n", with: " ").replacing("\r", with: " ") }
  let head = text.prefix(limit + 1)
  guard head.count > limit else { return "\"\(flat(Substring(head)))\"" }
  return "\"\(flat(Substring(head.prefix(limit))))…\" (\(text.count) characters)"
}
