import Foundation
import SealedTestSupport
import Testing

/// Concurrent edits of one library from separate `sealed` processes: nothing is lost, and of
/// several saves of one new name exactly one wins.
@Suite struct LibraryConcurrencyTests {
  /// Starts every command at once, each as its own process, and waits for all of them.
  func runTogether(_ commands: [[String]], home: URL) throws -> [(status: Int32, stderr: String)] {
    var processes: [(Process, Pipe)] = []
    for arguments in commands {
      let process = Process()
      process.executableURL = SealedExecutable.url
      process.arguments = arguments
      var environment = ProcessInfo.processInfo.environment
      environment["SEALED_HOME"] = home.path
      process.environment = environment
      let errors = Pipe()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    return processes.map { process, errors in
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
  }

  func islands(in deck: URL) throws -> Int {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: deck)) as? [String: Any])
    let cards = try #require(json["cards"] as? [[String: Any]])
    return cards.filter { $0["name"] as? String == "Island" }.reduce(0) { $0 + (($1["copies"] as? Int) ?? 0) }
  }

  @Test func twentyConcurrentAddsAllCount() throws {
    let library = try LibraryRunner()
    try library.open("war", seed: 1, save: "a")
    let before = try islands(in: library.deckFile("a"))
    let results = try runTogether(Array(repeating: ["deck", "add", "a", "island"], count: 20), home: library.home)
    for result in results { #expect(result.status == 0, "\(result.stderr)") }
    #expect(try islands(in: library.deckFile("a")) == before + 20)
  }

  @Test func ofSixConcurrentSavesOfOneNameExactlyOneWins() throws {
    let library = try LibraryRunner()
    let commands = (1...6).map { ["open", "war", "--seed", "\($0)", "--cards", Fixtures.shippedCards, "--save", "same", "--format", "json"] }
    let results = try runTogether(commands, home: library.home)
    let winners = results.indices.filter { results[$0].status == 0 }
    #expect(winners.count == 1, "\(results)")
    for (index, result) in results.enumerated() where result.status != 0 {
      #expect(result.status == 2, "\(result.stderr)")
      #expect(result.stderr.contains("named \"same\" is already saved"), "\(index): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    // The saved pool and deck are the winner's, and both are there.
    let winner = try #require(winners.first)
    let pool = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: library.home.appendingPathComponent("pools/same.json"))) as? [String: Any])
    #expect((pool["seed"] as? NSNumber)?.intValue == winner + 1)
    let deck = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: library.deckFile("same"))) as? [String: Any])
    #expect(deck["pool_name"] as? String == "same")
    let names = try FileManager.default.contentsOfDirectory(atPath: library.home.appendingPathComponent("pools").path)
    #expect(names == ["same.json"], "temporary files left: \(names)")
  }
}
