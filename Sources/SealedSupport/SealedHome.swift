import Foundation

/// The folder where Sealed keeps what a user saves or downloads: saved pools and decks, and
/// fetched card data.
///
/// It is `$SEALED_HOME`, else `$XDG_DATA_HOME/sealed` (an absolute path only, as the XDG base
/// directory specification says), else `~/.local/share/sealed`.
package enum SealedHome {
  /// The environment variable that names the folder.
  package static let environmentVariable = "SEALED_HOME"

  /// The folder named by the environment. It may not exist yet.
  package static func path(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let home = environment[environmentVariable], !home.isEmpty {
      return (home as NSString).standardizingPath
    }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return ((data as NSString).appendingPathComponent("sealed") as NSString).standardizingPath
    }
    return ((userHome(environment) as NSString).appendingPathComponent(".local/share/sealed") as NSString).standardizingPath
  }

  /// The folder for what Sealed keeps only to go faster and can always make again: `cache`
  /// inside `$SEALED_HOME` when it is set (so that one variable moves everything), else
  /// `$XDG_CACHE_HOME/sealed` (an absolute path only), else `~/.cache/sealed`. It may not exist yet.
  package static func cachePath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let home = environment[environmentVariable], !home.isEmpty {
      return ((home as NSString).appendingPathComponent("cache") as NSString).standardizingPath
    }
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return ((cache as NSString).appendingPathComponent("sealed") as NSString).standardizingPath
    }
    return ((userHome(environment) as NSString).appendingPathComponent(".cache/sealed") as NSString).standardizingPath
  }

  /// Throws when `path` (the library folder, or a folder above it) is a file: then nothing
  /// can be saved or listed there, and an empty listing would hide why. A path that does not
  /// exist yet is fine. Cost: one stat per folder above it.
  package static func requireFolder(_ path: String) throws(DataError) {
    var current = path
    while !current.isEmpty && current != "/" {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: current, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
          throw DataError("is a file, not a folder; expected \(environmentVariable) (or its default) to name a folder for saved pools and decks", at: current)
        }
        return
      }
      current = folderOfPath(current)
    }
  }

  /// `$HOME`, else the account's home folder.
  private static func userHome(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }
}
