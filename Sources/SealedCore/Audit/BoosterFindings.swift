/// What the per-booster checks of an audit found, kept as counts and a bounded list of the
/// boosters with a problem, so that memory does not grow with the file.
public struct BoosterFindings: Sendable {
  /// One booster with a problem: how the file names it, its line, and what is wrong.
  public struct Problem: Sendable, Equatable {
    public let booster: String
    public let line: Int
    public let problem: String
  }

  /// The most problems listed one by one (`boosters.csv`); the counts cover every booster.
  public static let listLimit = 10_000

  public private(set) var boosters = 0
  public private(set) var cards = 0
  /// Cards that no booster of the rules can hold (outside the booster range, another set).
  public private(set) var outsideCards = 0
  /// Boosters holding such a card.
  public private(set) var boostersWithOutsideCards = 0
  /// Boosters that no program of the rules can make.
  public private(set) var impossibleBoosters = 0
  /// Boosters holding some card (class) more than once.
  public private(set) var boostersWithRepeats = 0
  /// Boosters by size.
  public private(set) var sizes: [Int: Int] = [:]
  /// Boosters identified as each kind (exactly one kind possible).
  public private(set) var identifiedKinds: [Int]
  /// Possible boosters that more than one kind could have made.
  public private(set) var ambiguousKinds = 0
  public private(set) var problems: [Problem] = []

  public init(kinds: Int) {
    identifiedKinds = Array(repeating: 0, count: kinds)
  }

  /// Records one booster: its size, the cards outside the rules' reach, repeats, and the
  /// feasibility verdict (nil when an outside card already made it impossible).
  public mutating func record(
    booster: String, line: Int, size: Int, outside: [String], repeats: Bool, verdict: BoosterFeasibility.Verdict?
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
    }
    if let verdict {
      if verdict.kinds.count == 1 {
        identifiedKinds[verdict.kinds[0]] += 1
      } else if verdict.kinds.count > 1 {
        ambiguousKinds += 1
      }
      if let problem = verdict.problem { reasons.append(problem) }
    }
    if !outside.isEmpty || verdict?.problem != nil { impossibleBoosters += 1 }
    if !reasons.isEmpty && problems.count < Self.listLimit {
      problems.append(Problem(booster: booster, line: line, problem: reasons.joined(separator: "; ")))
    }
  }

  /// The first few problems as one line for a verdict's detail.
  public func firstProblems(_ count: Int = 3) -> String {
    problems.prefix(count).map { "booster \($0.booster) (line \($0.line)): \($0.problem)" }.joined(separator: " | ")
  }
}
