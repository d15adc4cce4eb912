import Foundation
import Hummingbird
import SealedSupport

/// Reads a request's JSON body, refusing with one line what is not the expected JSON: a body
/// over `limit` bytes (413), another content type (415), malformed JSON (400, with line and
/// column), a field of the wrong kind or one the request does not have (400, naming the field).
enum JSONBody {
  /// The most bytes a request body may hold: a deck of a thousand cards fits many times over.
  static let limit = 64 * 1024

  /// Decodes the body of `request` as `T`. Cost: the body read once and decoded once.
  static func decode<T: Decodable & RequestFields>(_ type: T.Type, from request: Request) async throws(APIError) -> T {
    let contentType = request.headers[.contentType]?.lowercased() ?? ""
    // The media type before any parameter (`; charset=utf-8`), exactly: not `application/jsonx`.
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    guard mediaType == "application/json" else {
      throw APIError(.unsupportedMediaType, "expected a JSON body (Content-Type: application/json), found \(contentType.isEmpty ? "no content type" : contentType)")
    }
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw APIError(.contentTooLarge, "the request body is \(length) bytes; at most \(limit) are read")
    }
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: limit)
    } catch {
      throw APIError(.contentTooLarge, "the request body is over \(limit) bytes; at most \(limit) are read")
    }
    let data = Data(buffer.readableBytesView)
    if let offset = firstInvalidUTF8(data) {
      throw APIError.badRequest("request body: byte \(offset + 1) is not UTF-8 text; send a JSON object in UTF-8")
    }
    do {
      try JSONSyntax.check(data, source: "request body", expected: "send a JSON object", refusingRepeatedKeys: true, noun: "body")
    } catch {
      throw APIError.badRequest(error.description)
    }
    do {
      let decoded = try JSONDecoder().decode(T.self, from: data)
      try T.check(data)
      return decoded
    } catch let error as APIError {
      throw error
    } catch let error as FieldError {
      throw APIError.badRequest(error.message)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let culprit = WholeNumberFields.culprit(T.self, in: data) {
        throw APIError.badRequest("request body: \(culprit)")
      }
      throw APIError.badRequest("request body: \(DecodingErrorMessage.describe(error))")
    } catch {
      throw APIError.badRequest("request body: \(error)")
    }
  }

  /// The offset of the first byte of `data` that does not continue valid UTF-8 (the decoders
  /// refuse such text as "not valid JSON"), or nil.
  static func firstInvalidUTF8(_ data: Data) -> Int? {
    guard String(validating: data, as: UTF8.self) == nil else { return nil }
    var decoder = UTF8()
    var bytes = data.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&bytes) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
