import Foundation

/// One line on standard error, prefixed `sealed: `, for what a command did besides its output.
enum Note {
  static func write(_ message: String) {
    FileHandle.standardError.write(Data("sealed: \(message)\n".utf8))
  }
}
