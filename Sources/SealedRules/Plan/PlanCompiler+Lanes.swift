import SealedSupport
import SealedCards

/// The last phases of a compilation: the counting lanes (rule events and spec claims about
/// counted cards) and the renumbering of foil finishes.
extension CompileContext {
  /// Phase 5: each rule event as a counting lane, with the cards it counts (a sheet's or a
  /// filter's; foil finishes numbered `cards.count + ordinal` until phase 7) and the kinds it is
  /// counted in. Throws on an unknown sheet or kind, or a filter with no booster range.
  /// Cost: O(events × cards), sheets cached.
  mutating func ruleEventLanes() throws(DataError) -> [PlanEvent] {
    var events: [PlanEvent] = []
    for event in layer.events {
      let ordinals: Set<Int>
      switch event.cards {
      case .sheet(let name):
        ordinals = Set(try sheetCards(name, location: event.location).map(\.ordinal))
      case .filter(let filter):
        if filter == CardFilter() {
          // Any card (`foil: { foil: true }`): every card, inside the booster range or not.
          ordinals = Set(cards.indices.map { event.foil ? cards.count + $0 : $0 })
        } else {
          try requireRange()
          ordinals = Set(filterable.filter { filter.matches(cards[$0]) }.map { event.foil ? cards.count + $0 : $0 })
        }
      }
      var givenKinds: [Int] = []
      var givenAny = false
      for name in event.given ?? kinds {
        if name == "any" {
          givenAny = true
        } else if let kind = kinds.firstIndex(of: name) {
          givenKinds.append(kind)
        } else {
          throw DataError(
            "event \"\(event.name)\": unknown booster kind \"\(name)\"; expected \((kinds + ["any"]).joined(separator: ", "))",
            at: event.location)
        }
      }
      var planEvent = PlanEvent(name: event.name, cards: ordinals, givenKinds: givenKinds, givenAny: givenAny, isReported: true)
      if case .filter(let filter) = event.cards, filter != CardFilter() { planEvent.byCardData = true }
      events.append(planEvent)
    }
    return events
  }

  /// Phase 6: the spec's claims for this set, each with its lane (1-based into `events`) when
  /// it counts cards per booster, or why it does not apply to these rules. A claim shares the
  /// lane of a rule event counting the same cards, or gets a lane of its own that reports do
  /// not list (appended to `events`). Throws on an odds claim naming an unknown sheet or slot
  /// (unless the spec's `misfitClaimsFail`: then that is the claim's problem), or a filter with
  /// no booster range. Cost: O(claims × (cards + events)).
  mutating func specClaimLanes(
    independentBoosters: Bool, events: inout [PlanEvent]
  ) throws(DataError) -> SpecClaimLanes {
    let claims = spec?.claims(for: set.code) ?? []
    var claimLanes: [Int?] = []
    var claimProblems: [String?] = []
    for claim in claims {
      switch claim.kind {
      case .mythicPosition where independentBoosters:
        claimLanes.append(nil)
        claimProblems.append("rules \"\(rules.name)\" have independent boosters: no mythic booster, so no position")
        continue
      case .odds(let odds, _):
        if spec?.misfitClaimsFail == true, let misfit = misfit(odds) {
          // A claim the rules no longer fit fails as one that cannot hold.
          claimLanes.append(nil)
          claimProblems.append(misfit)
        } else {
          claimLanes.append(try oddsLane(odds, claim: claim, events: &events))
          claimProblems.append(nil)
        }
        continue
      default:
        break
      }
      guard let (filter, given) = claim.countedCards else {
        claimLanes.append(nil)
        claimProblems.append(nil)
        continue
      }
      guard given.isAvailable(in: kinds) else {
        claimLanes.append(nil)
        claimProblems.append(
          "rules \"\(rules.name)\" have no \(given) (their boosters: \(kinds.joined(separator: ", ")))")
        continue
      }
      claimProblems.append(nil)
      try requireRange()
      let ordinals = Set(filterable.filter { filter.matches(cards[$0]) })
      if let index = events.firstIndex(where: { $0.cards == ordinals }) {
        claimLanes.append(index + 1)
      } else {
        var lane = PlanEvent(name: "spec: \(claim.name)", cards: ordinals, givenKinds: [], givenAny: false, isReported: false)
        lane.byCardData = true
        events.append(lane)
        claimLanes.append(events.count)
      }
    }
    return SpecClaimLanes(claims: claims, lanes: claimLanes, problems: claimProblems)
  }

  /// Throws when the rule events and spec claims need more than the engine's 15 counting lanes
  /// (lane 0 counts mythics). Cost: O(1).
  func requireLaneRoom(_ events: [PlanEvent]) throws(DataError) {
    guard events.count <= 15 else {
      throw DataError(
        "at most 15 counted events (rule events and spec claims about counted cards), found \(events.count)",
        at: rules.source)
    }
  }

  /// Phase 7: foil finishes were numbered `cards.count + ordinal` while compiling; only the ones
  /// some sheet holds get a place, in collector-number order after the non-foil cards. Renumbers
  /// the plan's sheets and `events` and returns the plan's cards (the non-foil cards, then those
  /// foil finishes). Cost: O(sheet entries + event cards).
  mutating func renumberFoilFinishes(events: inout [PlanEvent]) -> [Card] {
    let foilBases = Set(planSheets.flatMap(\.cards).filter { $0 >= cards.count }).sorted()
    var foilOrdinal: [Int: Int] = [:]
    for (rank, virtual) in foilBases.enumerated() { foilOrdinal[virtual] = cards.count + rank }
    func renumber(_ ordinal: Int) -> Int? { ordinal < cards.count ? ordinal : foilOrdinal[ordinal] }
    planSheets = planSheets.map { sheet in
      var renumbered = PlanSheet(name: sheet.name, cards: sheet.cards.map { renumber($0)! }, weights: sheet.weights)
      renumbered.balance = sheet.balance
      return renumbered
    }
    events = events.map { event in
      var renumbered = PlanEvent(
        name: event.name, cards: Set(event.cards.compactMap(renumber)), givenKinds: event.givenKinds,
        givenAny: event.givenAny, isReported: event.isReported)
      renumbered.byCardData = event.byCardData
      return renumbered
    }
    return cards + foilBases.map { cards[$0 - cards.count] }
  }
}

/// A spec's claims for one set, with (by index) each claim's counting lane (1-based, nil when it
/// counts no cards per booster) and why it does not apply to the rules (nil when it does).
struct SpecClaimLanes {
  var claims: [SpecClaim]
  var lanes: [Int?]
  var problems: [String?]
}
