import Dispatch
import SealedDecks

/// The deck library as the server uses it: every read and change runs on one serial queue of
/// its own, off Swift's cooperative threads (a change may wait for another process's lock,
/// `Library.withLock`), one at a time in this process; the library's lock orders them with
/// `sealed deck` and other servers.
final class LibraryAccess: Sendable {
  let library: Library
  private let queue = DispatchQueue(label: "sealed.serve.library")

  init(_ library: Library) {
    self.library = library
  }

  /// Runs `body` on the library's queue and returns what it returns, or throws what it throws.
  func run<T: Sendable>(_ body: @escaping @Sendable (Library) throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { [library] in
        continuation.resume(with: Result { try body(library) })
      }
    }
  }
}
