import Foundation
import SealedSupport
import Testing

@Suite struct SystemErrorTests {
  /// swift-system's `Errno` words every code as the C library's strerror(3) does, so that
  /// routing messages through it changed none of them.
  @Test func theTextIsStrerrorsForEveryCode() {
    for code in Int32(1)...133 {
      #expect(systemErrorText(code) == String(cString: strerror(code)), "errno \(code)")
      #expect(systemErrorReason(code) == String(cString: strerror(code)).lowercased(), "errno \(code)")
    }
  }

  @Test func theCodesSealedMeets() {
    #expect(systemErrorText(ENOENT) == "No such file or directory")
    #expect(systemErrorReason(ENOENT) == "no such file or directory")
    #expect(systemErrorReason(EACCES) == "permission denied")
    #expect(systemErrorReason(EISDIR) == "is a directory")
    #expect(systemErrorReason(ENOTDIR) == "not a directory")
    #expect(systemErrorReason(EROFS) == "read-only file system")
    #expect(systemErrorReason(ENOSPC) == "no space left on device")
    #expect(systemErrorText(EEXIST) == "File exists")
  }

  /// Foundation's own file errors, which carry no POSIX code (its `createDirectory` on Linux),
  /// read as the system's words, not "The operation could not be completed. ..." (a folder
  /// through a file: `OpenOutTests`).
  @Test func foundationsFileErrorsInTheSystemsWords() {
    let denied = NSError(domain: NSCocoaErrorDomain, code: NSFileWriteNoPermissionError)
    #expect(systemErrorReason(denied) == "permission denied")
    #expect(systemErrorReason(NSError(domain: NSCocoaErrorDomain, code: NSFileNoSuchFileError)) == "no such file or directory")
  }
}
