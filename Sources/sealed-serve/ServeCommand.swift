import ArgumentParser
import Foundation
import SealedSupport
import SealedDecks
import SealedServer

/// `sealed-serve` (and `sealed serve`, which starts it): the browser app.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sealed-serve",
    abstract: "Serve the Sealed app to a browser on this machine: choose, open, build, hands, exports, decks, checks.",
    discussion: """
      Listens on 127.0.0.1 (this machine only) unless --host says otherwise, prints the address \
      to open, and serves until Ctrl-C. The decks are the library of sealed deck \
      ($SEALED_HOME); checks write into --reports. The page's files are part of the program: \
      it works with no network (card images come from Scryfall when online, drawn faces \
      otherwise). docs/serve.md describes the screens and the JSON API.
      """)

  @Option(parsing: .unconditional, help: ArgumentHelp("The port (default \(ServerConfiguration.defaultPort); 0: any free port).", valueName: "n"))
  var port: Int = ServerConfiguration.defaultPort

  @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines in).", valueName: "addr"))
  var host: String = ServerConfiguration.defaultHost

  @Option(help: ArgumentHelp("The folder of report folders to browse and to write checks into (default: reports).", valueName: "dir"))
  var reports: String = "reports"

  @Option(help: ArgumentHelp("Folder of card images named SET-NUMBER.jpg, for the Tabletop Simulator card sheet.", valueName: "dir"))
  var images: String?

  @Option(help: ArgumentHelp("Scryfall card data: a JSON file or a folder of .json files (default: $SEALED_CARDS, else your sets over the shipped data).", valueName: "path"))
  var cards: String?

  @Option(help: ArgumentHelp("The most pools a check started from the page runs (default \(ServerConfiguration.defaultMaximumCheckPools); at most 2^38; 1000000, 1_000_000 or 1e6).", valueName: "n"))
  var maxCheckPools: String?

  /// The configuration these options give; a one-line `DataError` for a --max-check-pools that
  /// is no number of pools from 1 to 2^38.
  func serverConfiguration() throws(DataError) -> ServerConfiguration {
    let pools = try maxCheckPools.map { (text) throws(DataError) in try ServerConfiguration.checkPools(text) }
    return ServerConfiguration(
      host: host, port: port, library: .fromEnvironment(), reportsFolder: reports, imagesFolder: images, cards: cards,
      maximumCheckPools: pools ?? ServerConfiguration.defaultMaximumCheckPools)
  }
}
