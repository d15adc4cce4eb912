import SealedSupport
import SealedCards

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
    // A rule's event that counts the same cards as a lane above takes its place.
    for (index, event) in plan.events.enumerated() {
      let lane = Lane(name: event.name, planLane: index + 1, members: event.cards)
      if let same = candidates.firstIndex(where: { $0.planLane == nil && $0.members == event.cards }) {
        candidates[same] = lane
      } else {
        candidates.append(lane)
      }
    }
    var lanes: [Lane] = []
    var leftOut: [String] = []
    for lane in candidates {
      let countable = catalog.classOrdinals.allSatisfy { ordinals in
        ordinals.allSatisfy { lane.members.contains($0) } || ordinals.allSatisfy { !lane.members.contains($0) }
      }
      if !countable {
        leftOut.append("\(lane.name): the file does not tell its cards apart (\(catalog.identity.rawValue) only)")
      } else if lanes.count == 64 {
        leftOut.append("\(lane.name): more than 64 lanes")
      } else {
        lanes.append(lane)
      }
    }
    self.lanes = lanes
    self.leftOut = leftOut
    classMasks = catalog.classOrdinals.map { ordinals in
      var mask: UInt64 = 0
      for (index, lane) in lanes.enumerated() where lane.members.contains(ordinals[0]) { mask |= 1 << UInt64(index) }
      return mask
    }
  }
}
