import Foundation
import SealedSupport
import SealedReports
import SealedJobs
import SealedTestSupport
import Testing

@Suite struct SimulateCommandTests {
  let cards = ["--cards", Fixtures.shippedCards]
  static let reportFiles = ["card_frequency.csv", "events.csv", "manifest.csv", "mythic_position.csv", "pool_mythics.csv", "report.html", "run.csv", "sheet_frequency.csv", "slot_rarity.csv", "tallies.json"]

  func read(_ folder: URL, _ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// run.csv without the rows that describe execution.
  func runRows(_ folder: URL) throws -> [String] {
    try read(folder, "run.csv").split(separator: "\n").map(String.init).filter { row in
      !["threads,", "elapsed_seconds,", "boosters_per_second,", "started_at,"].contains { row.hasPrefix($0) }
    }
  }

  @Test func writesTheReportsWithTheContractColumns() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-sealed")
    // The samples a run killed outright left half written, two hours ago: swept (nothing did).
    let abandoned = dir.appendingPathComponent(".war-sealed.pools.partial-99999999-12345")
    try Data("pool,booster\n".utf8).write(to: abandoned)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: abandoned.path)
    let result = try SealedExecutable.run(
      ["simulate", "war", "--pools", "20000", "--seed", "1", "--out", out.path, "--samples", "3", "--quiet"] + cards,
      workingDirectory: dir)
    #expect(result.status == 0, "\(result.stderr)")
    // With --out, the samples are part of the report.
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == (Self.reportFiles + ["pools.csv"]).sorted())
    #expect(try read(out, "manifest.csv").contains("\npools.csv,,\n"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("notebooks-data").path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [])
    let headers = [
      "slot_rarity.csv": "slot,rarity,count,proportion,expected_proportion",
      "card_frequency.csv": "set,collector_number,name,rarity,count,per_pool,expected_per_pool,foil",
      "pool_mythics.csv": "mythics,pools,proportion,expected_proportion",
      "mythic_position.csv": "booster_index,pools,proportion,expected_proportion",
      "events.csv": "event,given,count,trials,proportion,expected_proportion",
      "sheet_frequency.csv": "sheet,set,collector_number,name,rarity,count,expected_count,residual,p_tail,score,flag_limit,flagged",
      "run.csv": "key,value",
    ]
    for (file, header) in headers {
      #expect(try read(out, file).hasPrefix(header + "\n"), "\(file)")
    }
    let run = try read(out, "run.csv")
    for key in ["tool_version", "set", "rules", "rules_sha256", "seed", "pools", "boosters", "threads", "elapsed_seconds", "boosters_per_second", "started_at"] {
      #expect(run.contains("\n\(key),"), "run.csv lacks \(key)")
    }
    #expect(run.contains("\npools,20000\n"))
    #expect(run.contains("\nstatus,complete\n"))
    #expect(run.hasSuffix("\ncommand,sealed simulate war --rules sealed --pools 20000 --seed 1 --cards \(ReproduceCommand.quote(Fixtures.shippedCards))\n"))
    // Every pool of the sealed rules holds one mythic: proportions 0 and 1, written as decimals.
    #expect(try read(out, "pool_mythics.csv") == "mythics,pools,proportion,expected_proportion\n0,0,0.0,0.0\n1,20000,1.0,1.0\n")
    let events = try read(out, "events.csv")
    #expect(events.contains("planeswalker_uncommon,non_mythic_booster,"))
    #expect(events.contains(",0.78\n"))
    #expect(events.contains(",0.92\n"))
    #expect(result.stdout.contains("samples: \(out.path)/pools.csv\n"))
    let samples = try read(out, "pools.csv")
    let rows = samples.split(separator: "\n")
    #expect(rows.first == "pool,booster,slot,set,collector_number,name,rarity,colors,foil")
    #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count >= 9 })
    #expect(rows.contains { $0.hasSuffix(",common,W,false") || $0.hasSuffix(",common,U,false") })
    #expect(rows.count == 1 + 3 * 6 * 14)
  }

  @Test(.heavy) func threadCountsGiveIdenticalReports() throws {
    let dir = try Fixtures.temporaryDirectory()
    var folders: [URL] = []
    for threads in [1, 2, 3] {
      let out = dir.appendingPathComponent("t\(threads)")
      let result = try SealedExecutable.run(
        ["simulate", "war", "--rules", "retail", "--pools", "30000", "--seed", "5", "--threads", "\(threads)", "--out", out.path, "--quiet"] + cards)
      #expect(result.status == 0, "\(result.stderr)")
      folders.append(out)
    }
    for file in Self.reportFiles where file != "run.csv" && file != "tallies.json" {
      #expect(try read(folders[0], file) == read(folders[1], file), "\(file)")
      #expect(try read(folders[0], file) == read(folders[2], file), "\(file)")
    }
    #expect(try runRows(folders[0]) == runRows(folders[1]))
  }

  @Test(.heavy) func mergedShardsEqualTheWholeRun() throws {
    let dir = try Fixtures.temporaryDirectory()
    let whole = dir.appendingPathComponent("whole")
    let arguments = ["simulate", "dom", "--pools", "20000", "--seed", "9", "--quiet"] + cards
    #expect(try SealedExecutable.run(arguments + ["--out", whole.path]).status == 0)
    var shards: [String] = []
    for k in 1...3 {
      let out = dir.appendingPathComponent("shard\(k)")
      let result = try SealedExecutable.run(arguments + ["--shard", "\(k)/3", "--out", out.path])
      #expect(result.status == 0, "\(result.stderr)")
      shards.append(out.path)
    }
    let merged = dir.appendingPathComponent("merged")
    let result = try SealedExecutable.run(["merge"] + shards + ["--out", merged.path] + cards)
    #expect(result.status == 0, "\(result.stderr)")
    for file in Self.reportFiles where file != "run.csv" && file != "tallies.json" {
      #expect(try read(merged, file) == read(whole, file), "\(file)")
    }
    #expect(
      try read(merged, "run.csv").contains(
        "\ncommand,sealed simulate dom --rules sealed --pools 20000 --seed 9 --cards \(ReproduceCommand.quote(Fixtures.shippedCards))\n"))
    #expect(try runRows(merged) == runRows(whole))
    // No thread count or elapsed time describes shards run apart: those rows are empty.
    let mergedRun = try read(merged, "run.csv")
    for key in ["threads", "elapsed_seconds", "boosters_per_second"] {
      #expect(mergedRun.contains("\n\(key),\n"), "\(key)")
    }
    #expect(result.stdout.contains("merged 3 shards: 20000 pools (120000 boosters); the shards ran "))

    let incomplete = try SealedExecutable.run(["merge", shards[0], shards[2], "--out", merged.path] + cards)
    #expect(incomplete.status == 2)
    #expect(incomplete.stderr.contains("shards 2/3 are missing"))
    // A folder that is not there is said to be missing (it said "no tallies.json here").
    let nowhere = dir.appendingPathComponent("nowhere").path
    let absent = try SealedExecutable.run(["merge", shards[0], nowhere, "--out", merged.path] + cards)
    #expect(absent.status == 2)
    #expect(absent.stderr == "sealed: error: \(nowhere): no such folder; expected a report folder written by sealed simulate or sealed check\n", "\(absent.stderr)")

    // A shard whose counts were changed after it was written: refused, naming it.
    let old = URL(fileURLWithPath: shards[1]).appendingPathComponent("tallies.json")
    let text = try String(contentsOf: old, encoding: .utf8)
    let changed = text.replacing(#/"duplicateBoosters":(\d+)/#) { "\"duplicateBoosters\":\(Int($0.output.1)! + 1)" }
    #expect(changed != text)
    try Data(changed.utf8).write(to: old)
    let corrupt = try SealedExecutable.run(["merge"] + shards + ["--out", dir.appendingPathComponent("corrupt").path] + cards)
    #expect(corrupt.status == 2)
    #expect(corrupt.stderr.hasPrefix("sealed: error: \(old.path): shard 2/3: the contents do not match their SHA-256"), "\(corrupt.stderr)")
    #expect(corrupt.stderr.split(separator: "\n").count == 1)

    // A shard from the previous generator, whose record has no generatorVersion.
    var record = try JSONDecoder().decode(RunRecord.self, from: Data(text.utf8))
    record.generatorVersion = nil
    try Data(record.encoded().utf8).write(to: old)
    let mixed = try SealedExecutable.run(["merge"] + shards + ["--out", dir.appendingPathComponent("mixed").path] + cards)
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("\(shards[1]): made by Sealed"))
    #expect(mixed.stderr.contains("(version 1) makes other pools from the same seed"))
  }

  /// A shard run on card data in which two commons have another colour (what colour-balanced
  /// draws read) is of another run: refused, where it merged (its fingerprint held set, number
  /// and name only: a review); and `check --tallies` refuses such data too.
  @Test func mergeRefusesShardsOfRecolouredCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let shipped = try Data(contentsOf: URL(fileURLWithPath: Fixtures.shippedCards).appendingPathComponent("war.json"))
    var cards = try #require(try JSONSerialization.jsonObject(with: shipped) as? [[String: Any]])
    for index in cards.indices where ["5", "7"].contains(cards[index]["collector_number"] as? String) {
      cards[index]["colors"] = ["U"]
      cards[index]["color_identity"] = ["U"]
    }
    let recoloured = dir.appendingPathComponent("war-recoloured.json")
    try JSONSerialization.data(withJSONObject: cards).write(to: recoloured)
    let arguments = ["simulate", "war", "--rules", "retail", "--pools", "8192", "--seed", "7", "--quiet"]
    let first = dir.appendingPathComponent("s1").path
    let second = dir.appendingPathComponent("s2").path
    #expect(try SealedExecutable.run(arguments + ["--shard", "1/2", "--out", first] + self.cards).status == 0)
    #expect(try SealedExecutable.run(arguments + ["--shard", "2/2", "--out", second, "--cards", recoloured.path]).status == 0)
    let merged = try SealedExecutable.run(["merge", first, second, "--out", dir.appendingPathComponent("m").path] + self.cards)
    #expect(merged.status == 2)
    #expect(merged.stderr.contains("other card data"), "\(merged.stderr)")
  }

  /// Shards run with another `--booster-max` are refused naming it (they were said to have
  /// other card data).
  @Test func mergeNamesAnotherBoosterRange() throws {
    let dir = try Fixtures.temporaryDirectory()
    let arguments = ["simulate", "war", "--pools", "8192", "--seed", "9", "--quiet"] + cards
    let first = dir.appendingPathComponent("s1").path, second = dir.appendingPathComponent("s2").path
    #expect(try SealedExecutable.run(arguments + ["--shard", "1/2", "--out", first]).status == 0)
    #expect(try SealedExecutable.run(arguments + ["--shard", "2/2", "--booster-max", "250", "--out", second]).status == 0)
    let merged = try SealedExecutable.run(["merge", first, second, "--out", dir.appendingPathComponent("m").path] + cards)
    #expect(merged.status == 2)
    #expect(merged.stderr.hasPrefix("sealed: error: \(second): not a shard of the same run as \(first): booster range up to 250 instead of "), "\(merged.stderr)")
    #expect(merged.stderr.hasSuffix(" (--booster-max)\n"))
  }

  /// `merge --out` naming one of the shards' own folders would replace that shard's report with
  /// the merged one (a later merge then lacks the shard): refused, with or without --force, and
  /// the shard left as it was.
  @Test func mergeRefusesToWriteIntoAShardsFolder() throws {
    let dir = try Fixtures.temporaryDirectory()
    let arguments = ["simulate", "war", "--pools", "8192", "--seed", "9", "--quiet"] + cards
    var shards: [String] = []
    for k in 1...2 {
      let out = dir.appendingPathComponent("s\(k)").path
      #expect(try SealedExecutable.run(arguments + ["--shard", "\(k)/2", "--out", out]).status == 0)
      shards.append(out)
    }
    let before = try read(URL(fileURLWithPath: shards[0]), "tallies.json")
    for (out, force) in [(shards[0], false), (shards[0] + "/.", true), ("../s1", false)] {
      let merged = try SealedExecutable.run(
        ["merge"] + shards + ["--out", out] + (force ? ["--force"] : []) + cards,
        workingDirectory: URL(fileURLWithPath: shards[1]))
      #expect(merged.status == 2, "\(out)")
      #expect(
        merged.stderr == "sealed: error: --out \(out): the merged report would replace the shard report in \(shards[0]), which is one of the folders to merge; choose another --out\n")
    }
    #expect(try read(URL(fileURLWithPath: shards[0]), "tallies.json") == before)
    let elsewhere = try SealedExecutable.run(["merge"] + shards + ["--out", dir.appendingPathComponent("m").path] + cards)
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
  }

  @Test(.heavy) func badInputExitsWithTwoAndLeavesTheOldReportAlone() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("report")
    #expect(try SealedExecutable.run(["simulate", "war", "--pools", "5000", "--seed", "1", "--out", out.path, "--quiet"] + cards).status == 0)
    let before = try read(out, "card_frequency.csv")
    let blocker = try Fixtures.write("not a folder", to: "blocker", in: dir)
    let badRules = try Fixtures.write(
      "name: tiny\npool: { boosters: 6, mythic_booster: none }\nsheets:\n  gates: { name_contains: guildgate }\nslots:\n  - { name: g, count: 11, sheet: gates }\n",
      to: "tiny.yaml", in: dir)
    let cases: [([String], String)] = [
      (["simulate", "war", "--pools", "0"], "--pools 0: expected a positive number of pools"),
      (["simulate", "war", "--pools=-5"], "--pools -5: expected a positive number of pools"),
      (["simulate", "war", "--pools", "100000000000000000"], "too large to count exactly"),
      (["simulate", "zzz"], "unknown set \"zzz\""),
      (["simulate", "m20"], "booster range is unknown"),
      (["simulate", "eld"], "booster range is unknown"),
      (["simulate", "war", "--rules", badRules], "sheet \"gates\" (name_contains: guildgate) matches no card of war"),
      (["simulate", "grn", "--rules", badRules, "--booster-max", "264"], "draws 11 distinct cards from sheet \"gates\", which has only 10 card(s) in grn"),
      (["simulate", "war", "--out", blocker + "/report"], "cannot create the folder (a file of that name is in the way)"),
      (["simulate", "war", "--out", blocker + "/deeper/report"], "cannot create the folder (\(blocker) is a file, not a folder)"),
      (["simulate", "war", "--out", "-"], "--out -: expected a folder for the report; - (standard output) is taken only by the commands that write one file"),
      (["simulate", "war", "--shard", "3/2"], "--shard 3/2: expected K/N with 1 <= K <= N"),
      (["simulate", "war", "--shard", "x"], "--shard"),
      // A shard drawing its own seed is part of no run a merge could take (a review).
      (["simulate", "war", "--shard", "1/2"], "--shard 1/2 without --seed: every shard of a run must be given the run's seed"),
      (["check", "war", "--shard", "2/2"], "--shard 2/2 without --seed"),
      (["check-products", "--products", "war*", "--shard", "1/2"], "--shard 1/2 without --seed"),
      // An MTGJSON file given to --data says how to use it (a review: it heard only that an array was expected).
      (["simulate", "znr", "--rules", "znr-default", "--data", Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson/ZNR.json.gz").path],
       "an object at the top level, as MTGJSON's files have: sealed rules fetch --from FILE puts an MTGJSON file's products in place"),
      (["simulate", "war", "--threads", "0"], "--threads 0"),
    ]
    for (arguments, message) in cases {
      var extra = ["--quiet"]
      if !arguments.contains("--out") { extra += ["--out", out.path] }
      if !arguments.contains(where: { $0.hasPrefix("--pools") }) { extra += ["--pools", "1000"] }
      let result = try SealedExecutable.run(arguments + extra + cards)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
    }
    #expect(try read(out, "card_frequency.csv") == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [])
  }
}

@Suite struct InterruptTests {
  @Test(.heavy) func ctrlCWritesTheReportOfTheCompletedPools() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("report")
    // No --seed: the "random seed" line comes just before Ctrl-C is caught (the test runner's
    // children inherit SIGINT ignored until then); the rerun takes the seed it names.
    let started = try SealedExecutable.start(
      ["simulate", "war", "--pools", "1000000000", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards],
      waitingFor: " (repeat with --seed")
    let process = started.process
    let seed = try #require(started.stderr.components(separatedBy: "random seed ").dropFirst().first?.split(separator: " ").first)
    Thread.sleep(forTimeInterval: 1.5)
    kill(process.processIdentifier, SIGINT)
    #expect(started.finish().status == 130)
    let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nstatus,interrupted\n"))
    #expect(run.contains("\npools_requested,1000000000\n"))
    let pools = try #require(run.split(separator: "\n").first { $0.hasPrefix("pools,") }.flatMap { Int($0.dropFirst(6)) })
    #expect(pools > 0 && pools < 1_000_000_000)
    // Whole chunks, so the report is reproducible: the same first pools as a run of that size.
    #expect(pools % 4096 == 0)
    let frequency = try String(contentsOf: out.appendingPathComponent("card_frequency.csv"), encoding: .utf8)
    let again = dir.appendingPathComponent("again")
    let rerun = try SealedExecutable.run(["simulate", "war", "--pools", "\(pools)", "--seed", String(seed), "--out", again.path, "--quiet", "--cards", Fixtures.shippedCards])
    #expect(rerun.status == 0)
    #expect(try String(contentsOf: again.appendingPathComponent("card_frequency.csv"), encoding: .utf8) == frequency)
    // So its command line to reproduce it names the pools it ran (it named the billion asked for).
    let rerunRecord = try String(contentsOf: again.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(RunCSVFile.command(in: run) != nil && RunCSVFile.command(in: run) == RunCSVFile.command(in: rerunRecord), "\(run)")
  }

  /// A rerun stopped by Ctrl-C does not replace a complete report without --force (it did, and
  /// the complete report's hours were lost: a review); with --force it does.
  @Test(.heavy) func anInterruptedRunKeepsACompleteReport() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("report")
    let complete = try SealedExecutable.run(["simulate", "war", "--pools", "4096", "--seed", "1", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards])
    #expect(complete.status == 0, "\(complete.stderr)")
    let before = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    for force in [false, true] {
      let started = try SealedExecutable.start(
        ["simulate", "war", "--pools", "1000000000", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards] + (force ? ["--force"] : []),
        waitingFor: " (repeat with --seed")
      Thread.sleep(forTimeInterval: 1)
      kill(started.process.processIdentifier, SIGINT)
      let finished = started.finish()
      #expect(finished.status == 130)
      let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
      if force {
        #expect(run.contains("\nstatus,interrupted\n"), "\(run)")
      } else {
        #expect(finished.errors.contains("which an interrupted run does not replace: it is kept, and the pools done are not written"), "\(finished.errors)")
        #expect(run == before)
      }
    }
  }
}

@Suite struct ReportSafetyTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test func outNeverReplacesAFolderThatIsNotAReport() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write("my notes\n", to: "documents/notes.txt", in: dir)
    let documents = dir.appendingPathComponent("documents").path
    let result = try SealedExecutable.run(["simulate", "war", "--pools", "100", "--out", documents, "--quiet"] + cards)
    #expect(result.status == 2)
    #expect(result.stderr.contains("holds notes.txt, which Sealed did not write"))
    #expect(try String(contentsOfFile: documents + "/notes.txt", encoding: .utf8) == "my notes\n")
    let here = try SealedExecutable.run(["simulate", "war", "--pools", "100", "--out", ".", "--quiet"] + cards, workingDirectory: dir)
    #expect(here.status == 2)
    #expect(here.stderr.contains("is the working directory"))
  }

  @Test(.heavy) func aReportFolderKeepsWhatSealedDidNotWrite() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("D")
    let first = ["simulate", "war", "--pools", "1000", "--seed", "1", "--out", out.path, "--quiet"] + cards
    #expect(try SealedExecutable.run(first).status == 0)
    try Fixtures.write("x\n", to: "D/analysis.ipynb", in: dir)
    let before = try String(contentsOfFile: out.path + "/card_frequency.csv", encoding: .utf8)
    let second = ["simulate", "war", "--pools", "2000", "--seed", "1", "--out", out.path, "--quiet"] + cards
    let refused = try SealedExecutable.run(second)
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: \(out.path): holds analysis.ipynb, which Sealed did not write; Sealed replaces only its own reports: choose another --out, or pass --force to write the report beside them (they are kept)\n")
    #expect(try String(contentsOfFile: out.path + "/card_frequency.csv", encoding: .utf8) == before)
    let forced = try SealedExecutable.run(second + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOfFile: out.path + "/analysis.ipynb", encoding: .utf8) == "x\n")
    #expect(try String(contentsOfFile: out.path + "/run.csv", encoding: .utf8).contains("\npools,2000\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["D"])
  }

  @Test(.heavy) func simulateDoesNotLeaveACheckReportHalfReplaced() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-sealed").path
    let check = try SealedExecutable.run(["check", "war", "--pools", "2000", "--seed", "1", "--out", out, "--compare", "none", "--quiet"] + cards)
    #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
    let checks = try String(contentsOfFile: out + "/checks.csv", encoding: .utf8)
    let simulate = ["simulate", "war", "--pools", "1000", "--seed", "2", "--out", out, "--quiet"] + cards
    let refused = try SealedExecutable.run(simulate)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("holds checks.csv of an earlier report, which this command does not write"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: out + "/checks.csv", encoding: .utf8) == checks)
    #expect(try String(contentsOfFile: out + "/run.csv", encoding: .utf8).contains("\npools,2000\n"))
    let forced = try SealedExecutable.run(simulate + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == SimulateCommandTests.reportFiles)
    // check over a simulate report rewrites every file of it: no --force needed.
    let again = try SealedExecutable.run(["check", "war", "--pools", "2000", "--seed", "1", "--out", out, "--compare", "none", "--quiet"] + cards)
    #expect(again.status == 0 || again.status == 1, "\(again.stderr)")
    #expect(try String(contentsOfFile: out + "/checks.csv", encoding: .utf8) == checks)
  }

  @Test(.heavy) func plansAndErrorsLeaveNothingBehind() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("reports/war-sealed").path
    // A plan beside --out is refused (it would write nothing there), and leaves nothing.
    let plan = try SealedExecutable.run(["check", "war", "--plan", "--out", out] + cards)
    #expect(plan.status == 2)
    let tooMany = try SealedExecutable.run(["simulate", "war", "--pools", "10", "--samples", "11", "--out", out] + cards)
    #expect(tooMany.status == 2)
    #expect(tooMany.stderr.contains("--samples 11: expected 0 to 10 pools"))
    let sharded = try SealedExecutable.run(["simulate", "war", "--pools", "10000", "--samples", "5", "--shard", "2/2", "--seed", "1", "--out", out] + cards)
    #expect(sharded.status == 2)
    // Not even the report's parent folder: it is made when a report is written.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
  }
}
