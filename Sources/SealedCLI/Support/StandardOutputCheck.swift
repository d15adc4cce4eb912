import Foundation
import SealedSupport

/// What a command printed reaches its file, or the run fails: `print` writes through C's
/// `stdout`, which keeps a write error (a full disk) in its error flag and says nothing, so
/// `sealed export tts alice > deck.json` on a full disk left a cut file and exit 0. Checked
/// once, when the command is done: a flush, then the stream's error flag.
enum StandardOutputCheck {
  /// `status`, or, when standard output could not be written, one line on standard error and
  /// status 2 (a failed command keeps its own). A reader that closed the pipe early (`| head`)
  /// is no error: what it read was written.
  static func finish(_ status: Int32) -> Int32 {
    guard let stream = standardOutputStream() else { return status }
    errno = 0
    let flushed = fflush(stream) == 0
    let code = errno
    guard !flushed || ferror(stream) != 0 else { return status }
    if code == EPIPE || readerHasGone() { return status }
    let reason = code != 0 ? systemErrorReason(code) : "a write failed"
    SealedMain.printError("standard output: \(reason); what it holds is incomplete")
    return status == 0 ? 2 : status
  }

  /// Whether standard output is a pipe whose reader has closed it: the cause of a write error
  /// seen only in the stream's flag, when SIGPIPE is ignored (a parent that ignores it passes
  /// that on) and an earlier write met EPIPE. The pipe's writing end then polls as an error.
  private static func readerHasGone() -> Bool {
    var status = stat()
    guard fstat(STDOUT_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO else { return false }
    var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
    return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLERR) != 0
  }

  /// C's `stdout`, found by its symbol: Swift 6 refuses to read the imported global, a mutable
  /// variable shared by every thread (nothing else reads it here, once, at the end).
  private static func standardOutputStream() -> UnsafeMutablePointer<FILE>? {
    guard let symbol = dlsym(nil, "stdout") else { return nil }
    return symbol.load(as: UnsafeMutablePointer<FILE>?.self)
  }
}
