import ArgumentParser

/// `sealed rules`: rule files from the field's booster data.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "Rule files from the field's booster data (mtg.wtf's compiled products); fetch, list, diff and lint its releases.",
    subcommands: [RulesImportCommand.self, RulesFetchCommand.self, RulesReleasesCommand.self, RulesDiffCommand.self, RulesLintCommand.self]
  )
}
