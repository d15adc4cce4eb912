/// Where a set's card data comes from: `sealed cards list`'s `origin` column.
package enum CardDataOrigin: String, Sendable, Equatable {
  /// Shipped with Sealed (the nine Scryfall sets and the field's data).
  case shipped
  /// Fetched or imported into the user's card folder.
  case fetched
  /// Given by `--cards` or `SEALED_CARDS`.
  case given
  /// A set the field names that no data holds.
  case noData = "none"
}
