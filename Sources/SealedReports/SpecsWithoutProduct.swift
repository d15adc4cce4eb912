/// The note of a check-products run whose release holds no product that Sealed's specs are for,
/// worded once for the terminal and the run's page (`run.csv`'s `specs_without_product`).
package enum SpecsWithoutProduct {
  /// `the release holds no product mkm-play, blb-play, whose published odds Sealed's specs
  /// state: those claims were not checked`.
  package static func note(_ codes: [String]) -> String {
    "the release holds no product \(codes.joined(separator: ", ")), whose published odds Sealed's specs state: those claims were not checked"
  }
}
