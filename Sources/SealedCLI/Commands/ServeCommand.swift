import ArgumentParser
import Foundation
import SealedSupport

/// `sealed serve`: starts the browser app, `sealed-serve`, an executable of its own built
/// beside `sealed` (its server, Hummingbird on SwiftNIO, would add minutes to the first build
/// of `sealed`; README, The app in a browser). Its options are passed on unchanged.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Open the Sealed app in a browser: choose, open, build, sample hands, export, saved decks, checks.",
    discussion: """
      Starts sealed-serve, the app's server, built beside sealed (swift build -c release \
      --product sealed-serve, once). It listens on 127.0.0.1 unless --host says otherwise, \
      prints the address to open, and serves until Ctrl-C. Decks are those of sealed deck \
      ($SEALED_HOME); checks write into --reports. docs/serve.md has the screens and the API.
      """)

  @Option(help: ArgumentHelp("The port (default 8040; 0: any free port).", valueName: "n"))
  var port: String?

  @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines in).", valueName: "addr"))
  var host: String?

  @Option(help: ArgumentHelp("The folder of report folders to browse and to write checks into (default: reports).", valueName: "dir"))
  var reports: String?

  @Option(help: ArgumentHelp("Folder of card images named SET-NUMBER.jpg, for the Tabletop Simulator card sheet.", valueName: "dir"))
  var images: String?

  @Option(help: ArgumentHelp("Scryfall card data: a JSON file or a folder of .json files.", valueName: "path"))
  var cards: String?

  /// The server's name beside `sealed`.
  static let serverName = "sealed-serve"

  func run() throws {
    let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let server = folder.appendingPathComponent(Self.serverName).path
    guard FileManager.default.isExecutableFile(atPath: server) else {
      let release = folder.path.hasSuffix("/release") ? " -c release" : ""
      throw DataError(
        "the app's server, \(Self.serverName), is not built beside sealed (\(folder.path)); build it once with 'swift build\(release) --product \(Self.serverName)' (Hummingbird and SwiftNIO: a few minutes the first time), or start it with 'swift run\(release) \(Self.serverName)'")
    }
    var arguments = [server]
    for (name, value) in [("--port", port), ("--host", host), ("--reports", reports), ("--images", images), ("--cards", cards)] {
      if let value { arguments += [name, value] }
    }
    let cArguments = arguments.map { strdup($0) } + [nil]
    execv(server, cArguments)
    throw DataError("cannot start \(server) (\(String(cString: strerror(errno))))")
  }
}
