import Dispatch
import SealedSupport
import SealedRules
import Synchronization

/// `sealed check` of many products, several at once: `workers` threads each take the next
/// product not yet started and check it whole (its simulation on `settings.threads` threads).
///
/// Products run side by side rather than one at a time on every core because a product's
/// work is not all simulation: compiling, expectations, the exact tests and the files are one
/// thread's work, and with one product at a time the other cores would wait through them.
/// Each product's results depend on the run's seed and its code only, so the rows and reports
/// are the same whatever the number of workers and threads.
package struct ProductRun: Sendable {
  /// What came out: the rows of the products that finished, in the data's order.
  package struct Result: Sendable {
    package var summary: ProductSummary
    /// Whether `shouldStop` stopped the run before every product finished.
    package var interrupted: Bool
  }

  package let products: [CompiledBoosterData.Product]
  package let settings: ProductCheck.Settings
  package let workers: Int

  package init(products: [CompiledBoosterData.Product], settings: ProductCheck.Settings, workers: Int) {
    self.products = products
    self.settings = settings
    self.workers = max(1, min(workers, products.count))
  }

  /// Checks every product. `progress` is called from worker threads with the pools simulated
  /// so far over all products and the products finished; `shouldStop` is polled between
  /// chunks: products in flight are then dropped (nothing written), finished ones kept. The
  /// first error writing a report stops the run and is thrown.
  package func run(
    cards: CardSetLoader, progress: (@Sendable (_ pools: Int, _ products: Int) -> Void)? = nil,
    shouldStop: (@Sendable () -> Bool)? = nil
  ) throws(DataError) -> Result {
    let state = State(count: products.count)
    let stop: @Sendable () -> Bool = { [state] in state.failed.load(ordering: .relaxed) || shouldStop?() == true }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while !stop() {
        let index = state.next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < products.count else { break }
        check(index, cards: cards, state: state, progress: progress, stop: stop)
      }
    }
    if let error = state.error.withLock({ $0 }) { throw error }
    let rows = state.rows.withLock { $0 }.compactMap { $0 }
    return Result(summary: ProductSummary(rows: rows), interrupted: rows.count < products.count)
  }

  /// Checks product `index` and records its row (or the error).
  private func check(
    _ index: Int, cards: CardSetLoader, state: State, progress: (@Sendable (Int, Int) -> Void)?,
    stop: @escaping @Sendable () -> Bool
  ) {
    let done = Atomic<Int>(0)
    let report: @Sendable (Int) -> Void = { [state] pools in
      // A product's progress comes in increasing totals; add what is new.
      let previous = done.exchange(pools, ordering: .relaxed)
      let total = state.pools.wrappingAdd(pools - previous, ordering: .relaxed).newValue
      progress?(total, state.finished.load(ordering: .relaxed))
    }
    do {
      let row = try ProductCheck(product: products[index], settings: settings).run(cards: cards, progress: report, shouldStop: stop)
      guard let row else { return }
      state.rows.withLock { $0[index] = row }
      // A refused product simulated nothing; count its pools as done for the progress.
      report(settings.pools)
      let finished = state.finished.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(state.pools.load(ordering: .relaxed), finished)
    } catch {
      state.error.withLock { if $0 == nil { $0 = error } }
      state.failed.store(true, ordering: .relaxed)
    }
  }

  /// What the workers share.
  private final class State: Sendable {
    let next = Atomic<Int>(0)
    let pools = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    let failed = Atomic<Bool>(false)
    let rows: Mutex<[ProductSummary.Row?]>
    let error = Mutex<DataError?>(nil)

    init(count: Int) {
      rows = Mutex(Array(repeating: nil, count: count))
    }
  }
}
