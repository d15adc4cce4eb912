import Foundation
import SealedTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A `sealed-serve` process started for a test, on a port the system picks, with a library
/// (`SEALED_HOME`) and a reports folder of its own, and only the shipped card data. Stopped with
/// Ctrl-C (SIGINT) by `stop()`, or killed when the test ends without it.
final class RunningServer: @unchecked Sendable {
  let process: Process
  let port: Int
  let home: URL
  let reports: URL
  private let output: Pipe
  private let errors: Pipe
  private let watchdog: DispatchWorkItem
  /// What the server printed before its address line (and that line).
  let greeting: String

  /// The `sealed-serve` binary beside `sealed`.
  static var executable: URL {
    SealedExecutable.url.deletingLastPathComponent().appendingPathComponent("sealed-serve")
  }

  /// The environment of every process a test starts against this server: its library, only
  /// the shipped card data.
  var environment: [String: String] { ["SEALED_HOME": home.path, "SEALED_CARDS": ""] }

  /// Starts the server in a temporary folder and waits (at most 60 s) for its address.
  /// `variables` are set in its environment besides (`SEALED_SCRYFALL_API`, `SEALED_RELEASE_FROM`).
  init(arguments extra: [String] = [], home given: URL? = nil, variables: [String: String] = [:]) throws {
    let folder = try Fixtures.temporaryDirectory("sealed-serve-tests")
    home = given ?? folder.appendingPathComponent("home")
    reports = folder.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    process = Process()
    process.executableURL = Self.executable
    process.arguments = ["--port", "0", "--reports", reports.path] + extra
    var environment = ProcessInfo.processInfo.environment
    environment["SEALED_HOME"] = home.path
    environment["SEALED_CARDS"] = nil
    environment["SEALED_DATA"] = nil
    environment.merge(variables) { $1 }
    process.environment = environment
    process.currentDirectoryURL = folder
    output = Pipe()
    errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    watchdog = SealedExecutable.killAfter(600, process)
    var seen = ""
    let handle = output.fileHandleForReading
    while !seen.contains("Ctrl-C stops it.") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      seen += String(decoding: chunk, as: UTF8.self)
    }
    greeting = seen
    guard let range = seen.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
      let port = Int(seen[range].dropFirst("http://127.0.0.1:".count).dropLast())
    else {
      process.terminate()
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw TestFailure("sealed-serve did not print its address: \(seen) \(stderr)")
    }
    self.port = port
  }

  /// Sends Ctrl-C and returns the exit status and what the server printed after its greeting.
  @discardableResult
  func stop() -> (status: Int32, output: String, errors: String) {
    kill(process.processIdentifier, SIGINT)
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    watchdog.cancel()
    return (process.terminationStatus, rest, errorText)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    watchdog.cancel()
  }

  /// The app's own origin, as a browser on its page sends it.
  var origin: String { "http://127.0.0.1:\(port)" }

  /// A request as the app's page sends it: JSON, with the page's Origin.
  func post(_ path: String, json: String, origin: String? = nil, headers: [String: String] = [:]) throws -> HTTPReply {
    var all = ["Content-Type": "application/json", "Origin": origin ?? self.origin]
    all.merge(headers) { $1 }
    return try RawHTTP.send(port: port, method: "POST", path: path, headers: all, body: Data(json.utf8))
  }

  func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPReply {
    try RawHTTP.send(port: port, method: "GET", path: path, headers: headers)
  }

  /// The catalog's product listing once it is no longer loading (ready or failed), polled
  /// every 0.2 s; a `TestFailure` when it is still loading after `seconds`.
  func productListing(within seconds: Double = 300) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let products = try JSONValue.object(get("/api/catalog"))["products"] as! [String: Any]
      if products["status"] as? String != "loading" { return products }
      Thread.sleep(forTimeInterval: 0.2)
    }
    throw TestFailure("the products were not listed in \(seconds) s")
  }

  /// Runs `sealed` against this server's library.
  func sealed(_ arguments: [String]) throws -> CommandResult {
    try SealedExecutable.run(arguments, environment: environment)
  }
}

/// A failure of the test's own machinery.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
