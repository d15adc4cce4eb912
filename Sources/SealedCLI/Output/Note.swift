import Foundation
import SealedSupport
import SealedReports

/// One line on standard error, prefixed `sealed: `, for what a command did besides its output.
enum Note {
  static func write(_ message: String) {
    FileHandle.standardError.write(Data("sealed: \(message)\n".utf8))
  }

  /// Says that the report folder at `path` held the report of another run, now replaced:
  /// `sealed: replaced the report of another run in reports/war-sealed/ (check, seed 7, 1000 pools, ...)`.
  static func replaced(_ report: PreviousReport?, in path: String) {
    guard let report else { return }
    write("replaced the report of another run in \(path)/ (\(report.summary))")
  }
}
