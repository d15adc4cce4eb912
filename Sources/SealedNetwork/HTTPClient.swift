import Foundation

/// An HTTP response: status, headers (lowercased names) and body. A response whose body went to
/// a `HTTPBodySink` has an empty `body` here.
package struct HTTPResponse: Sendable {
  package var status: Int
  package var headers: [String: String]
  package var body: Data

  package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Why a request got no complete HTTP response.
package struct TransportError: Error, Sendable {
  /// A short lowercase reason: "connection refused", "timed out after 30 s", ...
  package var reason: String
  /// Whether the caller's stop callback ended the transfer (Ctrl-C, a Cancel button).
  package var stopped = false

  package init(reason: String, stopped: Bool = false) {
    self.reason = reason
    self.stopped = stopped
  }
}

/// Where the body of a successful (200) answer goes as it arrives, so that a large download is
/// never held in memory whole. `restart` is called before each attempt; a `write` that throws
/// ends the transfer with its error as the reason.
package protocol HTTPBodySink: AnyObject, Sendable {
  /// Drops what an earlier attempt wrote.
  func restart() throws
  /// Appends the next bytes of the body.
  func write(_ data: Data) throws
  /// Hears the body's length as the server announced it, before any of it: a sink refuses one
  /// it would refuse once written (by default, takes any).
  func expect(_ length: Int64) throws
}

extension HTTPBodySink {
  package func expect(_ length: Int64) throws {}
}

/// How a transfer is going: the body's bytes so far, and the total the server announced
/// (Content-Length), when it did.
package struct TransferProgress: Sendable, Equatable {
  package var received: Int64
  package var expected: Int64?

  package init(received: Int64, expected: Int64?) {
    self.received = received
    self.expected = expected
  }
}

/// Makes blocking HTTP GET requests with libcurl (redirects followed, compressed answers
/// decoded, http and https only), no connection reuse across calls. One request at a time per
/// call; safe to use from several threads. The waiting thread sleeps in libcurl's poll between
/// parts of the answer (Foundation's URLSession on Linux woke about 2,000 times a second while
/// a server was slow to answer: most of a core).
package struct HTTPClient: Sendable {
  /// Seconds to wait to connect, then for the answer to start (libcurl's limits, in whole
  /// seconds), and between two parts of it once it has started (Sealed's own clock: a stall
  /// after a burst ends `timeout` after the last bytes).
  package var timeout: TimeInterval
  /// Headers sent with every request (Scryfall asks for a User-Agent and an Accept header).
  package var headers: [String: String]
  /// The longest a whole transfer may take (a large file on a slow line); nil: an hour.
  package var transferLimit: TimeInterval?
  /// The most bytes of an answer held in memory (an answer without a sink: a page of
  /// Scryfall's search, about 1 to 2 MiB; an error page): a server sending without end fills no
  /// more than this before the transfer is ended with an error saying so. 64 MiB by default.
  package var heldBodyLimit = 64 << 20

  package init(timeout: TimeInterval, headers: [String: String], transferLimit: TimeInterval? = nil) {
    self.timeout = timeout
    self.headers = headers
    self.transferLimit = transferLimit
  }

  /// Sends one GET request and waits for the whole response, held in memory (at most
  /// `heldBodyLimit` bytes); the whole of it must arrive within `timeout`.
  /// Cost: one round trip; the body is held in memory.
  package func get(_ url: URL) throws(TransportError) -> HTTPResponse {
    try get(url, sink: nil, progress: nil, shouldStop: nil)
  }

  /// Sends one GET request; the body of a 200 answer goes to `sink` as it arrives (the
  /// response's `body` then empty), any other answer's body is kept in memory (at most 1 MiB
  /// with a sink).
  /// `progress` is called as bytes arrive (on the calling thread), `shouldStop` polled ten
  /// times a second: when it says yes the transfer ends and a `TransportError` with `stopped`
  /// is thrown. Cost: one round trip; memory for one part of the body at a time.
  package func get(
    _ url: URL, sink: (any HTTPBodySink)?, progress: (@Sendable (TransferProgress) -> Void)?, shouldStop: (() -> Bool)?
  ) throws(TransportError) -> HTTPResponse {
    let transfer = try CurlTransfer(
      url: url, headers: headers, timeout: timeout, limit: sink == nil ? timeout : transferLimit ?? 3600, sink: sink,
      progress: progress, heldBodyLimit: heldBodyLimit)
    return try transfer.run(shouldStop: shouldStop)
  }

  /// The longest `timeout` a command accepts: a day (a larger one is a typo, and past 2^63
  /// seconds it no longer fits libcurl's options).
  package static let longestTimeout: TimeInterval = 86_400

  /// Why `--timeout` cannot be `value`, or nil when it can: a positive number of seconds, at
  /// most `longestTimeout`.
  package static func timeoutRefusal(_ value: TimeInterval) -> String? {
    value > 0 && value <= longestTimeout
      ? nil : "--timeout \(value): expected a positive number of seconds, at most \(Int(longestTimeout)) (a day)"
  }

  /// "30 s", "0.5 s".
  package static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
