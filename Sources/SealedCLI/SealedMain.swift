import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedRules

/// Runs `sealed` with the given arguments and returns the process exit status.
///
/// Exit statuses: 0 success; 1 a check failed; 2 bad usage or bad data (one line on stderr,
/// never a stack trace); 130 interrupted by Ctrl-C (the report of the pools completed so far
/// is written); 143 ended by SIGTERM. Either signal removes the files left unfinished.
package enum SealedMain {
  package static func run(_ arguments: [String]) -> Int32 {
    InterruptFlag.removeUnfinishedFilesOnQuit()
    return StandardOutputCheck.finish(runCommand(arguments))
  }

  private static func runCommand(_ arguments: [String]) -> Int32 {
    // `sealed help NAME` for a NAME that is no command: the argument parser shows the overview
    // and exits 0; a typo deserves the same line as `sealed NAME`.
    if arguments.first == "help" {
      let asked = Array(arguments.dropFirst())
      let path = helpPath(asked)
      if let message = unknownSubcommand(asked, after: path) {
        printError("\(message) (see '\((["sealed"] + path).joined(separator: " ")) --help')")
        return 2
      }
    }
    let path = helpPath(arguments)
    if let message = versionProblem(arguments, path: path) ?? RepeatedOptions.problem(arguments, path: path, command: command(at: path)) {
      printError("\(message) (see '\((["sealed"] + path).joined(separator: " ")) --help')")
      return 2
    }
    do {
      var command = try SealedCommand.parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let error as DataError {
      printError(described(error))
      return 2
    } catch let error as DataErrors {
      for each in error.errors { printError(described(each)) }
      return 2
    } catch let error as CommandFailure {
      if !error.message.isEmpty { printError(error.message) }
      return error.status
    } catch {
      let code = SealedCommand.exitCode(for: error)
      if code == .success {
        let message = SealedCommand.fullMessage(for: error)
        let isHelp = message.hasPrefix("OVERVIEW:") || message.hasPrefix("USAGE:")
        let examples = isHelp ? Example.section(for: command(at: helpPath(arguments, skippingHelp: true))) : ""
        print(examples.isEmpty ? message : message.trimmingCharacters(in: .newlines) + "\n\n" + examples)
        return 0
      }
      if code == .validationFailure {
        let path = helpPath(arguments)
        let message =
          unknownSubcommand(arguments, after: path)
          ?? SealedCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
        printError("\(message) (see '\((["sealed"] + path).joined(separator: " ")) --help')")
        return 2
      }
      let message = SealedCommand.message(for: error)
      if !message.isEmpty { printError(message) }
      return code.rawValue
    }
  }

  /// `--version` beside anything but the command path (`sealed --version extra`, `sealed extra
  /// --version`): the argument parser printed the version and ignored the rest, a mistyped
  /// command among it. Nil when `--version` stands alone after its command, or is not there.
  private static func versionProblem(_ arguments: [String], path: [String]) -> String? {
    guard arguments.first != "help", arguments.contains("--version"), arguments != path + ["--version"] else { return nil }
    if let unknown = unknownSubcommand(arguments.filter { $0 != "--version" }, after: path) { return unknown }
    let others = arguments.dropFirst(path.count).filter { $0 != "--version" }
    guard let first = others.first else { return "--version given more than once" }
    return "--version takes no other arguments; got \"\(first)\""
  }

  /// The error's line, with where to see the shipped file it names (`ShippedSource`).
  static func described(_ error: DataError) -> String {
    guard let guide = ShippedSource.guide(for: error.location) else { return error.description }
    return "\(error.description) (\(guide))"
  }

  /// Writes `sealed: error: MESSAGE` as one line on standard error.
  static func printError(_ message: String) {
    let line = message.replacingOccurrences(of: "\n", with: " ")
    FileHandle.standardError.write(Data("sealed: error: \(line)\n".utf8))
  }

  /// The subcommand path for the help hint, e.g. `open` or `deck add`; with `skippingHelp`,
  /// after a leading `help` (`sealed help deck add`).
  private static func helpPath(_ arguments: [String], skippingHelp: Bool = false) -> [String] {
    var path: [String] = []
    var commands = SealedCommand.configuration.subcommands
    for argument in skippingHelp && arguments.first == "help" ? Array(arguments.dropFirst()) : arguments {
      guard let match = commands.first(where: { $0._commandName == argument }) else { break }
      path.append(argument)
      commands = match.configuration.subcommands
    }
    return path
  }

  /// The command at `path` (the root for an empty path).
  private static func command(at path: [String]) -> ParsableCommand.Type {
    var command: ParsableCommand.Type = SealedCommand.self
    for name in path {
      guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else { break }
      command = next
    }
    return command
  }

  /// For a mistyped subcommand (`sealed simulat war`): `unknown command "simulat"; did you
  /// mean "simulate"?`, or the list of subcommands when none is close; nil when the argument
  /// after `path` is not meant as a subcommand (an option, or a command that takes none).
  private static func unknownSubcommand(_ arguments: [String], after path: [String]) -> String? {
    let subcommands = command(at: path).configuration.subcommands.map { $0._commandName }
    guard !subcommands.isEmpty, path.count < arguments.count, arguments[..<path.count].elementsEqual(path) else { return nil }
    let word = arguments[path.count]
    guard !word.hasPrefix("-") else { return nil }
    let names = subcommands + (path.isEmpty ? ["help"] : [])
    let close = NameMatching.closest(to: word, among: names, limit: 2)
    guard close.isEmpty else { return "unknown command \"\(word)\"\(NameMatching.suggestion(close))" }
    return "unknown command \"\(word)\"; expected one of \(subcommands.joined(separator: ", "))"
  }
}

/// Ends a command with a given exit status and an optional one-line message.
package struct CommandFailure: Error {
  package var status: Int32
  package var message: String

  package init(status: Int32, message: String = "") {
    self.status = status
    self.message = message
  }
}
