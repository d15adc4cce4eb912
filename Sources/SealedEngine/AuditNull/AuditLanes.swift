import SealedSupport
import SealedCards
import SealedRules

/// What an audit counts per booster besides the cards: the number of cards of each *lane*
/// (mythics, each rarity, foils, the rules' events and spec claims) in each booster.
///
/// A lane is counted only when each audit class lies wholly inside or outside it: a file that
/// names cards without their finish cannot count foils, for instance. At most 64 lanes.
package struct AuditLanes: Sendable {
  package struct Lane: Sendable {
    package let name: String
    /// The plan's lane for it (0 mythics, i + 1 event i), when the plan counts it too.
    package let planLane: Int?
    /// Member ordinals.
    package let members: Set<Int>
  }

  package let lanes: [Lane]
  /// Per class: bit i set when the class belongs to lane i.
  package let classMasks: [UInt64]
  /// Lanes left out, and why.
  package let leftOut: [String]
  /// Per lane: the first lane with the same members (itself when none comes before), so that a
  /// spec's claim and a rule's check counting the same cards are known to test the same lane.
  package let canonical: [Int]

  /// For rules without events of their own beyond foils (mtg.wtf's products, whose one event is
  /// the foil, and the built-in `mtgwtf`; a spec's claims do not count), a lane per sheet that some of the rules' programs draw and others do
  /// not, all of whose cards no other sheet holds: a booster holds one of them exactly when its
  /// program draws the sheet, so the lane's share tests the mix of the variants (war's
  /// planeswalker uncommon in 3,680 of 4,840 draft boosters), which would otherwise go untested.
  /// Rules with events name what they claim of their variants themselves (`sealed`, `retail`:
  /// the planeswalker uncommon).
  static func variantSheetLanes(_ plan: BoosterPlan) -> [Lane] {
    let foils = Set(plan.firstFoilOrdinal..<plan.cards.count)
    guard !plan.events.contains(where: { $0.isReported && $0.cards != foils }) else { return [] }
    let programs = plan.programs.flatMap { $0 }
    var sheetsHolding: [Int: Int] = [:]
    for sheet in plan.sheets {
      for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 { sheetsHolding[ordinal, default: 0] += 1 }
    }
    var lanes: [Lane] = []
    for (index, sheet) in plan.sheets.enumerated() {
      let drawing = programs.filter { $0.contains { $0.sheet == index && $0.count > 0 } }.count
      guard drawing > 0 && drawing < programs.count else { continue }
      let members = Set(sheet.cards.enumerated().filter { sheet.weights[$0.offset] > 0 }.map(\.element))
      guard !members.isEmpty, members.allSatisfy({ sheetsHolding[$0] == 1 }) else { continue }
      lanes.append(Lane(name: "a card of sheet \(sheet.name)", planLane: nil, members: members))
    }
    return lanes
  }

  /// A rule's event over cards the file cannot tell from others (a planeswalker uncommon of the
  /// uncommon slot, when the file does not say which copy is foil): the event's cards with every
  /// card the file names alike, whose share the rules still give exactly. Nil when that is every
  /// card (nothing to test).
  static func widened(_ lane: Lane, catalog: AuditCatalog) -> Lane? {
    var members = lane.members
    for ordinals in catalog.classOrdinals where ordinals.contains(where: lane.members.contains) { members.formUnion(ordinals) }
    guard members.count < catalog.plan.cards.count else { return nil }
    let alike = catalog.identity == .name ? "by name (any printing or finish)" : "in any finish"
    return Lane(name: "\(lane.name) \(alike)", planLane: nil, members: members)
  }

  package init(catalog: AuditCatalog) {
    let plan = catalog.plan
    var candidates: [Lane] = []
    func rarity(_ rarity: Rarity) -> Set<Int> { Set(plan.cards.indices.filter { plan.cards[$0].rarity == rarity }) }
    candidates.append(Lane(name: "a mythic rare", planLane: 0, members: rarity(.mythic)))
    candidates.append(Lane(name: "a rare", planLane: nil, members: rarity(.rare)))
    candidates.append(Lane(name: "an uncommon", planLane: nil, members: rarity(.uncommon)))
    candidates.append(Lane(name: "a common", planLane: nil, members: rarity(.common)))
    if plan.hasFoils {
      candidates.append(Lane(name: "a foil", planLane: nil, members: Set(plan.firstFoilOrdinal..<plan.cards.count)))
    }
    // A rule's event that counts the same cards as a lane above takes its place; a spec's claim
    // is a lane of its own, so that the rules' check of those cards stays (joined to the
    // claim's row when both test the same share).
    for (index, event) in plan.events.enumerated() {
      let lane = Lane(name: event.name, planLane: index + 1, members: event.cards)
      if event.isReported, let same = candidates.firstIndex(where: { $0.planLane == nil && $0.members == event.cards }) {
        candidates[same] = lane
      } else {
        candidates.append(lane)
      }
    }
    // Last, so that the rules' and the spec's own lanes come first should there be more than 64.
    // A spec's claim about the same cards does not take a variant sheet's place: the claim may
    // allow a range where the rules fix the share.
    let variantLanes = Self.variantSheetLanes(plan)
    func isRulesLane(_ lane: Lane) -> Bool { (lane.planLane ?? 0) == 0 || plan.events[lane.planLane! - 1].isReported }
    for lane in variantLanes where !candidates.contains(where: { $0.members == lane.members && isRulesLane($0) }) {
      candidates.append(lane)
    }
    var lanes: [Lane] = []
    var leftOut: [String] = []
    var widened: [Lane] = []
    let sheetLanes = Set(variantLanes.map(\.name))
    for lane in candidates {
      let countable = catalog.classOrdinals.allSatisfy { ordinals in
        ordinals.allSatisfy { lane.members.contains($0) } || ordinals.allSatisfy { !lane.members.contains($0) }
      }
      if !countable && sheetLanes.contains(lane.name) {
        continue  // a variant's sheet the file cannot tell apart: nothing the rules claim is lost
      } else if !countable, (lane.planLane ?? 0) > 0 && isRulesLane(lane), let wide = Self.widened(lane, catalog: catalog) {
        leftOut.append("\(lane.name): the file does not tell its cards apart (\(catalog.identity.rawValue) only); \(wide.name) is counted instead")
        widened.append(wide)
      } else if !countable {
        leftOut.append("\(lane.name): the file does not tell its cards apart (\(catalog.identity.rawValue) only)")
      } else if lanes.count == 64 && sheetLanes.contains(lane.name) {
        continue  // beyond the lanes an audit counts; the sheet's own frequencies are still tested
      } else if lanes.count == 64 {
        leftOut.append("\(lane.name): more than 64 lanes")
      } else {
        lanes.append(lane)
      }
    }
    for lane in widened where !lanes.contains(where: { $0.members == lane.members }) {
      if lanes.count == 64 { leftOut.append("\(lane.name): more than 64 lanes") } else { lanes.append(lane) }
    }
    self.lanes = lanes
    self.leftOut = leftOut
    canonical = lanes.indices.map { index in lanes.firstIndex { $0.members == lanes[index].members }! }
    classMasks = catalog.classOrdinals.map { ordinals in
      var mask: UInt64 = 0
      for (index, lane) in lanes.enumerated() where lane.members.contains(ordinals[0]) { mask |= 1 << UInt64(index) }
      return mask
    }
  }
}
