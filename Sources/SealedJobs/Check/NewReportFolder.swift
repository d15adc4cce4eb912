import Foundation
import SealedSupport

/// A report folder of its own for one run, made where runs are started one after another
/// (the app's checks), so that no run ever replaces or mixes with an earlier report: named
/// after what it checks and when (`war-sealed-seed1-20261124-023644`, a person can tell runs
/// apart and they sort by time within a set and rules), `-2`, `-3`, ... added when that name is
/// taken, and created at once, empty, so that no other run takes the name. `sealed check` keeps
/// its `--out`.
package enum NewReportFolder {
  /// Creates the folder for a run of `rules` on `set` from `seed` started at `date`, inside
  /// `parent` (made if missing), and returns its name. Throws when `parent` cannot be written.
  /// Cost: a `mkdir` per name tried.
  package static func make(in parent: String, set: String, rules: String, seed: UInt64, at date: Date = Date()) throws(DataError) -> String {
    try Folder.create(parent)
    let base = name(set: set, rules: rules, seed: seed, at: date)
    for attempt in 1...1000 {
      let name = attempt == 1 ? base : "\(base)-\(attempt)"
      if mkdir((parent as NSString).appendingPathComponent(name), 0o755) == 0 { return name }
      guard errno == EEXIST else {
        throw DataError("cannot make a report folder (\(systemErrorText(errno)))", at: (parent as NSString).appendingPathComponent(name))
      }
    }
    throw DataError("cannot make a report folder: 1,000 folders named \(base) exist", at: parent)
  }

  /// `SET-RULES-seedSEED-YYYYMMDD-HHMMSS` (UTC); a rule set that already names the set (a
  /// product, `mkm-play`) is not repeated.
  package static func name(set: String, rules: String, seed: UInt64, at date: Date) -> String {
    let set = set.lowercased()
    let what = rules.hasPrefix(set + "-") ? rules : "\(set)-\(rules)"
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&time, &parts)
    let stamp = String(
      format: "%04d%02d%02d-%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
      Int(parts.tm_min), Int(parts.tm_sec))
    return "\(what)-seed\(seed)-\(stamp)"
  }
}
