import ArgumentParser

/// How a listing is printed.
enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
  case table, csv, json
}
