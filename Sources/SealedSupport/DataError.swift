/// A problem with input the user supplied: a card file, a rule file, a spec, an option value.
///
/// Its `description` is one line that names where the problem is (file, line and column,
/// card index or field) and what was expected. The command-line tool prints it and exits with
/// status 2.
public struct DataError: Error, CustomStringConvertible, Equatable, Sendable {
  /// Where the problem is: a path, optionally followed by `:line` or `:line:column`.
  package var location: String?
  /// What is wrong, and what was expected instead.
  package var message: String

  package init(_ message: String, at location: String? = nil) {
    self.location = location
    self.message = message
  }

  /// Builds a location of the form `path:line:column`, leaving out what is unknown.
  package static func location(_ path: String, line: Int? = nil, column: Int? = nil) -> String {
    var text = path
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    return text
  }

  public var description: String {
    guard let location else { return message }
    return "\(location): \(message)"
  }
}

/// Several problems of one input, found together so that one run names them all (the unknown
/// cards of a pack file): the command prints each on a line of its own and exits with status 2,
/// as for one `DataError`. Never empty.
package struct DataErrors: Error, CustomStringConvertible, Sendable {
  package let errors: [DataError]

  /// `errors` must not be empty.
  package init(_ errors: [DataError]) {
    precondition(!errors.isEmpty, "DataErrors holds at least one error")
    self.errors = errors
  }

  /// One line per error.
  package var description: String { errors.map(\.description).joined(separator: "\n") }
}
