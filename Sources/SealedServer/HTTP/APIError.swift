import Foundation
import Hummingbird
import SealedSupport

/// A request the app refuses: an HTTP status (always 4xx for what a client sent) and one line
/// saying what was wrong and what was expected, sent as `{"error": "LINE"}`. Nothing is
/// changed by a refused request.
package struct APIError: Error, Sendable, Equatable {
  package var status: HTTPResponse.Status
  package var message: String

  package init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    // One line, whatever the library's message held.
    self.message = message.replacingOccurrences(of: "\n", with: " ")
  }

  /// 400: the request is malformed or names something invalid.
  package static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
  /// 404: the set, deck, card, job or report it names does not exist.
  package static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }
  /// 403: the request comes from another site or names a host that is not this server.
  package static func forbidden(_ message: String) -> APIError { APIError(.forbidden, message) }
  /// 409: it conflicts with what exists (a name already saved).
  package static func conflict(_ message: String) -> APIError { APIError(.conflict, message) }
  /// 422: well formed, but the library refuses it (a deck rule, a pool that cannot open).
  package static func unprocessable(_ message: String) -> APIError { APIError(.unprocessableContent, message) }

  /// A library error as a refusal: "no deck", "unknown set" and the like are 404, a name
  /// already taken 409, anything else the library refused 422. The library's one line is kept,
  /// its command-line remedies said in the page's words (`BrowserWords`).
  package init(_ error: DataError) {
    let text = BrowserWords.rephrase(error.description)
    if text.hasPrefix("no deck ") || text.hasPrefix("no pool ") || text.hasPrefix("unknown set ")
      || text.hasPrefix("unknown rule set ") || text.hasPrefix("no card ") || text.contains("has no card data")
      || text.hasPrefix("product ")
    {
      self.init(.notFound, text)
    } else if text.contains("is already saved") {
      self.init(.conflict, text)
    } else {
      self.init(.unprocessableContent, text)
    }
  }

  /// Runs `body`, turning the library's errors into refusals.
  static func refusing<T>(_ body: () throws -> T) throws(APIError) -> T {
    do {
      return try body()
    } catch let error as APIError {
      throw error
    } catch let error as DataError {
      throw APIError(error)
    } catch {
      throw APIError(.unprocessableContent, "\(error)")
    }
  }
}

extension APIError: HTTPResponseError {
  package func response(from request: Request, context: some RequestContext) throws -> Response {
    Reply.error(self)
  }
}
