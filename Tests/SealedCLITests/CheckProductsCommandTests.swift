import Foundation
import SealedJobs
import SealedReports
import SealedSupport
import SealedTestSupport
import Testing

/// `sealed check-products` on a handful of products with small runs.
@Suite struct CheckProductsCommandTests {
  static let header = "product,kind,set,verdict,failing_checks,checks,not_tested,pools,seconds,cards_lacking_data,seed,reason,lint,warnings,spec,claims_tested,claims_not_tested,screen,confirm_pools,confirm_seed,data_vs_maker,engine_vs_data,booster_data"

  /// The rows of a summary.csv, split on commas (only a refused row's reason is quoted).
  static func rows(_ folder: URL) throws -> [[String]] {
    let text = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  @Test func checksEachProductAndWritesASummaryAndAReportFolderEach() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(
      ["check-products", "--products", "war-draft,mkm-p?ay", "--products", "mkm-collector", "--pools", "2000", "--seed", "3", "--out", out.path, "--quiet"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("sealed: 3 of 538 products match war-draft,mkm-p?ay,mkm-collector"), "\(result.stderr)")
    #expect(result.stdout.contains("3 products: 3 pass, 0 fail, 0 refused; 2 with cards lacking data"), "\(result.stdout)")
    let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
    #expect(summary.hasPrefix(Self.header + "\n"))
    let rows = try Self.rows(out)
    // The data's order: mkm-collector, mkm-play, then war-draft.
    #expect(rows.map { $0[0] } == ["mkm-collector", "mkm-play", "war-draft"])
    #expect(rows.map { $0[1] } == ["collector", "play", "draft"])
    #expect(rows.map { $0[2] } == ["mkm", "mkm", "war"])
    #expect(rows.allSatisfy { $0[3] == "pass" && $0[4].isEmpty && $0[7] == "2000" })
    // war's cards ship with Sealed; mkm's bonus sheet names sets (plst, spg) whose cards do not.
    #expect(rows[2][9] == "0")
    #expect(Int(rows[1][9])! > 0)
    #expect(rows[1][10] == String(ProductSeed.derive(runSeed: 3, code: "mkm-play")))
    // Every one of mkm-play's 11 claims is counted, tested or not: its size claim, which shares
    // the rules' row when it passes, was left out (4 and 6, a review), and with it blb-play's
    // one claim and its data_vs_maker verdict.
    #expect(rows[1][14] == "mkm-play" && Int(rows[1][15])! + Int(rows[1][16])! == 11, "\(rows[1])")
    #expect(rows[1][20] == "pass" && rows[1][21] == "pass", "\(rows[1])")
    // These three shipped products raise no lint warning (docs/validating-data.md lists those that do).
    #expect(rows.allSatisfy { $0[12] == "ok" && $0[13].isEmpty })
    #expect(result.stdout.contains("\nlint: no warnings (3 products)\n"))
    for row in rows {
      let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(row[0]).path).sorted()
      #expect(files.contains("checks.csv") && files.contains("report.html") && files.contains("tallies.json"), "\(files)")
    }
    let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nstatus,complete\n") && run.contains("\nproducts_finished,3\n"))
    // Each folder is a check report: sealed report rebuilds its page.
    let report = try SealedExecutable.run(["report", out.appendingPathComponent("war-draft").path])
    #expect(report.status == 0, "\(report.stderr)")
  }

  /// A claim the data decides exactly counts once even when its engine row shares the rules'
  /// row (it counted twice: a review), and a size claim sharing the rules' row counts once.
  @Test func eachClaimCountsOnce() throws {
    let dir = try Fixtures.temporaryDirectory()
    _ = try Fixtures.write(
      "name: war-draft\ndescription: two claims\nclaims:\n  - name: a foil in 1 of 3 boosters\n    odds: { cards: { foil: true }, in: 1/3 }\n  - name: boosters of 15\n    invariant: { booster_size: 15 }\n",
      to: "specs/war-draft.yaml", in: dir)
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(
      ["check-products", "--products", "war-draft", "--specs", dir.appendingPathComponent("specs").path, "--pools", "2000", "--seed", "1", "--out", out.path, "--quiet"])
    #expect([0, 1].contains(result.status), "\(result.stdout)\(result.stderr)")
    let row = try #require(try Self.rows(out).first)
    #expect(row[15] == "2" && row[16] == "0", "\(row)")
  }

  /// A release without products Sealed's specs are for says so (a release that lost mkm-play
  /// passed without a word, its published odds unchecked: a review), on the terminal, in
  /// run.csv and on the page; a run whose patterns do not pick them does not.
  @Test func aReleaseWithoutTheSpecsProductsSaysSo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("three.json")
    try ReleaseFixtures.older().write(to: file)
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(["check-products", file.path, "--pools", "200", "--seed", "1", "--out", out.path, "--quiet"])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let missing = "blb-play, dft-play, eoe-play, fin-play, mh3-play, mkm-play, mom-draft, tdm-play"
    #expect(result.stdout.contains("\nnote: the release holds no product \(missing), whose published odds Sealed's specs state: those claims were not checked\n"), "\(result.stdout)")
    let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nspecs_without_product,\(missing.replacingOccurrences(of: ", ", with: " "))\n"), "\(run)")
    let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(page.contains("the release holds no product \(missing), whose published odds"))
    let picked = try SealedExecutable.run(["check-products", file.path, "--products", "war-draft", "--pools", "200", "--seed", "1", "--out", dir.appendingPathComponent("one").path, "--quiet"])
    #expect(picked.status == 0 && !picked.stdout.contains("note: the release holds no product"), "\(picked.stdout)\(picked.stderr)")
  }

  /// An MTGJSON file's boosters are a release too, as `sealed rules lint` reads them (it was
  /// refused as "expected a JSON array"): each product checked, its folder naming the file.
  @Test func anMTGJSONFilesProductsAreChecked() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson/NEO.json.gz").path
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(["check-products", file, "--pools", "2000", "--seed", "1", "--out", out.path, "--quiet"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(try Self.rows(out).map { "\($0[0]) \($0[3])" } == ["neo-arena pass", "neo-default pass"])
    let run = try String(contentsOf: out.appendingPathComponent("neo-default/run.csv"), encoding: .utf8)
    #expect(run.contains("sealed check-products \(file) --products neo-default "), "\(run)")
  }

  /// The whole run printed, and run.csv's `elapsed_seconds` beside it, are the whole command:
  /// reading the booster data file and the specs when the job is made counts (it once did not).
  @Test func theWholeRunIsTheWholeCommandAndRunCSVsElapsed() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("run").path
    let arguments = ["check-products", "--products", "war-draft", "--pools", "1000", "--seed", "1", "--out", out, "--force", "--quiet"]
    let fractions = try CommandWallTime.fractions(arguments, environment: [:]) { result in
      let printed = try #require(result.stdout.firstMatch(of: /whole run: (\d+\.\d) s for 1 product of/))
      let run = try String(contentsOfFile: out + "/run.csv", encoding: .utf8)
      let elapsed = try #require(run.firstMatch(of: /\nelapsed_seconds,(\d+\.\d\d)\n/))
      // The same time: the page rounds it to tenths, run.csv to hundredths.
      #expect(abs(Double(elapsed.1)! - Double(printed.1)!) <= 0.051, "\(run)")
      return Double(elapsed.1)!
    }
    #expect(fractions.contains { $0 >= 0.8 }, "whole run over the command's wall time: \(fractions)")
  }

  /// A product's folder holds what sealed check writes for it with the product's seed at the
  /// screen's level, and its run.csv names that command.
  @Test(.heavy) func aProductsReportIsTheReportOfSealedCheck() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(["check-products", "--products", "war-draft", "--pools", "3000", "--seed", "11", "--out", out.path, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let seed = ProductSeed.derive(runSeed: 11, code: "war-draft")
    let run = try String(contentsOf: out.appendingPathComponent("war-draft/run.csv"), encoding: .utf8)
    #expect(run.contains("command,sealed check war --rules war-draft --pools 3000 --seed \(seed) --alpha 0.01 --compare none --data shipped\n"), "\(run)")
    let single = dir.appendingPathComponent("single")
    let check = try SealedExecutable.run(
      ["check", "war", "--rules", "war-draft", "--pools", "3000", "--seed", String(seed), "--alpha", "0.01", "--compare", "none", "--out", single.path, "--quiet"])
    #expect(check.status == 0, "\(check.stderr)")
    // The same command line in both run.csv files (the product's once lacked --data shipped).
    let singleRun = try String(contentsOf: single.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(RunCSVFile.command(in: singleRun) != nil && RunCSVFile.command(in: singleRun) == RunCSVFile.command(in: run), "\(singleRun)")
    let files = try FileManager.default.contentsOfDirectory(atPath: single.path).sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("war-draft").path).sorted() == files)
    for name in files where name.hasSuffix(".csv") && name != "run.csv" && name != "manifest.csv" {
      let mine = try String(contentsOf: out.appendingPathComponent("war-draft/\(name)"), encoding: .utf8)
      #expect(try String(contentsOf: single.appendingPathComponent(name), encoding: .utf8) == mine, "\(name)")
    }
  }

  /// war-draft's variants as the data has them, with its planeswalker uncommon variants'
  /// weights swapped (`planted`), and a product of an unknown set whose common sheet is
  /// colour-balanced (`refused`).
  static func warDraft(planted: Bool = false, code: String = "war-draft", set: String = "war") throws -> String {
    var product = try ShippedData.boosters().product("war-draft")
    product.code = code
    product.set_code = set
    if planted {
      // 899 and 2852 exchanged: the planeswalker uncommon comes in (899 + 828) / 4840 of
      // boosters instead of (2852 + 828) / 4840.
      let weights = product.boosters.map(\.weight)
      product.boosters[0].weight = weights[2]
      product.boosters[2].weight = weights[0]
    }
    if set != "war" {
      for (name, sheet) in product.sheets {
        product.sheets[name]!.cards = Dictionary(uniqueKeysWithValues: sheet.cards.map { (set + $0.key.dropFirst(3), $0.value) })
      }
    }
    let boosters = product.boosters.map { booster in
      "{\"sheets\": {\(booster.sheets.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}, \"weight\": \(Int(booster.weight))}"
    }
    let sheets = product.sheets.map { name, sheet in
      let cards = sheet.cards.map { "\"\($0.key)\": \(Int($0.value))" }.joined(separator: ", ")
      return "\"\(name)\": {\"cards\": {\(cards)}\(sheet.balance_colors == true ? ", \"balance_colors\": true" : "")}"
    }
    return "{\"name\": \"\(code)\", \"code\": \"\(code)\", \"set_code\": \"\(set)\", \"boosters\": [\(boosters.joined(separator: ", "))], \"sheets\": {\(sheets.joined(separator: ", "))}}"
  }

  /// The spec of war-draft's planeswalker uncommon: in 3680 of 4840 boosters (the weights of
  /// the two variants that draw from planeswalker_uncommon, 2852 + 828, over the total 4840).
  static let spec = """
    name: war-draft planeswalkers
    claims:
      - name: an uncommon planeswalker in 3680/4840 of boosters
        proportion: { cards: { rarity: uncommon, type_contains: planeswalker }, expected: 0.76033057851239669 }
    """

  @Test func aPlantedWrongProductFailsAndARefusedOneIsARow() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write(Self.spec, to: "specs/war-draft.yaml", in: dir)
    let specs = dir.appendingPathComponent("specs").path
    let right = try Fixtures.write("[\(try Self.warDraft())]", to: "right.json", in: dir)
    let passed = try SealedExecutable.run(
      ["check-products", right, "--specs", specs, "--pools", "2000", "--seed", "5", "--out", dir.appendingPathComponent("r1").path, "--quiet"])
    #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
    #expect(try String(contentsOf: dir.appendingPathComponent("r1/war-draft/checks.csv"), encoding: .utf8).contains("an uncommon planeswalker in 3680/4840 of boosters,binomial,"))
    let wrong = try Fixtures.write("[\(try Self.warDraft(planted: true)), \(try Self.warDraft(code: "zzz-draft", set: "zzz"))]", to: "wrong.json", in: dir)
    let failed = try SealedExecutable.run(
      ["check-products", wrong, "--specs", specs, "--pools", "2000", "--seed", "5", "--out", dir.appendingPathComponent("r2").path, "--quiet"])
    #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
    #expect(failed.stdout.contains("2 products: 0 pass, 1 fail, 1 refused"), "\(failed.stdout)")
    let rows = try Self.rows(dir.appendingPathComponent("r2"))
    #expect(rows[0][0] == "war-draft" && rows[0][3] == "fail")
    #expect(rows[0][4] == "an uncommon planeswalker in 3680/4840 of boosters", "\(rows[0])")
    #expect(rows[1][0] == "zzz-draft" && rows[1][3] == "refused" && rows[1][7] == "0")
    // The reason, quoted (it holds commas): the compiler's one line.
    #expect(rows[1].joined(separator: ",").contains("sheet \"\"common\"\" is colour-balanced, and 101 of its 101 cards lack card data"), "\(rows[1])")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r2/zzz-draft").path))
    let run = try String(contentsOf: dir.appendingPathComponent("r2/war-draft/run.csv"), encoding: .utf8)
    #expect(run.contains("command,sealed check-products \(wrong) --products war-draft --pools 2000 --seed 5 --alpha 0.001 --screen-alpha 0.01 --confirm-pools 8000 --family 2 --specs \(specs)\n"), "\(run)")
    // The planted error is no exact share (a proportion claim): the screen flagged it and its
    // confirmation, from its own seed with 4 times the pools, failed it.
    #expect(rows[0][17] == "flagged" && rows[0][18] == "8000", "\(rows[0])")
    let confirmed = try String(contentsOf: dir.appendingPathComponent("r2/confirm/war-draft/run.csv"), encoding: .utf8)
    #expect(confirmed.contains("command,sealed check-products \(wrong) --products war-draft --pools 2000 --seed 5 --alpha 0.001 --screen-alpha 0.01 --confirm-pools 8000 --family 2 --specs \(specs)\n"), "\(confirmed)")
    // Each stage's folder says which it is, and that the confirmation's verdict is the product's
    // (a screen's page said FAIL for products the run passed, with no word of the stage).
    #expect(run.contains("\nnotes,\"check-products' screen of war-draft, at alpha 0.01: a check failing here only flags the product for a confirmation (confirm/war-draft/ in the run's folder), whose verdict is the product's (summary.csv)\"\n"), "\(run)")
    #expect(confirmed.contains("\nnotes,\"check-products' confirmation of war-draft, at alpha 0.0005 (0.001 over a family of 2 products): its verdict is the product's\"\n"), "\(confirmed)")
    let screenPage = try String(contentsOf: dir.appendingPathComponent("r2/war-draft/report.html"), encoding: .utf8)
    #expect(screenPage.contains("<dt>notes</dt><dd>check-products&#39; screen of war-draft"), "the screen's page says it is one")
    let findings = try String(contentsOf: dir.appendingPathComponent("r2/findings.csv"), encoding: .utf8)
    #expect(findings.contains("\nwar-draft,claim,an uncommon planeswalker in 3680/4840 of boosters,"), "\(findings)")
    #expect(findings.contains("\nzzz-draft,refused,compile,"), "\(findings)")
    // The run's page: its verdict, the flagged product linked to its screen's report and its
    // confirmation's, the refused one to nothing (it has no folder).
    let page = try String(contentsOf: dir.appendingPathComponent("r2/report.html"), encoding: .utf8)
    #expect(failed.stdout.contains("\npage: \(dir.appendingPathComponent("r2").path)/report.html\n"), "\(failed.stdout)")
    #expect(page.contains(">FAIL: 2 products: 0 pass, 1 fail, 1 refused</p>"), "\(page)")
    #expect(page.contains("<a href=\"war-draft/report.html\">war-draft</a>") && page.contains("<a href=\"confirm/war-draft/report.html\">"))
    #expect(page.contains("<td>zzz-draft</td>") && !page.contains("href=\"zzz-draft/"))
    #expect(page.contains("<td class=\"fail\">fail</td>") && page.contains("<td class=\"untested\">refused</td>"))
    #expect(page.contains("flagged, confirmed at 8000 pools"))
    let passedPage = try String(contentsOf: dir.appendingPathComponent("r1/report.html"), encoding: .utf8)
    #expect(passedPage.contains(">PASS: 1 product, every one passes</p>") && !passedPage.contains("id=\"findings\""), "\(passedPage)")
  }

  @Test(.heavy) func theSameSeedGivesTheSameResultsWhateverTheThreads() throws {
    let dir = try Fixtures.temporaryDirectory()
    var folders: [URL] = []
    for threads in ["1", "2", "3"] {
      let out = dir.appendingPathComponent("t\(threads)")
      let result = try SealedExecutable.run(
        ["check-products", "--products", "war-draft,mkm-play,dmu-draft", "--pools", "5000", "--seed", "9", "--threads", threads, "--out", out.path, "--quiet"])
      #expect(result.status == 0, "\(result.stderr)")
      folders.append(out)
    }
    // Every column but seconds (how long each product took).
    let withoutSeconds = { (folder: URL) in try Self.rows(folder).map { $0.enumerated().filter { $0.offset != 8 }.map(\.element) } }
    let first = try withoutSeconds(folders[0])
    #expect(first.count == 3)
    for folder in folders.dropFirst() {
      #expect(try withoutSeconds(folder) == first)
      for product in ["war-draft", "mkm-play", "dmu-draft"] {
        for name in ["checks.csv", "card_frequency.csv", "sheet_frequency.csv", "slot_rarity.csv", "events.csv", "mythic_fairness.csv"] {
          let a = try String(contentsOf: folders[0].appendingPathComponent("\(product)/\(name)"), encoding: .utf8)
          #expect(try String(contentsOf: folder.appendingPathComponent("\(product)/\(name)"), encoding: .utf8) == a, "\(product)/\(name)")
        }
      }
      // The run's manifest too, and each product's (CI's digests once differed in the run's:
      // it recorded summary.csv's CRC-32, and summary.csv holds the seconds), and the run's page
      // (it leaves the seconds and threads out).
      for name in ["manifest.csv", "war-draft/manifest.csv", "report.html"] {
        let a = try String(contentsOf: folders[0].appendingPathComponent(name), encoding: .utf8)
        #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == a, "\(name)")
      }
    }
  }

  /// summary.csv and run.csv, which hold the run's seconds, are in the run's manifest by name
  /// only; findings.csv, the same for every run of the seed, with its size and CRC-32.
  @Test func theRunsManifestRecordsNoChecksumOfItsTimes() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("run")
    let result = try SealedExecutable.run(["check-products", "--products", "war-draft", "--pools", "200", "--seed", "4", "--out", out.path, "--quiet"])
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    let rows = try String(contentsOf: out.appendingPathComponent("manifest.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(rows.first == "file,bytes,crc32")
    // run.csv by the checksum of its rows but threads and times, the same whatever they are.
    let run = try Data(contentsOf: out.appendingPathComponent("run.csv"))
    #expect(rows.contains("summary.csv,,") && rows.contains("run.csv,,\(CRC32.hex(of: ReportManifest.executionFree(run)))"), "\(rows)")
    let findings = try Data(contentsOf: out.appendingPathComponent("findings.csv"))
    #expect(rows.contains("findings.csv,\(findings.count),\(CRC32.hex(of: findings))"), "\(rows)")
  }

  /// Ctrl-C keeps the products that finished: summary.csv lists them, run.csv says the run
  /// was interrupted, and a product cut short leaves no folder. Over an earlier run, the folders
  /// of the products the interrupted run did not reach are dropped (they were left beside it,
  /// outside its manifest, and the next run called them foreign).
  @Test(.heavy) func ctrlCKeepsTheProductsThatFinished() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    let earlier = try SealedExecutable.run(["check-products", "--products", "z*", "--pools", "1000", "--seed", "2", "--out", out.path, "--quiet"])
    #expect(earlier.status == 0 || earlier.status == 1, "\(earlier.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).contains("znr-draft"))
    // The line comes once Ctrl-C is caught. At 200,000 pools a product the run of all 538 takes
    // several times the 4 s before Ctrl-C (at 20,000 it once finished first, on a fast machine).
    let started = try SealedExecutable.start(
      ["check-products", "--pools", "200000", "--seed", "1", "--out", out.path, "--quiet"], waitingFor: "products match")
    let process = started.process
    Thread.sleep(forTimeInterval: 4)
    kill(process.processIdentifier, SIGINT)
    let (status, stdout, _) = started.finish(within: 120)
    #expect(status == 130, "\(stdout)")
    #expect(stdout.contains("INTERRUPTED after "), "\(stdout)")
    let rows = try Self.rows(out)
    #expect(!rows.isEmpty && rows.count < 538, "\(rows.count) rows")
    let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nstatus,interrupted\n"))
    #expect(run.contains("\nproducts_finished,\(rows.count)\n"))
    let entries = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasSuffix(".csv") }
    #expect(Set(entries.filter { $0 != "confirm" && $0 != "report.html" }) == Set(rows.filter { $0[3] != "refused" }.map { $0[0] }))
    // The run's page says it was stopped.
    #expect(try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8).contains(">INTERRUPTED after \(rows.count) of 538 products</p>"))
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.csv"), encoding: .utf8)
    for entry in entries { #expect(manifest.contains("\n\(entry),"), "\(entry) is not in the manifest") }
    // A finished product the screen flagged has its confirmation beside it, and only such a one.
    let header = Self.header.split(separator: ",").map(String.init)
    let confirmPools = try #require(header.firstIndex(of: "confirm_pools"))
    let confirmed = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("confirm").path)) ?? []
    let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
    let fields = summary.split(separator: "\n").dropFirst().map { CSVLine.fields(String($0)) }  // warnings hold quoted commas
    #expect(Set(confirmed) == Set(fields.filter { !$0[confirmPools].isEmpty }.map { $0[0] }))
    #expect(entries.contains("confirm") == !confirmed.isEmpty)
  }

  @Test(.heavy) func badInputIsOneLineAndStatusTwo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = ["--out", dir.appendingPathComponent("r").path, "--quiet"]
    let pattern = try SealedExecutable.run(["check-products", "--products", "mkm-play,nothing-*", "--pools", "10"] + out)
    #expect(pattern.status == 2)
    #expect(pattern.stderr == "sealed: error: --products nothing-*: no product code matches it (538 products; patterns are globs like *-play or mkm-*; sealed rules import --list lists the codes)\n", "\(pattern.stderr)")
    let missing = try SealedExecutable.run(["check-products", dir.appendingPathComponent("none.json").path, "--pools", "10"] + out)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("none.json: no such file"), "\(missing.stderr)")
    #expect(missing.stderr.split(separator: "\n").count == 1)
    let malformed = try Fixtures.write("[{\"code\": \"x\"}]", to: "bad.json", in: dir)
    let bad = try SealedExecutable.run(["check-products", malformed, "--pools", "10"] + out)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("bad.json: field [0]."), "\(bad.stderr)")
    let pools = try SealedExecutable.run(["check-products", "--products", "war-draft", "--pools", "0"] + out)
    #expect(pools.status == 2)
    #expect(pools.stderr.contains("--pools 0: expected a positive number of pools"), "\(pools.stderr)")
    let specs = try SealedExecutable.run(["check-products", "--products", "war-draft", "--pools", "10", "--specs", malformed] + out)
    #expect(specs.status == 2)
    #expect(specs.stderr.contains("--specs: expected a folder"), "\(specs.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r/summary.csv").path))
    // `-` is standard output elsewhere; a folder of that name is refused.
    let dash = try SealedExecutable.run(["check-products", "--products", "war-draft", "--pools", "10", "--out", "-"], workingDirectory: dir)
    #expect(dash.status == 2)
    #expect(dash.stderr.hasPrefix("sealed: error: --out -: expected a folder for the report;"), "\(dash.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
  }

  /// A --family smaller than the products the run matches is refused: each would be confirmed
  /// at alpha / family, and the run's error rate could reach alpha times their ratio (it printed
  /// "the run's error rate 0.001 over 1 product" for three).
  @Test func aFamilySmallerThanTheRunIsRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(
      ["check-products", "--products", "war-draft,dft-play,otj-play", "--family", "1", "--pools", "10", "--out", dir.appendingPathComponent("r").path])
    #expect(result.status == 2)
    #expect(
      result.stderr == "sealed: error: --family 1: fewer than the 3 products this run matches; the run's error rate is shared over at least the products it checks (give 3 or more, or leave --family out)\n",
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r").path))
  }

  /// A spec file of `--specs` that names no product, or a product another file names too, is
  /// refused before any product runs (a misnamed spec was ignored without a word); a name in
  /// another case, or `.yml`, is the product's spec.
  @Test func specFilesAreMatchedToProductsOrRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let spec = "name: pw\nclaims:\n  - name: no card twice in a booster\n    invariant: no_duplicates\n"
    let out = ["--pools", "200", "--seed", "1", "--quiet", "--products", "war-draft"]
    try Fixtures.write(spec, to: "specs/WAR-DRAFT.yml", in: dir)
    let folder = dir.appendingPathComponent("specs").path
    let applied = try SealedExecutable.run(["check-products", "--specs", folder, "--out", dir.appendingPathComponent("a").path] + out)
    #expect(applied.status == 0, "\(applied.stdout)\(applied.stderr)")
    let checks = try String(contentsOfFile: dir.appendingPathComponent("a/war-draft/checks.csv").path, encoding: .utf8)
    #expect(checks.contains("\nno card twice in a booster,"), "\(checks)")
    try Fixtures.write(spec, to: "specs/dom-draft-typo.yaml", in: dir)
    let typo = try SealedExecutable.run(["check-products", "--specs", folder, "--out", dir.appendingPathComponent("b").path] + out)
    #expect(typo.status == 2)
    #expect(typo.stderr == "sealed: error: \(folder): --specs: \"dom-draft-typo.yaml\" names no product of the release; expected spec files named after products' codes (mkm-play.yaml; sealed rules import --list lists them)\n", "\(typo.stderr)")
    try FileManager.default.removeItem(atPath: folder + "/dom-draft-typo.yaml")
    try Fixtures.write(spec, to: "specs/war-draft.yaml", in: dir)
    let twice = try SealedExecutable.run(["check-products", "--specs", folder, "--out", dir.appendingPathComponent("c").path] + out)
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("both name product war-draft; expected one spec file per product"), "\(twice.stderr)")
  }

  /// The screen's line counts the confirmations' statistical verdicts: tdm-play, flagged at seed
  /// 25 and passing its confirmation, fails on exact claims, which it counted as a confirmed fail
  /// ("2 of 2 flagged, confirmed at 40000 pools: 1 fail, 1 pass"; check-products.md's seed 25).
  @Test func theScreensLineCountsTheConfirmationsOwnVerdicts() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(
      ["check-products", "--products", "tdm-play,mor-draft", "--family", "538", "--pools", "10000", "--seed", "25", "--quiet", "--out", dir.path + "/s25"])
    #expect(result.stdout.contains("screen at 0.01 per product: 2 of 2 flagged, confirmed at 40000 pools: 0 fail, 2 pass;"), "\(result.stdout)")
    let summary = try String(contentsOfFile: dir.path + "/s25/summary.csv", encoding: .utf8)
    #expect(summary.contains("\ntdm-play,") && summary.split(separator: "\n").contains { $0.hasPrefix("tdm-play,") && $0.contains(",fail,") }, "\(summary)")
  }
}
