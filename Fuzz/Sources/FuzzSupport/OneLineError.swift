/// Stops the fuzzer, which then reports the input, when an error's message spans more than one
/// line: every error a user can meet is one line naming the file, line or field (the fuzz
/// targets of the parsers check each error they catch with this).
public func requireOneLine(_ message: String) {
  precondition(!message.contains("\n"), "an error of more than one line: \(message)")
}
