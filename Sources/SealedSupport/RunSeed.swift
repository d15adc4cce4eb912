/// The seed of a run that was given none: drawn from the system's generator, the one place
/// Sealed draws one (simulate, check, check-products, audit, open, the app's pools). 53 bits,
/// so that every JSON reader (a double's whole-number range) reads it back exactly and a user
/// can type it again. Cost: one call to the system's generator.
package enum RunSeed {
  package static func random() -> UInt64 {
    var system = SystemRandomNumberGenerator()
    return system.next() >> 11
  }
}
