import ArgumentParser
import SealedJobs

/// `sealed serve`: becomes the browser app's server, `sealed-serve` (`AppServer`), with its
/// options passed on unchanged.
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

  @Option(parsing: .unconditional, help: ArgumentHelp("The port (default 8040; 0: any free port).", valueName: "n"))
  var port: String?

  @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines in).", valueName: "addr"))
  var host: String?

  @Option(help: ArgumentHelp("The folder of report folders to browse and to write checks into (default: reports).", valueName: "dir"))
  var reports: String?

  @Option(help: ArgumentHelp("Folder of card images named SET-NUMBER.jpg, for the Tabletop Simulator card sheet.", valueName: "dir"))
  var images: String?

  @Option(help: ArgumentHelp("Scryfall card data: a JSON file or a folder of .json files.", valueName: "path"))
  var cards: String?

  @Option(help: ArgumentHelp("The most pools a check started from the page runs (default \(RunLimits.maximumAppCheckPools); at most 2^38).", valueName: "n"))
  var maxCheckPools: String?

  func run() throws {
    var arguments: [String] = []
    let options = [
      ("--port", port), ("--host", host), ("--reports", reports), ("--images", images), ("--cards", cards), ("--max-check-pools", maxCheckPools),
    ]
    for (name, value) in options {
      if let value { arguments += [name, value] }
    }
    try AppServer.exec(arguments)
  }
}
