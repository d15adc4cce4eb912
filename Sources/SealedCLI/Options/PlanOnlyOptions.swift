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

  /// Throws the usage error when `--plan`, which prints the pools each check needs and writes
  /// nothing, is given beside options only a run reads (`given`: each option's name and whether
  /// it was given): `check --plan --out DIR --shard 1/2` exited 0 having run nothing they asked
  /// for, `audit --plan --packs FILE` without reading the file (a review).
  static func validateRunOnly(plan: Bool, given: [(name: String, given: Bool)]) throws {
    guard plan else { return }
    let names = given.filter(\.given).map(\.name)
    guard !names.isEmpty else { return }
    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    let (verb, them) = names.count == 1 ? ("is", "it") : ("are", "them")
    throw ValidationError("--plan prints the pools each check needs and runs nothing: \(list) \(verb) for a run; leave \(them) out, or the --plan")
  }
}
