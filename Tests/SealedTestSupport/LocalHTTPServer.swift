import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for tests: it listens on a port the system picks,
/// answers each request on a thread of its own through `handler`, and closes every connection
/// after one answer. Not part of Sealed's API.
package final class LocalHTTPServer: @unchecked Sendable {
  /// What to do with one request.
  package enum Reply: Sendable {
    /// A complete answer.
    case respond(status: Int, headers: [String: String], body: Data)
    /// Send the headers and the first `bytes` bytes of `body` (with the full Content-Length),
    /// then close the connection: a truncated page.
    case truncated(status: Int, body: Data, bytes: Int)
    /// Keep the connection open and say nothing for `seconds`.
    case silence(seconds: Double)
    /// Send the headers and the first `bytes` bytes of `body` (with the full Content-Length),
    /// then say nothing more for `seconds` before closing: a download that stalls half-way.
    case stalled(status: Int, body: Data, bytes: Int, seconds: Double)
  }

  /// A request as the server saw it.
  package struct Request: Sendable {
    package var path: String
    package var query: [String: String]
    package var headers: [String: String]
  }

  package let port: UInt16
  package var baseURL: String { "http://127.0.0.1:\(port)" }

  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let lock = NSLock()
  private var received: [Request] = []
  private var stopped = false

  /// Starts listening; throws when no socket can be had.
  package init(handler: @escaping @Sendable (Request) -> Reply) throws {
    self.handler = handler
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = fd
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit { stop() }

  /// The requests received so far, in order of arrival.
  package var requests: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// Stops accepting connections: shuts the listening socket, which ends the accept loop's
  /// `accept`. The loop closes it: closed here, its descriptor's number could go to another
  /// test's new server before the loop's next `accept`, which would then take that server's
  /// connections (and close them unanswered: "the connection was lost").
  package func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
  }

  /// Accepts connections until `stop()`, then closes the listening socket. A failed `accept`
  /// before the stop (a signal, a connection aborted, no descriptor free for a moment) is tried
  /// again: ending here would close the socket while `stop()` may still shut its descriptor's
  /// number, by then perhaps another test's.
  private func acceptLoop() {
    defer { close(listener) }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        let code = errno
        if isStopped { return }
        if code != EINTR && code != ECONNABORTED { usleep(10_000) }
        continue
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !data.containsHeaderEnd {
      let count = read(connection, &buffer, buffer.count)
      // A signal (a child process of another test ending) may interrupt the read: read again.
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      data.append(contentsOf: buffer[0..<count])
      if data.count > 65536 { return }
    }
    let head = String(decoding: data, as: UTF8.self)
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count >= 2 else { return }
    let target = String(parts[1])
    let components = URLComponents(string: target)
    var query: [String: String] = [:]
    for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let request = Request(path: components?.path ?? target, query: query, headers: headers)
    lock.lock()
    received.append(request)
    lock.unlock()

    switch handler(request) {
    case .respond(let status, let extra, let body):
      send(connection, head: Self.head(status: status, headers: extra, length: body.count), body: body)
    case .truncated(let status, let body, let bytes):
      send(connection, head: Self.head(status: status, headers: ["Content-Type": "application/json"], length: body.count), body: body.prefix(bytes))
    case .silence(let seconds):
      Thread.sleep(forTimeInterval: seconds)
    case .stalled(let status, let body, let bytes, let seconds):
      send(connection, head: Self.head(status: status, headers: [:], length: body.count), body: body.prefix(bytes))
      Thread.sleep(forTimeInterval: seconds)
    }
  }

  private func send(_ connection: Int32, head: String, body: Data) {
    var bytes = Array(head.utf8)
    bytes.append(contentsOf: body)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  private static func head(status: Int, headers: [String: String], length: Int) -> String {
    var text = "HTTP/1.1 \(status) \(reason(status))\r\nContent-Length: \(length)\r\nConnection: close\r\n"
    if headers["Content-Type"] == nil { text += "Content-Type: application/json; charset=utf-8\r\n" }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return text + "\r\n"
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  package struct ServerError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
  }
}

extension [UInt8] {
  fileprivate var containsHeaderEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4) where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
      return true
    }
    return false
  }
}
