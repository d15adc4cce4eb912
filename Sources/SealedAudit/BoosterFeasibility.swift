import SealedSupport
import SealedEngine
import SealedRules

/// Whether a booster's cards could have come out of the rules, and of which booster kinds.
///
/// A booster (its cards as audit classes, with copies) is possible under a program (one kind's
/// variant combination) when its cards can be assigned to the program's draws: each draw takes
/// exactly its count of cards from its sheet, a distinct draw takes each card at most once, and
/// a colour-balanced draw holds a card of each of W, U, B, R and G. That is a flow problem,
/// solved exactly by augmenting paths. The order in which a file lists a booster's cards is not
/// used (17lands' data has none, and people list packs in any order).
///
/// Cost: per booster and program, O(cards × edges) with about 16 cards and 100 edges; the first
/// possible combination of each kind ends that kind's search.
package struct BoosterFeasibility: Sendable {
  struct Draw: Sendable {
    let sheetName: String
    let count: Int
    /// By class: at most how many copies the draw can take (0: none).
    let capacity: [Int32]
    /// For a balanced draw, by class: the colour groups (bits 0-4) it can fill.
    let groups: [UInt8]?
  }

  struct Program: Sendable {
    let kind: Int
    let draws: [Draw]
    let size: Int
  }

  let programs: [Program]
  let kindNames: [String]
  /// The classes some draw of some program can hold.
  let placeable: Set<Int>

  /// The numbers of cards a booster can hold under the rules.
  package let possibleSizes: Set<Int>

  package init(catalog: AuditCatalog) {
    let plan = catalog.plan
    var programs: [Program] = []
    var placeable = Set<Int>()
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        let draws = program.map { draw -> Draw in
          let sheet = plan.sheets[draw.sheet]
          var capacity = [Int32](repeating: 0, count: catalog.classCount)
          for (index, ordinal) in sheet.cards.enumerated() where sheet.weights[index] > 0 {
            capacity[catalog.classOfOrdinal[ordinal]] += 1
          }
          for cls in capacity.indices where capacity[cls] > 0 {
            placeable.insert(cls)
            if !draw.distinct { capacity[cls] = Int32(draw.count) }
          }
          var groups: [UInt8]? = nil
          if let balance = sheet.balance, draw.count >= 5 {
            var masks = [UInt8](repeating: 0, count: catalog.classCount)
            for group in 0..<5 {
              for index in balance.groupStarts[group]..<balance.groupStarts[group + 1] where sheet.weights[index] > 0 {
                masks[catalog.classOfOrdinal[sheet.cards[index]]] |= 1 << group
              }
            }
            groups = masks
          }
          return Draw(sheetName: sheet.name, count: draw.count, capacity: capacity, groups: groups)
        }
        programs.append(Program(kind: kind, draws: draws, size: program.reduce(0) { $0 + $1.count }))
      }
    }
    self.programs = programs
    self.placeable = placeable
    kindNames = plan.kinds
    possibleSizes = Set(programs.map(\.size))
  }

  /// What the rules say about one booster.
  package struct Verdict: Sendable, Equatable {
    /// The kinds of booster it can be (empty: none, the booster is impossible).
    package let kinds: [Int]
    /// Why it is impossible, naming the cards; nil when possible.
    package let problem: String?
  }

  /// Judges a booster given as (class, copies) pairs with distinct classes. An impossible
  /// booster is explained by the programs that place the most of its cards: one, or the first
  /// two that differ in what they say (a foil in an uncommon's place: as drawn without a foil,
  /// the foil fits no draw; as drawn with one, the commons are one too many).
  package func judge(_ cards: [(cls: Int, copies: Int)], labels: [String]) -> Verdict {
    let size = cards.reduce(0) { $0 + $1.copies }
    var kinds: [Int] = []
    var bestFlow = -1
    var best: [(unplaced: [Int], program: Int)] = []
    var network = FlowNetwork()
    for (index, program) in programs.enumerated() where program.size == size && !kinds.contains(program.kind) {
      network.build(cards: cards, program: program)
      let flow = network.maximumFlow()
      if flow == size {
        kinds.append(program.kind)
      } else if flow > bestFlow {
        (bestFlow, best) = (flow, [(network.unplacedCards(), index)])
      } else if flow == bestFlow {
        best.append((network.unplacedCards(), index))
      }
    }
    if !kinds.isEmpty { return Verdict(kinds: kinds.sorted(), problem: nil) }
    guard !best.isEmpty else {
      let sizes = possibleSizes.sorted().map(String.init).joined(separator: " or ")
      return Verdict(kinds: [], problem: "\(size) cards, where the rules make boosters of \(sizes)")
    }
    var explained: [(reasons: String, program: Int)] = []
    for candidate in best where explained.count < 2 {
      let reasons = Self.reasons(cards, unplaced: candidate.unplaced, program: programs[candidate.program], placeable: placeable, labels: labels)
      if !explained.contains(where: { $0.reasons == reasons }) { explained.append((reasons, candidate.program)) }
    }
    let problem: String
    if explained.count == 2 {
      let (first, second) = (programs[explained[0].program], programs[explained[1].program])
      problem = "either \(alternative(first, other: second)) \(explained[0].reasons), or \(alternative(second, other: first)) \(explained[1].reasons)"
    } else {
      problem = explained[0].reasons
    }
    return Verdict(kinds: [], problem: "no booster of these rules holds these cards together: " + problem)
  }

  /// How a program differs from another that places as many of a booster's cards: the draws
  /// it has and the other lacks (`drawing common 9, foil 1:`), or its kind when they draw alike.
  func alternative(_ program: Program, other: Program) -> String {
    var theirs = other.draws.map { "\($0.sheetName) \($0.count)" }
    var differing: [String] = []
    for draw in program.draws.map({ "\($0.sheetName) \($0.count)" }) {
      if let index = theirs.firstIndex(of: draw) { theirs.remove(at: index) } else { differing.append(draw) }
    }
    if differing.isEmpty { return "as a \(kindNames[program.kind]) booster:" }
    return "drawing \(differing.joined(separator: ", ")):"
  }

  /// Why `program` cannot place the cards at `unplaced`: a colour its balanced draw lacks, or
  /// each such card with the reason (a card no sheet holds, too many copies, no draw for it, its
  /// draws full).
  static func reasons(
    _ cards: [(cls: Int, copies: Int)], unplaced: [Int], program: Program, placeable: Set<Int>, labels: [String]
  ) -> String {
    // A colour-balanced draw none of whose colour's cards the booster holds is the cause; the
    // cards it leaves over are its consequence ("full" draws), not named beside it; cards left
    // over elsewhere (a second rare) still are.
    let colours = missingColours(cards, program)
    let reasons = colours + unplaced.compactMap { position -> String? in
      let (cls, copies) = cards[position]
      if !placeable.contains(cls) { return "\(labels[cls]): no sheet of the rules holds it" }
      let most = program.draws.reduce(0) { $0 + min(Int($1.capacity[cls]), $1.count) }
      if copies > most && most > 0 {
        return "\(labels[cls]) \(copies) times, where these draws give it at most \(most) time\(most == 1 ? "" : "s")"
      }
      let holding = program.draws.filter { $0.capacity[cls] > 0 }
        .map { "\($0.sheetName): \($0.count) card\($0.count == 1 ? "" : "s")" }
      if holding.isEmpty { return "\(labels[cls]): no draw of this booster's kind holds it" }
      // A card a balanced draw lacking a colour could hold is left over because of it.
      if !colours.isEmpty && program.draws.contains(where: { $0.groups != nil && $0.capacity[cls] > 0 }) { return nil }
      return "\(labels[cls]): the draws that can hold it (\(holding.joined(separator: ", "))) are full"
    }
    return reasons.joined(separator: "; ")
  }

  /// For each colour-balanced draw of `program`, the colours of which the booster holds no card
  /// the draw could take, as a reason (the draw holds a card of each of W, U, B, R and G, so
  /// such a booster is impossible whatever its other cards).
  static func missingColours(_ cards: [(cls: Int, copies: Int)], _ program: Program) -> [String] {
    program.draws.compactMap { draw -> String? in
      guard let groups = draw.groups else { return nil }
      let held = cards.reduce(UInt8(0)) { $0 | (draw.capacity[$1.cls] > 0 ? groups[$1.cls] : 0) }
      let missing = (0..<5).filter { held & (1 << $0) == 0 }.map { ColorBalance.groupNames[$0] }
      guard !missing.isEmpty else { return nil }
      return "\(draw.sheetName): its \(draw.count) cards are colour-balanced (a card of each of W, U, B, R and G), and this booster holds no \(missing.joined(separator: " or ")) card of the sheet"
    }
  }
}

/// The flow network of one booster against one program: source → card (its copies) → draw
/// (each draw's capacity for the card) → sink (the draw's count). A balanced draw routes each
/// card through a node of its own to the five colour pieces (one card each) and the rest.
/// Rebuilt for each program in the same arrays.
private struct FlowNetwork {
  private var head: [Int32] = []
  private var next: [Int32] = []
  private var to: [Int32] = []
  private var capacity: [Int32] = []
  private var seen: [Int32] = []
  private var stamp: Int32 = 0
  private let source = 0
  private var sink = 0

  mutating func build(cards: [(cls: Int, copies: Int)], program: BoosterFeasibility.Program) {
    head.removeAll(keepingCapacity: true)
    next.removeAll(keepingCapacity: true)
    to.removeAll(keepingCapacity: true)
    capacity.removeAll(keepingCapacity: true)
    head.append(contentsOf: repeatElement(-1, count: 1 + cards.count))
    for (position, card) in cards.enumerated() { addEdge(0, 1 + position, card.copies) }
    var sinkEdges: [(Int, Int)] = []
    for draw in program.draws {
      if let groups = draw.groups {
        let pieces = (0..<6).map { _ in newNode() }
        for group in 0..<5 { sinkEdges.append((pieces[group], 1)) }
        sinkEdges.append((pieces[5], draw.count - 5))
        for (position, card) in cards.enumerated() {
          let limit = Int(draw.capacity[card.cls])
          guard limit > 0 else { continue }
          let node = newNode()
          addEdge(1 + position, node, limit)
          let mask = groups[card.cls]
          for group in 0..<5 where mask & (1 << group) != 0 { addEdge(node, pieces[group], 1) }
          addEdge(node, pieces[5], limit)
        }
      } else {
        let node = newNode()
        sinkEdges.append((node, draw.count))
        for (position, card) in cards.enumerated() {
          let limit = Int(draw.capacity[card.cls])
          if limit > 0 { addEdge(1 + position, node, limit) }
        }
      }
    }
    sink = newNode()
    for (node, count) in sinkEdges { addEdge(node, sink, count) }
  }

  private mutating func newNode() -> Int {
    head.append(-1)
    return head.count - 1
  }

  private mutating func addEdge(_ from: Int, _ target: Int, _ limit: Int) {
    to.append(Int32(target))
    capacity.append(Int32(limit))
    next.append(head[from])
    head[from] = Int32(to.count - 1)
    to.append(Int32(from))
    capacity.append(0)
    next.append(head[target])
    head[target] = Int32(to.count - 1)
  }

  mutating func maximumFlow() -> Int {
    if seen.count < head.count { seen = Array(repeating: 0, count: head.count * 2) }
    var flow = 0
    while true {
      stamp &+= 1
      if stamp == Int32.max {
        stamp = 1
        for index in seen.indices { seen[index] = 0 }
      }
      let pushed = augment(source, Int.max)
      if pushed == 0 { return flow }
      flow += pushed
    }
  }

  private mutating func augment(_ node: Int, _ limit: Int) -> Int {
    if node == sink { return limit }
    seen[node] = stamp
    var edge = Int(head[node])
    while edge >= 0 {
      let target = Int(to[edge])
      if capacity[edge] > 0 && seen[target] != stamp {
        let pushed = augment(target, min(limit, Int(capacity[edge])))
        if pushed > 0 {
          capacity[edge] -= Int32(pushed)
          capacity[edge ^ 1] += Int32(pushed)
          return pushed
        }
      }
      edge = Int(next[edge])
    }
    return 0
  }

  /// The positions (in the booster's card list) of cards not all of whose copies found a draw.
  func unplacedCards() -> [Int] {
    var result: [Int] = []
    var edge = Int(head[source])
    while edge >= 0 {
      if capacity[edge] > 0 { result.append(Int(to[edge]) - 1) }
      edge = Int(next[edge])
    }
    return result.sorted()
  }
}
