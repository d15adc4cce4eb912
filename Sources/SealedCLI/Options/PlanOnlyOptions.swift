import ArgumentParser

/// `--deviation`, `--ratio` and `--power` size a `--plan` (check, audit, check-products). A run
/// without `--plan` would ignore them, which a user who meant a plan would not notice: given
/// without it, they are a usage error that names them.
enum PlanOnlyOptions {
  /// Throws the usage error when any of the three is given without `--plan`.
  static func validate(plan: Bool, deviation: Double?, ratio: Double?, power: Double?) throws {
    guard !plan else { return }
    let given = [("--deviation", deviation), ("--ratio", ratio), ("--power", power)].filter { $0.1 != nil }.map(\.0)
    guard !given.isEmpty else { return }
    let names = given.count == 1 ? given[0] : given.dropLast().joined(separator: ", ") + " and " + given.last!
    let (verb, them) = given.count == 1 ? ("sizes", "it") : ("size", "them")
    throw ValidationError("\(names) only \(verb) a --plan; add --plan, or leave \(them) out")
  }
}
