import Foundation
import SealedTestSupport
import Testing

/// `report.html` as the commands write it, and `sealed report DIR`.
@Suite struct ReportCommandTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func read(_ folder: URL, _ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The verdict table's body rows, in order.
  func verdictRows(_ html: String) throws -> [String] {
    let parts = html.components(separatedBy: "<tbody>")
    try #require(parts.count == 2)
    let body = parts[1].components(separatedBy: "</tbody>")[0]
    return Array(body.components(separatedBy: "<tr")[1...])
  }

  /// Planted wrong rules: war's common #42 is 30% more likely than the others. The report puts
  /// a failing check first and names that card first in the residual strip of the claim it
  /// breaks.
  @Test func plantedWrongRulesShowTheFailingCheckFirstAndNameTheCard() throws {
    let dir = try Fixtures.temporaryDirectory()
    let sealed = try Fixtures.builtInRules("sealed")
    let biased = sealed.replacingOccurrences(
      of: "common:   { rarity: common, type_excludes: Basic Land }",
      with: "common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: 42, weight: 1.3 }] }")
    #expect(biased != sealed)
    let rules = try Fixtures.write(biased, to: "biased.yaml", in: dir)
    let out = dir.appendingPathComponent("biased")
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", rules, "--spec", "sealed", "--pools", "20000", "--seed", "3", "--compare", "none", "--out", out.path, "--quiet"] + cards)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let html = try read(out, "report.html")
    let rows = try verdictRows(html)
    #expect(rows.first?.contains("✗ FAIL") == true)
    #expect(rows.first?.contains("class=\"failed\"") == true)
    // Every failure comes before every pass.
    let firstPass = try #require(rows.firstIndex { $0.contains("✓ pass") })
    #expect(rows[firstPass...].allSatisfy { !$0.contains("✗ FAIL") })
    #expect(html.contains("id=\"verdict\">FAIL: "))
    // The biased card is named first in the strip of the spec's claim "commons equally likely";
    // the rules' own common sheet agrees with the simulation (the rules predict the bias).
    let card = try #require(
      read(out, "card_frequency.csv").split(separator: "\n").first { $0.hasPrefix("war,42,") }?.split(separator: ",")[2])
    let sections = html.components(separatedBy: "<h3>claim: commons equally likely</h3>")
    try #require(sections.count == 2)
    let claim = sections[1].components(separatedBy: "</figure>")[0]
    #expect(claim.contains("<ul class=\"worst\"><li>\(card) (#42, common)"))
    #expect(claim.contains("class=\"note fail\">\(card) #42 +"))
    #expect(html.contains("<figure class=\"failed\">\n<h3>claim: commons equally likely</h3>"))
    #expect(try read(out, "claim_frequency.csv").hasPrefix("claim,set,collector_number,name,rarity,count,expected_count,residual,p_tail,score,flag_limit,flagged\n"))
    #expect(html.contains("--rules \(rules) --pools 20000 --seed 3 --spec sealed --compare none"))
  }

  @Test func checkWritesAReportThatReportRebuildsIdentically() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-sealed")
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", "sealed", "--pools", "20000", "--seed", "1", "--out", out.path, "--quiet"] + cards)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let written = try read(out, "report.html")
    #expect(written.contains("PASS: all"))
    #expect(written.contains("sealed check war --rules sealed --pools 20000 --seed 1"))
    for heading in ["Verdicts", "Proportions against their expected values", "Mythics", "Mythic fairness between two players", "Every card against its expected frequency"] {
      #expect(written.contains(">\(heading)</h2>"), "\(heading)")
    }
    for rules in ["sealed", "retail", "retail-lethe", "mtgwtf"] {
      #expect(written.contains("<h3>rules \(rules)</h3>"))
      #expect(written.contains("<h3>Mythics per pool, rules \(rules)</h3>"))
    }
    let mythics = try read(out, "compared_pool_mythics.csv")
    #expect(mythics.hasPrefix("rules,mythics,pools,proportion,expected_proportion\nretail,0,"))
    #expect(mythics.contains("\nretail-lethe,1,"))
    #expect(written.utf8.count < 1_000_000)
    // The comparison runs' share of boosters with an uncommon planeswalker, beside the claims:
    // retail and mtgwtf 92 of 121 boosters (76.0%), retail-lethe 60 of 80 (75%).
    let comparisons = try read(out, "comparisons.csv").split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    #expect(comparisons.count == 6)
    for row in comparisons {
      let expected = row[1] == "retail-lethe" ? 0.75 : 92.0 / 121
      #expect(row[2] == "any" && row[3] == "120000")
      #expect(abs((Double(row[4]) ?? 0) - expected) < 0.006, "\(row)")
    }
    #expect(written.contains("; other rule sets: retail 7"))
    // Counted over every booster (given any in comparisons.csv: retail has no mythic booster),
    // which the caption of the mythic-booster claim once left out.
    #expect(written.contains("% (counted over every booster), retail-lethe 7"))
    #expect(written.contains(">retail-lethe 7"))
    try FileManager.default.removeItem(at: out.appendingPathComponent("report.html"))
    let rebuilt = try SealedExecutable.run(["report", out.path])
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    #expect(try read(out, "report.html") == written)
  }

  @Test func reportRebuildsAMergedFolder() throws {
    let dir = try Fixtures.temporaryDirectory()
    let arguments = ["simulate", "war", "--pools", "10000", "--seed", "4", "--quiet"] + cards
    var shards: [String] = []
    for k in 1...2 {
      let out = dir.appendingPathComponent("shard\(k)")
      #expect(try SealedExecutable.run(arguments + ["--shard", "\(k)/2", "--out", out.path]).status == 0)
      shards.append(out.path)
    }
    let merged = dir.appendingPathComponent("merged")
    #expect(try SealedExecutable.run(["merge"] + shards + ["--out", merged.path] + cards).status == 0)
    let written = try read(merged, "report.html")
    #expect(written.contains("sealed simulate war --rules sealed --pools 10000 --seed 4"))
    #expect(written.contains("No checks.csv in this folder"))
    #expect(written.contains("<h3>sheet common</h3>"))
    try Data("stale".utf8).write(to: merged.appendingPathComponent("report.html"))
    let result = try SealedExecutable.run(["report", merged.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try read(merged, "report.html") == written)
  }

  @Test func reportRefusesWhatIsNotAReportFolder() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(["report", dir.path])
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: \(dir.path): no run.csv here; expected a report folder written by sealed simulate, check, merge, audit or check-products\n")
    // A file where a folder goes: said plainly (Foundation's "NSCocoaErrorDomain error 256" once).
    let file = try Fixtures.write("notes\n", to: "notes.txt", in: dir)
    let notFolder = try SealedExecutable.run(["report", file])
    #expect(notFolder.status == 2 && notFolder.stderr == "sealed: error: \(file): is a file, not a folder; expected a report folder written by sealed simulate, check, merge, audit or check-products\n", "\(notFolder.stderr)")
    try Fixtures.write("key,value\nset\n", to: "run.csv", in: dir)
    let bad = try SealedExecutable.run(["report", dir.path])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("run.csv: line 2: 1 fields, expected 2"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.html").path))
  }

  /// A report folder whose files were cut short or lost: `sealed report` once rebuilt a page
  /// saying "PASS: all 0 checks passed" from a cut checks.csv and a page without a verdict when
  /// checks.csv was gone. Each is one line, exit 2, and no page is written.
  @Test func reportRefusesAFolderWhoseFilesWereCutOrLost() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war")
    let checked = try SealedExecutable.run(["check", "war", "--pools", "2000", "--seed", "1", "--out", out.path, "--quiet"] + cards)
    #expect(checked.status == 0, "\(checked.stderr)")
    let checks = try read(out, "checks.csv")
    let lines = checks.split(separator: "\n", omittingEmptySubsequences: false)
    let path = out.appendingPathComponent("checks.csv").path
    func refused(_ contents: String?, _ message: String) throws {
      if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) } else { try FileManager.default.removeItem(atPath: path) }
      try? FileManager.default.removeItem(at: out.appendingPathComponent("report.html"))
      let result = try SealedExecutable.run(["report", out.path])
      #expect(result.status == 2, "\(message)")
      #expect(result.stderr == "sealed: error: \(message)\n")
      #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
    }
    try refused(String(checks.prefix(100)), "\(path): the file does not end with a line break, so it was cut short; expected the whole checks.csv Sealed wrote (run the command again)")
    try refused("rules,n\nsealed,1\n", "\(path):1: the header starts with \"rules\", not check; expected the header of checks.csv (\(lines[0]))")
    try refused(lines[0] + "\n", "\(path): the file has a header and no rows; expected the rows Sealed wrote (run the command again)")
    try refused("", "\(path): the file is empty; expected the checks.csv Sealed wrote (run the command again)")
    try refused(nil, "\(out.path): manifest.csv lists checks.csv, which the folder does not hold; expected every file Sealed wrote (run the command again)")
    // A whole row removed (the failing one would draw a passing page) or a number edited.
    let entry = try #require(read(out, "manifest.csv").split(separator: "\n").first { $0.hasPrefix("checks.csv,") })
    let fields = entry.split(separator: ",").map(String.init)
    #expect(fields.count == 3 && fields[1] == "\(checks.utf8.count)" && fields[2].count == 8, "\(entry)")
    let crc = fields.last ?? ""
    let shorter = (lines.prefix(1) + lines.dropFirst(2)).joined(separator: "\n")
    try refused(shorter, "\(path): the file is not the one the run wrote (\(shorter.utf8.count) bytes, where manifest.csv records \(checks.utf8.count) bytes with CRC-32 \(crc)): it was changed after the run, so a page drawn from it would not be the run's; expected the run's file (run the command again)")
    // Saved again with Windows line breaks: changed, not "cut short" ("\r\n" is one Character).
    let crlf = checks.replacingOccurrences(of: "\n", with: "\r\n")
    try refused(crlf, "\(path): the file is not the one the run wrote (\(crlf.utf8.count) bytes, where manifest.csv records \(checks.utf8.count) bytes with CRC-32 \(crc)): it was changed after the run, so a page drawn from it would not be the run's; expected the run's file (run the command again)")
    let edited = checks.replacingOccurrences(of: ",pass,", with: ",fail,")
    #expect(edited != checks && edited.utf8.count == checks.utf8.count)
    try refused(edited, "\(path): the file is not the one the run wrote (the same size, another CRC-32, where manifest.csv records \(checks.utf8.count) bytes with CRC-32 \(crc)): it was changed after the run, so a page drawn from it would not be the run's; expected the run's file (run the command again)")
    // Put back whole, the folder rebuilds.
    try Data(checks.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try SealedExecutable.run(["report", out.path]).status == 0)
    // An emptied manifest is no manifest (it said it "lists checks.csv").
    let manifestPath = out.appendingPathComponent("manifest.csv")
    let manifest = try Data(contentsOf: manifestPath)
    try Data().write(to: manifestPath)
    let emptied = try SealedExecutable.run(["report", out.path])
    #expect(emptied.status == 2)
    #expect(emptied.stderr == "sealed: error: \(manifestPath.path): is not the manifest Sealed wrote (expected the header file,bytes,crc32 and a line per file); run the command again\n", "\(emptied.stderr)")
    try manifest.write(to: manifestPath)
    // Another run's report file put in a folder whose manifest does not list it: refused (a
    // simulation's page showed a check's verdicts, copied in beside it).
    let simulated = dir.appendingPathComponent("simulated")
    #expect(try SealedExecutable.run(["simulate", "war", "--pools", "1000", "--seed", "2", "--out", simulated.path, "--quiet"] + cards).status == 0)
    try Data(checks.utf8).write(to: simulated.appendingPathComponent("checks.csv"))
    let mixed = try SealedExecutable.run(["report", simulated.path])
    #expect(mixed.status == 2)
    #expect(
      mixed.stderr == "sealed: error: \(simulated.path): holds checks.csv, which manifest.csv does not list: it is not a file of the run; expected only the files Sealed wrote (remove it, or run the command again)\n",
      "\(mixed.stderr)")
    // Its manifest removed: the folder of a Sealed that writes manifests cannot be read as an
    // older one's (a checks.csv edited from pass to fail then drew a failing page). Its
    // report.html, no longer listed, is not what the refusal names (it asked for --force).
    try FileManager.default.removeItem(at: simulated.appendingPathComponent("checks.csv"))
    try FileManager.default.removeItem(at: simulated.appendingPathComponent("manifest.csv"))
    #expect(FileManager.default.fileExists(atPath: simulated.appendingPathComponent("report.html").path))
    let unlisted = try SealedExecutable.run(["report", simulated.path])
    #expect(unlisted.status == 2)
    #expect(
      unlisted.stderr == "sealed: error: \(simulated.path): holds no manifest.csv, though its run.csv is of generator version 5, whose Sealed writes one: its files cannot be held to the run's; expected the manifest.csv Sealed wrote (run the command again)\n",
      "\(unlisted.stderr)")
    // A folder Sealed never wrote, whose run.csv is a user's.
    let foreign = dir.appendingPathComponent("mine")
    try Fixtures.write("mine\n", to: "run.csv", in: foreign)
    let result = try SealedExecutable.run(["report", foreign.path])
    #expect(result.status == 2)
    #expect(result.stderr == "sealed: error: \(foreign.appendingPathComponent("run.csv").path):1: the header starts with \"mine\", not key; expected the header of run.csv (key,value)\n")
  }

  /// An audit's method column holds the words audit.csv writes; others are one line, exit 2.
  /// Values Sealed never writes, in a folder without a manifest to hold the files to: a key of
  /// run.csv given twice (the last won: a war report titled dom) and a negative count.
  @Test func reportRefusesARepeatedKeyAndANegativeCount() throws {
    let dir = try Fixtures.temporaryDirectory()
    let run = try Fixtures.write("key,value\ncommand_kind,simulate\nset,war\nset,dom\n", to: "run.csv", in: dir)
    let repeated = try SealedExecutable.run(["report", dir.path])
    #expect(repeated.status == 2 && repeated.stderr == "sealed: error: \(run):4: key set again (first on line 3); expected each key once\n", "\(repeated.stderr)")
    try Fixtures.write("key,value\ncommand_kind,simulate\nset,war\n", to: "run.csv", in: dir)
    let slots = try Fixtures.write("slot,rarity,count,proportion,expected_proportion\ncommon,common,-5,1,1\n", to: "slot_rarity.csv", in: dir)
    let negative = try SealedExecutable.run(["report", dir.path])
    #expect(negative.status == 2 && negative.stderr == "sealed: error: \(slots):2: column count: expected a whole number, 0 or more, got \"-5\"\n", "\(negative.stderr)")
  }

  /// run.csv's values the page draws from are held to what Sealed writes, in a folder without
  /// a manifest too (where its checksum would catch an edit): a page showed "pools -5", or
  /// "INTERRUPTED ...: no verdict" for a status of words Sealed never writes.
  @Test(arguments: [
    ("pools", "-5", "expected a whole number, 0 or more, or nothing"), ("pools", "abc", "expected a whole number, 0 or more, or nothing"),
    ("seed", "-3", "expected a whole number from 0 to 2^64 - 1"), ("status", "banana", "expected complete or interrupted"),
    ("elapsed_seconds", "-1", "expected a number of seconds, 0 or more, or nothing"),
  ])
  func reportRefusesARunValueSealedNeverWrites(key: String, value: String, expected: String) throws {
    let dir = try Fixtures.temporaryDirectory()
    let run = try Fixtures.write("key,value\ncommand_kind,simulate\nset,war\n\(key),\(value)\n", to: "run.csv", in: dir)
    let result = try SealedExecutable.run(["report", dir.path])
    #expect(result.status == 2 && result.stderr == "sealed: error: \(run):4: \(key) \"\(value)\": \(expected)\n", "\(result.stderr)")
  }

  @Test func reportRefusesAnAuditMethodItDoesNotKnow() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write("key,value\ncommand_kind,audit\nset,war\n", to: "run.csv", in: dir)
    let header = "check,kind,n,observed,expected,statistic,df,p_value,p_adjusted,ci_low,ci_high,alpha,verdict,source,detail,method"
    let audit = try Fixtures.write("\(header)\nc,invariant,3,0,0,,,,,,,0.01,pass,rules,,exactly\n", to: "audit.csv", in: dir)
    let result = try SealedExecutable.run(["report", dir.path])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "sealed: error: \(audit):2: column method: expected a method as audit.csv writes it (docs/audit.md lists them), got \"exactly\"\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.html").path))
  }
}
