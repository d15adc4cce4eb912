import Dispatch
import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
import Synchronization

/// `sealed check-products --plan`: for each product, the pools a run needs to detect a stated
/// deviation (`--deviation` in a proportion, `--ratio` in a chi-square cell) with `--power`,
/// under the run's error control (`ErrorControl`). A deviation is reported only when the screen
/// flags it (at the screen's level, Holm over the product's checks, at the run's pools) and its
/// confirmation rejects it (at `alpha / products`, with the confirmation's pools, from an
/// independent seed): the two stages are independent, so the power is the product of theirs,
/// and each is sized at the square root of the power asked for. The pools needed are the
/// larger of the screen's and the confirmation's divided by the confirmation's factor.
package struct ProductsPlan: Sendable {
  /// One product's plan, or why it has none.
  package struct Row: Sendable {
    package var product: String
    /// The screen's and the confirmation's plans (nil when refused).
    package var screen: CheckPlan?
    package var confirmation: CheckPlan?
    /// Why the product cannot be planned: the compiler's one line.
    package var refused: String?
    /// Confirmation pools per screen pool.
    package var factor: Double

    /// The run's `--pools` that gives the product the power asked for: nil when refused, when
    /// a check can be given no power, or when it has no statistical check (then 0).
    package var pools: Int? {
      guard let screen, let confirmation else { return nil }
      guard let first = screen.pools, let second = confirmation.pools else { return nil }
      return max(first, Int((Double(second) / factor).rounded(.up)))
    }

    /// The check that needs the most pools, and in which stage.
    package var hardest: String {
      guard let screen, let confirmation else { return "" }
      let byScreen = screen.largest
      let byConfirmation = confirmation.largest
      let screenPools = byScreen?.pools ?? 0
      let confirmPools = Int((Double(byConfirmation?.pools ?? 0) / factor).rounded(.up))
      return (screenPools >= confirmPools ? byScreen?.name : byConfirmation?.name) ?? ""
    }
  }

  package let rows: [Row]
  package let control: ErrorControl
  package let deviation: Double
  package let ratio: Double
  package let power: Double

  /// The row whose product needs the most pools.
  package var largest: Row? { rows.filter { $0.refused == nil }.max { ($0.pools ?? .max) < ($1.pools ?? .max) } }
}

extension ProductsJob {
  /// The plan of the run's products (see `ProductsPlan`), each from a small sample simulation
  /// of its plan (which checks a product makes depends on the plan only), side by side on the
  /// run's threads. Cost: compiling every product, one chunk of pools each, its checks twice.
  package func plan(deviation: Double, ratio: Double, power: Double) throws(DataError) -> ProductsPlan {
    try RunLimits.planEffect(deviation: deviation, ratio: ratio, power: power)
    let stagePower = power.squareRoot()
    let factor = Double(confirmPools) / Double(pools)
    let settings = run.settings
    let rows = Mutex([ProductsPlan.Row?](repeating: nil, count: products.count))
    let next = Atomic<Int>(0)
    let cards = self.cards
    let products = self.products
    let control = self.control
    DispatchQueue.concurrentPerform(iterations: max(1, min(threads, products.count))) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < products.count else { return }
        var row = ProductsPlan.Row(product: products[index].code.lowercased(), factor: factor)
        do {
          let prepared = try ProductCheck(product: products[index], settings: settings).prepare(cards: cards)
          let plan = prepared.loaded.plan
          let sample = Simulation.run(.init(plan: plan, pools: Simulation.chunkPools, seed: seed, threads: 1)).tally
          (row.screen, row.confirmation) = try statistics { () throws(StatisticsError) in
            let run = try CheckRun(plan: plan, expectations: prepared.expectations, tally: sample, alpha: control.alpha)
            let screen = try CheckPlan(
              plan: plan, expectations: prepared.expectations, alpha: control.screenAlpha, deviation: deviation, ratio: ratio,
              power: stagePower, sample: run)
            let confirmation = try CheckPlan(
              plan: plan, expectations: prepared.expectations, alpha: control.confirmAlpha, deviation: deviation, ratio: ratio,
              power: stagePower, sample: run)
            return (screen, confirmation)
          }
        } catch {
          row.refused = "\(error)"
        }
        rows.withLock { $0[index] = row }
      }
    }
    return ProductsPlan(
      rows: rows.withLock { $0 }.compactMap { $0 }, control: control, deviation: deviation, ratio: ratio, power: power)
  }
}
