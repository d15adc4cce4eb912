import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

/// The terminal form of an opened pool: each booster, the top cards, then the pool by card.
enum PoolText {
  static func render(_ pool: OpenedPool, plan: BoosterPlan, seed: UInt64, terminal: Terminal) -> String {
    var lines: [String] = []
    lines.append(terminal.bold("\(plan.setName) (\(plan.setCode)) · rules: \(plan.rulesName) · seed \(seed)"))
    var summary = "\(pool.boosters.count) boosters of \(pool.boosters.first?.count ?? 0) cards"
    if let mythic = pool.mythicBooster { summary += " · booster \(mythic + 1) is the mythic booster" }
    lines.append(summary)
    let allCards = pool.boosters.joined().map(\.card)
    let nameWidth = min(40, allCards.map(\.name.count).max() ?? 0)
    let costWidth = min(24, allCards.map(\.manaCost.count).max() ?? 0)
    let numberWidth = allCards.map(\.collectorNumber.text.count).max() ?? 0

    // A foil card has "*" after its rarity letter.
    func line(_ card: Card, foil: Bool, prefix: String = "") -> String {
      let number = String(repeating: " ", count: max(0, numberWidth - card.collectorNumber.text.count))
        + card.collectorNumber.text
      let name = Terminal.pad(card.name, to: nameWidth)
      let cost = Terminal.pad(card.manaCost, to: costWidth)
      return "  \(prefix)\(terminal.rarity(card.rarity))\(foil ? "*" : " ")\(number)  \(name)  \(cost)  \(terminal.dim(card.typeLine))"
        .trailingSpacesTrimmed
    }

    for (index, booster) in pool.boosters.enumerated() {
      lines.append("")
      let mark = pool.mythicBooster == index ? " (mythic booster)" : ""
      lines.append(terminal.bold("Booster \(index + 1)\(mark)"))
      lines += booster.map { line($0.card, foil: $0.foil) }
    }
    lines.append("")
    lines.append(terminal.bold("Top cards (\(pool.topCards.count))"))
    lines += pool.topEntries.map { line($0.card, foil: $0.foil) }
    lines.append("")
    let grouped = pool.cardsWithCopies
    lines.append(terminal.bold("Pool (\(allCards.count) cards, \(grouped.count) different)"))
    let copiesWidth = String(grouped.map(\.copies).max() ?? 1).count + 1
    lines += grouped.map { entry in
      let copies = "\(entry.copies)x"
      return line(entry.card, foil: entry.foil, prefix: String(repeating: " ", count: copiesWidth - copies.count + 1) + copies + " ")
    }
    lines.append("")
    let foils = pool.boosters.joined().contains { $0.foil }
    lines.append("Rarity: C common, U uncommon, R rare, M mythic\(foils ? "; * foil" : "").")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  var trailingSpacesTrimmed: String {
    String(reversed().drop(while: { $0 == " " }).reversed())
  }
}
