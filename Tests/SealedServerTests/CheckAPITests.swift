import Foundation
import SealedTestSupport
import Testing

/// A check started from the browser is `sealed check`'s: the same checks.csv for the same set,
/// rules, pools and seed; it reports its progress, and cancelling it stops it with no verdict.
@Suite struct CheckAPITests {
  func waitFor(_ server: RunningServer, _ id: Int, seconds: Double = 600, until done: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let status = try JSONValue.object(server.get("/api/checks/\(id)"))
      if done(status) { return status }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw TestFailure("check \(id) did not finish in \(seconds) s")
  }

  @Test(.heavy) func aCheckFromTheBrowserIsSealedChecks() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let started = try server.post("/api/checks", json: "{\"set\":\"war\",\"rules\":\"sealed\",\"pools\":20000,\"seed\":\"1\"}")
    #expect(started.status == 202, "\(started.text)")
    let id = try JSONValue.object(started)["id"] as! Int
    let busy = try server.post("/api/checks", json: "{\"set\":\"war\",\"pools\":1000}")
    let finished = try waitFor(server, id) { $0["state"] as? String != "running" }
    #expect(busy.status == 409 || finished["state"] as? String == "done")
    #expect(finished["state"] as? String == "done")
    let out = server.reports.deletingLastPathComponent().appendingPathComponent("cli-check")
    let cli = try server.sealed(["check", "war", "--pools", "20000", "--seed", "1", "--out", out.path, "--quiet"])
    #expect(cli.status == 0, "\(cli.stderr)")
    let verdict = try #require(cli.stdout.split(separator: "\n").first { $0.hasPrefix("PASS: ") }.map(String.init))
    #expect(finished["verdict"] as? String == verdict)
    #expect(finished["done_pools"] as? Int == 20000)
    #expect(finished["report"] as? String == "/reports/war-sealed/report.html")
    let page = try server.get("/reports/war-sealed/report.html")
    #expect(page.status == 200 && page.text.contains(verdict))
    for file in ["checks.csv", "mythic_fairness.csv", "card_frequency.csv"] {
      let mine = try String(contentsOf: server.reports.appendingPathComponent("war-sealed/\(file)"), encoding: .utf8)
      let theirs = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
      #expect(mine == theirs, "\(file)")
    }
    let listing = try JSONValue.object(server.get("/api/reports"))
    let folder = try #require((listing["reports"] as! [[String: Any]]).first { $0["path"] as? String == "war-sealed" })
    #expect(folder["has_page"] as? Bool == true)
    #expect((folder["files"] as! [String]).contains("checks.csv"))
  }

  @Test func aCancelledCheckStopsWithNoVerdict() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let started = try JSONValue.object(server.post("/api/checks", json: "{\"set\":\"war\",\"pools\":10000000,\"seed\":\"2\",\"folder\":\"long\"}"))
    let id = started["id"] as! Int
    _ = try waitFor(server, id) { ($0["done_pools"] as? Int ?? 0) > 0 }
    let cancelled = try server.post("/api/checks/\(id)/cancel", json: "{}")
    #expect(cancelled.status == 200)
    let stopped = try waitFor(server, id) { $0["state"] as? String != "running" }
    #expect(stopped["state"] as? String == "cancelled")
    let verdict = stopped["verdict"] as? String ?? ""
    #expect(verdict.hasPrefix("INTERRUPTED after ") && verdict.contains(" of 10000000 pools: no verdict"), "\(verdict)")
    #expect(FileManager.default.fileExists(atPath: server.reports.appendingPathComponent("long/report.html").path))
    #expect(try server.post("/api/checks/99/cancel", json: "{}").status == 404)
  }
}
