import Hummingbird
import SealedRules
import SealedDecks
import SealedSupport

/// The API of the Choose, Open, Build, Sample hand, Export and Saved decks screens
/// (docs/serve.md lists each route with its request and reply).
enum DeckRoutes {
  struct DeckRequest: Decodable, RequestFields {
    var deck: DeckReference
    static let fields = DraftFields.fields(under: "deck").merging(["": ["deck"]]) { $1 }
  }
  struct EditRequest: Decodable, RequestFields {
    var deck: DeckReference
    var card: String
    var change: String
    static let fields = DraftFields.fields(under: "deck").merging(["": ["deck", "card", "change"]]) { $1 }
  }
  struct HandRequest: Decodable, RequestFields {
    var deck: DeckReference
    /// Absent or blank: a random seed.
    var seed: BlankableSeed?
    /// London mulligans taken (absent: none): the hand is the seed's hand after them.
    var mulligans: Int?
    static let fields = DraftFields.fields(under: "deck").merging(["": ["deck", "seed", "mulligans"]]) { $1 }

    /// The mulligans asked for, 0 to `HandView.maximumMulligans`.
    func mulligansTaken() throws(APIError) -> Int {
      let taken = mulligans ?? 0
      guard (0...HandView.maximumMulligans).contains(taken) else {
        throw APIError.badRequest("mulligans \(taken): expected a whole number from 0 to \(HandView.maximumMulligans)")
      }
      return taken
    }
  }
  struct SaveRequest: Decodable, RequestFields {
    var deck: DraftReference
    var name: String
    static let fields = DraftFields.fields(under: "deck").merging(["": ["deck", "name"]]) { $1 }
  }
  struct DuplicateRequest: Decodable, RequestFields {
    var name: String
    var new: String
    static let fields = ["": ["name", "new"]]
  }
  /// `{"name": NAME}` deletes a deck, `{"name": NAME, "kind": "pool"}` a saved pool.
  struct DeleteRequest: Decodable, RequestFields {
    var name: String
    var kind: String?
    static let fields = ["": ["name", "kind"]]

    func libraryKind() throws(APIError) -> Library.Kind {
      switch kind ?? "deck" {
      case "deck": return .deck
      case "pool": return .pool
      case let other: throw APIError.badRequest("kind: expected \"deck\" or \"pool\", got \"\(other)\"")
      }
    }
  }

  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/api/catalog") { _, _ in
      let sets = try APIError.refusing { try Catalog.sets(of: state.plans.location, highestNumber: state.plans.highestNumber) }
      let decks = try await state.decks.listing()
      return Reply.json(Catalog(sets: sets, rule_sets: RuleSetLoader.builtInNames, products: state.products.listing(from: state.plans.location), decks: DeckListing.all(decks)))
    }
    router.get("/api/pools") { request, _ in
      Reply.json(try pools(request.uri.queryParameters, plans: state.plans))
    }
    router.post("/api/deck") { request, _ in
      let body = try await JSONBody.decode(DeckRequest.self, from: request)
      let deck = try await state.decks.deck(body.deck)
      if case .draft(var draft) = body.deck {
        draft.cards = deck.cards.map { DraftReference.Card(id: $0.card.label, copies: $0.copies) }
        return Reply.json(DeckView(deck, draft: draft))
      }
      return Reply.json(DeckView(deck, draft: nil))
    }
    router.post("/api/deck/edit") { request, _ in
      let body = try await JSONBody.decode(EditRequest.self, from: request)
      guard body.change == "add" || body.change == "remove" else {
        throw APIError.badRequest("change \"\(body.change)\": expected add or remove")
      }
      return Reply.json(try await state.decks.edit(body.deck, card: body.card, adding: body.change == "add"))
    }
    router.post("/api/deck/hand") { request, _ in
      let body = try await JSONBody.decode(HandRequest.self, from: request)
      let mulligans = try body.mulligansTaken()
      return Reply.json(try HandView(try await state.decks.deck(body.deck), seed: body.seed?.value ?? .random(), mulligans: mulligans))
    }
    router.post("/api/deck/export/:format") { request, context in
      let name = try context.parameters.require("format")
      guard let format = DeckExport(rawValue: name) else {
        throw APIError.notFound("no export \"\(name)\"; expected arena, tts or sheet")
      }
      let body = try await JSONBody.decode(DeckRequest.self, from: request)
      let file = try format.file(of: try await state.decks.deck(body.deck), imagesFolder: state.configuration.imagesFolder)
      return Reply.download(file.data, type: file.type, fileName: file.name)
    }
    addLibraryRoutes(to: router, state: state)
  }

  /// The saved decks: list, save a draft, duplicate, delete.
  static func addLibraryRoutes(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/api/decks") { _, _ in Reply.json(DeckListing.all(try await state.decks.listing())) }
    router.post("/api/decks/save") { request, _ in
      let body = try await JSONBody.decode(SaveRequest.self, from: request)
      return Reply.json(try await state.decks.save(body.deck, as: body.name), status: .created)
    }
    router.post("/api/decks/duplicate") { request, _ in
      let body = try await JSONBody.decode(DuplicateRequest.self, from: request)
      return Reply.json(try await state.decks.duplicate(body.name, as: body.new), status: .created)
    }
    router.post("/api/decks/delete") { request, _ in
      let body = try await JSONBody.decode(DeleteRequest.self, from: request)
      let kind = try body.libraryKind()
      try await state.decks.delete(body.name, kind: kind)
      return Reply.json(["deleted": body.name, "kind": kind.rawValue])
    }
  }

  /// `GET /api/pools?set=war&rules=sealed&seed=1&players=2`: the event's pools; without a
  /// seed, a random one (the reply names it, so the link can be made reproducible).
  static func pools(_ query: Parameters, plans: PlanCache) throws(APIError) -> PoolView {
    try requireEachOnce(query, of: ["set", "rules", "seed", "players", "booster_max"])
    // Codes are read in any case and echoed as the library writes them (`WAR`, `War-Draft`
    // named the deck war-War-Draft-1-p1).
    guard let set = query.get("set")?.lowercased() else { throw APIError.badRequest("expected ?set=CODE (and rules=, seed=, players=)") }
    let rules = query.get("rules")?.lowercased() ?? "sealed"
    let seed: SeedText
    if let text = query.get("seed"), !text.isEmpty {
      // Spaces around the digits are read as a body's seed reads them (` 42` was refused here).
      guard let value = SeedText.value(of: text) else { throw APIError.badRequest(SeedText.problem(text)) }
      seed = SeedText(value)
    } else {
      seed = .random()
    }
    let playersText = query.get("players") ?? "1"
    guard let players = Int(playersText), (1...DraftReference.maximumPlayers).contains(players) else {
      throw APIError.badRequest("players \"\(playersText)\": expected 1 to \(DraftReference.maximumPlayers)")
    }
    let boosterMax = try boosterRange(query.get("booster_max"))
    return PoolView(try plans.opening(set: set, rules: rules, boosterMax: boosterMax, seed: seed), rules: rules, boosterMax: boosterMax, players: players)
  }

  /// Refuses a parameter the route does not have, or one given twice (seed=1&seed=2 used 1).
  static func requireEachOnce(_ query: Parameters, of known: [String]) throws(APIError) {
    for (name, _) in query {
      let name = String(name)
      guard known.contains(name) else {
        throw APIError.badRequest("\(name): unknown parameter; expected \(known.joined(separator: ", "))")
      }
      let values = query.getAll(name)
      guard values.count == 1 else {
        throw APIError.badRequest("\(name) given \(values.count) times (\(values.joined(separator: ", "))); expected one value")
      }
    }
  }

  /// `booster_max` of a query: empty or absent for the set's own range, else a collector
  /// number of at least 1.
  static func boosterRange(_ text: String?) throws(APIError) -> Int? {
    guard let text, !text.isEmpty else { return nil }
    guard let value = Int(text), value >= 1, value <= Int32.max else {
      throw APIError.badRequest("Booster range \"\(excerpt(text))\": expected a collector number of at least 1, at most the set's highest (boosters draw from 1 to it)")
    }
    return value
  }
}
