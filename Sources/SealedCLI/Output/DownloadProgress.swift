import Foundation
import SealedNetwork

/// A download's progress on standard error, redrawn at most four times a second: a bar and the
/// share when the server gave the length, the bytes so far and the rate. Shown only when
/// standard error is a terminal.
final class DownloadProgress: @unchecked Sendable {
  private let label: String
  private let enabled: Bool
  private let start = Date()
  private let lock = NSLock()
  private var lastDrawn: Date?

  init(label: String, enabled: Bool) {
    self.label = label
    self.enabled = enabled && isatty(STDERR_FILENO) == 1
  }

  /// Records progress (from the downloading thread); redraws when a quarter second has passed.
  func update(_ progress: TransferProgress) {
    guard enabled else { return }
    let now = Date()
    let draw = lock.withLock { () -> Bool in
      if let lastDrawn, now.timeIntervalSince(lastDrawn) < 0.25 { return false }
      lastDrawn = now
      return true
    }
    guard draw else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K\(Self.line(label: label, progress, seconds: now.timeIntervalSince(start)))".utf8))
  }

  /// A line of its own on standard error (`sealed: TEXT`), the progress line cleared first and
  /// redrawn at the next update; printed whether or not the bar is shown.
  func note(_ text: String) {
    let clear = enabled ? "\r\u{1B}[2K" : ""
    lock.withLock { lastDrawn = nil }
    FileHandle.standardError.write(Data("\(clear)sealed: \(text)\n".utf8))
  }

  /// Clears the line.
  func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }

  /// `LABEL [#######.......] 42%  1.7 MB of 4.1 MB  830 kB/s`, or without the bar and share
  /// when the total is unknown.
  static func line(label: String, _ progress: TransferProgress, seconds: Double) -> String {
    let rate = seconds > 0 ? Double(progress.received) / seconds : 0
    let got = Self.size(progress.received)
    let speed = "\(Self.size(Int64(rate)))/s"
    guard let total = progress.expected, total > 0 else { return "\(label)  \(got)  \(speed)" }
    let fraction = min(1, Double(progress.received) / Double(total))
    let filled = Int(fraction * 30)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
    return "\(label) [\(bar)] \(Int(fraction * 100))%  \(got) of \(Self.size(total))  \(speed)"
  }

  /// A size in decimal units: `830 B`, `1.7 kB`, `4.1 MB`, `1.2 GB`.
  static func size(_ bytes: Int64) -> String {
    let value = Double(bytes)
    switch value {
    case 1e9...: return String(format: "%.1f GB", value / 1e9)
    case 1e6...: return String(format: "%.1f MB", value / 1e6)
    case 1e3...: return String(format: "%.1f kB", value / 1e3)
    default: return "\(bytes) B"
    }
  }
}
