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
    let completed = done.load(ordering: .relaxed)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let fraction = total > 0 ? Double(completed) / Double(total) : 0
    let width = 30
    let filled = Int(fraction * Double(width))
    let rate = seconds > 0 ? Double(completed) / seconds : 0
    let left = rate > 0 ? Double(total - completed) / rate : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let text = String(
      format: "\r[%@] %3.0f%%  %@ %@/s  %@ left", bar, fraction * 100, Self.compact(rate), unit,
      Self.duration(left))
    FileHandle.standardError.write(Data(text.utf8))
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

/// Turns Ctrl-C into a flag the simulation polls between chunks, so an interrupted run can
/// still write the report of the pools it finished. A second Ctrl-C exits at once.
// `source` is set once in init and only cancelled from the thread that created it.
final class InterruptFlag: @unchecked Sendable {
  private final class State: Sendable {
    let raised = Atomic<Bool>(false)
  }
  private let state = State()
  private let source: DispatchSourceSignal

  init() {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "sealed.interrupt"))
    source.setEventHandler { [state] in
      if state.raised.exchange(true, ordering: .relaxed) {
        FileHandle.standardError.write(Data("\nsealed: interrupted again; exiting without a report\n".utf8))
        exit(130)
      }
      FileHandle.standardError.write(Data("\nsealed: interrupted; finishing the current chunks and writing the report (Ctrl-C again to quit now)\n".utf8))
    }
    source.resume()
  }

  var isRaised: Bool { state.raised.load(ordering: .relaxed) }

  func restore() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
