import Dispatch
import Foundation
import Synchronization

/// A progress bar on standard error with rate and time left, redrawn a few times a second.
/// Shown only when standard error is a terminal.
// `timer` is set once in init and only cancelled from the thread that created it.
final class ProgressBar: @unchecked Sendable {
  private let total: Int
  private let unit: String
  private let done = Atomic<Int>(0)
  private let start = DispatchTime.now()
  private let timer: DispatchSourceTimer?

  init(total: Int, unit: String, enabled: Bool) {
    self.total = total
    self.unit = unit
    if enabled && isatty(STDERR_FILENO) == 1 {
      let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "sealed.progress"))
      timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
      self.timer = timer
      timer.setEventHandler { [weak self] in self?.draw() }
      timer.resume()
    } else {
      timer = nil
    }
  }

  /// Records progress; safe to call from any thread.
  func update(_ completed: Int) {
    done.store(completed, ordering: .relaxed)
  }

  /// Stops redrawing and clears the line.
  func finish() {
    guard let timer else { return }
    timer.cancel()
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }

  private func draw() {
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let text = Self.line(completed: done.load(ordering: .relaxed), total: total, seconds: seconds, unit: unit)
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// The bar's line after `seconds`: `[####.....]  42%  1.2M pools/s  3s left`. A run that does
  /// more than it announced (check-products' confirmations) keeps the bar full.
  static func line(completed: Int, total: Int, seconds: Double, unit: String) -> String {
    let fraction = total > 0 ? min(1, max(0, Double(completed) / Double(total))) : 0
    let width = 30
    let filled = Int(fraction * Double(width))
    let rate = seconds > 0 ? Double(completed) / seconds : 0
    let left = rate > 0 ? Double(max(0, total - completed)) / rate : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return String(
      format: "\r[%@] %3.0f%%  %@ %@/s  %@ left", bar, fraction * 100, Self.compact(rate), unit, Self.duration(left))
  }

  static func compact(_ value: Double) -> String {
    switch value {
    case 1e9...: String(format: "%.1fG", value / 1e9)
    case 1e6...: String(format: "%.1fM", value / 1e6)
    case 1e3...: String(format: "%.1fk", value / 1e3)
    default: String(format: "%.0f", value)
    }
  }

  static func duration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
  }
}
