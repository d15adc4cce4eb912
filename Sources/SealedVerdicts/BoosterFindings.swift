import SealedSupport

/// What the per-booster checks of an audit found (the rows of `boosters.csv` and the counts
/// behind the audit's per-booster invariants), kept as counts and a bounded list of the
/// boosters with a problem, so that memory does not grow with the file.
package struct BoosterFindings: Sendable {
  /// One booster: how the file names it, its line, its kind (or kinds) under the rules, and
  /// what is wrong with it (empty when nothing).
  package struct Problem: Sendable, Equatable {
    package let booster: String
    package let line: Int
    package let kind: String
    package let problem: String

    /// A booster's row: its label, line, kind (or kinds) and problem (empty when none).
    package init(booster: String, line: Int, kind: String, problem: String) {
      self.booster = booster
      self.line = line
      self.kind = kind
      self.problem = problem
    }
  }

  /// Every booster is listed (`boosters.csv`) up to this many; after that only boosters with a
  /// problem, while fewer than `problemLimit` in all are listed. The counts cover every booster.
  package static let listLimit = 10_000
  /// The most boosters with a problem listed, counting those among the first `listLimit`.
  package static let problemLimit = 10_000

  /// Boosters recorded, and the cards they hold.
  package private(set) var boosters = 0
  package private(set) var cards = 0
  /// Cards that no booster of the rules can hold (outside the booster range, another set).
  package private(set) var outsideCards = 0
  /// Boosters holding such a card.
  package private(set) var boostersWithOutsideCards = 0
  /// Boosters that no program of the rules can make.
  package private(set) var impossibleBoosters = 0
  /// Boosters holding some card (class) more than once.
  package private(set) var boostersWithRepeats = 0
  /// Boosters by size.
  package private(set) var sizes: [Int: Int] = [:]
  /// Boosters identified as each kind (exactly one kind possible).
  package private(set) var identifiedKinds: [Int]
  /// Possible boosters that more than one kind could have made.
  package private(set) var ambiguousKinds = 0
  /// The boosters listed: every one up to `listLimit`, then those with a problem.
  package private(set) var listed: [Problem] = []
  /// The first few boosters holding cards outside the rules' reach, kept apart from `listed`
  /// (which may be full of other problems before the first of them).
  private var firstOutside: [(booster: String, line: Int, cards: [String])] = []
  /// The boosters with a problem among `listed`.
  package var problems: [Problem] { listed.filter { !$0.problem.isEmpty } }
  private var problemsListed = 0
  private let kindNames: [String]

  /// Empty findings for rules whose booster kinds are named `kinds` (one identified count per kind).
  package init(kinds: [String]) {
    kindNames = kinds
    identifiedKinds = Array(repeating: 0, count: kinds.count)
  }

  /// Records one booster: its size, the cards outside the rules' reach, repeats, and what
  /// judging it found (`judged`: the kinds of booster it can be and why it is impossible; nil
  /// when an outside card already made it impossible). `sealed audit` records with
  /// `record(booster:line:size:outside:repeats:verdict:)` (SealedAudit), which passes its
  /// feasibility verdict here.
  package mutating func record(
    booster: String, line: Int, size: Int, outside: [String], repeats: Bool, judged: (kinds: [Int], problem: String?)?
  ) {
    boosters += 1
    cards += size
    sizes[size, default: 0] += 1
    if repeats { boostersWithRepeats += 1 }
    var reasons: [String] = []
    if !outside.isEmpty {
      outsideCards += outside.count
      boostersWithOutsideCards += 1
      reasons += outside
      if firstOutside.count < 3 { firstOutside.append((booster, line, outside)) }
    }
    if let judged {
      if judged.kinds.count == 1 {
        identifiedKinds[judged.kinds[0]] += 1
      } else if judged.kinds.count > 1 {
        ambiguousKinds += 1
      }
      if let problem = judged.problem { reasons.append(problem) }
    }
    if !outside.isEmpty || judged?.problem != nil { impossibleBoosters += 1 }
    let kind = judged.map { $0.kinds.map { kindNames[$0] }.joined(separator: " or ") } ?? ""
    if listed.count < Self.listLimit || (!reasons.isEmpty && problemsListed < Self.problemLimit) {
      listed.append(Problem(booster: booster, line: line, kind: kind, problem: reasons.joined(separator: "; ")))
      if !reasons.isEmpty { problemsListed += 1 }
    }
  }

  /// "booster 12" for a booster labelled 12; a label that says what it is stays as it is.
  package static func name(_ label: String) -> String {
    let lower = label.lowercased()
    return ["booster", "pack", "draft"].contains { lower.hasPrefix($0) } ? label : "booster \(label)"
  }

  /// The first few problems as one line for a verdict's detail.
  package func firstProblems(_ count: Int = 3) -> String {
    listed.lazy.filter { !$0.problem.isEmpty }.prefix(count).map { "\(Self.name($0.booster)) (line \($0.line)): \($0.problem)" }.joined(separator: " | ")
  }

  /// The first few boosters holding cards outside the rules' reach, with those cards only:
  /// the card invariant's detail (it listed every problem, boosters the rules could not make
  /// of their own cards among them).
  package func firstOutsideCards(_ count: Int = 3) -> String {
    firstOutside.prefix(count)
      .map { "\(Self.name($0.booster)) (line \($0.line)): \($0.cards.joined(separator: "; "))" }.joined(separator: " | ")
  }
}
