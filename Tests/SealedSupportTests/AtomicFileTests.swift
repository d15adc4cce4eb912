import Foundation
import SealedSupport
import SealedTestSupport
import Testing

@Suite struct AtomicFileTests {
  private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
  private func entries(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func writesANewFileAndReplacesAnOldOne() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("deck.txt").path
    try AtomicFile.write(Data("first\n".utf8), to: path)
    #expect(try read(path) == "first\n")
    try AtomicFile.write(Data("second, longer\n".utf8), to: path, sync: true)
    #expect(try read(path) == "second, longer\n")
    try AtomicFile.write(Data("3\n".utf8), to: path)
    #expect(try read(path) == "3\n")
    #expect(try entries(folder) == ["deck.txt"])
  }

  @Test func theTemporaryFileIsHiddenBesideTheTarget() throws {
    let folder = try Fixtures.temporaryDirectory()
    let file = AtomicFile(path: folder.appendingPathComponent("pools.csv").path)
    #expect(file.temporaryPath.hasPrefix(folder.path + "/.pools.csv.partial-\(getpid())-"))
    #expect(AtomicFile(path: "pools.csv").temporaryPath.hasPrefix(".pools.csv.partial-"))
    // Names of one character: Foundation's deletingLastPathComponent stops the process on them.
    #expect(AtomicFile(path: "a").temporaryPath.hasPrefix(".a.partial-\(getpid())-"))
    #expect(AtomicFile(path: "-").temporaryPath.hasPrefix(".-.partial-"))
    #expect(AtomicFile(path: "/tmp/x/b").temporaryPath.hasPrefix("/tmp/x/.b.partial-"))
  }

  @Test func aPathsFolderIsWhatFoundationWouldGive() {
    // The values NSString.deletingLastPathComponent gives for paths longer than one character.
    let cases: [(String, String)] = [
      ("a", ""), ("-", ""), ("ab", ""), ("/a", "/"), ("x/y", "x"), ("x/y/", "x"), ("/x/y.csv", "/x"),
      ("./a", "."), ("a//b", "a"),
    ]
    for (path, folder) in cases { #expect(folderOfPath(path) == folder, "\(path)") }
  }

  @Test func streamedBytesAppearOnlyOnCommit() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("old\n", to: "packs.csv", in: folder)
    let file = AtomicFile(path: path)
    try file.create()
    try file.append(Data("a,b\n".utf8))
    try file.append(Data("1,2\n".utf8))
    try file.sync()
    #expect(try read(path) == "old\n")
    try file.commit()
    #expect(try read(path) == "a,b\n1,2\n")
    #expect(try entries(folder) == ["packs.csv"])
  }

  @Test func aDiscardedWriteLeavesTheOldFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("old\n", to: "packs.csv", in: folder)
    let file = AtomicFile(path: path)
    try file.create()
    try file.append(Data("half a fi".utf8))
    file.discard()
    #expect(try read(path) == "old\n")
    #expect(try entries(folder) == ["packs.csv"])
  }

  @Test func aDirectoryInTheWayFailsAndLeavesNoTemporaryFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    _ = try Fixtures.write("kept\n", to: "report.html/notes.txt", in: folder)
    let path = folder.appendingPathComponent("report.html").path
    #expect(throws: DataError("cannot write the file (is a directory)", at: path)) {
      try AtomicFile.write(Data("<html>".utf8), to: path)
    }
    let file = AtomicFile(path: path)
    try file.write(Data("<html>".utf8))
    do {
      try file.commit()
      Issue.record("a file replaced a folder")
    } catch {
      #expect(error.step == .commit)
      #expect(error.code.rawValue == EISDIR)
      #expect(error.dataError == DataError("cannot put the file in place (is a directory)", at: path))
      #expect(error.systemText == "Is a directory")
    }
    #expect(try entries(folder) == ["report.html"])
    #expect(try read(path + "/notes.txt") == "kept\n")
  }

  @Test func aFileWhereTheFolderShouldBeFailsAndTheOriginalSurvives() throws {
    let folder = try Fixtures.temporaryDirectory()
    let original = try Fixtures.write("precious\n", to: "deck.txt", in: folder)
    let blocker = try Fixtures.write("", to: "blocker", in: folder)
    // The bytes cannot be written (their folder is a file): the target keeps its contents.
    let file = AtomicFile(path: original, temporaryPath: blocker + "/.deck.txt.partial")
    #expect(throws: AtomicFile.Failure.self) { try file.write(Data("new\n".utf8)) }
    #expect(try read(original) == "precious\n")
    #expect(throws: DataError("cannot write the file (not a directory)", at: blocker + "/deck.txt")) {
      try AtomicFile.write(Data("new\n".utf8), to: blocker + "/deck.txt")
    }
    #expect(try entries(folder) == ["blocker", "deck.txt"])
  }

  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func aReadOnlyFolderFailsAndTheOriginalSurvives() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("precious\n", to: "deck.txt", in: folder)
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    #expect(throws: DataError("cannot write the file (permission denied)", at: path)) {
      try AtomicFile.write(Data("new\n".utf8), to: path)
    }
    #expect(try read(path) == "precious\n")
    #expect(try entries(folder) == ["deck.txt"])
  }

  @Test func commitNewNeverReplacesAFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("theirs\n", to: "alice.json", in: folder)
    let file = AtomicFile(path: path)
    try file.write(Data("mine\n".utf8))
    do {
      try file.commitNew()
      Issue.record("an existing file was replaced")
    } catch {
      #expect(error.code.rawValue == EEXIST)
    }
    #expect(try read(path) == "theirs\n")
    let fresh = AtomicFile(path: folder.appendingPathComponent("bob.json").path)
    try fresh.write(Data("mine\n".utf8))
    try fresh.commitNew()
    #expect(try read(fresh.path) == "mine\n")
    #expect(try entries(folder) == ["alice.json", "bob.json"])
  }

  @Test func aNewFileHasTheAskedPermissions() throws {
    let folder = try Fixtures.temporaryDirectory()
    let file = AtomicFile(path: folder.appendingPathComponent("private.json").path, permissions: 0o600)
    try file.write(Data("{}".utf8))
    try file.commit()
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  /// Every writer makes the folder of the file it writes through `Folder`, with one message
  /// naming the folder that could not be made.
  @Test func aFolderThatCannotBeMadeIsNamedInOneLine() throws {
    let folder = try Fixtures.temporaryDirectory()
    let blocker = try Fixtures.write("", to: "blocker", in: folder)
    try Folder.create(holding: folder.path + "/new/deeper/file.txt")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/new/deeper"))
    try Folder.create(folder.path + "/new")  // already there: nothing happens
    let error = #expect(throws: DataError.self) { try Folder.create(holding: blocker + "/sub/file.txt") }
    #expect(error?.location == blocker + "/sub")
    // The file among the parents is named (Foundation said "The operation could not be
    // completed. (NSCocoaErrorDomain error 512.)").
    #expect(error?.message == "cannot create the folder (\(blocker) is a file, not a folder)", "\(String(describing: error))")
    let itself = #expect(throws: DataError.self) { try Folder.create(blocker) }
    #expect(itself?.message == "cannot create the folder (a file of that name is in the way)")
  }

}
