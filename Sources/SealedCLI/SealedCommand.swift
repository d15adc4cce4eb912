import ArgumentParser
import SealedSupport
import SealedEngine

/// The root `sealed` command.
package struct SealedCommand: ParsableCommand {
  package static let version = "0.2.0"

  package static let configuration = CommandConfiguration(
    commandName: "sealed",
    abstract: "Simulate Magic: The Gathering booster openings and check them with statistics.",
    // The generator version says which pools a seed gives (docs/open.md, "Seeds and versions").
    version: "\(version) (generator version \(Simulation.generatorVersion))",
    subcommands: [
      SetsCommand.self, CardsCommand.self, RulesCommand.self, OpenCommand.self, SimulateCommand.self, CheckCommand.self, CheckProductsCommand.self,
      AuditCommand.self, MergeCommand.self, ReportCommand.self,
      DecksCommand.self, DeckCommand.self, HandCommand.self, ExportCommand.self,
    ]
  )

  package init() {}
}
