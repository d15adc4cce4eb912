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
      var told = RetryWait(status: response.status, seconds: wait, retry: tries, retries: maxRetries, askedByServer: asked != nil)
      told.askedLonger = asked.map { $0 > wait } ?? false
      onWait?(told)
      if Self.sleep(wait, shouldStop: shouldStop) { throw .stopped }
    }
  }

  /// Seconds from a `Retry-After` header: a number of seconds, or an HTTP date (`Wed, 21 Oct
  /// 2026 07:28:00 GMT`, RFC 9110), the seconds until it (0 for one past); nil for anything else.
  package static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
    guard let text = value?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Double(text) { return seconds >= 0 ? seconds : nil }
    guard let date = httpDate.date(from: text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// An HTTP date's one form a server sends today (IMF-fixdate).
  private static var httpDate: DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter
  }

  /// ` after 1 try`, ` after 3 tries`: for a final answer's message.
  package static func afterTries(_ tries: Int) -> String {
    " after \(tries) \(tries == 1 ? "try" : "tries")"
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
  /// Whether the server asked for longer than `maxWait`, which is waited instead.
  package var askedLonger = false

  package init(status: Int, seconds: TimeInterval, retry: Int, retries: Int, askedByServer: Bool) {
    (self.status, self.seconds, self.retry, self.retries, self.askedByServer) = (status, seconds, retry, retries, askedByServer)
  }

  /// "the server answered HTTP 429; trying again in 30 s, as it asked (retry 1 of 3)".
  package var description: String {
    "the server answered HTTP \(status); trying again in \(HTTPClient.seconds(seconds))"
      + "\(askedLonger ? ", the longest Sealed waits (it asked for longer)" : askedByServer ? ", as it asked" : "") (retry \(retry) of \(retries))"
  }
}
