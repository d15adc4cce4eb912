import Foundation
import SealedTestSupport
import Testing

/// `sealed serve`: it listens on 127.0.0.1, prints its address, serves its page with no network,
/// refuses bad options in one line, and stops cleanly on Ctrl-C.
@Suite struct ServerLifecycleTests {
  @Test func itServesThePageAndStopsOnCtrlC() throws {
    let server = try RunningServer()
    #expect(server.greeting.hasPrefix("Sealed is at http://127.0.0.1:\(server.port)/\n"))
    #expect(server.greeting.contains("  decks: \(server.home.path)"))
    #expect(server.greeting.contains("  reports: \(server.reports.path)"))
    let page = try server.get("/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("<script type=\"module\" src=\"/assets/app.js\"></script>"))
    #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
    #expect(page.headers["x-content-type-options"] == "nosniff")
    // Every file the page loads is the server's own: no CDN, no address elsewhere but Scryfall's images.
    for asset in ["app.js", "ui.js", "api.js", "cards.js", "choose.js", "open.js", "build.js", "hand.js", "decks.js", "checks.js", "app.css"] {
      let reply = try server.get("/assets/\(asset)")
      #expect(reply.status == 200, "\(asset)")
      #expect(reply.body.count > 500, "\(asset)")
      #expect(!reply.text.contains("http://") && !reply.text.contains("https://cdn"), "\(asset) names another server")
    }
    let missing = try server.get("/api/nothing")
    #expect(missing.status == 404)
    #expect(missing.errorMessage == "no such page or API route: GET /api/nothing")
    let stopped = server.stop()
    #expect(stopped.status == 0, "\(stopped.errors)")
    #expect(stopped.output == "Sealed stopped.\n")
    #expect(stopped.errors.isEmpty)
  }

  /// A client that sends half a request and stalls is cut off after 30 s of silence, so Ctrl-C
  /// stops the server then at the latest (it waited until the client hung up, forever if never).
  @Test(.heavy) func ctrlCIsNotHeldByAStalledRequest() throws {
    let server = try RunningServer()
    let socket = try Self.connect(port: server.port)
    defer { close(socket) }
    let head = "POST /api/deck HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: \(server.origin)\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\""
    _ = head.withCString { send(socket, $0, strlen($0), 0) }
    Thread.sleep(forTimeInterval: 0.5)
    let started = Date()
    let stopped = server.stop()
    #expect(stopped.status == 0, "\(stopped.errors)")
    #expect(Date().timeIntervalSince(started) < 60, "the stop waited for the stalled client")
  }

  static func connect(port: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw TestFailure("cannot connect to 127.0.0.1:\(port)") }
    return socket
  }

  @Test func badOptionsAreOneLineAndExit2() throws {
    let port = try SealedExecutable.run(["--port", "70000"], executable: RunningServer.executable)
    #expect(port.status == 2)
    #expect(port.stderr == "sealed: error: --port 70000: expected a port from 0 to 65535 (0: any free port)\n")
    // A Scryfall address Foundation's URL cannot read fell back to Scryfall's unsaid; one it
    // reads but that is no http address is named as written, not percent-encoded.
    for written in ["http://[bad", "ftp://mirror.example/a b"] {
      let api = try SealedExecutable.run(
        ["--port", "0"], environment: ["SEALED_SCRYFALL_API": written], executable: RunningServer.executable)
      #expect(api.status == 2)
      #expect(api.stderr == "sealed: error: SEALED_SCRYFALL_API \(written): expected an http or https address like https://api.scryfall.com\n")
    }
    let images = try SealedExecutable.run(["--port", "0", "--images", "/nonexistent-images"], executable: RunningServer.executable)
    #expect(images.status == 2)
    #expect(images.stderr == "sealed: error: /nonexistent-images: no such folder; expected a folder of card images named SET-NUMBER.jpg\n")
    // Card data given by --cards is read before the server listens (it started on a broken file
    // and failed every request); a reports folder must be one, or be makeable.
    let dir = try Fixtures.temporaryDirectory()
    // A file given as --images is named as one (it was "no such folder").
    let imagesFile = try Fixtures.write("x\n", to: "images.txt", in: dir)
    let fileImages = try SealedExecutable.run(["--port", "0", "--images", imagesFile], executable: RunningServer.executable)
    #expect(fileImages.status == 2)
    #expect(fileImages.stderr == "sealed: error: \(imagesFile): is a file; expected a folder of card images named SET-NUMBER.jpg\n")
    let broken = try Fixtures.write("[{\"object\":\"card\"", to: "broken.json", in: dir)
    let cards = try SealedExecutable.run(["--port", "0", "--cards", broken], executable: RunningServer.executable)
    #expect(cards.status == 2)
    #expect(cards.stderr.hasPrefix("sealed: error: \(broken):1:18: malformed JSON"), "\(cards.stderr)")
    let file = try Fixtures.write("x\n", to: "file", in: dir)
    let reports = try SealedExecutable.run(["--port", "0", "--reports", file], executable: RunningServer.executable)
    #expect(reports.status == 2)
    #expect(reports.stderr == "sealed: error: \(file): not a folder; expected the folder of report folders (given by --reports)\n")
    let inside = try SealedExecutable.run(["--port", "0", "--reports", file + "/sub"], executable: RunningServer.executable)
    #expect(inside.status == 2)
    #expect(inside.stderr == "sealed: error: \(file)/sub: cannot create the folder (\(file) is not a folder this process may write into; given by --reports)\n")
    let most = try SealedExecutable.run(["--port", "0", "--max-check-pools", "0"], executable: RunningServer.executable)
    #expect(most.status == 2)
    #expect(most.stderr == "sealed: error: --max-check-pools 0: expected a number of pools from 1 to 274877906944 (2^38, the most a check counts exactly)\n")
    let words = try SealedExecutable.run(["--port", "0", "--max-check-pools", "lots"], executable: RunningServer.executable)
    #expect(words.status == 2)
    #expect(words.stderr.hasPrefix("sealed: error: ") && words.stderr.contains("--max-check-pools"), "\(words.stderr)")
    #expect(words.stderr.split(separator: "\n").count == 1)
    let fraction = try SealedExecutable.run(["--port", "0", "--max-check-pools", "2.5"], executable: RunningServer.executable)
    #expect(fraction.status == 2 && fraction.stderr.hasPrefix("sealed: error: --max-check-pools 2.5: "), "\(fraction.stderr)")
    let unknown = try SealedExecutable.run(["--prot", "1"], executable: RunningServer.executable)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("sealed: error: Unknown option '--prot'"))
    #expect(unknown.stderr.split(separator: "\n").count == 1)
  }

  /// A port already taken is one line in the system's words and exit 2, not a stack trace nor
  /// the server library's internal call (`bind(descriptor:ptr:bytes:)`).
  @Test func aTakenPortIsOneLine() throws {
    let server = try RunningServer()
    let second = try SealedExecutable.run(["--port", String(server.port)], executable: RunningServer.executable)
    #expect(second.status == 2)
    #expect(
      second.stderr == "sealed: error: cannot serve on 127.0.0.1:\(server.port) (address already in use); choose another --port or --host\n",
      "\(second.stderr)")
    server.stop()
  }

  /// Listening on every interface (`--host 0.0.0.0`), the address printed is the one a browser
  /// here opens, the loopback's, with the note that other machines can reach it; the page
  /// answers there.
  @Test func everyInterfaceIsShownAsTheLoopback() throws {
    let server = try RunningServer(arguments: ["--host", "0.0.0.0"])
    defer { server.stop() }
    #expect(server.greeting.hasPrefix("Sealed is at http://127.0.0.1:\(server.port)/\n"), "\(server.greeting)")
    #expect(server.greeting.contains("  note: listening on 0.0.0.0: other machines that reach it can open, edit and delete decks"))
    #expect(try server.get("/api/catalog").status == 200)
  }

  /// A host that names no machine is said so.
  @Test func anUnknownHostIsOneLine() throws {
    let result = try SealedExecutable.run(["--host", "nonsense.invalid", "--port", "0"], executable: RunningServer.executable)
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: cannot serve on nonsense.invalid:0 (no such host); choose another --port or --host\n", "\(result.stderr)")
  }

  /// `sealed serve` starts the server built beside it, with the options it was given.
  @Test func sealedServeStartsTheServer() throws {
    let folder = try Fixtures.temporaryDirectory()
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = ["serve", "--port", "0", "--reports", folder.path, "--max-check-pools", "5000"]
    var environment = ProcessInfo.processInfo.environment
    environment["SEALED_HOME"] = folder.appendingPathComponent("home").path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let watchdog = SealedExecutable.killAfter(120, process)
    defer { watchdog.cancel() }
    var seen = ""
    while !seen.contains("Ctrl-C stops it.") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += String(decoding: chunk, as: UTF8.self)
    }
    #expect(seen.hasPrefix("Sealed is at http://127.0.0.1:"))
    #expect(seen.contains("  reports: \(folder.path)\n"))
    #expect(seen.contains("  checks: at most 5000 pools each\n"))
    kill(process.processIdentifier, SIGINT)
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(rest == "Sealed stopped.\n")
  }

  /// A negative port reaches the server's own check of the port (the argument parser once
  /// took `-1` for an option and said a value was missing).
  @Test func aNegativePortIsTheServersOneLineError() throws {
    let folder = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(
      ["serve", "--port", "-1", "--reports", folder.path], environment: ["SEALED_HOME": folder.appendingPathComponent("home").path])
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: --port -1: expected a port from 0 to 65535 (0: any free port)\n")
  }

  /// Without sealed-serve beside it, `sealed serve` says in one line how to get it: a sealed
  /// copied out of its build folder, to copy the server beside it (the build command it once
  /// gave put the server in .build/debug, never beside the copy).
  @Test func sealedServeSaysHowToGetTheServer() throws {
    let folder = try Fixtures.temporaryDirectory()
    let lonely = folder.appendingPathComponent("sealed")
    try SealedExecutable.copy(to: lonely)
    let result = try SealedExecutable.run(["serve", "--port", "0"], executable: lonely)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "sealed: error: the app's server, sealed-serve, is not beside sealed (\(folder.resolvingSymlinksInPath().path)); copy sealed-serve from the build that made this sealed into that folder ('swift build -c release --product sealed-serve' puts it in .build/release)\n"
    )
  }
}
