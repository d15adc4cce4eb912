import Foundation
import SealedSupport

/// The browser app's server, `sealed-serve`: an executable of its own built beside `sealed`
/// (its server, Hummingbird on SwiftNIO, would add minutes to the first build of `sealed`;
/// README, The app in a browser), which `sealed serve` becomes.
enum AppServer {
  /// The server's name beside `sealed`.
  static let name = "sealed-serve"

  /// Replaces this process with `sealed-serve ARGUMENTS`, found in the folder of the running
  /// `sealed`; returns only by throwing: a one-line error saying how to build it when it is not
  /// there, or why it could not start.
  static func exec(_ arguments: [String]) throws -> Never {
    let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let server = folder.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: server) else {
      let release = folder.path.hasSuffix("/release") ? " -c release" : ""
      throw DataError(
        "the app's server, \(name), is not built beside sealed (\(folder.path)); build it once with 'swift build\(release) --product \(name)' (Hummingbird and SwiftNIO: a few minutes the first time), or start it with 'swift run\(release) \(name)'")
    }
    let cArguments = ([server] + arguments).map { strdup($0) } + [nil]
    execv(server, cArguments)
    throw DataError("cannot start \(server) (\(String(cString: strerror(errno))))")
  }
}
