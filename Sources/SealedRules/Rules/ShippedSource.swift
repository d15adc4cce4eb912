import SealedSupport
import SealedData

/// Where a rule file or spec that ships with Sealed can be read: its errors name it by source
/// (`built-in:sealed:19:13`, `product:one-draft:28:9`), a place no editor opens, so the error
/// line says where to see it.
package enum ShippedSource {
  /// For a location in a shipped rule file or spec, how to see that file: the file beside the
  /// executable for a built-in (`built-in:sealed is the rule set …/rules/sealed.yaml or the
  /// spec …/specs/sealed.yaml`: a name that is both names both), the command that prints it for
  /// a product; nil for any other location. Cost: at most two `stat` calls.
  package static func guide(for location: String?) -> String? {
    guard let location else { return nil }
    for prefix in ["built-in:", "product:"] where location.hasPrefix(prefix) {
      let name = String(location.dropFirst(prefix.count).prefix { $0 != ":" })
      guard !name.isEmpty else { return nil }
      if prefix == "product:" {
        return "product:\(name) is the rule file sealed rules import --product \(name) prints"
      }
      let files = [("rules", "rule set"), ("specs", "spec")].compactMap { folder, kind in
        (try? BundledResources.path(folder: folder, file: "\(name).yaml")).map { "the \(kind) \($0)" }
      }
      guard !files.isEmpty else { return nil }
      return "built-in:\(name) is \(files.joined(separator: " or ")), shipped with Sealed"
    }
    return nil
  }
}
