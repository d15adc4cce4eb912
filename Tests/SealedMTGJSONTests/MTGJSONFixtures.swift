import Foundation
import SealedSupport
import SealedTestSupport

/// The real MTGJSON set files in Tests/Fixtures/mtgjson, and files made from them.
enum MTGJSONFixtures {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson")

  /// The gzipped set file of `set` (ZNR, NEO, BRO).
  static func gzipped(_ set: String) -> String {
    folder.appendingPathComponent("\(set).json.gz").path
  }

  /// The plain JSON of a set file.
  static func plain(_ set: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", gzipped(set)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  /// Writes the plain set file into `directory` and returns its path.
  static func writePlain(_ set: String, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("\(set).json").path
    try plain(set).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// An AllPrintings-shaped file, `{"meta": ..., "data": {"ZNR": {...}, ...}}`, holding the sets
  /// of the given files under the given codes (a set's own `code` and cards' `setCode` follow).
  /// With `boosterOf`, a set takes the `booster` object of another file (whose cards it lacks).
  static func allPrintings(
    _ sets: [(file: String, code: String)], in directory: URL, name: String = "AllPrintings.json",
    boosterOf: [String: String] = [:]
  ) throws -> String {
    var text = #"{"meta": {"date": "2022-11-26", "version": "5.2.0+test"}, "data": {"#
    for (index, entry) in sets.enumerated() {
      let object = try JSONSerialization.jsonObject(with: plain(entry.file)) as! [String: Any]
      var set = object["data"] as! [String: Any]
      set["code"] = entry.code
      if let other = boosterOf[entry.code] {
        let donor = try JSONSerialization.jsonObject(with: plain(other)) as! [String: Any]
        set["booster"] = (donor["data"] as! [String: Any])["booster"]
      }
      set["cards"] = (set["cards"] as! [[String: Any]]).map { card in
        var card = card
        card["setCode"] = entry.code
        return card
      }
      let bytes = try JSONSerialization.data(withJSONObject: set, options: [.sortedKeys])
      text += (index > 0 ? ", " : "") + "\"\(entry.code)\": " + String(decoding: bytes, as: UTF8.self)
    }
    text += "}}"
    let path = directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}
