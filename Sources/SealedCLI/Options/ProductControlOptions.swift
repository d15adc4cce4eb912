import ArgumentParser
import SealedSupport
import SealedJobs

/// `sealed check-products`' error control, baseline and plan options (docs/check-products.md).
struct ProductControlOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: ArgumentHelp("The whole run's family-wise error rate: the chance of reporting any product without an error as failing (default 0.001).", valueName: "a"), transform: DecimalText.parse)
  var alpha: Double = ErrorControl.defaultAlpha

  @Option(name: .customLong("screen-alpha"), parsing: .unconditional, help: ArgumentHelp("Each product's screen level: a product failing a statistical check at it is confirmed (default 0.01).", valueName: "a"), transform: DecimalText.parse)
  var screenAlpha: Double = ErrorControl.defaultScreenAlpha

  @Option(name: .customLong("confirm-pools"), parsing: .unconditional, help: ArgumentHelp("Pools of a confirmation (default: 4 times --pools).", valueName: "n"))
  var confirmPools: WholeNumber?

  @Option(parsing: .unconditional, help: ArgumentHelp("The products the run's error rate is shared over (default: the products matched, before --shard).", valueName: "n"))
  var family: WholeNumber?

  @Option(help: ArgumentHelp("An earlier run's findings.csv, or shipped for the known findings of the shipped data: the run fails only on findings it lacks.", valueName: "file"))
  var baseline: String?

  @Flag(help: "Print the pools each product needs to detect --deviation in each proportion and --ratio in each chi-square claim with --power under the run's error control, and stop.")
  var plan = false

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the deviation of a proportion to detect (default 0.02).", valueName: "d"), transform: DecimalText.parse)
  var deviation: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: in a chi-square claim, one card (or position) this many times as likely as the others, to detect (default 1.2).", valueName: "r"), transform: DecimalText.parse)
  var ratio: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the probability of detecting it, screen and confirmation together (default 0.9).", valueName: "p"), transform: DecimalText.parse)
  var power: Double?

  func validate() throws {
    try PlanOnlyOptions.validate(plan: plan, deviation: deviation, ratio: ratio, power: power)
  }

  /// What `--plan` sizes: the deviation, ratio and power given, or their defaults.
  var planSizes: (deviation: Double, ratio: Double, power: Double) {
    (deviation ?? 0.02, ratio ?? 1.2, power ?? 0.9)
  }

  /// Sets the job's error control and baseline.
  func apply(to settings: inout ProductsJob.Settings) {
    (settings.alpha, settings.screenAlpha, settings.confirmPools) = (alpha, screenAlpha, confirmPools)
    (settings.family, settings.baseline) = (family, baseline)
  }
}
