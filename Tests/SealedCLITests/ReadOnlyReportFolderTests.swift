import Foundation
import SealedTestSupport
import Testing

private let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
private let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

/// Whether this process is root and can run `sealed` as nobody, who can reach it and the card data.
private let nobodyCanRunSealed: Bool = {
  guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path) else { return false }
  let probe = try? SealedExecutable.run(
    asNobody + ["/bin/sh", "-c", "test -x \"$0\" && test -r \"$1\"", SealedExecutable.url.path, Fixtures.shippedCards], executable: setpriv)
  return probe?.status == 0
}()

/// A report folder its user made read-only is refused, even with --force: it was replaced by a
/// writable one, the earlier report left in a hidden folder that could not be emptied (a review,
/// as the user nobody). Root writes into any folder, so `sealed` runs as nobody (setpriv), where
/// this process is root and nobody can reach the binary and the card data; else the suite is
/// skipped, and `SupportTests` makes the same check for a user other than root.
@Suite(.enabled(if: nobodyCanRunSealed, "needs root, setpriv, and sealed and its card data readable by nobody"))
struct ReadOnlyReportFolderTests {
  func sealedAsNobody(_ arguments: [String], home: URL) throws -> CommandResult {
    try SealedExecutable.run(
      asNobody + [SealedExecutable.url.path] + arguments + ["--cards", Fixtures.shippedCards],
      environment: ["SEALED_HOME": home.path], executable: setpriv)
  }

  @Test func aReadOnlyReportFolderIsRefusedEvenWithForce() throws {
    let dir = try Fixtures.temporaryDirectory()
    #expect(chmod(dir.path, 0o777) == 0)
    let home = dir.appendingPathComponent("home")
    let out = dir.appendingPathComponent("rep").path
    let first = try sealedAsNobody(["simulate", "war", "--pools", "100", "--seed", "1", "--out", out, "--quiet"], home: home)
    #expect(first.status == 0, "\(first.stderr)")
    let run = try String(contentsOfFile: out + "/run.csv", encoding: .utf8)
    #expect(chmod(out, 0o555) == 0)
    for force in [[], ["--force"]] {
      let again = try sealedAsNobody(["simulate", "war", "--pools", "100", "--seed", "2", "--out", out, "--quiet"] + force, home: home)
      #expect(again.status == 2, "\(again.stderr)")
      #expect(
        again.stderr == "sealed: error: \(out): cannot replace the report: the folder is not writable (permission denied); make it writable, or choose another --out\n",
        "\(again.stderr)")
    }
    #expect(try String(contentsOfFile: out + "/run.csv", encoding: .utf8) == run)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [])
  }
}
