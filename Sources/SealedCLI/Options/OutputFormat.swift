import ArgumentParser

/// How a listing is printed: `text` (an aligned table, the name every command gives its
/// output for people), `csv` or `json`.
enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
  case text, csv, json
}
