import ArgumentParser

/// `--data shipped|newest|previous|NAME|FILE`: the release of the field's booster data a
/// product's code is looked up in (`BoosterRelease.resolve`); shared by the commands that take
/// `--rules CODE`.
struct DataOption: ParsableArguments {
  @Option(
    name: .customLong("data"),
    help: ArgumentHelp(
      "The release of booster data that --rules CODE names a product of: shipped, newest, previous, a release's name (sealed rules releases), or a file of mtg.wtf's compiled booster data.",
      discussion: "Without it: $SEALED_DATA, else the newest release sealed rules fetch installed, else the data shipped with Sealed.",
      valueName: "release"))
  var data: String?
}
