import Foundation
import SealedSupport
import SealedPackFiles

/// One set of an MTGJSON file as Sealed reads it: its code and name, its card entries (parsed,
/// when asked for) and its `booster` object (raw, when it has one).
struct MTGJSONSet {
  /// The set code as MTGJSON writes it (`ZNR`).
  var code: String
  var name: String
  var entries: [MTGJSONCard]
  var booster: [UInt8]?
  /// Where the booster object starts (`file:line`).
  var boosterLocation: String
  /// Where the set is, for messages (`file: set ZNR`).
  var place: String
  /// uuids two different entries share, with the two cards named (`settleRepeatedUUIDs`).
  var repeatedUUIDs: [String: String] = [:]

  /// The lowercase code Sealed stores the set under.
  var sealedCode: String { code.lowercased() }

  /// Entries given twice (the same uuid, number and side: mtgjson #803's MH2 and #811's ARN)
  /// are kept once (a second copy became a second face of the card); a uuid that two different
  /// entries share is noted in `repeatedUUIDs`, naming both, so that a product naming it is
  /// refused (the last one won, silently: a sheet drew another card) while the rest of the file
  /// reads (mtgjson #1184: thousands of PLST cards sharing uuids). Cost: O(entries).
  mutating func settleRepeatedUUIDs() {
    var seen: [String: MTGJSONCard] = [:]
    var kept: [MTGJSONCard] = []
    kept.reserveCapacity(entries.count)
    for card in entries {
      guard let uuid = card.uuid, !uuid.isEmpty else {
        kept.append(card)
        continue
      }
      if let first = seen[uuid] {
        if first.number == card.number && first.side == card.side && first.name == card.name { continue }
        let named = { (card: MTGJSONCard) in "\(card.number ?? "?") (\(card.name ?? "no name"))" }
        if repeatedUUIDs[uuid] == nil { repeatedUUIDs[uuid] = "\(named(first)) and \(named(card))" }
      } else {
        seen[uuid] = card
      }
      kept.append(card)
    }
    entries = kept
  }

  /// Throws when one of `uuids` is one two different cards of the set share.
  func requireUnrepeated(_ uuids: some Sequence<String>) throws(DataError) {
    for uuid in uuids {
      guard let cards = repeatedUUIDs[uuid] else { continue }
      throw DataError(
        "uuid \(uuid) names two cards, \(cards); expected each card's uuid once (a booster sheet naming it cannot tell which)",
        at: place)
    }
  }
}

/// Reads an MTGJSON file (a set file or AllPrintings.json, plain or gzipped) one set at a time.
///
/// Memory: one set's parsed card entries (a few MB for the largest sets) and its booster
/// object, whatever the size of the file. Cost: one pass over the bytes (and a gunzip), plus
/// one JSON parse of each card object of the sets kept.
struct MTGJSONReader {
  let path: String
  /// Which sets to parse the cards of, by MTGJSON code (nil: every set). The code of a set
  /// file is only known after its cards, so a set file's cards are always parsed.
  var cardsOf: ((String) -> Bool)? = nil
  /// Parse no cards at all (the booster objects only).
  var skipCards = false
  /// The file's bytes, when held in memory (the fuzz target); `path` then only names it.
  var bytes: [UInt8]? = nil

  /// What the file said about itself.
  struct Meta: Decodable {
    var version: String?
    var date: String?
  }

  /// Calls `body` with each set that holds cards, in file order; returns the file's `meta`.
  /// Throws a one-line `DataError` naming the file and line (and the set and card) for an
  /// unreadable, truncated or corrupt file, JSON that is not MTGJSON, or a card without a
  /// name, number, rarity or uuid.
  @discardableResult
  func read(_ body: (MTGJSONSet) throws(DataError) -> Void) throws(DataError) -> Meta? {
    let input: InputFile
    if let bytes {
      input = try InputFile(bytes: bytes, path: path)
    } else {
      input = try InputFile(path: path, noun: "MTGJSON file")
    }
    var scanner = MTGJSONScanner()
    var meta: Meta?
    var sets: [Int: Pending] = [:]
    var setsSeen = 0
    let decoder = JSONDecoder()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
    defer { buffer.deallocate() }
    do {
      while true {
        let count = try input.read(into: buffer)
        if count == 0 { break }
        try scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { event in
          switch event {
          case .meta(let bytes):
            meta = try? decoder.decode(Meta.self, from: Data(bytes))
          case .card(let level, let key, let bytes, let line, let number):
            if skipCards { return }
            if let key, let cardsOf, !cardsOf(key) { return }
            let card: MTGJSONCard
            do {
              card = try decoder.decode(MTGJSONCard.self, from: Data(bytes))
            } catch {
              throw DataError(
                "\(cardPlace(key, number)): \(DecodingErrorMessage.describe(error, quoted: true)); expected an MTGJSON card object",
                at: DataError.location(input.path, line: line))
            }
            if let missing = card.missingField {
              throw DataError(
                "\(cardPlace(key, number)): no \"\(missing)\"; every MTGJSON card needs \(MTGJSONCard.requiredFields.map { "\"\($0)\"" }.joined(separator: ", "))",
                at: DataError.location(input.path, line: line))
            }
            sets[level, default: Pending()].entries.append(card)
          case .booster(let level, _, let bytes, let line):
            sets[level, default: Pending()].booster = bytes
            sets[level, default: Pending()].boosterLine = line
          case .field(let level, let name, let bytes):
            let text = try? decoder.decode(String.self, from: Data(bytes))
            if name == "code" { sets[level, default: Pending()].code = text }
            if name == "name" { sets[level, default: Pending()].name = text }
          case .setEnded(let level, let key, let hadCards):
            let pending = sets.removeValue(forKey: level) ?? Pending()
            guard hadCards else { return }
            setsSeen += 1
            let code = key ?? pending.code ?? pending.entries.first?.setCode ?? "?"
            var set = MTGJSONSet(
              code: code, name: pending.name ?? code, entries: pending.entries, booster: pending.booster,
              boosterLocation: DataError.location(input.path, line: pending.boosterLine),
              place: "\(input.path): set \(code)")
            set.settleRepeatedUUIDs()
            try body(set)
          }
        }
      }
      try scanner.finish()
    } catch let error as DataError {
      throw error
    } catch let problem as MTGJSONScanner.Problem {
      throw DataError(problem.message, at: DataError.location(input.path, line: problem.line, column: problem.column))
    } catch {
      throw DataError("\(error)", at: input.path)
    }
    guard setsSeen > 0 else {
      throw DataError("no set with a \"cards\" array; expected an MTGJSON set file or AllPrintings.json", at: input.path)
    }
    return meta
  }

  private struct Pending {
    var code: String?
    var name: String?
    var entries: [MTGJSONCard] = []
    var booster: [UInt8]?
    var boosterLine = 0
  }

  /// `set ZNR, card 3` in AllPrintings; `card 3 of "cards"` in a set file.
  private func cardPlace(_ key: String?, _ number: Int) -> String {
    key.map { "set \($0), card \(number)" } ?? "card \(number) of \"cards\""
  }
}
