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
public struct TabletopSimulatorDeck: Encodable, Sendable {
  /// Scryfall's image of the standard Magic card back (card back id
  /// 0aeebaf5-8c7d-4636-9e82-8c27447861f7, the `card_back_id` of every normal card).
  public static let cardBackURL =
    "https://backs.scryfall.io/normal/0/a/0aeebaf5-8c7d-4636-9e82-8c27447861f7.jpg"

  /// An object's position, rotation and scale, in TTS's field names: one unit above the table's
  /// centre, turned face down.
  public struct Transform: Encodable, Sendable {
    var posX = 0.0, posY = 1.0, posZ = 0.0
    var rotX = 0.0, rotY = 180.0, rotZ = 180.0
    var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
  }

  /// An object's tint (TTS's `ColorDiffuse`): the light grey TTS gives its cards.
  public struct Color: Encodable, Sendable {
    var r = 0.713235259, g = 0.713235259, b = 0.713235259
  }

  /// One image sheet: here always a single card (1 x 1).
  public struct CustomDeckEntry: Encodable, Sendable, Equatable {
    public var FaceURL: String
    public var BackURL: String
    public var NumWidth = 1
    public var NumHeight = 1
    public var BackIsHidden = true
    public var UniqueBack = false
    public var `Type` = 0
  }

  /// One copy of a card: a TTS `Card` object, its fields named as TTS's JSON names them and set to
  /// TTS's values, with the card's name (`Nickname`), cost and type (`Description`), `CardID` and sheet.
  public struct CardObject: Encodable, Sendable {
    public var GUID: String
    public var Name = "Card"
    public var Transform = TabletopSimulatorDeck.Transform()
    public var Nickname: String
    public var Description: String
    public var GMNotes = ""
    public var ColorDiffuse = Color()
    public var Locked = false
    public var Grid = true
    public var Snap = true
    public var Autoraise = true
    public var Sticky = true
    public var Tooltip = true
    public var GridProjection = false
    public var HideWhenFaceDown = true
    public var Hands = true
    public var CardID: Int
    public var SidewaysCard = false
    public var CustomDeck: [String: CustomDeckEntry]
    public var LuaScript = ""
    public var LuaScriptState = ""
    public var XmlUI = ""
  }

  /// The deck: a TTS `DeckCustom` object, its fields named as TTS's JSON names them, holding one
  /// `CardObject` per copy (`ContainedObjects`), their ids in the same order (`DeckIDs`) and every sheet.
  public struct DeckObject: Encodable, Sendable {
    public var GUID = "d00000"
    public var Name = "DeckCustom"
    public var Transform = TabletopSimulatorDeck.Transform()
    public var Nickname: String
    public var Description: String
    public var GMNotes = ""
    public var ColorDiffuse = Color()
    public var Locked = false
    public var Grid = true
    public var Snap = true
    public var Autoraise = true
    public var Sticky = true
    public var Tooltip = true
    public var GridProjection = false
    public var HideWhenFaceDown = true
    public var Hands = false
    public var SidewaysCard = false
    public var DeckIDs: [Int]
    public var CustomDeck: [String: CustomDeckEntry]
    public var LuaScript = ""
    public var LuaScriptState = ""
    public var XmlUI = ""
    public var ContainedObjects: [CardObject]
  }

  public var SaveName: String
  public var GameMode = ""
  public var Gravity = 0.5
  public var PlayArea = 0.5
  public var Date = ""
  public var Table = ""
  public var Sky = ""
  public var Note = ""
  public var Rules = ""
  public var XmlUI = ""
  public var LuaScript = ""
  public var LuaScriptState = ""
  public var TabStates: [String: String] = [:]
  public var VersionNumber = ""
  public var ObjectStates: [DeckObject]

  /// The saved object for `deck`, or an error for an empty deck.
  public init(_ deck: Deck) throws(DataError) {
    guard deck.size > 0 else {
      throw DataError("deck \(deck.name) is empty; add cards with 'sealed deck add \(deck.name) CARD'")
    }
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
  /// current, `ScryfallImage`); for a card the data has no image of (a basic land of a partial
  /// set), Scryfall's documented named-card image request, which redirects to it.
  public static func imageURL(for card: PoolCard) -> String {
    if let image = card.image, !image.isEmpty, let number = card.collectorNumber {
      return ScryfallImage.current(image, set: card.set, number: number)
    }
    var components = URLComponents(string: "https://api.scryfall.com/cards/named")!
    components.queryItems = [
      URLQueryItem(name: "exact", value: card.name), URLQueryItem(name: "set", value: card.set),
      URLQueryItem(name: "format", value: "image"), URLQueryItem(name: "version", value: "normal"),
    ]
    return components.string!
  }
}
