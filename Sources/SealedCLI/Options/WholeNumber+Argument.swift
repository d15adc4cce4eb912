import ArgumentParser
import SealedSupport

/// Every whole-number option is a `WholeNumber` (SealedSupport): parsing never fails, so that
/// the command or its job, not the argument parser, says what is wrong with a bad number.
extension WholeNumber: ExpressibleByArgument {
  package var defaultValueDescription: String { text }
}
