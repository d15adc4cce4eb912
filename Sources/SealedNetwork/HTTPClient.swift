import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

/// Makes blocking HTTP GET requests with Foundation's URLSession (libcurl on Linux): no extra
/// package, no connection reuse across calls. One request at a time per call; safe to use from
/// several threads.
package struct HTTPClient: Sendable {
  /// Seconds to wait for the answer to start, and at most between two parts of it.
  package var timeout: TimeInterval
  /// Headers sent with every request (Scryfall asks for a User-Agent and an Accept header).
  package var headers: [String: String]
  /// The longest a whole transfer may take (a large file on a slow line); nil: an hour.
  package var transferLimit: TimeInterval?

  package init(timeout: TimeInterval, headers: [String: String], transferLimit: TimeInterval? = nil) {
    self.timeout = timeout
    self.headers = headers
    self.transferLimit = transferLimit
  }

  /// Sends one GET request and waits for the whole response, held in memory.
  /// Cost: one round trip; the body is held in memory.
  package func get(_ url: URL) throws(TransportError) -> HTTPResponse {
    try get(url, sink: nil, progress: nil, shouldStop: nil)
  }

  /// Sends one GET request; the body of a 200 answer goes to `sink` as it arrives (the
  /// response's `body` then empty), any other answer's body is kept in memory (at most 1 MiB
  /// with a sink).
  /// `progress` is called as bytes arrive (on URLSession's queue), `shouldStop` polled ten
  /// times a second: when it says yes the transfer is cancelled and a `TransportError` with
  /// `stopped` thrown. Cost: one round trip; memory for one part of the body at a time.
  package func get(
    _ url: URL, sink: (any HTTPBodySink)?, progress: (@Sendable (TransferProgress) -> Void)?, shouldStop: (() -> Bool)?
  ) throws(TransportError) -> HTTPResponse {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let limit = transferLimit ?? 3600
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = sink == nil ? timeout : limit
    configuration.httpMaximumConnectionsPerHost = 1
    let transfer = Transfer(sink: sink, progress: progress)
    let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    task.resume()
    // URLSession enforces the timeouts; the margin only guards against a lost callback.
    let deadline = Date().addingTimeInterval((sink == nil ? timeout : limit) + 5)
    while transfer.done.wait(timeout: .now() + 0.1) == .timedOut {
      if let shouldStop, shouldStop() {
        task.cancel()
        _ = transfer.done.wait(timeout: .now() + 5)
        throw TransportError(reason: "stopped", stopped: true)
      }
      if Date() > deadline {
        task.cancel()
        throw TransportError(reason: "timed out after \(Self.seconds(timeout))")
      }
    }
    return try transfer.outcome(timeout: timeout)
  }

  static func describe(_ error: any Error, timeout: TimeInterval) -> String {
    let nsError = error as NSError
    if nsError.domain == NSURLErrorDomain {
      switch nsError.code {
      case NSURLErrorTimedOut: return "timed out after \(seconds(timeout))"
      case NSURLErrorCannotConnectToHost: return "connection refused"
      case NSURLErrorCannotFindHost: return "unknown host"
      case NSURLErrorNotConnectedToInternet: return "no network connection"
      case NSURLErrorNetworkConnectionLost: return "the connection was lost"
      case NSURLErrorBadServerResponse: return "the server's answer was not valid HTTP"
      default: break
      }
    }
    return nsError.localizedDescription.lowercased()
  }

  /// "30 s", "0.5 s".
  package static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

/// One transfer's state, filled in by URLSession's delegate callbacks and read by the waiting
/// thread once `done` is signalled.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  private let sink: (any HTTPBodySink)?
  private let progress: (@Sendable (TransferProgress) -> Void)?
  private let lock = NSLock()
  private var response: HTTPURLResponse?
  private var body = Data()
  private var received: Int64 = 0
  private var error: (any Error)?
  private var sinkError: (any Error)?
  private static let keptBody = 1 << 20

  init(sink: (any HTTPBodySink)?, progress: (@Sendable (TransferProgress) -> Void)?) {
    self.sink = sink
    self.progress = progress
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { self.response = response as? HTTPURLResponse }
    if streams, let sink {
      do { try sink.restart() } catch {
        lock.withLock { sinkError = error }
        completionHandler(.cancel)
        return
      }
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if streams, let sink {
      do { try sink.write(data) } catch {
        lock.withLock { sinkError = error }
        dataTask.cancel()
        return
      }
    } else {
      lock.withLock {
        // An error page beside a download is kept up to 1 MiB; an answer held in memory whole.
        if sink == nil { body.append(data) } else if body.count < Self.keptBody { body.append(data.prefix(Self.keptBody - body.count)) }
      }
    }
    let (count, expected) = lock.withLock { () -> (Int64, Int64?) in
      received += Int64(data.count)
      let length = response?.expectedContentLength ?? -1
      return (received, length >= 0 ? length : nil)
    }
    progress?(TransferProgress(received: count, expected: expected))
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.withLock { self.error = error }
    done.signal()
  }

  /// Whether the body goes to the sink: a 200 answer, when there is one.
  private var streams: Bool {
    lock.withLock { sink != nil && response?.statusCode == 200 }
  }

  /// The response, or why there is none.
  func outcome(timeout: TimeInterval) throws(TransportError) -> HTTPResponse {
    let (response, body, error, sinkError) = lock.withLock { (self.response, self.body, self.error, self.sinkError) }
    if let sinkError { throw TransportError(reason: "\(sinkError)") }
    if let error { throw TransportError(reason: HTTPClient.describe(error, timeout: timeout)) }
    guard let http = response else { throw TransportError(reason: "the answer was not an HTTP response") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: body)
  }
}
