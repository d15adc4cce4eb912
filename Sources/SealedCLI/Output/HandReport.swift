import SealedSupport
import SealedCards
import SealedStats
import SealedDecks
import SealedJobs

/// What `sealed hand` prints: the sample hands, then the exact odds.
struct HandReport {
  let deck: Deck
  let seed: UInt64
  let lands: Int
  let hands: [[PoolCard]]
  /// P(k lands in the opening hand), k = 0...7.
  let opening: [Double]
  let table: [OpeningHandOdds.Cell]
  let odds: OpeningHandOdds

  /// The report of a hand job's outcome.
  init(job: HandJob, outcome: HandJob.Outcome) {
    deck = job.deck
    seed = job.seed
    lands = job.lands
    hands = outcome.hands
    opening = outcome.opening
    table = outcome.table
    odds = job.odds
  }

  func text(terminal: Terminal) -> String {
    var lines: [String] = []
    lines.append(terminal.bold("Deck \(deck.name): \(counted(deck.size, "card")), \(counted(lands, "land")) · seed \(seed)"))
    let nameWidth = min(36, hands.joined().map(\.name.count).max() ?? 0)
    for (index, hand) in hands.enumerated() {
      let handLands = hand.filter(\.isLand).count
      lines.append("")
      lines.append(terminal.bold("Hand \(index + 1) (\(handLands) land\(handLands == 1 ? "" : "s"))"))
      for card in hand {
        lines.append(
          ("  " + Terminal.pad(card.name, to: nameWidth) + "  " + Terminal.pad(card.manaCost, to: 14) + "  "
            + terminal.dim(card.typeLine)).trailingSpacesTrimmed)
      }
    }
    if hands.count > 1 {
      let average = Double(hands.joined().filter(\.isLand).count) / Double(hands.count)
      let expected = Double(odds.handSize * lands) / Double(deck.size)
      lines.append("")
      lines.append(
        "\(hands.count) hands: \(Self.decimal(average)) lands on average (expected \(Self.decimal(expected)))")
    }

    lines.append("")
    lines.append(
      terminal.bold(
        "Lands in the opening hand (exact: hypergeometric, \(counted(deck.size, "card")) of which \(counted(lands, "land")), \(odds.handSize) drawn)"))
    for (k, probability) in opening.enumerated() {
      let bar = String(repeating: "█", count: Int((probability * 40).rounded()))
      lines.append("  \(k)  \(Self.percent(probability))  \(bar)".trailingSpacesTrimmed)
    }

    lines.append("")
    lines.append(terminal.bold("At least k lands by turn T (cards seen: on the play 7 + T - 1, on the draw 7 + T)"))
    let turns = Array(Set(table.map(\.turn))).sorted()
    var header = "  k  "
    var subheader = "     "
    for turn in turns {
      header += Terminal.pad("     turn \(turn)", to: 20)
      subheader += "    play      draw  "
    }
    lines.append(header.trailingSpacesTrimmed)
    lines.append(subheader.trailingSpacesTrimmed)
    for k in Array(Set(table.map(\.lands))).sorted() {
      var row = "  \(k)  "
      for turn in turns {
        guard let cell = table.first(where: { $0.lands == k && $0.turn == turn }) else { continue }
        row += Self.percent(cell.onThePlay) + "  " + Self.percent(cell.onTheDraw) + "  "
      }
      lines.append(row.trailingSpacesTrimmed)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `  32.30 %`, `< 0.01 %`, `100.00 %`: eight characters.
  static func percent(_ probability: Double) -> String { OpeningHandOdds.percentText(probability) }

  static func decimal(_ value: Double) -> String { String(format: "%.2f", value) }

  struct JSON: Encodable {
    struct Card: Encodable {
      let set: String
      let collector_number: String?
      let name: String
      let mana_cost: String
      let type_line: String
      let land: Bool
    }

    struct Hand: Encodable {
      let lands: Int
      let cards: [Card]
    }

    struct Opening: Encodable {
      let lands: Int
      let probability: Double
    }

    struct AtLeast: Encodable {
      let lands: Int
      let turn: Int
      let cards_seen_on_the_play: Int
      let cards_seen_on_the_draw: Int
      let on_the_play: Double
      let on_the_draw: Double
    }

    let deck: String
    let seed: UInt64
    let deck_size: Int
    let lands: Int
    let hand_size: Int
    let hands: [Hand]
    let opening_hand: [Opening]
    let at_least: [AtLeast]
  }

  var json: JSON {
    JSON(
      deck: deck.name, seed: seed, deck_size: deck.size, lands: lands, hand_size: odds.handSize,
      hands: hands.map { hand in
        JSON.Hand(
          lands: hand.filter(\.isLand).count,
          cards: hand.map {
            JSON.Card(
              set: $0.set, collector_number: $0.collectorNumber, name: $0.name, mana_cost: $0.manaCost,
              type_line: $0.typeLine, land: $0.isLand)
          })
      },
      opening_hand: opening.enumerated().map { JSON.Opening(lands: $0, probability: $1) },
      at_least: table.map {
        JSON.AtLeast(
          lands: $0.lands, turn: $0.turn, cards_seen_on_the_play: odds.cardsSeen(byTurn: $0.turn, onThePlay: true),
          cards_seen_on_the_draw: odds.cardsSeen(byTurn: $0.turn, onThePlay: false), on_the_play: $0.onThePlay,
          on_the_draw: $0.onTheDraw)
      })
  }
}
