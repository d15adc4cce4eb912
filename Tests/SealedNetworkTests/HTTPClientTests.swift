import Foundation
import SealedSupport
@testable import SealedNetwork
import SealedTestSupport
import Synchronization
import Testing

/// `HTTPClient` and `HTTPRetries` against a real HTTP server on 127.0.0.1: a download streamed
/// to a file with its digest, the retries on 429 and 5xx, a final 404, a timeout, a connection
/// cut off, and a stop. No test touches the internet.
@Suite struct HTTPClientTests {
  /// 60 s: without a sink the timeout bounds a whole request, and 127.0.0.1 under a loaded
  /// CI machine has taken more than 10 s (ScryfallFetcherTests); the timeout tests set their own.
  let client = HTTPClient(timeout: 60, headers: ["User-Agent": "SealedTests/1"])
  /// 300 kB of varied bytes: several parts on the wire.
  static let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) })

  func file() throws -> DownloadFile {
    try DownloadFile(path: try Fixtures.temporaryDirectory("sealed-http").appendingPathComponent("body").path)
  }

  @Test func aDownloadIsStreamedToItsFileWithItsDigestAndProgress() throws {
    let server = try LocalHTTPServer { _ in .respond(status: 200, headers: [:], body: Self.body) }
    let sink = try file()
    let seen = Mutex<[TransferProgress]>([])
    let response = try client.get(URL(string: server.baseURL + "/data.json")!, sink: sink, progress: { progress in seen.withLock { $0.append(progress) } }, shouldStop: nil)
    #expect(response.status == 200 && response.body.isEmpty)
    let (bytes, sha256) = try sink.finish()
    #expect(bytes == Int64(Self.body.count))
    #expect(sha256 == SHA256.hex(of: Array(Self.body)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: sink.path)) == Self.body)
    let progress = seen.withLock { $0 }
    #expect(progress.last == TransferProgress(received: Int64(Self.body.count), expected: Int64(Self.body.count)))
    #expect(progress.map(\.received) == progress.map(\.received).sorted())
    #expect(server.requests.first?.headers["user-agent"] == "SealedTests/1")
  }

  @Test func rateLimitsAreTriedAgainAfterRetryAfter() throws {
    let count = Atomic(0)
    let server = try LocalHTTPServer { _ in
      count.add(1, ordering: .relaxed).oldValue == 0
        ? .respond(status: 429, headers: ["Retry-After": "1"], body: Data("slow down".utf8))
        : .respond(status: 200, headers: [:], body: Self.body)
    }
    let sink = try file()
    let start = Date()
    var retries = HTTPRetries(maxRetries: 3, backoff: 0.01)
    let told = Mutex<[RetryWait]>([])
    retries.onWait = { wait in told.withLock { $0.append(wait) } }
    let response = try retries.run { () throws(TransportError) -> HTTPResponse in
      try client.get(URL(string: server.baseURL + "/x")!, sink: sink, progress: nil, shouldStop: nil)
    }
    #expect(response.status == 200)
    // Retry-After: 1 was honoured, not the 0.01 s backoff.
    #expect(Date().timeIntervalSince(start) >= 1)
    #expect(server.requests.count == 2)
    #expect(told.withLock { $0 } == [RetryWait(status: 429, seconds: 1, retry: 1, retries: 3, askedByServer: true)])
    #expect(told.withLock { $0 }.first?.description == "the server answered HTTP 429; trying again in 1 s, as it asked (retry 1 of 3)")
    // The error page of the first answer is not part of the file.
    #expect(try sink.finish().bytes == Int64(Self.body.count))
  }

  /// `Retry-After` in seconds or as an HTTP date (a date was ignored, and a wait of 1 s taken:
  /// a review); one try is "1 try".
  @Test func retryAfterReadsSecondsAndHTTPDates() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri, 15 Jan 2027 08:00:00 GMT (Python's datetime)
    #expect(HTTPRetries.retryAfter("120", now: now) == 120)
    #expect(HTTPRetries.retryAfter("Fri, 15 Jan 2027 08:02:00 GMT", now: now) == 120)
    #expect(HTTPRetries.retryAfter("Fri, 15 Jan 2027 07:00:00 GMT", now: now) == 0)
    #expect(HTTPRetries.retryAfter("soon", now: now) == nil && HTTPRetries.retryAfter("-5", now: now) == nil)
    #expect(HTTPRetries.afterTries(1) == " after 1 try" && HTTPRetries.afterTries(3) == " after 3 tries")
    var capped = RetryWait(status: 429, seconds: 60, retry: 1, retries: 3, askedByServer: true)
    capped.askedLonger = true
    #expect(capped.description == "the server answered HTTP 429; trying again in 60 s, the longest Sealed waits (it asked for longer) (retry 1 of 3)")
  }

  @Test func serverErrorsRunOutOfRetries() throws {
    let server = try LocalHTTPServer { _ in .respond(status: 503, headers: [:], body: Data("busy".utf8)) }
    #expect {
      try HTTPRetries(maxRetries: 2, backoff: 0.01).run { () throws(TransportError) -> HTTPResponse in
        try client.get(URL(string: server.baseURL + "/x")!)
      }
    } throws: { error in
      guard case .status(503, let body, 3, true) = error as? HTTPFailure else { return false }
      return body == Data("busy".utf8)
    }
    #expect(server.requests.count == 3)
  }

  @Test func notFoundIsFinal() throws {
    let server = try LocalHTTPServer { _ in .respond(status: 404, headers: [:], body: Data()) }
    #expect {
      try HTTPRetries(maxRetries: 3, backoff: 0.01).run { () throws(TransportError) -> HTTPResponse in
        try client.get(URL(string: server.baseURL + "/x")!)
      }
    } throws: { error in
      if case .status(404, _, 1, false) = error as? HTTPFailure { return true }
      return false
    }
    #expect(server.requests.count == 1)
  }

  /// A server that stalls half-way, or says nothing at all, times out after `timeout`: within a
  /// few tenths of it (libcurl's low-speed check, averaging over seconds, let a stall after a
  /// burst of bytes run 5 s past a timeout of 1 s: a review).
  @Test(arguments: [
    LocalHTTPServer.Reply.stalled(status: 200, body: HTTPClientTests.body, bytes: 1000, seconds: 10), .silence(seconds: 10),
  ])
  func aStalledOrSilentServerTimesOut(_ reply: LocalHTTPServer.Reply) throws {
    let server = try LocalHTTPServer { _ in reply }
    let quick = HTTPClient(timeout: 1, headers: [:])
    let start = Date()
    #expect {
      try quick.get(URL(string: server.baseURL + "/x")!, sink: try file(), progress: nil, shouldStop: nil)
    } throws: { error in
      (error as? TransportError)?.reason == "timed out after 1 s"
    }
    #expect(Date().timeIntervalSince(start) < 4)
  }

  @Test func aConnectionCutOffIsATransportError() throws {
    let server = try LocalHTTPServer { _ in .truncated(status: 200, body: Self.body, bytes: 1000) }
    #expect {
      try client.get(URL(string: server.baseURL + "/x")!, sink: try file(), progress: nil, shouldStop: nil)
    } throws: { error in
      guard let error = error as? TransportError else { return false }
      return !error.stopped && !error.reason.isEmpty && !error.reason.contains("\n")
    }
  }

  @Test func theStopCallbackEndsATransferAndTheWaits() throws {
    let server = try LocalHTTPServer { _ in .stalled(status: 200, body: Self.body, bytes: 1000, seconds: 10) }
    let start = Date()
    let stop = { Date().timeIntervalSince(start) > 0.3 }
    #expect {
      try client.get(URL(string: server.baseURL + "/x")!, sink: try file(), progress: nil, shouldStop: stop)
    } throws: { error in
      (error as? TransportError)?.stopped == true
    }
    // Far below the stall's 10 s, with room for a loaded machine.
    #expect(Date().timeIntervalSince(start) < 8)
    // A wait between retries ends too.
    let busy = try LocalHTTPServer { _ in .respond(status: 503, headers: ["Retry-After": "30"], body: Data()) }
    let again = Date()
    #expect {
      try HTTPRetries().run(shouldStop: { Date().timeIntervalSince(again) > 0.3 }) { () throws(TransportError) -> HTTPResponse in
        try client.get(URL(string: busy.baseURL + "/x")!)
      }
    } throws: { error in
      if case .stopped = error as? HTTPFailure { return true }
      return false
    }
    #expect(Date().timeIntervalSince(again) < 8)
  }

  @Test func redirectsAreFollowedToHTTPAddressesOnly() throws {
    let server = try LocalHTTPServer { request in
      switch request.path {
      case "/old": .respond(status: 301, headers: ["Location": "/new"], body: Data("moved".utf8))
      case "/new": .respond(status: 200, headers: [:], body: Self.body)
      default: .respond(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data())
      }
    }
    let response = try client.get(URL(string: server.baseURL + "/old")!)
    #expect(response.status == 200 && response.body == Self.body)
    #expect(server.requests.map(\.path) == ["/old", "/new"])
    #expect {
      try client.get(URL(string: server.baseURL + "/elsewhere")!)
    } throws: { error in
      (error as? TransportError)?.reason == "a redirect to an address that is not http or https"
    }
  }

  @Test func aRequestMadeOverHTTPSIsRedirectedToHTTPSAddressesOnly() {
    // libcurl is told which schemes a redirect may go to; no test server speaks TLS, so the
    // choice is held here, and the refusal's words with it (the http case runs above).
    #expect(CurlTransfer.redirectsToHTTPSOnly(from: URL(string: "https://api.scryfall.com/cards")!))
    #expect(CurlTransfer.redirectsToHTTPSOnly(from: URL(string: "HTTPS://mtgjson.com/api/v5/WAR.json")!))
    #expect(!CurlTransfer.redirectsToHTTPSOnly(from: URL(string: "http://127.0.0.1:8080/x")!))
    #expect(CurlTransfer.refusedRedirect(httpsOnly: true) == "a redirect from an https address to one that is not https")
    #expect(CurlTransfer.refusedRedirect(httpsOnly: false) == "a redirect to an address that is not http or https")
  }

  @Test func anHTTPSAddressToALibcurlWithoutTLSSaysSo() throws {
    // The same failure (an unsupported protocol) is a refused redirect when libcurl speaks TLS,
    // and the want of TLS when it does not and the address, or the one an http address
    // redirected to, is https (libcurl's own words name the scheme); this machine's libcurl is
    // asked as curl-config says.
    let withoutTLS =
      "this libcurl cannot fetch https addresses (it was built without TLS; install one with it, libcurl4-openssl-dev on Debian or Ubuntu)"
    let https = #"Protocol "https" not supported or disabled in libcurl"#
    #expect(CurlTransfer.unsupportedProtocol(httpsOnly: true, speaksTLS: false, detail: https) == withoutTLS)
    #expect(CurlTransfer.unsupportedProtocol(httpsOnly: false, speaksTLS: false, detail: https) == withoutTLS)
    #expect(
      CurlTransfer.unsupportedProtocol(httpsOnly: true, speaksTLS: true, detail: #"Protocol "http" not supported"#)
        == "a redirect from an https address to one that is not https")
    #expect(
      CurlTransfer.unsupportedProtocol(httpsOnly: false, speaksTLS: false, detail: #"Protocol "ftp" not supported"#)
        == "a redirect to an address that is not http or https")
    // An https address is not even tried without TLS; an http one is, as with it.
    let scryfall = URL(string: "https://api.scryfall.com/sets/war")!
    #expect(CurlTransfer.refusal(of: scryfall, speaksTLS: false) == withoutTLS)
    #expect(CurlTransfer.refusal(of: scryfall, speaksTLS: true) == nil)
    #expect(CurlTransfer.refusal(of: URL(string: "http://127.0.0.1:8080/x")!, speaksTLS: false) == nil)
    let features = try SealedExecutable.run(["curl-config", "--features"], executable: URL(fileURLWithPath: "/usr/bin/env"))
    try #require(features.status == 0, "curl-config (libcurl's development files) is not installed")
    #expect(CurlTransfer.speaksTLS == features.stdout.split(separator: "\n").contains("SSL"))
  }

  /// An error page is no progress of the download (the app showed a 404's body as "9 of 9
  /// bytes" downloaded: a review).
  @Test func anErrorPageIsNoProgress() throws {
    let server = try LocalHTTPServer { _ in .respond(status: 404, headers: [:], body: Data("not found".utf8)) }
    let seen = Mutex<[TransferProgress]>([])
    let answer = try client.get(URL(string: server.baseURL + "/x")!, sink: try file(), progress: { progress in seen.withLock { $0.append(progress) } }, shouldStop: nil)
    #expect(answer.status == 404 && answer.body == Data("not found".utf8))
    #expect(seen.withLock { $0 }.isEmpty)
  }

  @Test func aCompressedAnswerIsDecodedAndItsProgressHasNoTotal() throws {
    let gzipped = try ReleaseFixtures.gzipped(Self.body)
    let server = try LocalHTTPServer { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped) }
    let sink = try file()
    let seen = Mutex<[TransferProgress]>([])
    _ = try client.get(URL(string: server.baseURL + "/x")!, sink: sink, progress: { progress in seen.withLock { $0.append(progress) } }, shouldStop: nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: sink.path)) == Self.body)
    // Content-Length counts the compressed bytes, the progress the decoded ones.
    #expect(seen.withLock { $0 }.last == TransferProgress(received: Int64(Self.body.count), expected: nil))
    #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
  }

  /// An answer held in memory (a page of Scryfall's search) stops at the client's limit: a
  /// server sending without end grew the fetch to gigabytes within its timeout.
  @Test func anAnswerHeldInMemoryIsCutAtItsLimit() throws {
    let server = try LocalHTTPServer { _ in .respond(status: 200, headers: [:], body: Self.body) }
    var limited = client
    limited.heldBodyLimit = 100_000
    #expect {
      try limited.get(URL(string: server.baseURL + "/x")!)
    } throws: { error in
      (error as? TransportError)?.reason == "the answer is larger than 100000 bytes, the most held in memory for one request; stopped reading it"
    }
    limited.heldBodyLimit = Self.body.count
    #expect(try limited.get(URL(string: server.baseURL + "/x")!).body == Self.body)
  }

  /// A download streamed to its file stops at the file's limit (2 GiB by default): a server
  /// sending without end filled the staging folder until the transfer's hour was up.
  /// An announced length past the limit is refused before a byte is written (5 GiB announced
  /// was written to 2 GiB first: a review); a body of no announced length (compressed) stops at it.
  @Test func aDownloadStopsAtItsFilesLimit() throws {
    let gzipped = try ReleaseFixtures.gzipped(Self.body)
    let server = try LocalHTTPServer { request in
      request.path == "/gz" ? .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped) : .respond(status: 200, headers: [:], body: Self.body)
    }
    let path = try Fixtures.temporaryDirectory("sealed-http").appendingPathComponent("body").path
    let small = try DownloadFile(path: path, limit: 1000)
    #expect {
      try client.get(URL(string: server.baseURL + "/x")!, sink: small, progress: nil, shouldStop: nil)
    } throws: { error in
      (error as? TransportError)?.reason
        == "the server announces \(Self.body.count) bytes, more than 1000 bytes, more than any booster data or card file Sealed reads; nothing was downloaded"
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    #expect {
      try client.get(URL(string: server.baseURL + "/gz")!, sink: small, progress: nil, shouldStop: nil)
    } throws: { error in
      (error as? TransportError)?.reason == "the download is larger than 1000 bytes, more than any booster data or card file Sealed reads; stopped"
    }
    #expect(try DownloadFile(path: path).limit == 2 << 30)
    #expect(CurlTransfer.size(2 << 30) == "2 GiB" && CurlTransfer.size(64 << 20) == "64 MiB")
  }

  /// libcurl's own words start lowercase in a reason, but an acronym keeps its capitals.
  @Test func libcurlsWordsKeepAnAcronym() {
    #expect(CurlTransfer.lowercasingItsFirstWord("Transfer closed with 5 bytes remaining") == "transfer closed with 5 bytes remaining")
    #expect(CurlTransfer.lowercasingItsFirstWord("URL using bad/illegal format or missing URL") == "URL using bad/illegal format or missing URL")
    #expect(CurlTransfer.lowercasingItsFirstWord("A") == "a")
  }

  @Test func aWholeTransferPastItsLimitSaysSo() throws {
    let server = try LocalHTTPServer { _ in .stalled(status: 200, body: Self.body, bytes: 1000, seconds: 10) }
    let limited = HTTPClient(timeout: 5, headers: [:], transferLimit: 1)
    #expect {
      try limited.get(URL(string: server.baseURL + "/x")!, sink: try file(), progress: nil, shouldStop: nil)
    } throws: { error in
      (error as? TransportError)?.reason == "did not finish within 1 s"
    }
  }
}
