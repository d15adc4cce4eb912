import Dispatch
import Foundation
import Synchronization

/// Work on independent items spread over the machine's cores, with the results in the items'
/// order (so the outcome is the same on one core or many).
package enum ParallelMap {
  /// `transform` of every index of `0..<count`, in index order, computed on up to `threads`
  /// threads (default: one per core) that each take the next index left. Cost: the transforms,
  /// plus one atomic increment per index; no thread is started for a single index.
  package static func map<T: Sendable>(
    _ count: Int, threads: Int = ProcessInfo.processInfo.activeProcessorCount, _ transform: @Sendable (Int) -> T
  ) -> [T] {
    let workers = max(1, min(threads, count))
    guard workers > 1 else { return (0..<count).map(transform) }
    let next = Atomic<Int>(0)
    let results = Mutex<[Int: T]>([:])
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      var mine: [(Int, T)] = []
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { break }
        mine.append((index, transform(index)))
      }
      results.withLock { all in for (index, value) in mine { all[index] = value } }
    }
    return results.withLock { all in (0..<count).map { all[$0]! } }
  }
}
