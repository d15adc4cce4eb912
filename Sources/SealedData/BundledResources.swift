import Foundation
import SealedSupport

/// Locates files that SwiftPM copies into `sealed_SealedData.resources` beside the built
/// executable, without the generated accessor's `fatalError` when they are missing.
public enum BundledResources {
  /// Whether `--rules`/`--spec` names a file rather than a built-in: it contains a slash, ends
  /// in .yaml or .yml, or, not being one of `builtIns`, is an existing file (not a folder). So a
  /// file or a report folder named `retail` in the working folder does not hide the built-in
  /// rule set; `./retail` names the file.
  package static func isPath(_ nameOrPath: String, builtIns: [String] = []) -> Bool {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") { return true }
    if builtIns.contains(nameOrPath) { return false }
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isFolder) && !isFolder.boolValue
  }

  public static let bundleName = "sealed_SealedData.resources"

  package static func path(folder: String, file: String) throws(DataError) -> String {
    for directory in candidates() {
      let path = "\(directory)/\(folder)/\(file)"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    throw DataError(
      "the built-in file \(folder)/\(file) was not found in \(bundleName) beside the executable; rebuild with swift build, or pass a file path")
  }

  /// The bundled folder `name` (for example the shipped card data), or nil when it is missing.
  public static func directory(_ name: String) -> String? {
    for directory in candidates() {
      var isDirectory: ObjCBool = false
      let path = "\(directory)/\(name)"
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        return path
      }
    }
    return nil
  }

  /// Folders that may hold the bundle: `$SEALED_RESOURCES`, then beside the executable.
  private static func candidates() -> [String] {
    var candidates: [String] = []
    if let override = ProcessInfo.processInfo.environment["SEALED_RESOURCES"], !override.isEmpty {
      candidates.append(override)
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    candidates.append(executable.appendingPathComponent(bundleName).path)
    candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).path)
    if let arg0 = CommandLine.arguments.first {
      candidates.append(URL(fileURLWithPath: arg0).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(bundleName).path)
    }
    return candidates
  }
}
