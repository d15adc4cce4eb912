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
    let cause = code != 0 ? code : causeOfAnEarlierFailure()
    let reason = cause != 0 ? systemErrorReason(cause) : "a write failed"
    SealedMain.printError("standard output: \(reason); what it holds is incomplete")
    return status == 0 ? 2 : status
  }

  /// The likely `errno` of a write that failed before the final flush, whose own `errno` is
  /// gone by then (0 when none is known): what a write of no bytes meets (a device that refuses
  /// every write, such as `/dev/full`, says so for it too; a file, a terminal or a pipe takes it
  /// and nothing is written), else ENOSPC for a file on a file system with no block left to
  /// this user. Cost: two system calls, only when a write has failed.
  static func causeOfAnEarlierFailure() -> Int32 {
    errno = 0
    let probe: [UInt8] = [0]
    if probe.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, 0) }) < 0 { return errno }
    var status = stat()
    var space = statvfs()
    guard fstat(STDOUT_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      fstatvfs(STDOUT_FILENO, &space) == 0
    else { return 0 }
    return fileSystemIsFull(space, superuser: geteuid() == 0) ? ENOSPC : 0
  }

  /// Whether a file system has no block left that a write of this user could take: the
  /// superuser may use the blocks kept back from others (`f_bfree`), anyone else only the rest
  /// (`f_bavail`).
  static func fileSystemIsFull(_ space: statvfs, superuser: Bool) -> Bool {
    (superuser ? space.f_bfree : space.f_bavail) == 0
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
