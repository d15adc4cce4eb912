/// "1 card", "2 cards": a count and its noun, plural unless the count is 1 (English nouns that
/// take an "s"; the messages and tables that print counts of cards, lands, hands use it).
package func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
