import Foundation

/// Why a request with retries gave no 200 answer; the caller words it for its own users.
package enum HTTPFailure: Error, Sendable {
  /// No HTTP answer at all (no connection, a timeout, a transfer cut off): the reason in a few
  /// lowercase words.
  case transport(String)
  /// A final answer other than 200: its status and body, after `tries` requests; `retriable`
  /// when it was a 429 or 5xx that was tried again until the retries ran out.
  case status(Int, body: Data, tries: Int, retriable: Bool)
  /// The caller's stop callback ended it (Ctrl-C, a Cancel button).
  case stopped
}

/// Sealed's way of asking a server again: an answer of 429 (too many requests) or 5xx (the
/// server's trouble) is tried again after a wait, the `Retry-After` header's when it gives
/// seconds (at most `maxWait`), else `backoff` doubling each time, at most `maxRetries` times.
/// Every other answer is final. Used by `sealed cards fetch` (Scryfall's API) and
/// `sealed rules fetch` (a data release).
package struct HTTPRetries: Sendable {
  /// How many times a request answered with 429 or 5xx is tried again.
  package var maxRetries = 3
  /// The first wait before trying again when the answer has no `Retry-After`; doubles each time.
  package var backoff: TimeInterval = 1
  /// The longest wait honoured from a `Retry-After` header.
  package var maxWait: TimeInterval = 60
  /// Told before each wait, so that a user is not left looking at a silent minute.
  package var onWait: (@Sendable (RetryWait) -> Void)?

  package init(maxRetries: Int = 3, backoff: TimeInterval = 1, maxWait: TimeInterval = 60) {
    self.maxRetries = maxRetries
    self.backoff = backoff
    self.maxWait = maxWait
  }

  /// Calls `attempt` until it gives a 200 answer, which it returns, or a final one. The waits
  /// between attempts end early when `shouldStop` says so. Cost: up to `maxRetries + 1`
  /// requests and the waits between them.
  package func run(
    shouldStop: (() -> Bool)? = nil, _ attempt: () throws(TransportError) -> HTTPResponse
  ) throws(HTTPFailure) -> HTTPResponse {
    var tries = 0
    while true {
      let response: HTTPResponse
      do {
        response = try attempt()
      } catch {
        throw error.stopped ? .stopped : .transport(error.reason)
      }
      tries += 1
      if response.status == 200 { return response }
      let retriable = response.status == 429 || (500...599).contains(response.status)
      guard retriable && tries <= maxRetries else {
        throw .status(response.status, body: response.body, tries: tries, retriable: retriable)
      }
      let asked = Self.retryAfter(response.headers["retry-after"])
      let wait = asked.map { min($0, maxWait) } ?? backoff * Double(1 << (tries - 1))
      onWait?(RetryWait(status: response.status, seconds: wait, retry: tries, retries: maxRetries, askedByServer: asked != nil))
      if Self.sleep(wait, shouldStop: shouldStop) { throw .stopped }
    }
  }

  /// Seconds from a `Retry-After` header given in seconds (an HTTP date is not honoured).
  package static func retryAfter(_ value: String?) -> TimeInterval? {
    guard let value, let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return nil }
    return seconds
  }

  /// Sleeps `seconds` in steps of at most a tenth of a second; true when `shouldStop` ended it.
  static func sleep(_ seconds: TimeInterval, shouldStop: (() -> Bool)?) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while true {
      if let shouldStop, shouldStop() { return true }
      let left = end.timeIntervalSinceNow
      if left <= 0 { return false }
      Thread.sleep(forTimeInterval: min(left, 0.1))
    }
  }
}

/// A wait before a request is tried again: the answer that caused it, how long, and which retry
/// comes after it.
package struct RetryWait: Sendable, Equatable {
  /// The answer's status: 429 or 5xx.
  package var status: Int
  package var seconds: TimeInterval
  /// 1 for the first retry.
  package var retry: Int
  package var retries: Int
  /// Whether the wait is the server's `Retry-After` (at most `maxWait`), not the backoff.
  package var askedByServer: Bool

  package init(status: Int, seconds: TimeInterval, retry: Int, retries: Int, askedByServer: Bool) {
    (self.status, self.seconds, self.retry, self.retries, self.askedByServer) = (status, seconds, retry, retries, askedByServer)
  }

  /// "the server answered HTTP 429; trying again in 30 s, as it asked (retry 1 of 3)".
  package var description: String {
    "the server answered HTTP \(status); trying again in \(HTTPClient.seconds(seconds))"
      + "\(askedByServer ? ", as it asked" : "") (retry \(retry) of \(retries))"
  }
}
