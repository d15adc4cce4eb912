import SealedTestSupport
import Testing

/// The tests' own reader of a CSV line (`CSVLine`) and of `run.csv`'s command (`RunCSVFile`) read
/// fields as Python's `csv.reader` does: each case's fields are what `next(csv.reader([line]))`
/// printed under CPython 3.11. Once a doubled quote inside a quoted field read as nothing, and an
/// empty quoted field as one quote.
@Suite struct CSVLineTests {
  @Test(arguments: [
    ("a,\"b,c\",d", ["a", "b,c", "d"]),
    ("\"a \"\"b\"\"\",x", ["a \"b\"", "x"]),
    ("\"\",x", ["", "x"]),
    ("\"\"\"\"", ["\""]),
    ("command,\"sealed simulate war --cards '/tmp/a,b'\"", ["command", "sealed simulate war --cards '/tmp/a,b'"]),
  ])
  func fieldsAreReadAsPythonsCSVReaderReadsThem(line: String, fields: [String]) {
    #expect(CSVLine.fields(line) == fields)
  }

  @Test func theCommandRowIsUnquoted() {
    let run = "key,value\nseed,1\ncommand,\"sealed simulate war --cards '/tmp/a,b' --note \"\"x\"\"\"\npools,9\n"
    #expect(RunCSVFile.command(in: run) == "sealed simulate war --cards '/tmp/a,b' --note \"x\"")
    #expect(RunCSVFile.command(in: "key,value\nseed,1\n") == nil)
  }
}
