import SealedSupport

/// How `sealed check-products` holds its whole run to one error rate: the chance that it
/// reports any product as failing a statistical check when the product has no error is at most
/// `alpha`, however many products and checks the run holds (docs/check-products.md, "Error
/// control over the whole run").
///
/// Two stages. The **screen** checks every product at the run's pools, Holm over the product's
/// checks at `screenAlpha`: a product none of whose statistical checks fails there passes
/// them. A product the screen flags is **confirmed**: simulated again from an independent seed
/// (`ProductSeed.confirm`) with `confirmPools`, its checks Holm-adjusted at `alpha / products`,
/// and only a failure there is reported. The two stages' pools are independent, so a correct
/// product is reported with chance at most P(confirmation rejects) <= alpha / products, and the
/// run's `products` together at most `alpha`: strong control, whatever the screen's level, and
/// the same verdict for a product whichever products, shards or threads run beside it. The
/// screen only decides which products pay for a confirmation; it gives power (a deviation
/// flagged at `screenAlpha` is confirmed with four times the pools) at little cost in time.
///
/// Exact invariants (a card from the wrong sheet, a booster of the wrong size) and shares the
/// data decides exactly (`ExactShare`) are not statistical: one violation fails, in either
/// stage, with no error to control.
package struct ErrorControl: Sendable, Equatable {
  /// The run's family-wise error rate (`--alpha`, default 0.001).
  package var alpha: Double
  /// The screen's level, per product (`--screen-alpha`, default 0.01).
  package var screenAlpha: Double
  /// The products the run matched before any `--shard`: the family the confirmations share.
  package var products: Int

  /// The default run level, as for `sealed check`.
  package static let defaultAlpha = 0.001
  /// The default screen level: about one correct product in a hundred is confirmed.
  package static let defaultScreenAlpha = 0.01
  /// Confirmation pools per screen pool, by default (`--confirm-pools` is 4 × `--pools`).
  package static let defaultConfirmFactor = 4

  package init(alpha: Double = defaultAlpha, screenAlpha: Double = defaultScreenAlpha, products: Int) {
    self.alpha = alpha
    self.screenAlpha = screenAlpha
    self.products = max(products, 1)
  }

  /// The level of each product's confirmation (Holm over its checks): `alpha / products`.
  package var confirmAlpha: Double { alpha / Double(products) }
}
