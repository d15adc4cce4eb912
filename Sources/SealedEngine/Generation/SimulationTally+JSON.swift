import SealedSupport

/// The tally as `JSONEncoder` with `.sortedKeys` writes it (compact, keys in byte order), written
/// directly: every field is an integer or an array of integers, so the text needs no escaping
/// and no number formatting beyond decimal digits. `RunRecord` (tallies.json) checks it against
/// the encoder's text of an empty tally each time and falls back to the encoder if they differ.
extension SimulationTally {
  /// The tally with the same shape and scalar fields but every array empty: a record's text
  /// with this in place of the tally is small to encode.
  package var withoutCounts: SimulationTally {
    var empty = self
    empty.boostersByKind = []
    empty.combinations = []
    empty.siteCards = []
    empty.laneHistograms = []
    empty.poolMythics = []
    empty.mythicPositions = []
    empty.pairMythicDifferences = []
    empty.boosterSizes = []
    return empty
  }

  /// The tally's JSON text (see the type's comment).
  package func sortedKeysJSON() -> String {
    String(decoding: sortedKeysJSONBytes(), as: UTF8.self)
  }

  /// The tally's JSON text as UTF-8 bytes, reserved once. Cost: O(counts).
  package func sortedKeysJSONBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sortedKeysJSONCapacity)
    appendSortedKeysJSON(to: &bytes)
    return bytes
  }

  /// An upper bound on the bytes `appendSortedKeysJSON` writes, for reserving them.
  package var sortedKeysJSONCapacity: Int {
    let counts =
      boostersByKind.count + combinations.count + siteCards.count + laneHistograms.count + poolMythics.count
      + mythicPositions.count + pairMythicDifferences.count + boosterSizes.count
    return 400 + 21 * counts
  }

  /// Appends the tally's JSON text to `bytes`. Cost: O(counts), no allocation beyond `bytes`.
  package func appendSortedKeysJSON(to bytes: inout [UInt8]) {
    // Keys in byte order, as `.sortedKeys` sorts them ("boosterSizes" before "boostersByKind").
    bytes.append(UInt8(ascii: "{"))
    Self.append(key: "boosterSizes", array: boosterSizes, to: &bytes, first: true)
    Self.append(key: "boostersByKind", array: boostersByKind, to: &bytes)
    Self.append(key: "boostersPerPool", integer: boostersPerPool, to: &bytes)
    Self.append(key: "cardCount", integer: cardCount, to: &bytes)
    Self.append(key: "combinationCount", integer: combinationCount, to: &bytes)
    Self.append(key: "combinations", array: combinations, to: &bytes)
    Self.append(key: "duplicateBoosters", integer: duplicateBoosters, to: &bytes)
    Self.append(key: "kindCount", integer: kindCount, to: &bytes)
    Self.append(key: "laneCount", integer: laneCount, to: &bytes)
    Self.append(key: "laneHistograms", array: laneHistograms, to: &bytes)
    Self.append(key: "maxBoosterSize", integer: maxBoosterSize, to: &bytes)
    Self.append(key: "mythicPositions", array: mythicPositions, to: &bytes)
    Self.append(key: "pairMythicDifferences", array: pairMythicDifferences, to: &bytes)
    Self.append(key: "poolMythics", array: poolMythics, to: &bytes)
    Self.append(key: "pools", integer: pools, to: &bytes)
    Self.append(key: "siteCards", array: siteCards, to: &bytes)
    Self.append(key: "siteCount", integer: siteCount, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  private static func appendKey(_ key: StaticString, to bytes: inout [UInt8], first: Bool) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  private static func append(key: StaticString, integer: Int, to bytes: inout [UInt8], first: Bool = false) {
    appendKey(key, to: &bytes, first: first)
    appendDecimal(integer, to: &bytes)
  }

  private static func append(key: StaticString, array: [Int], to bytes: inout [UInt8], first: Bool = false) {
    appendKey(key, to: &bytes, first: first)
    bytes.append(UInt8(ascii: "["))
    for (index, value) in array.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendDecimal(value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// `value` in decimal digits, with a minus sign when negative (as `String(value)`).
  @inline(__always)
  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    if value >= 0 && value < 10 {
      bytes.append(UInt8(truncatingIfNeeded: value) &+ 48)
      return
    }
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }
}
