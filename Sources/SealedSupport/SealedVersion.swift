/// The version of Sealed, which reports, saved pools and `--version` name; one place for the
/// command-line tool and the browser app (`sealed serve`).
package enum SealedVersion {
  package static let current = "0.2.0"
}
