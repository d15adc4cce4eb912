import Foundation
import SealedSupport
import SealedCards

/// A deck as a Tabletop Simulator saved object: the JSON that TTS loads from its
/// "Saved Objects" folder.
///
/// The object is one `DeckCustom` holding one `Card` per copy. Each distinct card is a
/// `CustomDeck` entry of its own (a 1 x 1 "sheet": the card's Scryfall `normal` image, front
/// face for double-faced cards), numbered from 1 in deck order; a card's `CardID` is that number
/// times 100 (the first and only card of its sheet), and copies repeat it. Every card carries its
/// name as `Nickname`, so TTS shows it on hover and in search.
package struct TabletopSimulatorDeck: Encodable, Sendable {
  /// Scryfall's image of the standard Magic card back (card back id
  /// 0aeebaf5-8c7d-4636-9e82-8c27447861f7, the `card_back_id` of every normal card).
  package static let cardBackURL =
    "https://backs.scryfall.io/normal/0/a/0aeebaf5-8c7d-4636-9e82-8c27447861f7.jpg"

  /// An object's position, rotation and scale, in TTS's field names: one unit above the table's
  /// centre, turned face down.
  package struct Transform: Encodable, Sendable {
    var posX = 0.0, posY = 1.0, posZ = 0.0
    var rotX = 0.0, rotY = 180.0, rotZ = 180.0
    var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
  }

  /// An object's tint (TTS's `ColorDiffuse`): the light grey TTS gives its cards.
  package struct Color: Encodable, Sendable {
    var r = 0.713235259, g = 0.713235259, b = 0.713235259
  }

  /// One image sheet: here always a single card (1 x 1).
  package struct CustomDeckEntry: Encodable, Sendable, Equatable {
    package var FaceURL: String
    package var BackURL: String
    package var NumWidth = 1
    package var NumHeight = 1
    package var BackIsHidden = true
    package var UniqueBack = false
    package var `Type` = 0
  }

  /// One copy of a card: a TTS `Card` object, its fields named as TTS's JSON names them and set to
  /// TTS's values, with the card's name (`Nickname`), cost and type (`Description`), `CardID` and sheet.
  package struct CardObject: Encodable, Sendable {
    package var GUID: String
    package var Name = "Card"
    package var Transform = TabletopSimulatorDeck.Transform()
    package var Nickname: String
    package var Description: String
    package var GMNotes = ""
    package var ColorDiffuse = Color()
    package var Locked = false
    package var Grid = true
    package var Snap = true
    package var Autoraise = true
    package var Sticky = true
    package var Tooltip = true
    package var GridProjection = false
    package var HideWhenFaceDown = true
    package var Hands = true
    package var CardID: Int
    package var SidewaysCard = false
    package var CustomDeck: [String: CustomDeckEntry]
    package var LuaScript = ""
    package var LuaScriptState = ""
    package var XmlUI = ""
  }

  /// The deck: a TTS `DeckCustom` object, its fields named as TTS's JSON names them, holding one
  /// `CardObject` per copy (`ContainedObjects`), their ids in the same order (`DeckIDs`) and every sheet.
  package struct DeckObject: Encodable, Sendable {
    package var GUID = "d00000"
    package var Name = "DeckCustom"
    package var Transform = TabletopSimulatorDeck.Transform()
    package var Nickname: String
    package var Description: String
    package var GMNotes = ""
    package var ColorDiffuse = Color()
    package var Locked = false
    package var Grid = true
    package var Snap = true
    package var Autoraise = true
    package var Sticky = true
    package var Tooltip = true
    package var GridProjection = false
    package var HideWhenFaceDown = true
    package var Hands = false
    package var SidewaysCard = false
    package var DeckIDs: [Int]
    package var CustomDeck: [String: CustomDeckEntry]
    package var LuaScript = ""
    package var LuaScriptState = ""
    package var XmlUI = ""
    package var ContainedObjects: [CardObject]
  }

  package var SaveName: String
  package var GameMode = ""
  package var Gravity = 0.5
  package var PlayArea = 0.5
  package var Date = ""
  package var Table = ""
  package var Sky = ""
  package var Note = ""
  package var Rules = ""
  package var XmlUI = ""
  package var LuaScript = ""
  package var LuaScriptState = ""
  package var TabStates: [String: String] = [:]
  package var VersionNumber = ""
  package var ObjectStates: [DeckObject]

  /// The saved object for `deck`, or an error for an empty deck.
  package init(_ deck: Deck) throws(DataError) {
    guard deck.size > 0 else { throw Deck.emptyRefusal(deck.name) }
    var customDeck: [String: CustomDeckEntry] = [:]
    var deckIDs: [Int] = []
    var cards: [CardObject] = []
    for (index, entry) in deck.cards.enumerated() {
      let sheet = index + 1
      let face = CustomDeckEntry(FaceURL: Self.imageURL(for: entry.card), BackURL: Self.cardBackURL)
      customDeck[String(sheet)] = face
      let description = [entry.card.manaCost, entry.card.typeLine].filter { !$0.isEmpty }.joined(separator: " · ")
      for _ in 0..<entry.copies {
        deckIDs.append(sheet * 100)
        cards.append(
          CardObject(
            GUID: String(format: "c%05x", cards.count + 1), Nickname: entry.card.name,
            Description: description, CardID: sheet * 100, CustomDeck: [String(sheet): face]))
      }
    }
    SaveName = deck.name
    ObjectStates = [
      DeckObject(
        Nickname: deck.name,
        Description: "\(deck.pool.setName) sealed deck, \(deck.size) cards (rules \(deck.pool.rules), seed \(deck.pool.seed))",
        DeckIDs: deckIDs, CustomDeck: customDeck, ContainedObjects: cards)
    ]
  }

  /// The card's Scryfall `normal` image (an address on Scryfall's retired image host made
  /// current, `ScryfallImage`). For a card the data has no image of: Scryfall's image request for
  /// its printing when it has a collector number; else (a basic land the set's card data has no
  /// printing of) Scryfall's documented named-card image request for the name alone, which
  /// redirects to its newest printing. Limited to the set, that request fails for a set without
  /// basic lands (a25), and the deck's lands would show no image in Tabletop Simulator.
  package static func imageURL(for card: PoolCard) -> String {
    if let number = card.collectorNumber, !number.isEmpty {
      guard let image = card.image, !image.isEmpty else { return ScryfallImage.request(set: card.set, number: number) }
      return ScryfallImage.current(image, set: card.set, number: number)
    }
    var components = URLComponents(string: "https://api.scryfall.com/cards/named")!
    components.queryItems = [
      URLQueryItem(name: "exact", value: card.name), URLQueryItem(name: "format", value: "image"),
      URLQueryItem(name: "version", value: "normal"),
    ]
    return components.string!
  }
}
