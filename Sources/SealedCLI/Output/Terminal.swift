import Foundation
import SealedSupport
import SealedCards

/// Styling for terminal output: ANSI colour only when standard output is a terminal and
/// `NO_COLOR` is not set, so piped output is plain and byte-for-byte reproducible.
struct Terminal {
  let colors: Bool

  static let standardOutput = Terminal(
    colors: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)

  static let plain = Terminal(colors: false)

  func bold(_ text: String) -> String { colors ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { colors ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

  /// The rarity letter, coloured like the set symbol: grey, silver, gold, orange.
  func rarity(_ rarity: Rarity) -> String {
    let letter = String(rarity.letter)
    guard colors else { return letter }
    let code: String
    switch rarity {
    case .common: code = "37"
    case .uncommon: code = "36"
    case .rare: code = "33"
    case .mythic: code = "31;1"
    case .special, .bonus: code = "35"
    case .unknown: code = "2"
    }
    return "\u{1B}[\(code)m\(letter)\u{1B}[0m"
  }

  /// Pads to a visible width (escape codes do not count).
  static func pad(_ text: String, to width: Int, visible: Int? = nil) -> String {
    let length = visible ?? text.count
    return text + String(repeating: " ", count: max(0, width - length))
  }
}
