import Foundation
import SealedTestSupport
import Testing

/// A check started from the browser is `sealed check`'s: the same checks.csv for the same set,
/// rules, pools and seed; each check writes a report folder of its own, so an earlier report
/// of the same set and rules is never replaced; it reports every step's progress; cancelling
/// it, even beside an earlier report, stops it with the report of the pools done and no
/// verdict.
@Suite struct CheckAPITests {
  func waitFor(_ server: RunningServer, _ id: Int, seconds: Double = 600, until done: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let status = try JSONValue.object(server.get("/api/checks/\(id)"))
      if done(status) { return status }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TestFailure("check \(id) did not finish in \(seconds) s")
  }

  /// Starts a check; its status as the reply gives it.
  func start(_ server: RunningServer, _ body: String) throws -> [String: Any] {
    let reply = try server.post("/api/checks", json: body)
    #expect(reply.status == 202, "\(reply.text)")
    return try JSONValue.object(reply)
  }

  /// Every file of a report folder, by name.
  func files(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  /// `--max-check-pools` holds the page's checks to its number, in the Pools field's words; it
  /// takes the forms every pool count takes (`5e3` was refused: a review).
  @Test func aServerHoldsChecksToItsMostPools() throws {
    let server = try RunningServer(arguments: ["--max-check-pools", "5e3"])
    defer { server.stop() }
    let over = try server.post("/api/checks", json: "{\"set\":\"war\",\"pools\":5001,\"seed\":\"1\"}")
    #expect(over.status == 400)
    #expect(over.errorMessage == "Pools: 5001 is out of range; enter a whole number from 1 to 5,000 (a larger run: sealed check on the command line)")
    let most = try start(server, "{\"set\":\"war\",\"pools\":5000,\"seed\":\"1\"}")
    #expect(most["pools"] as? Int == 5000)
    _ = try server.post("/api/checks/\(most["id"] as! Int)/cancel", json: "{}")
    let ended = try waitFor(server, most["id"] as! Int) { $0["state"] as? String != "running" }
    #expect(["done", "cancelled"].contains(ended["state"] as? String ?? ""), "\(ended)")
  }

  @Test(.heavy) func aCheckFromTheBrowserIsSealedChecks() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let started = try start(server, "{\"set\":\"war\",\"rules\":\"sealed\",\"pools\":20000,\"seed\":\"1\"}")
    let id = started["id"] as! Int
    let folder = try #require(started["folder"] as? String)
    #expect(folder.hasPrefix("war-sealed-seed1-"), "\(folder)")
    let busy = try server.post("/api/checks", json: "{\"set\":\"war\",\"pools\":1000}")
    let finished = try waitFor(server, id) { $0["state"] as? String != "running" }
    #expect(busy.status == 409 || finished["state"] as? String == "done")
    #expect(busy.status != 409 || busy.errorMessage?.hasSuffix("is running: wait for it, or press its Cancel button") == true)
    #expect(finished["state"] as? String == "done")
    let out = server.reports.deletingLastPathComponent().appendingPathComponent("cli-check")
    let cli = try server.sealed(["check", "war", "--pools", "20000", "--seed", "1", "--out", out.path, "--quiet"])
    #expect(cli.status == 0, "\(cli.stderr)")
    let verdict = try #require(cli.stdout.split(separator: "\n").first { $0.hasPrefix("PASS: ") }.map(String.init))
    #expect(finished["verdict"] as? String == verdict)
    #expect(finished["done_pools"] as? Int == 20000)
    #expect(finished["report"] as? String == "/reports/\(folder)/report.html")
    let page = try server.get("/reports/\(folder)/report.html")
    #expect(page.status == 200 && page.text.contains(verdict))
    for file in ["checks.csv", "mythic_fairness.csv", "card_frequency.csv"] {
      let mine = try String(contentsOf: server.reports.appendingPathComponent("\(folder)/\(file)"), encoding: .utf8)
      let theirs = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
      #expect(mine == theirs, "\(file)")
    }
    // A second check of the same set and rules writes a folder of its own; the first stays as it was.
    let first = try files(server.reports.appendingPathComponent(folder))
    let second = try start(server, "{\"set\":\"war\",\"rules\":\"sealed\",\"pools\":20000,\"seed\":\"2\"}")
    let secondFolder = try #require(second["folder"] as? String)
    #expect(secondFolder != folder && secondFolder.hasPrefix("war-sealed-seed2-"))
    #expect(try waitFor(server, second["id"] as! Int) { $0["state"] as? String != "running" }["state"] as? String == "done")
    #expect(try files(server.reports.appendingPathComponent(folder)) == first)
    // The past reports: each folder with what its run.csv and checks.csv say.
    let listing = try JSONValue.object(server.get("/api/reports"))
    let reports = listing["reports"] as! [[String: Any]]
    #expect(Set(reports.map { $0["path"] as! String }) == [folder, secondFolder])
    let listed = try #require(reports.first { $0["path"] as? String == folder })
    #expect(listed["has_page"] as? Bool == true)
    #expect((listed["files"] as! [String]).contains("checks.csv"))
    let run = try #require(listed["run"] as? [String: Any])
    #expect(run["set"] as? String == "war" && run["rules"] as? String == "sealed" && run["seed"] as? String == "1")
    #expect(run["pools"] as? Int == 20000 && run["status"] as? String == "complete")
    let passed = Int(verdict.split(separator: " ")[2])
    #expect((run["verdicts"] as? [String: Int])?["pass"] == passed, "\(run)")
    // The verdict line the list shows is the terminal's, word for word.
    #expect(run["verdict"] as? String == verdict, "\(run)")
  }

  /// Cancel beside an earlier report of the same set and rules (which a cancelled run, writing
  /// fewer files, could not replace): it ends `cancelled`, with its own report of the pools
  /// done, and the earlier report stays whole; a check cancelled before any pool is done too.
  @Test(.heavy) func aCancelBesideAnEarlierReportEndsCancelled() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let earlier = try start(server, "{\"set\":\"war\",\"pools\":1000,\"seed\":\"1\"}")
    #expect(try waitFor(server, earlier["id"] as! Int) { $0["state"] as? String != "running" }["state"] as? String == "done")
    let earlierFolder = server.reports.appendingPathComponent(earlier["folder"] as! String)
    let before = try files(earlierFolder)
    #expect(before["compared_pool_mythics.csv"] != nil, "the earlier report holds a file a cancelled run does not write")

    let long = try start(server, "{\"set\":\"war\",\"pools\":10000000,\"seed\":\"2\"}")
    let id = long["id"] as! Int
    // Every step shows, with its pools: the run's own simulation, then each comparison's; it is
    // cancelled during a comparison (the run's own pools all done: still no verdict).
    let simulating = try waitFor(server, id) { ($0["done_pools"] as? Int ?? 0) > 0 }
    #expect(simulating["step"] as? String == "simulating" || (simulating["step"] as? String ?? "").hasPrefix("comparing with "))
    #expect(simulating["step_total"] as? Int == 10_000_000 && (simulating["step_done"] as? Int ?? 0) > 0, "\(simulating)")
    let comparing = try waitFor(server, id) { ($0["step"] as? String ?? "").hasPrefix("comparing with ") || $0["state"] as? String != "running" }
    let step = comparing["step"] as? String ?? ""
    #expect(step.hasPrefix("comparing with ") && step.hasSuffix(" of 3)") && comparing["step_total"] as? Int == 10_000_000, "\(comparing)")
    let cancelled = try server.post("/api/checks/\(id)/cancel", json: "{}")
    #expect(cancelled.status == 200)
    let stopped = try waitFor(server, id) { $0["state"] as? String != "running" }
    #expect(stopped["state"] as? String == "cancelled", "\(stopped)")
    let verdict = stopped["verdict"] as? String ?? ""
    // Its own pools all done: "after all", not "after 10000000 of 10000000" as if some were missing.
    #expect(verdict.hasPrefix("INTERRUPTED after all 10000000 pools: no verdict (on those pools "), "\(verdict)")
    let folder = server.reports.appendingPathComponent(long["folder"] as! String)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.html").path))
    let run = try String(contentsOf: folder.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nstatus,interrupted\n"), "\(run)")
    #expect(try files(earlierFolder) == before)

    let atOnce = try start(server, "{\"set\":\"war\",\"pools\":10000000,\"seed\":\"3\"}")
    #expect(try server.post("/api/checks/\(atOnce["id"] as! Int)/cancel", json: "{}").status == 200)
    let ended = try waitFor(server, atOnce["id"] as! Int) { $0["state"] as? String != "running" }
    #expect(ended["state"] as? String == "cancelled" && ended["report"] != nil, "\(ended)")
    #expect(try server.post("/api/checks/99/cancel", json: "{}").status == 404)
  }
}
