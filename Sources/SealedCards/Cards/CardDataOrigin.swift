/// Where a set's card data comes from: `sealed cards list`'s `origin` column.
package enum CardDataOrigin: String, Sendable, Equatable {
  /// Shipped with Sealed (the nine Scryfall sets and the field's data).
  case shipped
  /// In the user's card folder. `CardDataLocation` says `fetched` for every file there;
  /// `SetCatalog` tells them apart by the source each file records (`init(cardFolderSource:)`).
  case fetched
  /// In the user's card folder, stored by `sealed cards import`.
  case imported
  /// In the user's card folder without a record of where it came from (put there by hand).
  case local
  /// Given by `--cards` or `SEALED_CARDS`.
  case given
  /// A set the field names that no data holds.
  case noData = "none"

  /// The origin of a file of the user's card folder by the source it records (nil: none).
  package init(cardFolderSource source: String?) {
    guard let source else {
      self = .local
      return
    }
    self = source.hasPrefix("imported from") ? .imported : .fetched
  }
}
