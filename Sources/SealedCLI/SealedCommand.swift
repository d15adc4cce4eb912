import ArgumentParser
import SealedSupport

/// The root `sealed` command.
package struct SealedCommand: ParsableCommand {
  package static let version = SealedVersion.current

  package static let configuration = CommandConfiguration(
    commandName: "sealed",
    abstract: "Simulate Magic: The Gathering booster openings and check them with statistics.",
    version: version,
    subcommands: [
      SetsCommand.self, CardsCommand.self, RulesCommand.self, OpenCommand.self, SimulateCommand.self, CheckCommand.self, CheckProductsCommand.self,
      AuditCommand.self, MergeCommand.self, ReportCommand.self,
      DecksCommand.self, DeckCommand.self, HandCommand.self, ExportCommand.self, ServeCommand.self,
    ]
  )

  package init() {}
}
