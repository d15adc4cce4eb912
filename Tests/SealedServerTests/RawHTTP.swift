import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A reply as the test's client read it off the socket.
struct HTTPReply: Sendable {
  var status: Int
  var headers: [String: String]
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as JSON (an object or array).
  func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }

  /// `{"error": "..."}`'s message, or nil.
  var errorMessage: String? {
    ((try? json()) as? [String: Any])?["error"] as? String
  }
}

/// The tests' HTTP/1.1 client: it writes the request bytes exactly as given (the path is not
/// normalized, `..` and percent-encodings reach the server as sent; any Host header) on a new
/// TCP connection to 127.0.0.1, and reads the reply to the connection's end.
enum RawHTTP {
  static func send(
    port: Int, method: String, path: String, headers: [String: String] = [:], body: Data = Data(),
    extraLines: [String] = []
  ) throws -> HTTPReply {
    var head = "\(method) \(path) HTTP/1.1\r\n"
    var all = headers
    if all["Host"] == nil { all["Host"] = "127.0.0.1:\(port)" }
    all["Connection"] = "close"
    if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.count) }
    for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    // Header lines sent as written (a second Host, say, which the dictionary cannot hold).
    for line in extraLines { head += "\(line)\r\n" }
    head += "\r\n"
    let reply = try exchange(port: port, request: Data(head.utf8) + body)
    return try parse(reply)
  }

  private static func exchange(port: Int, request: Data) throws -> Data {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw TestFailure("connect to port \(port): \(String(cString: strerror(errno)))") }
    var sent = 0
    try request.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      while sent < bytes.count {
        let n = Glibc.send(fd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        // The server may answer (413) and close before reading a large body.
        if n <= 0 { if errno == EPIPE || errno == ECONNRESET { break } else { throw TestFailure("send: \(String(cString: strerror(errno)))") } }
        sent += max(n, 0)
      }
    }
    var reply = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      reply.append(buffer, count: n)
    }
    return reply
  }

  private static func parse(_ data: Data) throws -> HTTPReply {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw TestFailure("no HTTP reply (\(data.count) bytes): \(String(decoding: data, as: UTF8.self))")
    }
    let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = unchunk(body) }
    return HTTPReply(status: status, headers: headers, body: body)
  }

  /// Decodes a chunked body.
  private static func unchunk(_ data: Data) -> Data {
    var result = Data()
    var rest = data[...]
    while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
      guard let size = Int(sizeText, radix: 16), size > 0 else { break }
      let start = lineEnd.upperBound
      guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
      let stop = rest.index(start, offsetBy: size)
      result.append(rest[start..<stop])
      rest = rest[rest.index(stop, offsetBy: min(2, rest.distance(from: stop, to: rest.endIndex)))...]
    }
    return result
  }
}
