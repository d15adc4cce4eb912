import Foundation
import SealedSupport
import SealedData

/// Decides where card data is read from, in order:
///
/// 1. `--cards PATH` (a file or a folder of `.json` files), read alone;
/// 2. else the `SEALED_CARDS` environment variable, read alone;
/// 3. else the user's card folder (`CardStore`: sets fetched or imported with `sealed cards`)
///    laid over the data shipped with Sealed: a set stored in the user's folder replaces the
///    shipped copy of that set, every other shipped set stays available. Of the shipped data,
///    the nine full Scryfall sets come before the field data (`FieldCardData`, gzipped), which
///    gives only the sets they do not have.
public struct CardDataLocation: Sendable {
  /// The environment variable that names the card data when `--cards` is not given.
  public static let environmentVariable = "SEALED_CARDS"

  /// Where the data comes from.
  package enum Kind: Sendable, Equatable {
    /// One path given by `--cards` or by `SEALED_CARDS` (`givenBy` says which).
    case given(path: String, givenBy: String)
    /// The user's card folder over the shipped data (either may be missing, not both).
    case layered(store: CardStore, shipped: String?)
  }

  package let kind: Kind

  /// The location of the given kind.
  package init(kind: Kind) { self.kind = kind }

  /// Resolves the location from the option and the environment, or throws a one-line
  /// `DataError` saying what is missing. Cost: a few `stat` calls.
  package static func resolve(
    option: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    shipped: String? = BundledResources.directory("cards")
  ) throws(DataError) -> CardDataLocation {
    if let option {
      guard FileManager.default.fileExists(atPath: option) else {
        throw DataError("no such file or folder (given by --cards)", at: option)
      }
      return CardDataLocation(kind: .given(path: option, givenBy: "--cards"))
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      guard FileManager.default.fileExists(atPath: variable) else {
        throw DataError("no such file or folder (given by \(environmentVariable))", at: variable)
      }
      return CardDataLocation(kind: .given(path: variable, givenBy: environmentVariable))
    }
    let store = CardStore.fromEnvironment(environment)
    guard shipped != nil || !store.storedSets().isEmpty else {
      throw DataError(
        "no card data found: --cards not given, \(environmentVariable) not set, no sets in \(store.path), and the card data shipped with Sealed (\(BundledResources.bundleName)/cards beside the executable) is missing; rebuild with swift build, pass --cards PATH, or run sealed cards fetch SET"
      )
    }
    return CardDataLocation(kind: .layered(store: store, shipped: shipped))
  }

  /// Loads the card data from `--cards`, `SEALED_CARDS` or the default places.
  ///
  /// - Parameter sets: when given, only these sets are read from the default places (a given
  ///   path is always read whole); an unknown set is an error that lists the available ones.
  package static func load(option: String?, sets: [String]? = nil) throws(DataError) -> CardDatabase {
    try resolve(option: option).load(sets: sets)
  }

  /// Reads the data. Cost: O(bytes read); with `sets`, only those sets' files are read from
  /// the default places (found by name, without listing the folders).
  package func load(sets: [String]? = nil) throws(DataError) -> CardDatabase {
    try CardDatabase.load(files: files(sets: sets))
  }

  /// The files `load(sets:)` reads, in its order, with its errors for a missing path or an
  /// unknown set. Cost: a few `stat` calls and folder listings; no file is read.
  package func files(sets: [String]? = nil) throws(DataError) -> [String] {
    switch kind {
    case .given(let path, _):
      return try CardDatabase.files(path: path)
    case .layered:
      guard let sets else { return availableSets().map(\.file) }
      var files: [String] = []
      for code in sets.map({ $0.lowercased() }) {
        guard let entry = entry(forSet: code) else { throw unknownSet(code, available: availableSets()) }
        files.append(entry.file)
      }
      return files
    }
  }

  /// The file of one set in the default places, by the order of precedence, or nil. Cost: at
  /// most three `stat` calls.
  package func entry(forSet code: String) -> Entry? {
    guard case .layered(let store, let shipped) = kind, (try? CardStore.validate(setCode: code)) != nil else { return nil }
    let code = code.lowercased()
    let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
    if exists(store.file(forSet: code)) {
      return Entry(code: code, file: store.file(forSet: code), origin: .fetched)
    }
    guard let shipped else { return nil }
    let scryfall = (shipped as NSString).appendingPathComponent("\(code).json")
    if exists(scryfall) { return Entry(code: code, file: scryfall, origin: .shipped) }
    let field = FieldCardData(shippedCards: shipped).file(forSet: code)
    if exists(field) { return Entry(code: code, file: field, origin: .shipped, isFieldData: true) }
    return nil
  }

  /// The error for a set the default places do not have: a set the field names but no shipped
  /// data holds says so; a product code (`blb-play`) names the `--rules` that opens it; a set's
  /// name (`bloomburrow`) its code; otherwise the sets with data are counted (or listed, when
  /// few), and a well-formed code gets the `sealed cards fetch` that downloads it.
  func unknownSet(_ code: String, available: [Entry]) -> DataError {
    var names: [String: String] = [:]
    if case .layered(_, let shipped?) = kind {
      let field = (try? FieldCardData(shippedCards: shipped).index.records()) ?? nil
      if let record = field?[code], record.summary.cards == 0 {
        return DataError(
          "set \(code) has no card data: the field's booster data names it, but no public extract shipped with Sealed holds it; sealed cards fetch \(code) downloads it from Scryfall")
      }
      let nine = (try? ShippedSetIndex(folder: shipped).records()) ?? nil
      for (code, record) in (field ?? [:]).merging(nine ?? [:], uniquingKeysWith: { $1 }) where record.summary.cards > 0 {
        names[record.summary.name] = code
      }
    }
    let codes = Set(available.map(\.code))
    if let dash = code.firstIndex(of: "-"), codes.contains(String(code[..<dash])) {
      let set = code[..<dash]
      return DataError(
        "unknown set \"\(code)\": that looks like a product of the field's booster data, of set \(set): give it as the rules, as in sealed check \(set) --rules \(code) (sealed rules import --list lists the products)")
    }
    // A name is longer than a code: short words would find short names by chance.
    let close = code.count < 6 ? [] : NameMatching.closest(to: code, among: Array(names.keys), limit: 3).compactMap { name in names[name].map { "\($0) (\(name))" } }
    if !close.isEmpty {
      return DataError("unknown set \"\(code)\": sets are named by their code; did you mean \(close.joined(separator: " or "))?")
    }
    // Letters typed in another order (wra for war), spaces around the code ("war "), or a
    // letter typed twice (warr): the common typos of a code (a review: warr had no guess).
    let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
    let doubled = code.indices.dropFirst().filter { code[$0] == code[code.index(before: $0)] }.map { at in
      var shorter = code
      shorter.remove(at: at)
      return shorter
    }
    let typos = codes.filter { candidate in
      candidate != code && ((candidate.count == code.count && candidate.sorted() == code.sorted()) || candidate == trimmed || doubled.contains(candidate))
    }.sorted()
    if !typos.isEmpty {
      let nameOf = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      let shown = typos.prefix(3).map { swap in nameOf[swap].map { "\(swap) (\($0))" } ?? swap }
      return DataError("unknown set \"\(code)\"; did you mean \(shown.joined(separator: " or "))?")
    }
    let listing = available.count <= 20
      ? "the sets with card data: \(available.map(\.code).joined(separator: ", "))"
      : "\(available.count) sets have card data here (sealed sets lists them)"
    let fetch = (try? CardStore.validate(setCode: code)) != nil ? "; sealed cards fetch \(code) downloads a set from Scryfall" : ""
    return DataError("unknown set \"\(code)\"; \(listing)\(fetch)")
  }

  /// The sets whose card data lists every printing of their cards, so that a number of the set
  /// the data lacks is no card of the set: sets `sealed cards fetch` stored (every printing), and the
  /// shipped Scryfall sets whose summary warns of nothing (not m20 and eld, captured in preview).
  /// Not the field data, composed from extracts that lack printings, and not a given path, whose
  /// completeness is not known. Cost: the folder listings and reading the shipped index.
  package func setsListingEveryPrinting() -> Set<String> {
    guard case .layered(let store, let shipped) = kind else { return [] }
    let nine = shipped.flatMap { (try? ShippedSetIndex(folder: $0).records()) ?? nil } ?? [:]
    var complete = Set<String>()
    for entry in availableSets() where !entry.isFieldData {
      if entry.origin == .shipped {
        guard let record = nine[entry.code], record.summary.cards > 0, record.summary.warnings.isEmpty else { continue }
      } else {
        // The user's folder: only what `sealed cards fetch` stored, not an import or a hand-put
        // file, nor a set fetched while it was still being previewed.
        let source = store.source(ofSet: entry.code)
        guard CardDataOrigin(cardFolderSource: source) == .fetched, source?.contains(CardStore.beforeReleaseMarker) == false else {
          continue
        }
      }
      complete.insert(entry.code)
    }
    return complete
  }

  /// One set file of the default places and where it came from.
  package struct Entry: Sendable, Equatable {
    package var code: String
    package var file: String
    /// Shipped, fetched (the user's card folder), or given (a file or folder named by the user).
    package var origin: CardDataOrigin
    /// Whether the file is of the shipped field data (`FieldCardData`).
    package var isFieldData = false
  }

  /// The set files of the default places, by set code: the user's folder first, then shipped
  /// sets the user does not have (the nine full sets, then the field data's). For a given path,
  /// its files as `given`. Cost: three folder listings.
  package func availableSets() -> [Entry] {
    switch kind {
    case .given(let path, _):
      return [Entry(code: "", file: path, origin: .given)]
    case .layered(let store, let shipped):
      var entries = store.storedSets().map { Entry(code: $0, file: store.file(forSet: $0), origin: .fetched) }
      if let shipped {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shipped)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
          let code = String(name.dropLast(5)).lowercased()
          if !entries.contains(where: { $0.code == code }) {
            entries.append(Entry(code: code, file: (shipped as NSString).appendingPathComponent(name), origin: .shipped))
          }
        }
        let field = FieldCardData(shippedCards: shipped)
        let taken = Set(entries.map(\.code))
        for code in field.setCodes() where !taken.contains(code) {
          entries.append(Entry(code: code, file: field.file(forSet: code), origin: .shipped, isFieldData: true))
        }
      }
      return entries.sorted { $0.code < $1.code }
    }
  }

  /// A short description of a list of files for messages: one path, or the common folder.
  static func describe(_ files: [String]) -> String {
    guard files.count > 1 else { return files.first ?? "" }
    let folders = Set(files.map { folderOfPath($0) })
    return folders.count == 1 ? folders.first! : folders.sorted().joined(separator: " and ")
  }
}
