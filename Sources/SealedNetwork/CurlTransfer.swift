import CCurl
import Foundation

/// libcurl set up once per process (before any transfer; thread-safe through Swift's lazy
/// global initialisation).
private let curlSetUp: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// One GET request through libcurl's multi interface, run on the calling thread: the thread
/// sleeps in `curl_multi_poll` (at most a tenth of a second, to poll the stop callback) until
/// the server sends something, and libcurl's callbacks hand this object the answer's headers
/// and body as they arrive.
final class CurlTransfer {
  private let easy: UnsafeMutableRawPointer
  private let multi: UnsafeMutableRawPointer
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private let errorText: UnsafeMutablePointer<CChar>
  private let timeout: TimeInterval
  private let limit: TimeInterval
  private let sink: (any HTTPBodySink)?
  /// Whether redirects are followed to https addresses only (`redirectsToHTTPSOnly(from:)`).
  private let httpsRedirectsOnly: Bool
  private let progress: (@Sendable (TransferProgress) -> Void)?
  /// The status of the last header block (a redirect's, then the final answer's).
  private var status = 0
  private var headers: [String: String] = [:]
  private var body = Data()
  private var received: Int64 = 0
  private var sinkError: (any Error)?
  private static let keptBody = 1 << 20
  /// The most bytes of a body held in memory without a sink (`HTTPClient.heldBodyLimit`).
  private let heldBodyLimit: Int
  /// Set when a body held in memory grew past `heldBodyLimit` (the transfer is then ended).
  private var bodyTooLarge = false
  /// When the last bytes of the answer came, once its first have: the run loop then ends a
  /// transfer silent for `timeout` itself, exactly, where libcurl's low-speed check averages
  /// over seconds and let a stall after a burst run 5 s past it (a review). Before the first
  /// bytes, libcurl's own limits hold: `timeout` to connect, then `timeout` of silence.
  private var lastHeard: Date?

  /// Sets the request up: `timeout` for connecting and between two parts of the answer,
  /// `limit` for the whole transfer. Throws when libcurl cannot be set up.
  init(
    url: URL, headers: [String: String], timeout: TimeInterval, limit: TimeInterval, sink: (any HTTPBodySink)?,
    progress: (@Sendable (TransferProgress) -> Void)?, heldBodyLimit: Int
  ) throws(TransportError) {
    guard curlSetUp == CURLE_OK, let easy = curl_easy_init() else {
      throw TransportError(reason: "libcurl could not be set up")
    }
    guard let multi = curl_multi_init() else {
      curl_easy_cleanup(easy)
      throw TransportError(reason: "libcurl could not be set up")
    }
    self.easy = easy
    self.multi = multi
    self.timeout = timeout
    self.limit = limit
    self.sink = sink
    self.progress = progress
    self.heldBodyLimit = heldBodyLimit
    httpsRedirectsOnly = Self.redirectsToHTTPSOnly(from: url)
    errorText = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      headerList = curl_slist_append(headerList, "\(name): \(value)")
    }
    if let refusal = Self.refusal(of: url, speaksTLS: Self.speaksTLS) { throw TransportError(reason: refusal) }
    try configure(url: url)
  }

  deinit {
    curl_multi_remove_handle(multi, easy)
    curl_easy_cleanup(easy)
    curl_multi_cleanup(multi)
    curl_slist_free_all(headerList)
    errorText.deallocate()
  }

  private func configure(url: URL) throws(TransportError) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let milliseconds = { (seconds: TimeInterval) in Int(min(seconds, 1e9) * 1000) }
    var codes = [
      sealed_curl_set_string(easy, CURLOPT_URL, url.absoluteString),
      sealed_curl_set_long(easy, CURLOPT_HTTPGET, 1),
      sealed_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
      sealed_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1),
      sealed_curl_set_long(easy, CURLOPT_MAXREDIRS, 10),
      sealed_curl_restrict_protocols(easy, httpsRedirectsOnly ? 1 : 0, Self.speaksTLS ? 1 : 0),
      // A proxy's answer to CONNECT is not the server's (it would restart the download's file).
      sealed_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
      sealed_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
      sealed_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(timeout)),
      // Less than a byte a second for `timeout` seconds ends it (libcurl counts whole seconds,
      // over a speed it averages across a few seconds: a stall after a burst is seen later).
      sealed_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1),
      sealed_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(min(timeout, 1e9).rounded(.up)))),
      sealed_curl_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds(limit)),
      sealed_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorText),
      sealed_curl_set_write_function(easy, CURLOPT_HEADERFUNCTION, { bytes, size, count, context in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().headerLine(bytes, size &* count)
      }),
      sealed_curl_set_pointer(easy, CURLOPT_HEADERDATA, context),
      sealed_curl_set_write_function(easy, CURLOPT_WRITEFUNCTION, { bytes, size, count, context in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().bodyPart(bytes, size &* count)
      }),
      sealed_curl_set_pointer(easy, CURLOPT_WRITEDATA, context),
    ]
    if let headerList { codes.append(sealed_curl_set_list(easy, CURLOPT_HTTPHEADER, headerList)) }
    if let failed = codes.first(where: { $0 != CURLE_OK }) {
      throw TransportError(reason: "libcurl refused an option (\(String(cString: curl_easy_strerror(failed)).lowercased()))")
    }
  }

  /// Runs the transfer to its end. Throws a `TransportError` when there is no complete answer,
  /// with `stopped` when `shouldStop` ended it.
  func run(shouldStop: (() -> Bool)?) throws(TransportError) -> HTTPResponse {
    let start = Date()
    lastHeard = nil
    func failed(_ code: CURLMcode) -> TransportError {
      TransportError(reason: "libcurl failed (\(String(cString: curl_multi_strerror(code)).lowercased()))")
    }
    let added = curl_multi_add_handle(multi, easy)
    guard added == CURLM_OK else { throw failed(added) }
    var running: Int32 = 1
    while true {
      let performed = curl_multi_perform(multi, &running)
      guard performed == CURLM_OK else { throw failed(performed) }
      if running == 0 { break }
      if let shouldStop, shouldStop() { throw TransportError(reason: "stopped", stopped: true) }
      if let lastHeard, Date().timeIntervalSince(lastHeard) >= timeout {
        throw TransportError(reason: "timed out after \(HTTPClient.seconds(timeout))")
      }
      let polled = curl_multi_poll(multi, nil, 0, 100, nil)
      guard polled == CURLM_OK else { throw failed(polled) }
    }
    var left: Int32 = 0
    var result: CURLcode?
    while let message = curl_multi_info_read(multi, &left) {
      if message.pointee.msg == CURLMSG_DONE { result = sealed_curl_message_result(message) }
    }
    if let sinkError { throw TransportError(reason: "\(sinkError)") }
    if bodyTooLarge {
      throw TransportError(reason: "the answer is larger than \(Self.size(heldBodyLimit)), the most held in memory for one request; stopped reading it")
    }
    guard let result else { throw TransportError(reason: "libcurl ended the transfer without its outcome") }
    guard result == CURLE_OK else {
      throw TransportError(reason: describe(result, after: Date().timeIntervalSince(start)))
    }
    var code = 0
    _ = sealed_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &code)
    guard code > 0 else { throw TransportError(reason: "the answer was not an HTTP response") }
    return HTTPResponse(status: code, headers: headers, body: body)
  }

  /// One line of a header block: a status line starts a block (after a redirect, the next
  /// answer's), the empty line ends it. Returns the bytes taken (fewer ends the transfer).
  private func headerLine(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    lastHeard = Date()
    guard let bytes else { return count }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      // A new answer (after a redirect): nothing of the one before is its.
      status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      headers = [:]
      body = Data()
      received = 0
    } else if line.isEmpty {
      if status == 200, let sink {
        do {
          try sink.restart()
          if let expectedLength { try sink.expect(expectedLength) }
        } catch {
          sinkError = error
          return 0
        }
      }
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    return count
  }

  /// A part of the body: to the sink when the answer is a 200 and there is one, else kept.
  /// Returns the bytes taken (fewer ends the transfer).
  private func bodyPart(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    lastHeard = Date()
    guard let bytes, count > 0 else { return count }
    let data = Data(bytes: bytes, count: count)
    if status == 200, let sink {
      do { try sink.write(data) } catch {
        sinkError = error
        return 0
      }
    } else if sink == nil {
      guard body.count + count <= heldBodyLimit else {
        bodyTooLarge = true
        return 0
      }
      body.append(data)
    } else if body.count < Self.keptBody {
      // An error page beside a download is kept up to 1 MiB.
      body.append(data.prefix(Self.keptBody - body.count))
    }
    // An error page's bytes are no progress of the download (a 404's showed as "9 of 9 bytes").
    guard status == 200 else { return count }
    received += Int64(count)
    progress?(TransferProgress(received: received, expected: expectedLength))
    return count
  }

  /// The body's length as the server announced it: Content-Length, when the body is not
  /// compressed (libcurl hands over the decoded bytes).
  private var expectedLength: Int64? {
    guard headers["content-encoding"] == nil || headers["content-encoding"] == "identity" else { return nil }
    return headers["content-length"].flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// "2 GiB", "64 MiB", "1000 bytes".
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
    return bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// Whether redirects from `url` are followed to https addresses only: those of a request made
  /// over https, which is never sent on in the clear.
  static func redirectsToHTTPSOnly(from url: URL) -> Bool {
    url.scheme?.lowercased() == "https"
  }

  /// Why a redirect was not followed (libcurl refused its address's scheme).
  static func refusedRedirect(httpsOnly: Bool) -> String {
    httpsOnly
      ? "a redirect from an https address to one that is not https" : "a redirect to an address that is not http or https"
  }

  /// Why libcurl called a transfer's protocol unsupported: an https address that an http one
  /// redirected to (libcurl's `detail` names the scheme), given to a libcurl without TLS, else a
  /// redirect it refused (`refusedRedirect`). An https address asked for is refused before the
  /// transfer (`refusal(of:speaksTLS:)`).
  static func unsupportedProtocol(httpsOnly: Bool, speaksTLS: Bool, detail: String) -> String {
    guard !speaksTLS, detail.lowercased().contains("\"https\"") else { return refusedRedirect(httpsOnly: httpsOnly) }
    return withoutTLS
  }

  /// Why `url` is not even tried: an https address when libcurl speaks no TLS; else nil.
  static func refusal(of url: URL, speaksTLS: Bool) -> String? {
    redirectsToHTTPSOnly(from: url) && !speaksTLS ? withoutTLS : nil
  }

  static let withoutTLS =
    "this libcurl cannot fetch https addresses (it was built without TLS; "
    + "install one with it, libcurl4-openssl-dev on Debian or Ubuntu)"

  /// Whether the libcurl loaded speaks TLS; asked of libcurl once, the first time.
  static let speaksTLS = sealed_curl_speaks_tls() != 0

  /// A failed transfer's reason in a few lowercase words.
  private func describe(_ code: CURLcode, after elapsed: TimeInterval) -> String {
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      if limit != timeout && elapsed >= limit * 0.99 { return "did not finish within \(HTTPClient.seconds(limit))" }
      return "timed out after \(HTTPClient.seconds(timeout))"
    case CURLE_COULDNT_CONNECT: return "connection refused"
    case CURLE_COULDNT_RESOLVE_HOST: return "unknown host"
    case CURLE_COULDNT_RESOLVE_PROXY: return "unknown proxy host"
    case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR: return "the connection was lost"
    case CURLE_WEIRD_SERVER_REPLY: return "the server's answer was not valid HTTP"
    case CURLE_TOO_MANY_REDIRECTS: return "more than 10 redirects"
    case CURLE_UNSUPPORTED_PROTOCOL:
      let detail = String(cString: errorText)
      return Self.unsupportedProtocol(httpsOnly: httpsRedirectsOnly, speaksTLS: Self.speaksTLS, detail: detail)
    default:
      // libcurl's own words: "transfer closed with 298999 bytes remaining to read", ...
      let detail = String(cString: errorText)
      let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
      return Self.lowercasingItsFirstWord(text)
    }
  }

  /// `text` with its first letter lowercased, unless its first word is an acronym ("URL using
  /// bad/illegal format" stays; it read "uRL using ...").
  static func lowercasingItsFirstWord(_ text: String) -> String {
    let firstWord = text.prefix { $0.isLetter }
    guard firstWord.count < 2 || firstWord.dropFirst().contains(where: \.isLowercase) else { return text }
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
