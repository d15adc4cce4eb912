import Foundation
import SealedTestSupport
import Testing

/// Many clients editing one deck at once lose no edit: separate processes post edits to the
/// server over loopback while `sealed deck add` changes the same deck from the command line;
/// every change counts.
@Suite struct ConcurrentEditTests {
  /// A client of its own: `python3 -c CLIENT PORT DECK CARD N` posts N additions of CARD, one
  /// connection each, as the app's page would, and exits 1 on any refusal.
  static let client = """
    import http.client, json, sys
    port, deck, card, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    for _ in range(count):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        body = json.dumps({"deck": deck, "card": card, "change": "add"})
        connection.request("POST", "/api/deck/edit", body, {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
        reply = connection.getresponse()
        text = reply.read()
        if reply.status != 200:
            print(reply.status, text.decode(), file=sys.stderr)
            sys.exit(1)
    """

  @Test(.heavy) func everyEditOfManyClientsCounts() throws {
    let server = try RunningServer()
    defer { server.stop() }
    _ = try server.save("shared", seed: 5)
    let lands = ["war #250", "war #253", "war #256", "war #259", "war #262"]
    let perClient = 12
    var processes: [Process] = []
    for (index, land) in lands.enumerated() {
      for _ in 0..<2 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.client, String(server.port), "shared", land, String(perClient)]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        processes.append(process)
      }
      // The command line edits the same deck meanwhile: one Plains (war #250) per land client pair.
      if index < 3 {
        let cli = Process()
        cli.executableURL = SealedExecutable.url
        cli.arguments = ["deck", "add", "shared", "#250", "--count", "2"]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(server.environment) { $1 }
        environment["SEALED_CARDS"] = nil
        cli.environment = environment
        cli.standardOutput = FileHandle.nullDevice
        try cli.run()
        processes.append(cli)
      }
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(process.arguments ?? [])")
    }
    let view = try server.view("\"shared\"")
    let copies = Dictionary(uniqueKeysWithValues: view.deckCards.map { ($0.id, $0.copies) })
    #expect(copies["war #250"] == 2 * perClient + 3 * 2)
    for land in lands.dropFirst() { #expect(copies[land] == 2 * perClient, "\(land)") }
    let shown = try JSONValue.object(server.sealed(["deck", "show", "shared", "--format", "json"]).stdout)
    #expect(shown["size"] as? Int == view["size"] as? Int)
    #expect(view["size"] as? Int == 6 + lands.count * 2 * perClient + 6)
  }
}
