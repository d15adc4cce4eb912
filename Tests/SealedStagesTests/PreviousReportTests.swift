import SealedReports
import Testing

/// The report a new one replaces is read from its `run.csv` by the reader `sealed report` uses.
@Suite struct PreviousReportTests {
  @Test func runCSVIsReadByTheReportReader() throws {
    let text = """
      key,value\r
      command,"sealed check war --rules ""my rules.yaml"" --seed 7"\r
      seed,7\r
      pools,1000\r
      notes,"two\r
      lines"\r
      seed,8\r

      """
    let report = try #require(PreviousReport(runCSV: text))
    #expect(report.command == #"sealed check war --rules "my rules.yaml" --seed 7"#)
    #expect(report.values["notes"] == "two\r\nlines")
    #expect(report.values["seed"] == "8")  // the last of a repeated key
    #expect(report.summary == "check, seed 8, 1000 pools")
  }

  @Test func textThatIsNotARunCSVIsNoReport() {
    #expect(PreviousReport(runCSV: "key,value\n") == nil)
    #expect(PreviousReport(runCSV: "key,value\ncommand,\"unterminated\n") == nil)
    #expect(PreviousReport(runCSV: "") == nil)
  }

  @Test func aRunsStatusAndKindAreReadIntoTheirCases() {
    let audit = RunTable([(key: "command_kind", value: "audit"), (key: "status", value: "interrupted")])
    #expect(audit.isAudit && audit.status == .interrupted)
    let simulation = RunTable([(key: "status", value: "complete")])
    #expect(!simulation.isAudit && simulation.status == .complete)
    #expect(RunTable([(key: "status", value: "done")]).status == nil)
    #expect(RunStatus(interrupted: true) == .interrupted && RunStatus(interrupted: false) == .complete)
  }
}
