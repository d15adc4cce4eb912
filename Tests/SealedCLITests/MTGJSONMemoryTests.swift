import Foundation
import SealedTestSupport
import Testing

/// `sealed cards import` reads an MTGJSON file one set at a time: the peak memory of an import
/// of an AllPrintings-shaped file six times as large grows by far less than the file. Each
/// import runs in a process of its own (its peak read as `AuditMemoryTests` does).
@Suite struct MTGJSONMemoryTests {
  /// An AllPrintings-shaped file of the three real set files repeated `rounds` times under new
  /// codes (ZNR001, NEO001, BRO001, ...), as scripts/make-allprintings.py writes a large one.
  static func allPrintings(rounds: Int, in directory: URL) throws -> String {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson")
    var sets: [(String, Data)] = []
    for code in ["ZNR", "NEO", "BRO"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["gzip", "-dc", folder.appendingPathComponent("\(code).json.gz").path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let whole = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      // The set object: what follows "data": up to the file's last '}'.
      let text = String(decoding: whole, as: UTF8.self)
      let start = try #require(text.range(of: "\"data\": ")).upperBound
      let end = try #require(text.lastIndex(of: "}"))
      sets.append((code, Data(text[start..<end].utf8)))
    }
    let path = directory.appendingPathComponent("AllPrintings-\(rounds).json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    handle.write(Data(#"{"meta": {"version": "5.2.0+test"}, "data": {"#.utf8))
    for round in 1...rounds {
      for (index, (code, body)) in sets.enumerated() {
        let newCode = code + String(format: "%03d", round)
        let prefix = (round == 1 && index == 0 ? "" : ", ") + "\"\(newCode)\": "
        handle.write(Data(prefix.utf8))
        handle.write(body)
      }
    }
    handle.write(Data("}}".utf8))
    return path
  }

  @Test(.heavy) func anImportOfSixTimesTheSetsTakesTheSameMemory() throws {
    let dir = try Fixtures.temporaryDirectory()
    var peaks: [Int] = []
    var sizes: [Int] = []
    for rounds in [1, 6] {
      let file = try Self.allPrintings(rounds: rounds, in: dir)
      sizes.append(Int((try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0))
      let home = dir.appendingPathComponent("home-\(rounds)")
      let (status, peak) = try AuditMemoryTests.peakKilobytes(["cards", "import", file, "--quiet"], environment: ["SEALED_HOME": home.path])
      #expect(status == 0)
      #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("cards/bro00\(rounds).json").path))
      peaks.append(peak)
    }
    // 3 and 18 sets: the file grows by about 32 MB (the cards Sealed keeps of it by 3 MB); a
    // reader that held the file would grow by 30 MB, one that kept every set's cards by several.
    #expect(sizes[1] - sizes[0] > 30_000_000)
    #expect(peaks[1] - peaks[0] < 4_000, "peak memory \(peaks[0]) kB for 3 sets, \(peaks[1]) kB for 18")
  }
}
