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

  /// Issue 33: a report replaced by a run that differs only in an option (`--resamples`) used to
  /// be described exactly like the new run; the options that differ are named.
  @Test func theOptionsThatDifferFromTheNewRunAreNamed() {
    let old = PreviousReport(values: [
      "command": "sealed audit war --packs box.txt --seed 1 --resamples 99 --quiet", "command_kind": "audit", "packs": "box.txt",
      "boosters": "36", "seed": "1", "started_at": "2026-11-24T02:36:45Z",
    ])
    let new = PreviousReport(values: ["command": "sealed audit war --packs box.txt --seed 1 --resamples 9999 --pool-grouping separate"])
    #expect(old.summary == "audit of box.txt, 36 boosters, seed 1, started 2026-11-24T02:36:45Z")
    let compared = old.comparedWith(new)
    #expect(compared.differences == ["--resamples 99 (now 9999)", "--quiet", "without --pool-grouping separate"])
    #expect(compared.summary == "audit of box.txt, 36 boosters, seed 1, --resamples 99 (now 9999), --quiet, without --pool-grouping separate, started 2026-11-24T02:36:45Z")
    // The seed and pools are said already; the same command line differs in nothing.
    let simulate = PreviousReport(values: ["command": "sealed simulate war --pools 1000 --seed 1", "seed": "1", "pools": "1000"])
    #expect(simulate.comparedWith(PreviousReport(values: ["command": "sealed simulate war --pools 2000 --seed 2"])).summary == "simulate, seed 1, 1000 pools")
    #expect(simulate.comparedWith(simulate).differences.isEmpty)
    // Another command's options say nothing about this run.
    #expect(simulate.comparedWith(PreviousReport(values: ["command": "sealed check war --pools 1000 --seed 1 --compare none"])).differences.isEmpty)
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
