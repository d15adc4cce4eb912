import Foundation
import SealedSupport
import SealedNetwork

/// Where `sealed rules fetch` gets a release: an http(s) address, downloaded with Sealed's HTTP
/// behaviour (`HTTPRetries`: 429 and 5xx tried again, `Retry-After`; timeouts), or a local file
/// (a path or a `file:` address), copied. Either way the bytes go to a file of the staging folder
/// as they arrive, with their SHA-256, and nothing else is touched.
package struct ReleaseDownload: Sendable {
  /// The place, checked.
  package enum Place: Sendable, Equatable {
    case remote(URL)
    case local(String)
  }

  package let place: Place
  package var client: HTTPClient
  package var retries: HTTPRetries

  /// How messages name the place: the address, or the path as given.
  package let name: String

  /// The address or path `from`, checked: an http or https address with a host, a `file:`
  /// address or the path of an existing file. Throws a one-line `DataError` otherwise.
  package init(from: String, client: HTTPClient, retries: HTTPRetries) throws(DataError) {
    self.client = client
    self.retries = retries
    name = from
    if let url = URL(string: from), let scheme = url.scheme?.lowercased(), scheme.count > 1 {
      switch scheme {
      case "http", "https":
        guard url.host?.isEmpty == false else { throw DataError("--from \(from): expected an address with a host, like \(ReleaseFetchJob.defaultAddress)") }
        place = .remote(url)
      case "file":
        place = .local(url.path)
      default:
        // A file whose name holds a colon (`rel:2025.json`) is that file, not a scheme.
        guard FileManager.default.fileExists(atPath: from) else {
          throw DataError("--from \(from): expected an http or https address, a file: address or the path of a file")
        }
        place = .local(from)
      }
    } else {
      place = .local(from)
    }
    if case .local(let path) = place {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
        throw DataError(isFolder.boolValue ? "is a folder; expected a file of booster data" : "no such file", at: path)
      }
    }
  }

  /// What a download gave: its bytes' count and SHA-256; nil when `shouldStop` ended it.
  package struct Downloaded: Sendable {
    package var bytes: Int64
    package var sha256: String
  }

  /// Writes the release's bytes to `path`. `progress` hears the bytes so far (and the total,
  /// when the server gives it), `waiting` each wait before a retry. Throws a one-line
  /// `DataError` naming the place and why (`failure`); returns nil when stopped. Cost: one
  /// request per attempt; the bytes once.
  package func fetch(
    to path: String, progress: (@Sendable (TransferProgress) -> Void)?, waiting: (@Sendable (RetryWait) -> Void)? = nil,
    shouldStop: (() -> Bool)?
  ) throws(DataError) -> Downloaded? {
    let file = try DownloadFile(path: path)
    switch place {
    case .remote(let url):
      var retries = self.retries
      retries.onWait = waiting
      do throws(HTTPFailure) {
        _ = try retries.run(shouldStop: shouldStop) { () throws(TransportError) -> HTTPResponse in
          try client.get(url, sink: file, progress: progress, shouldStop: shouldStop)
        }
      } catch {
        if case .stopped = error { return nil }
        throw DataError("\(name): \(Self.describe(error))")
      }
    case .local(let source):
      guard let input = FileHandle(forReadingAtPath: source) else {
        throw DataError("cannot read the file (\(systemErrorReason(errno)))", at: source)
      }
      defer { try? input.close() }
      while true {
        if let shouldStop, shouldStop() { return nil }
        let chunk: Data
        do { chunk = try input.read(upToCount: 1 << 20) ?? Data() } catch {
          throw DataError("cannot read the file (\(systemErrorReason(error)))", at: source)
        }
        if chunk.isEmpty { break }
        do { try file.write(chunk) } catch { throw DataError("\(error)") }
      }
    }
    let (bytes, sha256) = try file.finish()
    return Downloaded(bytes: bytes, sha256: sha256)
  }

  /// The words of a failed download: "the server answered HTTP 503 after 4 tries", "the request
  /// failed (timed out after 30 s)".
  static func describe(_ failure: HTTPFailure) -> String {
    switch failure {
    case .transport(let reason): "the request failed (\(reason))"
    case .stopped: "stopped"
    case .status(let status, _, let tries, let retriable):
      "the server answered HTTP \(status)\(status == 404 ? " (not found)" : "")\(retriable ? HTTPRetries.afterTries(tries) : "")"
    }
  }
}
