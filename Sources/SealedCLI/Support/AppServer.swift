import Foundation
import SealedSupport

/// The browser app's server, `sealed-serve`: an executable of its own built beside `sealed`
/// (its server, Hummingbird on SwiftNIO, would add minutes to the first build of `sealed`;
/// README, The app in a browser), which `sealed serve` becomes.
enum AppServer {
  /// The server's name beside `sealed`.
  static let name = "sealed-serve"

  /// Why `sealed serve` cannot start from `folder`, and how to make it: built where SwiftPM
  /// builds (`.build/debug`, `.build/release`, a triple's folder), the build command; a `sealed`
  /// copied elsewhere, the server copied beside it (a debug build there would land in
  /// `.build/debug`, never beside the copy).
  static func missing(in folder: String) -> String {
    let parts = folder.split(separator: "/")
    guard parts.count >= 2, parts.dropLast().contains(".build"), let configuration = parts.last, ["debug", "release"].contains(configuration) else {
      return "the app's server, \(name), is not beside sealed (\(folder)); copy \(name) from the build that made this sealed into that folder ('swift build -c release --product \(name)' puts it in .build/release)"
    }
    let flag = configuration == "release" ? " -c release" : ""
    return "the app's server, \(name), is not built beside sealed (\(folder)); "
      + "build it once with 'swift build\(flag) --product \(name)' (Hummingbird and SwiftNIO: a few minutes the first time), or start it with 'swift run\(flag) \(name)'"
  }

  /// Replaces this process with `sealed-serve ARGUMENTS`, found in the folder of the running
  /// `sealed`; returns only by throwing: a one-line error saying how to get it when it is not
  /// there (`missing(in:)`), or why it could not start.
  static func exec(_ arguments: [String]) throws -> Never {
    let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let server = folder.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: server) else {
      throw DataError(missing(in: folder.path))
    }
    let cArguments = ([server] + arguments).map { strdup($0) } + [nil]
    // Sealed ignores SIGINT and SIGTERM to hear them through signal sources; an ignored signal
    // stays ignored across exec, and the server must hear them as any process does.
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    execv(server, cArguments)
    throw DataError("cannot start \(server) (\(String(cString: strerror(errno))))")
  }
}
