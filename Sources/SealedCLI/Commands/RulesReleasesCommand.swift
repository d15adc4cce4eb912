import ArgumentParser
import Foundation
import SealedRules
import SealedSupport

/// `sealed rules releases`: the releases of booster data installed, and the one in use.
struct RulesReleasesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "releases",
    abstract: "List the releases of booster data: those sealed rules fetch installed, and the shipped one.",
    discussion: """
      Newest first: each release's name, whether it is in use, its products, its form, when it \
      was last put in place (installed by sealed rules fetch, or fetched again: the newest is the \
      one in use), its SHA-256 (of the bytes downloaded) and where it came from; then the data \
      shipped with Sealed. The release in use is the newest installed unless --data or \
      SEALED_DATA names another: shipped, newest, previous, a release's name, or a file. Each \
      release is a folder of SEALED_HOME/releases (release.json, products.json.gz, and diff/, \
      the sealed rules diff report against the release it replaced); deleting a folder \
      uninstalls it.
      """)

  @OptionGroup var dataOption: DataOption

  func run() throws {
    let store = ReleaseStore.fromEnvironment()
    let inUse = try BoosterRelease.resolve(dataOption.data, store: store)
    var table = TextTable([
      ("release", .left), ("in use", .left), ("products", .right), ("form", .left), ("installed", .left), ("sha256", .left), ("from", .left),
    ])
    for release in store.releases() {
      let about = release.about
      table.append([
        about.name, inUse.reference == about.name ? "yes" : "", String(about.products), Self.form(about.form),
        String(about.chosen_at.prefix(19)) + "Z",
        String(about.sha256.prefix(12)), about.source,
      ])
    }
    let shipped = try BoosterRelease.shipped()
    let products = try shipped.read().products.count
    table.append([shipped.reference, inUse.isShipped ? "yes" : "", String(products), "compiled", "with Sealed", "", CompiledBoosterData.shippedFileName])
    print(table.text, terminator: "")
    if inUse.kind == .file { print("in use: the file \(inUse.display)") }
    print("releases: \(store.path)/")
  }

  /// The form's short word.
  static func form(_ form: String) -> String {
    form == "MTGJSON" ? "MTGJSON" : "compiled"
  }
}
