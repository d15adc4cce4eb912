import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP response: status, headers (lowercased names) and body.
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

/// Why a request got no HTTP response at all.
package struct TransportError: Error, Sendable {
  /// A short lowercase reason: "connection refused", "timed out after 30 s", ...
  package var reason: String
}

/// Makes blocking HTTP GET requests with Foundation's URLSession (libcurl on Linux): no extra
/// package, no connection reuse across `HTTPClient` values. One request at a time.
package struct HTTPClient: Sendable {
  /// Seconds to wait for a response before giving up.
  package var timeout: TimeInterval
  /// Headers sent with every request (Scryfall asks for a User-Agent and an Accept header).
  package var headers: [String: String]

  package init(timeout: TimeInterval, headers: [String: String]) {
    self.timeout = timeout
    self.headers = headers
  }

  /// Sends one GET request and waits for the whole response.
  /// Cost: one round trip; the body is held in memory.
  package func get(_ url: URL) throws(TransportError) -> HTTPResponse {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.httpMaximumConnectionsPerHost = 1
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }

    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: request) { data, response, error in
      outcome.set(data: data, response: response, error: error)
      done.signal()
    }
    task.resume()
    // URLSession enforces the timeout; the extra margin only guards against a lost callback.
    if done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      throw TransportError(reason: "timed out after \(Self.seconds(timeout))")
    }
    let (data, response, error) = outcome.get()
    if let error {
      throw TransportError(reason: Self.describe(error, timeout: timeout))
    }
    guard let http = response as? HTTPURLResponse else {
      throw TransportError(reason: "the answer was not an HTTP response")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())
  }

  private static func describe(_ error: any Error, timeout: TimeInterval) -> String {
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

  static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

/// The result of a data task, handed from URLSession's delegate queue to the waiting thread.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  private var response: URLResponse?
  private var error: (any Error)?

  func set(data: Data?, response: URLResponse?, error: (any Error)?) {
    lock.lock()
    defer { lock.unlock() }
    self.data = data
    self.response = response
    self.error = error
  }

  func get() -> (Data?, URLResponse?, (any Error)?) {
    lock.lock()
    defer { lock.unlock() }
    return (data, response, error)
  }
}
