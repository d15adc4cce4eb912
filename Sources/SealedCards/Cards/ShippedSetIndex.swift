import Foundation
import SealedSupport

/// The summaries of shipped card data, made in advance: `sets.jsonl` beside the shipped set
/// files, one line per set, each the set's `SetSummary` as `sealed sets --format json` prints it
/// followed by where its cards came from and how many lack a type line or colours.
///
/// `scripts/make-field-cards.py` makes it from the data (the tests check that it still agrees),
/// so that `sealed sets` summarises the shipped sets without reading or inflating their files.
/// The name does not end in `.json`, so `--cards FOLDER` never reads it as cards.
package struct ShippedSetIndex: Sendable {
  /// The index's file name inside a shipped folder.
  package static let fileName = "sets.jsonl"

  /// The folder holding the index.
  package let folder: String

  /// The index in `folder`. Reads nothing.
  package init(folder: String) { self.folder = folder }

  /// The index file.
  package var path: String { (folder as NSString).appendingPathComponent(Self.fileName) }

  /// One shipped set (or a set the field names that no shipped data holds): its summary, and
  /// what its sources lack.
  package struct Record: Sendable, Equatable, Decodable {
    /// The set's summary as made from its data (zero cards for a set with no data).
    package var summary: SetSummary
    /// The sources the set's cards were composed from; empty for a set with no data.
    package var sources: String
    /// Cards without a type line, and without colours, as the sources' index counts them.
    package var withoutTypeLine: Int
    package var withoutColors: Int

    enum CodingKeys: String, CodingKey {
      case sources, withoutTypeLine = "without_type_line", withoutColors = "without_colors"
    }

    /// Decodes one line of the index: the summary's keys, then `sources`, `without_type_line` and
    /// `without_colors`. Throws `DecodingError` when any is missing or of the wrong type.
    package init(from decoder: any Decoder) throws {
      summary = try SetSummary(from: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let text = try container.decode(String.self, forKey: .sources)
      sources = text
      extracts = try text.isEmpty ? [] : text.components(separatedBy: " + ").map { part throws in
        guard let extract = Extract(part) else {
          throw DecodingError.dataCorruptedError(
            forKey: .sources, in: container,
            debugDescription: "unknown source \"\(part)\"; expected Scryfall; ..., MTGJSON ... or how-rare ..., joined by \" + \"")
        }
        return extract
      }
      withoutTypeLine = try container.decode(Int.self, forKey: .withoutTypeLine)
      withoutColors = try container.decode(Int.self, forKey: .withoutColors)
    }

    /// The public extracts named in `sources`, in its order.
    package var extracts: [Extract]

    /// A public extract the field's card data is composed from (its README names them).
    package enum Extract: Sendable, Equatable {
      /// Scryfall's own data for the set, every printing (the nine sets of `cards/`).
      case scryfall
      /// An MTGJSON v5 set file, which lists every printing of the set's cards.
      case mtgjson
      /// how-rare's filtered Scryfall data, which holds each card's first printing only.
      case howRare

      /// The extract a part of `sources` names (`Scryfall; 2019`, `MTGJSON v5 (2021)`,
      /// `how-rare (Scryfall, 2026-01)`); nil for any other text.
      init?(_ part: String) {
        if part.hasPrefix("Scryfall;") {
          self = .scryfall
        } else if part.hasPrefix("MTGJSON ") {
          self = .mtgjson
        } else if part.hasPrefix("how-rare ") {
          self = .howRare
        } else {
          return nil
        }
      }
    }

    /// Whether the sources list only each card's first printing: how-rare's Scryfall extract
    /// alone, without an MTGJSON file that lists every printing.
    package var firstPrintingsOnly: Bool { extracts.contains(.howRare) && !extracts.contains(.mtgjson) }

    /// What is known to be missing from the set beyond what its summary's warnings say (those
    /// come from the cards themselves), each a short sentence.
    package var gaps: [String] {
      let code = summary.code
      guard summary.cards > 0 else {
        return ["no card data: no public extract shipped with Sealed holds this set (sealed cards fetch \(code) downloads it from Scryfall)"]
      }
      var gaps: [String] = []
      if withoutColors > 0 { gaps.append("\(withoutColors) cards without colours (the sources give none)") }
      if firstPrintingsOnly {
        gaps.append("first printings only: no showcase, borderless or extra basic-land printings (sealed cards fetch \(code) gets every printing)")
      }
      return gaps
    }

    /// The summary with the gaps added to its warnings.
    package var summaryWithGaps: SetSummary {
      var summary = summary
      summary.warnings += gaps
      return summary
    }

    /// Where the set's cards came from, for listings.
    package var sourceDescription: String { "shipped with Sealed (\(sources))" }
  }

  /// The records by set code, or nil when the folder has no index. Throws a one-line
  /// `DataError` naming the file and line for an index that cannot be read. Cost: O(index
  /// size), about 80 KB for the field data.
  package func records() throws(DataError) -> [String: Record]? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DataError("cannot read the file (\(systemErrorReason(error)))", at: path)
    }
    var records: [String: Record] = [:]
    let decoder = JSONDecoder()
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (number, line) in lines.enumerated() where !line.isEmpty {
      do {
        let record = try decoder.decode(Record.self, from: Data(line))
        records[record.summary.code] = record
      } catch {
        throw DataError(
          "\(DecodingErrorMessage.describe(error)); expected one set's summary and sources as a JSON object",
          at: DataError.location(path, line: number + 1))
      }
    }
    return records
  }
}
