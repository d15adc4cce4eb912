import Foundation
import SystemPackage

/// The folder part of a path, as `NSString.deletingLastPathComponent` gives it ("" for a bare
/// name, "/" for a file at the root, trailing slashes ignored), without calling it:
/// swift-corelibs-foundation's stops the process with an illegal instruction on any path of one
/// character (`--out a`, `--out -`), seen with Swift 6.3.1. Cost: one pass over the path.
package func folderOfPath(_ path: String) -> String {
  FilePath(path).removingLastComponent().string
}

/// The path a write to `path` should go to: `path` itself, or, when it is a symbolic link, the
/// file or folder the link names (followed link by link, relative targets read from the link's
/// folder; at most 40 links, as the kernel allows). Replacing a link's target keeps the link,
/// where renaming a new file or folder over the link's own name would break it off (and a report
/// folder put in place of a link once emptied the folder it named). Cost: one `lstat` and, per
/// link, one `readlink`.
package func linkTarget(of path: String) -> String {
  // "link/" and "link/." name the link's folder, but lstat follows them: judge "link" itself.
  var current = path
  while current.count > 1 && (current.hasSuffix("/") || current.hasSuffix("/.")) {
    current = String(current.hasSuffix("/") ? current.dropLast() : current.dropLast(2))
  }
  for _ in 0..<40 {
    var status = stat()
    guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(current, &buffer, buffer.count - 1)
    guard length > 0 else { return current }
    let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // A link of /proc naming a pipe or socket (`/dev/stdout` -> `/proc/self/fd/1` ->
    // `pipe:[1042638]`) names no path: the link itself is what a write opens.
    if current.hasPrefix("/proc/") && !target.hasPrefix("/") && target.contains(":[") { return current }
    current = target.hasPrefix("/") ? target : FilePath(folderOfPath(current)).appending(target).string
  }
  return current
}
