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
public struct BoosterFeasibility: Sendable {
  struct Draw: Sendable {
    let sheetName: String
    let count: Int
    /// For each class the draw can take: at most how many copies.
    let capacity: [Int: Int]
    /// For a balanced draw: the colour groups (bits 0-4) each class can fill.
    let groups: [Int: UInt8]?
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
  public let possibleSizes: Set<Int>

  public init(catalog: AuditCatalog) {
    let plan = catalog.plan
    var programs: [Program] = []
    var placeable = Set<Int>()
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        let draws = program.map { draw -> Draw in
          let sheet = plan.sheets[draw.sheet]
          var capacity: [Int: Int] = [:]
          for (index, ordinal) in sheet.cards.enumerated() where sheet.weights[index] > 0 {
            capacity[catalog.classOfOrdinal[ordinal], default: 0] += 1
          }
          if !draw.distinct { for key in capacity.keys { capacity[key] = draw.count } }
          placeable.formUnion(capacity.keys)
          var groups: [Int: UInt8]? = nil
          if let balance = sheet.balance, draw.count >= 5 {
            var masks: [Int: UInt8] = [:]
            for group in 0..<5 {
              for index in balance.groupStarts[group]..<balance.groupStarts[group + 1] where sheet.weights[index] > 0 {
                masks[catalog.classOfOrdinal[sheet.cards[index]], default: 0] |= 1 << group
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
  public struct Verdict: Sendable, Equatable {
    /// The kinds of booster it can be (empty: none, the booster is impossible).
    public let kinds: [Int]
    /// Why it is impossible, naming the cards; nil when possible.
    public let problem: String?
  }

  /// Judges a booster given as (class, copies) pairs with distinct classes.
  public func judge(_ cards: [(cls: Int, copies: Int)], labels: [String]) -> Verdict {
    let size = cards.reduce(0) { $0 + $1.copies }
    var kinds: [Int] = []
    var best: (flow: Int, unplaced: [Int], program: Int)? = nil
    for (index, program) in programs.enumerated() where program.size == size && !kinds.contains(program.kind) {
      var network = FlowNetwork(cards: cards, program: program)
      let flow = network.maximumFlow()
      if flow == size {
        kinds.append(program.kind)
      } else if best == nil || flow > best!.flow {
        best = (flow, network.unplacedCards(), index)
      }
    }
    if !kinds.isEmpty { return Verdict(kinds: kinds.sorted(), problem: nil) }
    guard let best else {
      let sizes = possibleSizes.sorted().map(String.init).joined(separator: " or ")
      return Verdict(kinds: [], problem: "\(size) cards, where the rules make boosters of \(sizes)")
    }
    let reasons = best.unplaced.map { position -> String in
      let (cls, copies) = cards[position]
      if !placeable.contains(cls) { return "\(labels[cls]): no sheet of the rules holds it" }
      let program = programs[best.program]
      let most = program.draws.reduce(0) { $0 + min($1.capacity[cls] ?? 0, $1.count) }
      if copies > most && most > 0 {
        return "\(labels[cls]) \(copies) times, where these draws give it at most \(most) time\(most == 1 ? "" : "s")"
      }
      let holding = program.draws.filter { ($0.capacity[cls] ?? 0) > 0 }
        .map { "\($0.sheetName): \($0.count) card\($0.count == 1 ? "" : "s")" }
      if holding.isEmpty { return "\(labels[cls]): no draw of this booster's kind holds it" }
      return "\(labels[cls]): the draws that can hold it (\(holding.joined(separator: ", "))) are full"
    }
    return Verdict(kinds: [], problem: "no booster of these rules holds these cards together: " + reasons.joined(separator: "; "))
  }
}

/// The flow network of one booster against one program: source → card (its copies) → draw
/// (each draw's capacity for the card) → sink (the draw's count). A balanced draw routes each
/// card through a node of its own to the five colour pieces (one card each) and the rest.
private struct FlowNetwork {
  private var head: [Int] = []
  private var next: [Int] = []
  private var to: [Int] = []
  private var capacity: [Int] = []
  private var visited: [Bool] = []
  private let source = 0
  private var sink = 0
  private let cardCount: Int

  init(cards: [(cls: Int, copies: Int)], program: BoosterFeasibility.Program) {
    cardCount = cards.count
    var nodes = 1 + cards.count
    func newNode() -> Int {
      nodes += 1
      return nodes - 1
    }
    var pending: [(Int, Int, Int)] = []
    for (position, card) in cards.enumerated() { pending.append((0, 1 + position, card.copies)) }
    var sinkEdges: [(Int, Int)] = []
    for draw in program.draws {
      if let groups = draw.groups {
        let pieces = (0..<6).map { _ in newNode() }
        for group in 0..<5 { sinkEdges.append((pieces[group], 1)) }
        sinkEdges.append((pieces[5], draw.count - 5))
        for (position, card) in cards.enumerated() {
          guard let limit = draw.capacity[card.cls], limit > 0 else { continue }
          let node = newNode()
          pending.append((1 + position, node, limit))
          let mask = groups[card.cls] ?? 0
          for group in 0..<5 where mask & (1 << group) != 0 { pending.append((node, pieces[group], 1)) }
          pending.append((node, pieces[5], limit))
        }
      } else {
        let node = newNode()
        sinkEdges.append((node, draw.count))
        for (position, card) in cards.enumerated() {
          guard let limit = draw.capacity[card.cls], limit > 0 else { continue }
          pending.append((1 + position, node, limit))
        }
      }
    }
    sink = newNode()
    for (node, count) in sinkEdges { pending.append((node, sink, count)) }
    head = Array(repeating: -1, count: nodes)
    for (from, target, limit) in pending { addEdge(from, target, limit) }
  }

  private mutating func addEdge(_ from: Int, _ target: Int, _ limit: Int) {
    for (a, b, c) in [(from, target, limit), (target, from, 0)] {
      to.append(b)
      capacity.append(c)
      next.append(head[a])
      head[a] = to.count - 1
    }
  }

  mutating func maximumFlow() -> Int {
    var flow = 0
    while true {
      visited = Array(repeating: false, count: head.count)
      let pushed = augment(source, .max)
      if pushed == 0 { return flow }
      flow += pushed
    }
  }

  private mutating func augment(_ node: Int, _ limit: Int) -> Int {
    if node == sink { return limit }
    visited[node] = true
    var edge = head[node]
    while edge >= 0 {
      let target = to[edge]
      if capacity[edge] > 0 && !visited[target] {
        let pushed = augment(target, min(limit, capacity[edge]))
        if pushed > 0 {
          capacity[edge] -= pushed
          capacity[edge ^ 1] += pushed
          return pushed
        }
      }
      edge = next[edge]
    }
    return 0
  }

  /// The positions (in the booster's card list) of cards not all of whose copies found a draw.
  func unplacedCards() -> [Int] {
    var result: [Int] = []
    var edge = head[source]
    while edge >= 0 {
      if capacity[edge] > 0 { result.append(to[edge] - 1) }
      edge = next[edge]
    }
    return result.sorted()
  }
}
