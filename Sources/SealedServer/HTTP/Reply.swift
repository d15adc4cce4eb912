import Foundation
import Hummingbird

/// The responses the app sends: JSON, a page's file, a download, or a refusal.
enum Reply {
  /// The JSON encoder of every API response: sorted keys, slashes unescaped, so that a response
  /// reads like `sealed ... --format json`.
  static func encoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as JSON. Cost: one encoding.
  static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
    do {
      return bytes(try encoder().encode(value), type: "application/json; charset=utf-8", status: status)
    } catch {
      return Reply.error(APIError(.internalServerError, "cannot encode the response: \(error)"))
    }
  }

  /// A refusal: `{"error": "one line"}` with its status.
  static func error(_ error: APIError) -> Response {
    let body = (try? encoder().encode(["error": error.message])) ?? Data("{}".utf8)
    return bytes(body, type: "application/json; charset=utf-8", status: error.status)
  }

  /// Bytes with a content type, never cached (the library changes under them).
  static func bytes(
    _ data: some Collection<UInt8>, type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
  ) -> Response {
    var headers = extra
    headers[.contentType] = type
    headers[.cacheControl] = "no-store"
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// A download: the browser saves it as `fileName` instead of showing it.
  static func download(_ data: some Collection<UInt8>, type: String, fileName: String) -> Response {
    var headers = HTTPFields()
    headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
    return bytes(data, type: type, headers: headers)
  }
}
