import Foundation
import SystemPackage

/// The system's own words for an `errno` code, as strerror(3) gives them: "No such file or
/// directory". Every message that quotes the system's reason for a failed call goes through
/// this function or `systemErrorReason(_:)`. Backed by swift-system's `Errno`, whose
/// description is strerror's text. Cost: one strerror call.
package func systemErrorText(_ code: Int32) -> String {
  Errno(rawValue: code).description
}

/// The system's reason for an `errno` code in lowercase, for the parenthesised reason of a
/// one-line message: "no such file or directory", "permission denied".
package func systemErrorReason(_ code: Int32) -> String {
  systemErrorText(code).lowercased()
}

/// A short, lowercase description of a file-system error for one-line messages: the POSIX
/// reason ("no such file or directory", "permission denied") when there is one.
package func systemErrorReason(_ error: any Error) -> String {
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain,
    let code = POSIXErrorCode(rawValue: Int32(underlying.code))
  {
    return systemErrorReason(code.rawValue)
  }
  if nsError.domain == NSCocoaErrorDomain, let words = cocoaFileErrorReasons[nsError.code] {
    return words
  }
  return nsError.localizedDescription
}

/// Foundation's file errors that carry no POSIX error (its own `createDirectory` on Linux gives
/// "The operation could not be completed. You don't have permission."), in the system's words.
private let cocoaFileErrorReasons: [Int: String] = [
  NSFileNoSuchFileError: "no such file or directory",
  NSFileReadNoSuchFileError: "no such file",
  NSFileReadNoPermissionError: "permission denied",
  NSFileWriteNoPermissionError: "permission denied",
  NSFileWriteFileExistsError: "a file of that name is in the way",
  NSFileWriteOutOfSpaceError: "no space left on device",
  NSFileWriteVolumeReadOnlyError: "read-only file system",
  NSFileWriteInvalidFileNameError: "not a valid file name",
]
