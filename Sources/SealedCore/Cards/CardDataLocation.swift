import Foundation

/// Decides where card data is read from: `--cards PATH`, else the `SEALED_CARDS` environment
/// variable, else `../shared/cards` relative to the working directory.
public enum CardDataLocation {
  /// The environment variable that names the card data when `--cards` is not given.
  public static let environmentVariable = "SEALED_CARDS"
  /// The fallback, relative to the working directory.
  public static let defaultRelativePath = "../shared/cards"

  /// Returns the path to read, or a one-line `DataError` saying where it looked.
  public static func resolve(
    option: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    workingDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(DataError) -> String {
    if let option {
      guard FileManager.default.fileExists(atPath: option) else {
        throw DataError("no such file or folder (given by --cards)", at: option)
      }
      return option
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      guard FileManager.default.fileExists(atPath: variable) else {
        throw DataError("no such file or folder (given by \(environmentVariable))", at: variable)
      }
      return variable
    }
    let fallback = (workingDirectory as NSString).appendingPathComponent(defaultRelativePath)
    let standardized = (fallback as NSString).standardizingPath
    guard FileManager.default.fileExists(atPath: standardized) else {
      throw DataError(
        "no card data found: --cards not given, \(environmentVariable) not set, and \(standardized) does not exist; pass --cards PATH or set \(environmentVariable) to a Scryfall JSON file or a folder of them"
      )
    }
    return standardized
  }

  /// Loads the card database from the resolved location.
  public static func load(option: String?) throws(DataError) -> CardDatabase {
    try CardDatabase.load(path: resolve(option: option))
  }

  /// A short description of a list of files for messages: one path, or the common folder.
  static func describe(_ files: [String]) -> String {
    guard files.count > 1 else { return files.first ?? "" }
    return (files[0] as NSString).deletingLastPathComponent
  }
}
