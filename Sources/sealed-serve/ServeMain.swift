import ArgumentParser
import Foundation
import SealedSupport
import SealedServer

/// Runs `sealed-serve` and returns its exit status: 0 after Ctrl-C, 2 for bad usage or data
/// (one line on standard error) or an address it cannot listen on.
enum ServeMain {
  static func run(_ arguments: [String]) async -> Int32 {
    let command: ServeCommand
    do {
      command = try ServeCommand.parse(arguments)
    } catch {
      if ServeCommand.exitCode(for: error) == .success {
        print(ServeCommand.fullMessage(for: error))
        return 0
      }
      let message = ServeCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
      printError("\(message) (see 'sealed serve --help')")
      return 2
    }
    let configuration: ServerConfiguration
    do {
      configuration = try command.serverConfiguration()
    } catch {
      printError(error.description)
      return 2
    }
    do {
      try await SealedServer.run(configuration) { address in
        // Unbuffered: whoever started the server reads the address at once.
        FileHandle.standardOutput.write(Data((greeting(address, configuration) + "\n").utf8))
      }
      FileHandle.standardOutput.write(Data("Sealed stopped.\n".utf8))
      return 0
    } catch let error as DataError {
      printError(error.description)
      return 2
    } catch {
      printError("cannot serve on \(configuration.host):\(configuration.port) (\(listenFailure(error))); choose another --port or --host")
      return 2
    }
  }

  /// Why the server could not listen, in the system's words: a socket call's errno ("address
  /// already in use"; NIO's error holds it in a case `errno`, and its description names the
  /// internal call), or a host name that resolves to nothing.
  static func listenFailure(_ error: any Error) -> String {
    if let code = errnoCode(in: error, depth: 3) { return systemErrorReason(code) }
    if String(describing: error).hasPrefix("SocketAddressError.UnknownHost") { return "no such host" }
    return String(describing: error)
  }

  /// The errno that `value` holds under a label `errno`, looked for `depth` levels down.
  private static func errnoCode(in value: Any, depth: Int) -> CInt? {
    for child in Mirror(reflecting: value).children {
      if child.label == "errno", let code = child.value as? CInt { return code }
      if depth > 1, let code = errnoCode(in: child.value, depth: depth - 1) { return code }
    }
    return nil
  }

  /// What the terminal shows once the server listens: the address first.
  static func greeting(_ address: String, _ configuration: ServerConfiguration) -> String {
    var lines = ["Sealed is at \(address)", "  decks: \(configuration.library.path)", "  reports: \(configuration.reportsFolder)"]
    if configuration.maximumCheckPools != ServerConfiguration.defaultMaximumCheckPools {
      lines.append("  checks: at most \(configuration.maximumCheckPools) pools each")
    }
    if configuration.host != ServerConfiguration.defaultHost && configuration.host != "localhost" {
      lines.append("  note: listening on \(configuration.host): other machines that reach it can open, edit and delete decks")
    }
    lines.append("Ctrl-C stops it.")
    return lines.joined(separator: "\n")
  }

  /// Writes `sealed: error: LINE` on standard error.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("sealed: error: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
  }
}
