import Foundation
import SealedSupport

extension RulesImportCommand {
  /// The rule file to --out, or to standard output.
  func write(_ text: String, products count: Int) throws {
    if let out {
      try OutputFile.write(Data(text.utf8), to: out, option: "--out", force: force)
      FileHandle.standardError.write(Data("sealed: wrote \(out) (\(count) product\(count == 1 ? "" : "s"))\n".utf8))
    } else {
      print(text, terminator: "")
    }
  }
}
