import ArgumentParser
import Foundation
import SealedCore

/// Runs `sealed` with the given arguments and returns the process exit status.
///
/// Exit statuses: 0 success; 1 a check failed; 2 bad usage or bad data (one line on stderr,
/// never a stack trace); 130 interrupted by Ctrl-C (the report of the pools completed so far
/// is written).
public enum SealedMain {
  public static func run(_ arguments: [String]) -> Int32 {
    do {
      var command = try SealedCommand.parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let error as DataError {
      printError(error.description)
      return 2
    } catch let error as CommandFailure {
      if !error.message.isEmpty { printError(error.message) }
      return error.status
    } catch {
      let code = SealedCommand.exitCode(for: error)
      if code == .success {
        print(SealedCommand.fullMessage(for: error))
        return 0
      }
      if code == .validationFailure {
        let message = SealedCommand.message(for: error)
          .split(separator: "\n").first.map(String.init) ?? "invalid usage"
        printError("\(message) (see '\((["sealed"] + helpPath(arguments)).joined(separator: " ")) --help')")
        return 2
      }
      let message = SealedCommand.message(for: error)
      if !message.isEmpty { printError(message) }
      return code.rawValue
    }
  }

  /// Writes `sealed: error: MESSAGE` as one line on standard error.
  static func printError(_ message: String) {
    let line = message.replacingOccurrences(of: "\n", with: " ")
    FileHandle.standardError.write(Data("sealed: error: \(line)\n".utf8))
  }

  /// The subcommand path for the help hint, e.g. `open` or `deck add`.
  private static func helpPath(_ arguments: [String]) -> [String] {
    var path: [String] = []
    var commands = SealedCommand.configuration.subcommands
    for argument in arguments {
      guard let match = commands.first(where: { $0._commandName == argument }) else { break }
      path.append(argument)
      commands = match.configuration.subcommands
    }
    return path
  }
}

/// Ends a command with a given exit status and an optional one-line message.
public struct CommandFailure: Error {
  public var status: Int32
  public var message: String

  public init(status: Int32, message: String = "") {
    self.status = status
    self.message = message
  }
}
