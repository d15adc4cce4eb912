import SealedSupport

/// The layouts of a file of opened packs that `PackFileReader` reads and `PackFileWriter` writes.
public enum PackFileFormat: String, Sendable, CaseIterable {
  /// `booster,set,collector_number[,name][,foil]`: a header, then one row per card.
  case csv
  /// The list people paste: one booster per block of lines, blocks separated by blank lines.
  case text
  /// 17lands' public draft data: one wide row per pick, every `pick_number` 0 row an opened pack.
  case seventeenLands = "17lands"
}

extension PackFileFormat {
  /// The layout's name on the command line and in `run.csv`: the name `sealed open --format`
  /// writes it under and `sealed audit --format` reads it under.
  package var optionName: String {
    switch self {
    case .csv: "csv"
    case .text: "list"
    case .seventeenLands: "17lands"
    }
  }
}
