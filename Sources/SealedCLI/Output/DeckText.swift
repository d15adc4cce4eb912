import SealedSupport
import SealedCards
import SealedDecks

/// The terminal form of a deck (`sealed deck show`): header, deck list, mana curve, types,
/// colours and the card picker.
enum DeckText {
  static func render(_ deck: Deck, terminal: Terminal) -> String {
    let pool = deck.pool
    let summary = DeckSummary(deck)
    var lines: [String] = []
    lines.append(terminal.bold("Deck \(deck.name) · \(pool.setName) (\(pool.set)) · pool \(deck.poolName), rules \(pool.rules), \(pool.provenance)"))
    let colors = summary.colorIdentity.isEmpty ? "colourless" : "colours \(summary.colorIdentity)"
    let ready = summary.size == Deck.targetSize ? " ✓" : ""
    lines.append("\(summary.sizeNote)\(ready) · \(counted(summary.lands, "land")) · \(colors)")

    let allCards = deck.choices
    let nameWidth = min(36, allCards.map(\.name.count).max() ?? 0)
    let costWidth = min(20, allCards.map(\.manaCost.count).max() ?? 0)

    lines.append("")
    lines.append(terminal.bold("Deck list (\(summary.size) cards, \(deck.cards.count) different)"))
    if deck.cards.isEmpty { lines.append("  (empty: add cards with 'sealed deck add \(deck.name) CARD')") }
    let copiesWidth = String(deck.cards.map(\.copies).max() ?? 1).count + 1
    for entry in deck.cards {
      let copies = "\(entry.copies)x"
      let card = entry.card
      lines.append(
        ("  " + String(repeating: " ", count: copiesWidth - copies.count) + copies + "  "
          + Terminal.pad(card.name, to: nameWidth) + "  " + Terminal.pad(card.manaCost, to: costWidth) + "  "
          + terminal.dim(card.typeLine)).trailingSpacesTrimmed)
    }

    lines.append("")
    let nonland = summary.curve.reduce(0, +)
    lines.append(terminal.bold("Mana curve (\(nonland) nonland cards by mana value)"))
    let most = summary.curve.max() ?? 0
    let scale = most > 30 ? 30.0 / Double(most) : 1
    for (label, count) in zip(DeckSummary.curveLabels, summary.curve) {
      let bar = String(repeating: "█", count: Int((Double(count) * scale).rounded(.up)))
      lines.append("  \(Terminal.pad(label, to: 2)) │\(bar)\(count > 0 ? " \(count)" : "")")
    }

    lines.append("")
    lines.append(terminal.bold("Types"))
    let typeWidth = summary.types.map(\.category.rawValue.count).max() ?? 0
    for (category, count) in summary.types {
      lines.append("  \(Terminal.pad(category.rawValue, to: typeWidth))  \(pad(count, 2))")
    }

    lines.append("")
    lines.append(terminal.bold("Colours (nonland cards; a card of two colours counts for both)"))
    let colorNames = ["W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"]
    for (color, count) in summary.colors {
      lines.append("  \(color)  \(Terminal.pad(colorNames[color] ?? color, to: 10))  \(pad(count, 2))")
    }
    lines.append("     \(Terminal.pad("colourless", to: 10))  \(pad(summary.colorless, 2))")

    lines.append("")
    let opened = pool.cards.filter { !$0.card.isUnlimited }
    let used = opened.filter { deck.copies(of: $0.card) > 0 }.count
    lines.append(terminal.bold("Card picker (\(opened.count) different cards opened, \(used) in the deck; ◆ in the deck, ◇ available)"))
    let numberWidth = allCards.map { ($0.collectorNumber ?? "-").count }.max() ?? 0
    let maxOpened = opened.map(\.copies).max() ?? 1
    let markWidth = max(maxOpened, 4)
    for card in allCards {
      let held = deck.copies(of: card)
      let mark: String
      var note = ""
      if let count = deck.opened(card) {
        mark = String(repeating: "◆", count: min(held, count)) + String(repeating: "◇", count: max(0, count - held))
        if held >= count { note = "  used up" }
      } else {
        mark = held > 0 ? "\(held)/∞" : "∞"
      }
      let number = card.collectorNumber ?? "-"
      let row =
        "  " + Terminal.pad(mark, to: markWidth) + "  " + terminal.rarity(card.rarity) + " "
        + String(repeating: " ", count: max(0, numberWidth - number.count)) + number + "  "
        + Terminal.pad(card.name, to: nameWidth) + "  " + Terminal.pad(card.manaCost, to: costWidth) + "  "
        + terminal.dim(card.typeLine) + note
      lines.append(held >= (deck.opened(card) ?? .max) ? terminal.dim(row.trailingSpacesTrimmed) : row.trailingSpacesTrimmed)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
