import Foundation

/// A short, lowercase description of a file-system error for one-line messages: the POSIX
/// reason ("no such file or directory", "permission denied") when there is one.
public func systemErrorReason(_ error: any Error) -> String {
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain,
    let code = POSIXErrorCode(rawValue: Int32(underlying.code))
  {
    return String(cString: strerror(code.rawValue)).lowercased()
  }
  if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
    return "no such file"
  }
  return nsError.localizedDescription
}