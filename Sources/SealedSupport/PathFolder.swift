import SystemPackage

/// The folder part of a path, as `NSString.deletingLastPathComponent` gives it ("" for a bare
/// name, "/" for a file at the root, trailing slashes ignored), without calling it:
/// swift-corelibs-foundation's stops the process with an illegal instruction on any path of one
/// character (`--out a`, `--out -`), seen with Swift 6.3.1. Cost: one pass over the path.
package func folderOfPath(_ path: String) -> String {
  FilePath(path).removingLastComponent().string
}
